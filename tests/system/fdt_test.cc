// SPDX-License-Identifier: GPL-2.0-only
// fdt_test.cc - the device tree reader (sim/dt.h) where it answers from
// its index of the blob instead of libfdt's walk: phandles, parents,
// children and paths, as libfdt gives them, while the blob changes.
#include <gtest/gtest.h>

#include <libfdt.h>

#include <vector>

#include "run_helpers.h"
#include "sim/dt.h"

using namespace blsim_test;

namespace {

// Every node's phandle, parent, children and path as libfdt finds them.
void expect_as_libfdt(const Fdt& f) {
  const void* b = f.blob();
  int phandles = 0, nodes = 0;
  for (int n = 0; n >= 0; n = fdt_next_node(b, n, nullptr)) {
    ++nodes;
    EXPECT_EQ(f.parent(n), fdt_parent_offset(b, n)) << n;
    std::vector<int> kids;
    int child;
    fdt_for_each_subnode(child, b, n) kids.push_back(child);
    EXPECT_EQ(f.children(n), kids) << n;
    char buf[512];
    ASSERT_EQ(fdt_get_path(b, n, buf, sizeof buf), 0);
    EXPECT_EQ(f.path(n), buf);
    EXPECT_EQ(f.path_offset(buf), n) << buf;
    const uint32_t ph = fdt_get_phandle(b, n);
    if (ph == 0) continue;
    EXPECT_EQ(f.node_by_phandle(ph), fdt_node_offset_by_phandle(b, ph)) << buf;
    ++phandles;
  }
  EXPECT_GT(nodes, 25);
  EXPECT_GT(phandles, 10);  // TC2's cpus, OPP tables, idle states, clusters...
}

}  // namespace

// The index is made from one walk. A property added to the root moves
// every node after it, and one grown and another shrunk by as much keep
// the blob's size but move the nodes between them: the index is then
// wrong, and each answer must still be libfdt's.
TEST(Fdt, TreeQueriesFollowTheBlobAsItChanges) {
  Fdt f = Fdt::load(tc2_dtb());
  expect_as_libfdt(f);
  EXPECT_EQ(f.node_by_phandle(0), -1);
  EXPECT_EQ(f.node_by_phandle(~0u), -1);
  EXPECT_EQ(f.node_by_phandle(0x7fff0000u), -1);  // no such phandle

  std::vector<char>& b = f.bytes();
  b.resize(b.size() + 4096);
  ASSERT_EQ(fdt_open_into(b.data(), b.data(), static_cast<int>(b.size())), 0);
  const std::vector<char> pad(64, 'x');
  ASSERT_EQ(fdt_setprop(b.data(), 0, "blsim,test-pad", pad.data(), static_cast<int>(pad.size())), 0);
  int cpus = fdt_path_offset(b.data(), "/cpus");
  ASSERT_GT(cpus, 0);
  ASSERT_EQ(fdt_setprop(b.data(), cpus, "blsim,test-pad2", pad.data(), 8), 0);
  expect_as_libfdt(f);
  // The root's property shrinks by 8 bytes and /cpus's grows by as much:
  // the same struct size, the nodes between them 8 bytes earlier.
  const int size = fdt_size_dt_struct(b.data());
  ASSERT_EQ(fdt_setprop(b.data(), 0, "blsim,test-pad", pad.data(), 56), 0);
  cpus = fdt_path_offset(b.data(), "/cpus");
  ASSERT_GT(cpus, 0);
  ASSERT_EQ(fdt_setprop(b.data(), cpus, "blsim,test-pad2", pad.data(), 16), 0);
  ASSERT_EQ(static_cast<int>(fdt_size_dt_struct(b.data())), size);
  expect_as_libfdt(f);
}
