// compare_test.cc - `blsim compare` on files that are not two stats.json:
// exit 2 with the file named, never a crash or a verdict.
#include <gtest/gtest.h>

#include "run_helpers.h"

using namespace blsim_test;

namespace {

// A minimal blsim-stats/1 document with the given members after "schema".
std::string stats(const std::string& members) {
  return "{\"schema\":\"blsim-stats/1\"" + (members.empty() ? "" : "," + members) + "}";
}

RunResult compare(const std::string& d, const std::string& base, const std::string& now) {
  return run_cmd("timeout 60 " + blsim_bin() + " compare '" + base + "' '" + now + "'", d);
}

void expect_unreadable(const RunResult& r, const std::string& message) {
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find(message), std::string::npos) << "expected: " << message << "\ngot: " << r.err;
  EXPECT_EQ(r.out, "") << "no table for an unreadable file";
}

}  // namespace

TEST(Compare, InputThatIsNotARegularFile) {
  const std::string d = scratch("compare-notregular");
  std::ofstream(d + "/a.json") << stats("\"energy_j\":1");
  expect_unreadable(compare(d, d + "/a.json", d), "blsim compare: " + d + ": not a regular file");
  expect_unreadable(compare(d, "/dev/zero", d + "/a.json"),
                    "blsim compare: /dev/zero: not a regular file");
}

TEST(Compare, NestingTooDeepIsRefusedNotACrash) {
  const std::string d = scratch("compare-deep");
  std::ofstream(d + "/a.json") << stats("\"energy_j\":1");
  std::ofstream(d + "/deep.json") << stats("\"z\":" + std::string(500000, '[') +
                                           std::string(500000, ']'));
  expect_unreadable(compare(d, d + "/a.json", d + "/deep.json"),
                    "not a blsim-stats/1 document: arrays and objects nested more than 64 levels");
}

TEST(Compare, NotJsonNamesTheFile) {
  const std::string d = scratch("compare-notjson");
  std::ofstream(d + "/a.json") << stats("\"energy_j\":1");
  std::ofstream(d + "/b.json") << "{\"x\":";
  expect_unreadable(compare(d, d + "/a.json", d + "/b.json"),
                    "blsim compare: " + d + "/b.json: not JSON: parse error: premature EOF");
  std::ofstream(d + "/c.json") << "{\"schema\":\"other/1\"}";
  expect_unreadable(compare(d, d + "/c.json", d + "/a.json"),
                    "blsim compare: " + d + "/c.json: not a blsim-stats/1 document (\"schema\")");
}

// A member compare reads, of the wrong type: not a stats.json (exit 2), not
// every metric "removed" (exit 6).
TEST(Compare, StructurallyBrokenStatsIsUnreadable) {
  const std::string d = scratch("compare-shape");
  std::ofstream(d + "/a.json") << stats("\"energy_j\":1,\"cores\":[{\"energy_j\":1}]");
  std::ofstream(d + "/b.json") << stats("\"energy_j\":1,\"cores\":\"x\"");
  expect_unreadable(compare(d, d + "/a.json", d + "/b.json"),
                    "blsim compare: " + d + "/b.json: not a blsim-stats/1 document: \"cores\" is a "
                    "string, expected an array");
  std::ofstream(d + "/c.json") << stats("\"switches\":[{\"steps\":[{\"name\":\"x\",\"start_ns\":\"q\"}]}]");
  expect_unreadable(compare(d, d + "/c.json", d + "/a.json"),
                    "\"switches[0].steps[0].start_ns\" is a string, expected a number");
  // The same shapes with their types right compare fine.
  RunResult ok = compare(d, d + "/a.json", d + "/a.json");
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
}
