// SPDX-License-Identifier: GPL-2.0-only
// fdt_test.cc - the device tree reader (sim/dt.h) where it answers from
// what it remembers of the blob instead of libfdt's walk.
#include <gtest/gtest.h>

#include <libfdt.h>

#include <vector>

#include "run_helpers.h"
#include "sim/dt.h"

using namespace blsim_test;

namespace {

// Every phandle of the blob, found as libfdt finds it: node_by_phandle()
// must give the same offset.
void expect_phandles_as_libfdt(const Fdt& f) {
  int checked = 0;
  for (int n = fdt_next_node(f.blob(), -1, nullptr); n >= 0; n = fdt_next_node(f.blob(), n, nullptr)) {
    const uint32_t ph = fdt_get_phandle(f.blob(), n);
    if (ph == 0) continue;
    EXPECT_EQ(f.node_by_phandle(ph), fdt_node_offset_by_phandle(f.blob(), ph)) << f.path(n);
    ++checked;
  }
  EXPECT_GT(checked, 10);  // TC2's cpus, OPP tables, idle states, clusters...
}

}  // namespace

// The offsets are remembered from one walk. A property added to the root
// moves every node after it: the remembered offsets are then wrong, and
// each answer must still be libfdt's (checked, walked again).
TEST(Fdt, PhandlesFollowTheBlobAsItChanges) {
  Fdt f = Fdt::load(tc2_dtb());
  expect_phandles_as_libfdt(f);
  EXPECT_EQ(f.node_by_phandle(0), -1);
  EXPECT_EQ(f.node_by_phandle(~0u), -1);
  EXPECT_EQ(f.node_by_phandle(0x7fff0000u), -1);  // no such phandle

  std::vector<char>& b = f.bytes();
  b.resize(b.size() + 4096);
  ASSERT_EQ(fdt_open_into(b.data(), b.data(), static_cast<int>(b.size())), 0);
  const std::vector<char> pad(64, 'x');
  ASSERT_EQ(fdt_setprop(b.data(), 0, "blsim,test-pad", pad.data(), static_cast<int>(pad.size())), 0);
  expect_phandles_as_libfdt(f);
}
