// SPDX-License-Identifier: GPL-2.0-only
// sim/text_memo.h: what was made from a (key, text) pair, remembered.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "sim/text_memo.h"

// One set of two slots: every pair maps to it, as pairs that collide in a
// larger memo do. A slot holds only the pair it was filled for: the same
// text under another key (another format, another event) is not a hit,
// nor is another text under the same key, nor is a slot never filled. A
// third pair takes the slot of the pair used less recently.
TEST(TextMemo, ASetKeepsTheTwoPairsUsedLast) {
  TextMemo<int, std::string, 2> memo;
  bool held = true;
  auto& s = memo.slot(1, "state=1 cpu_id=0", &held);
  EXPECT_FALSE(held);
  EXPECT_FALSE(s.holds(0, ""));  // a fresh slot holds nothing, not even an empty key and text
  s.fill(1, "state=1 cpu_id=0") = "one";
  auto& t = memo.slot(2, "state=1 cpu_id=0", &held);  // another key: a miss
  EXPECT_FALSE(held);
  EXPECT_NE(&t, &s);  // the other slot of the set
  t.fill(2, "state=1 cpu_id=0") = "two";
  EXPECT_EQ(memo.slot(1, "state=1 cpu_id=0", &held).value, "one");  // both kept
  EXPECT_TRUE(held);
  EXPECT_EQ(memo.slot(2, "state=1 cpu_id=0", &held).value, "two");
  EXPECT_TRUE(held);
  EXPECT_EQ(memo.slot(1, "state=1 cpu_id=0", &held).value, "one");  // used last now
  // Another text under a key seen: a miss, which takes the slot of "two".
  auto& u = memo.slot(1, "state=2 cpu_id=0", &held);
  EXPECT_FALSE(held);
  EXPECT_EQ(&u, &t);
  u.fill(1, "state=2 cpu_id=0") = "three";
  memo.slot(2, "state=1 cpu_id=0", &held);
  EXPECT_FALSE(held);  // forgotten
  EXPECT_EQ(memo.slot(1, "state=1 cpu_id=0", &held).value, "one");
  EXPECT_TRUE(held);
}

// Texts that differ in one byte, wherever it is (the first of the eight-byte
// words the hash reads, one in the middle, the last, which its final read
// overlaps, or a text shorter than a word), land in different slots: a hash
// that skipped any part of the text would put each group in one slot.
TEST(TextMemo, TextsDifferingInOneByteSpreadOverTheSlots) {
  TextMemo<int, int, 1024> memo;
  const std::string base = "comm=rt-app pid=1043 prio=120 target_cpu=003";  // 44 bytes
  for (size_t at : {size_t(0), size_t(17), base.size() - 1}) {
    std::set<const void*> slots;
    for (int c = 0; c < 64; ++c) {
      std::string t = base;
      t[at] = static_cast<char>('0' + c);
      bool held;
      slots.insert(&memo.slot(7, t, &held));
    }
    EXPECT_GE(slots.size(), 48u) << "byte " << at;
  }
  std::set<const void*> short_slots;
  bool held;
  for (int c = 0; c < 64; ++c) short_slots.insert(&memo.slot(7, std::string("ab") + char('0' + c), &held));
  EXPECT_GE(short_slots.size(), 48u);
}
