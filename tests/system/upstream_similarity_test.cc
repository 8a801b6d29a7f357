// SPDX-License-Identifier: GPL-2.0-only
// upstream_similarity_test.cc - tools/upstream-similarity on two synthetic C
// files written here: a statement run copied token for token (re-indented,
// comments changed) is found with its model lines; the same steps rewritten
// in other words are not; a comment sentence shared by both is listed.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>

#include "run_helpers.h"

using namespace blsim_test;

namespace {

// An "upstream" file: one function of 30-odd tokens worth copying.
const char* kUpstream = R"(/* Wake the sleeping counter before anyone reads it. */
static int bump_counter(struct counter *c, int by)
{
	if (c->sleeping)
		wake_counter(c, by + 1, c->limit);
	c->value += by;
	return c->value > c->limit ? -EBUSY : 0;
}
)";

// Model A: the same statements, re-wrapped and with other comments.
const char* kCopied = R"(int unrelated;
/* Wake the sleeping counter before anyone reads it. */
static int bump_counter(struct counter *c, int by) {
	if (c->sleeping) /* ours */ wake_counter(c, by + 1,
		c->limit);
	c->value += by; return c->value > c->limit ? -EBUSY : 0;
}
)";

// Model B: the same steps in our words.
const char* kRewritten = R"(/* A counter asleep is woken first so no reader sees it stale. */
static int counter_add(struct counter *ctr, int step)
{
	int over;

	if (ctr->sleeping)
		wake_counter(ctr, step + 1, ctr->limit);
	ctr->value = ctr->value + step;
	over = ctr->value > ctr->limit;
	return over ? -EBUSY : 0;
}
)";

double share_of(const std::string& out) {
  std::smatch m;
  if (!std::regex_search(out, m, std::regex(R"(share:\s+([0-9.]+)%)"))) return -1;
  return std::stod(m[1]);
}

RunResult similarity(const std::string& dir, const char* model) {
  std::ofstream(dir + "/up.c") << kUpstream;
  std::ofstream(dir + "/model.c") << model;
  return run_cmd(std::string(BLSIM_SOURCE_DIR) + "/tools/upstream-similarity '" + dir + "/up.c' '" +
                     dir + "/model.c'",
                 dir);
}

}  // namespace

TEST(UpstreamSimilarity, FindsACopiedRunWithItsModelLines) {
  const std::string d = scratch("similarity-copied");
  RunResult r = similarity(d, kCopied);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // 3 of the model's tokens ("int unrelated;") are its own; the rest is one run.
  EXPECT_GT(share_of(r.out), 90.0) << r.out;
  EXPECT_LT(share_of(r.out), 100.0) << r.out;
  EXPECT_NE(r.out.find("model lines 3-7"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("identical comment sentences: 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("model line 2: Wake the sleeping counter"), std::string::npos) << r.out;
}

TEST(UpstreamSimilarity, DoesNotFlagTheSameStepsInOtherWords) {
  const std::string d = scratch("similarity-rewritten");
  RunResult r = similarity(d, kRewritten);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(share_of(r.out), 0.0) << r.out;
  EXPECT_NE(r.out.find("longest:  0 tokens"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("identical comment sentences: 0"), std::string::npos) << r.out;
}

TEST(UpstreamSimilarity, AMissingFileIsAClearError) {
  const std::string d = scratch("similarity-missing");
  RunResult r = run_cmd(std::string(BLSIM_SOURCE_DIR) + "/tools/upstream-similarity '" + d +
                            "/nope.c' '" + d + "/nope2.c'",
                        d);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("nope.c"), std::string::npos) << r.err;
}
