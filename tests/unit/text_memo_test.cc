// SPDX-License-Identifier: GPL-2.0-only
// sim/text_memo.h: what was made from a (key, text) pair, remembered.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "sim/text_memo.h"

// One slot: every pair maps to it, as two pairs that collide in a larger
// memo do. A slot holds only the pair it was filled for: the same text
// under another key (another format, another event) is not a hit, nor is
// another text under the same key, nor is a slot never filled.
TEST(TextMemo, ASlotHoldsOnlyThePairItWasFilledFor) {
  TextMemo<int, std::string, 1> memo;
  auto& s = memo.slot(1, "state=1 cpu_id=0");
  EXPECT_FALSE(s.holds(0, ""));  // a fresh slot holds nothing, not even an empty key and text
  s.fill(1, "state=1 cpu_id=0") = "one";
  EXPECT_TRUE(memo.slot(1, "state=1 cpu_id=0").holds(1, "state=1 cpu_id=0"));
  EXPECT_EQ(memo.slot(1, "state=1 cpu_id=0").value, "one");
  EXPECT_FALSE(memo.slot(2, "state=1 cpu_id=0").holds(2, "state=1 cpu_id=0"));
  EXPECT_FALSE(memo.slot(1, "state=2 cpu_id=0").holds(1, "state=2 cpu_id=0"));
  // Filled again for another pair, it forgets the first.
  memo.slot(2, "state=1 cpu_id=0").fill(2, "state=1 cpu_id=0") = "two";
  EXPECT_FALSE(memo.slot(1, "state=1 cpu_id=0").holds(1, "state=1 cpu_id=0"));
  EXPECT_EQ(memo.slot(2, "state=1 cpu_id=0").value, "two");
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
      slots.insert(&memo.slot(7, t));
    }
    EXPECT_GE(slots.size(), 48u) << "byte " << at;
  }
  std::set<const void*> short_slots;
  for (int c = 0; c < 64; ++c) short_slots.insert(&memo.slot(7, std::string("ab") + char('0' + c)));
  EXPECT_GE(short_slots.size(), 48u);
}
