// SPDX-License-Identifier: GPL-2.0-only
// of_test.cc - the kernel model's phandle lookups (drivers/of/base.c,
// of_find_node_by_phandle and its cache) against libfdt's walk, on the DTBs
// the build compiles, before and after the blob changes under the cache.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" {
#include <libfdt.h>

#include "linux/of.h"
}

namespace {

std::vector<char> dtb(const char* name, size_t room) {
  std::ifstream f(std::string(BLSIM_BUILD_DIR) + "/configs/" + name, std::ios::binary);
  std::vector<char> b(std::istreambuf_iterator<char>(f), {});
  b.resize(b.size() + room);
  return b;
}

// Every phandle of the blob, and one it lacks, as libfdt finds them.
int expect_as_libfdt(const void* fdt) {
  int phandles = 0;
  for (int n = fdt_next_node(fdt, -1, nullptr); n >= 0; n = fdt_next_node(fdt, n, nullptr)) {
    const uint32_t ph = fdt_get_phandle(fdt, n);
    if (ph == 0) continue;
    EXPECT_EQ(of_find_node_by_phandle(fdt, ph), fdt_node_offset_by_phandle(fdt, ph)) << ph;
    ++phandles;
  }
  EXPECT_EQ(of_find_node_by_phandle(fdt, 0x7fff0000u), fdt_node_offset_by_phandle(fdt, 0x7fff0000u));
  EXPECT_EQ(of_find_node_by_phandle(fdt, 0), -FDT_ERR_BADPHANDLE);
  return phandles;
}

}  // namespace

// Two blobs in turn (the cache is keyed by the blob), then a property added
// to the root of one in place: every node after it moves, so every offset
// the cache holds for that blob is wrong, and must not be answered.
TEST(Of, PhandleLookupsAreLibfdtsThroughTheCache) {
  for (const char* name : {"tc2.dtb", "exynos5422.dtb"}) {
    auto b = dtb(name, 4096);
    ASSERT_EQ(fdt_open_into(b.data(), b.data(), static_cast<int>(b.size())), 0) << name;
    EXPECT_GT(expect_as_libfdt(b.data()), 10) << name;
  }
  auto tc2 = dtb("tc2.dtb", 4096), exynos = dtb("exynos5422.dtb", 4096);
  ASSERT_EQ(fdt_open_into(tc2.data(), tc2.data(), static_cast<int>(tc2.size())), 0);
  ASSERT_EQ(fdt_open_into(exynos.data(), exynos.data(), static_cast<int>(exynos.size())), 0);
  expect_as_libfdt(tc2.data());
  expect_as_libfdt(exynos.data());
  const std::vector<char> pad(64, 'x');
  ASSERT_EQ(fdt_setprop(tc2.data(), 0, "blsim,test-pad", pad.data(), static_cast<int>(pad.size())), 0);
  expect_as_libfdt(tc2.data());
  expect_as_libfdt(exynos.data());
}
