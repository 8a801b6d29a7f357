// SPDX-License-Identifier: GPL-2.0-only
// sim/text_memo.h: what was made from a (key, text) pair, remembered.
#include <gtest/gtest.h>

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
