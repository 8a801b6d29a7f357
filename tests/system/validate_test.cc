// SPDX-License-Identifier: GPL-2.0-only
// validate_test.cc - tools/validate: every row of docs/validation.md within
// its tolerance (or out on purpose, with its reason), from fresh runs.
#include <gtest/gtest.h>

#include "run_helpers.h"

using namespace blsim_test;

TEST(Validate, EveryPublishedFactWithinItsTolerance) {
  const std::string d = scratch("validate");
  const std::string src = BLSIM_SOURCE_DIR;
  RunResult r = run_cmd("python3 '" + src + "/tools/validate' --build '" + std::string(BLSIM_BUILD_DIR) +
                            "' --out '" + d + "/validation.md'", d);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string page = slurp(d + "/validation.md");
  EXPECT_NE(page.find("| A15 wake-up, its cluster off |"), std::string::npos) << page;
  EXPECT_EQ(page.find("| FAIL |"), std::string::npos) << page;
}
