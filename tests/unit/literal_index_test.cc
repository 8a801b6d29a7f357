// SPDX-License-Identifier: GPL-2.0-only
// sim/literal_index.h: a name's index, remembered by its address.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "sim/literal_index.h"

namespace {

// Names 256 bytes apart: with 32 slots of 8-byte granules every one of
// them has the same home slot, the worst a build's layout can give.
// The table lives as long as the memo that points into it: the whole run.
struct Names {
  static constexpr size_t kStride = 256;
  std::vector<std::string> table;
  alignas(256) char bytes[12 * kStride] = {};
  Names() {
    for (int i = 0; i < 12; ++i) table.push_back("event_" + std::to_string(i));
  }
  char* at(int i) { return bytes + static_cast<size_t>(i) * kStride; }
  static Names& fresh() {
    static Names* n = new Names;
    for (int i = 0; i < 12; ++i) std::strcpy(n->at(i), n->table[static_cast<size_t>(i)].c_str());
    return *n;
  }
};

int searches = 0;

// Each Site its own lambdas, so its own memo: a test starts with none.
template <int Site>
int index_of(Names& n, const char* name) {
  return index_by_literal(
      name,
      [&n](const char* s) {
        ++searches;
        for (size_t i = 0; i < n.table.size(); ++i)
          if (n.table[i] == s) return static_cast<int>(i);
        return -1;
      },
      [&n](int i) { return n.table[static_cast<size_t>(i)].c_str(); });
}

}  // namespace

// A memo lives as long as its thread: each test counts on being the first
// to use its call site in the process, as under ctest (a process per
// test). Run again in one process (--gtest_repeat), it is skipped.
#define FIRST_USE_OF_THE_MEMO()                                           \
  do {                                                                    \
    static bool used = false;                                             \
    if (used) GTEST_SKIP() << "the memo is not fresh in this process";    \
    used = true;                                                          \
  } while (0)

TEST(LiteralIndex, NamesThatShareASlotEachGetTheirOwnIndex) {
  FIRST_USE_OF_THE_MEMO();
  Names& n = Names::fresh();
  searches = 0;
  for (int round = 0; round < 3; ++round)
    for (int i = 0; i < 12; ++i) ASSERT_EQ(index_of<1>(n, n.at(i)), i) << "round " << round;
  // Round one searches for all twelve. The first four take the four slots
  // from their home; each of the others then takes the home slot. In later
  // rounds the second, third and fourth are found where they are, and the
  // other nine (the first among them, its slot retaken) search again.
  EXPECT_EQ(searches, 12 + 2 * 9);
}

TEST(LiteralIndex, AChangedOrUnknownNameSearchesInItsOwnSlot) {
  FIRST_USE_OF_THE_MEMO();
  Names& n = Names::fresh();
  for (int i = 0; i < 3; ++i) ASSERT_EQ(index_of<2>(n, n.at(i)), i);
  std::strcpy(n.at(2), "event_7");
  searches = 0;
  EXPECT_EQ(index_of<2>(n, n.at(2)), 7);
  EXPECT_EQ(searches, 1);
  EXPECT_EQ(index_of<2>(n, n.at(2)), 7);
  EXPECT_EQ(searches, 1);
  // Asked again and again, an unknown name searches every time, in the
  // slot its address holds.
  std::strcpy(n.at(2), "no_such_event");
  for (int k = 0; k < 3; ++k) EXPECT_EQ(index_of<2>(n, n.at(2)), -1);
  EXPECT_EQ(searches, 4);
  // Neither took the others' slots, nor the fourth, still empty.
  EXPECT_EQ(index_of<2>(n, n.at(0)), 0);
  EXPECT_EQ(index_of<2>(n, n.at(1)), 1);
  EXPECT_EQ(searches, 4);
  EXPECT_EQ(index_of<2>(n, n.at(3)), 3);
  EXPECT_EQ(index_of<2>(n, n.at(3)), 3);
  EXPECT_EQ(searches, 5);
}
