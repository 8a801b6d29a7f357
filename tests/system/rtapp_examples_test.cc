// SPDX-License-Identifier: GPL-2.0-only
// rtapp_examples_test.cc - every JSON file Debian's rt-app (1.0) package
// ships runs for 2 s on the TC2, or is refused only where rt-app 1.0 refuses
// it (docs/workloads.md "rt-app's own examples"). The package is installed
// by tools/setup; without it these tests fail, they do not skip.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdio>
#include <filesystem>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "run_helpers.h"

using namespace blsim_test;

namespace {

const std::string kDoc = "/usr/share/doc/rt-app/";

struct Example {
  const char* file;      // under kDoc
  int exit_code;
  const char* message;   // in stderr; "" = none checked
};

// rt-app 1.0 refuses a file without "tasks" (get_in_object(root, "tasks",
// FALSE) exits): the merge/ parts that hold only global or resources.
const Example kExamples[] = {
    {"examples/browser-long.json", 0, ""},
    {"examples/browser-short.json", 0, ""},
    {"examples/cpufreq_governor_efficiency/calibration.json", 0, ""},
    {"examples/cpufreq_governor_efficiency/dvfs.json", 0, ""},
    {"examples/merge/global.json", 2, "blsim: error: global.json: no \"tasks\" object"},
    {"examples/merge/resources.json", 2, "blsim: error: resources.json: no \"tasks\" object"},
    {"examples/merge/thread0.json", 0, "rt-app's grammar before 1.0"},
    {"examples/merge/thread1.json", 0, "rt-app's grammar before 1.0"},
    {"examples/merge/thread2.json", 0, "rt-app's grammar before 1.0"},
    {"examples/merge/thread3.json", 0, "rt-app's grammar before 1.0"},
    {"examples/mp3-long.json", 0, ""},
    {"examples/mp3-short.json", 0, ""},
    {"examples/spreading-tasks.json", 0, ""},
    {"examples/template.json", 0, ""},
    {"examples/tutorial/example1.json", 0, ""},
    {"examples/tutorial/example2.json", 0, ""},
    {"examples/tutorial/example3.json", 0, ""},
    {"examples/tutorial/example4.json", 0, ""},
    {"examples/tutorial/example5.json", 0, ""},
    {"examples/tutorial/example6.json", 0, ""},
    {"examples/tutorial/example7.json", 0, ""},
    {"examples/tutorial/example8.json", 0, ""},
    {"examples/video-long.json", 0, ""},
    {"examples/video-short.json", 0, ""},
    {"taskset.json", 0, "tasks.ThreadA: no event rt-app 1.0 runs"},
};

// Test names and failure messages show the file, not the struct's bytes.
void PrintTo(const Example& e, std::ostream* os) { *os << e.file; }

bool package_installed() {
  struct stat st;
  return stat((kDoc + "examples").c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::string test_name(const char* file) {
  std::string n;
  for (const char* p = file; *p; ++p) n += isalnum(static_cast<unsigned char>(*p)) ? *p : '_';
  return n;
}

class RtappExample : public ::testing::TestWithParam<Example> {};

// A busy example writes 0.6 to 1.3 GB of outputs in 2 s (trace.txt most of
// it): they are removed once the test has passed, so that a full ctest run
// does not fill the disk; a failure keeps them to look at.
void remove_outputs_if_passed(const std::string& out) {
  if (!::testing::Test::HasFailure()) std::filesystem::remove_all(out);
}

TEST_P(RtappExample, RunsOrIsRefusedAsRtapp10Does) {
  ASSERT_TRUE(package_installed()) << kDoc << " is missing: run tools/setup (it installs rt-app)";
  const Example& e = GetParam();
  const std::string d = scratch("rtapp-example-" + test_name(e.file));
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --duration 2s --quiet --out " + d +
                              "/out --workload " + kDoc + e.file,
                          d);
  EXPECT_EQ(r.exit_code, e.exit_code) << r.err;
  if (*e.message) EXPECT_NE(r.err.find(e.message), std::string::npos) << r.err;
  EXPECT_EQ(exists(d + "/out/stats.json"), e.exit_code == 0);
  remove_outputs_if_passed(d + "/out");
}

INSTANTIATE_TEST_SUITE_P(Package, RtappExample, ::testing::ValuesIn(kExamples),
                         [](const ::testing::TestParamInfo<Example>& i) {
                           return test_name(i.param.file);
                         });

// The list above is the package's: a JSON file it ships that the list lacks
// (a new package version) fails here rather than going untested.
TEST(RtappExamples, ListCoversEveryJsonThePackageShips) {
  ASSERT_TRUE(package_installed()) << kDoc << " is missing: run tools/setup (it installs rt-app)";
  RunResult r = run_cmd("cd " + kDoc + " && find . -name '*.json' | sed 's|^\\./||' | sort", "/tmp");
  std::set<std::string> listed;
  for (const Example& e : kExamples) listed.insert(e.file);
  size_t start = 0, n = 0;
  for (size_t end; (end = r.out.find('\n', start)) != std::string::npos; start = end + 1, ++n) {
    const std::string f = r.out.substr(start, end - start);
    EXPECT_TRUE(listed.count(f)) << f << " is shipped but not in kExamples";
  }
  EXPECT_EQ(n, listed.size());
}

// rt-app takes the merge/ set as one file joined by merge.py: --workload
// repeated merges the same way, and the six files run together.
TEST(RtappExamples, MergeSetRunsAsOneWorkload) {
  ASSERT_TRUE(package_installed()) << kDoc << " is missing: run tools/setup (it installs rt-app)";
  const std::string d = scratch("rtapp-example-merge");
  std::string args;
  for (const char* f : {"global", "resources", "thread0", "thread1", "thread2", "thread3"})
    args += " --workload " + kDoc + "examples/merge/" + f + ".json";
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --duration 2s --quiet --out " + d + "/out" + args, d);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string stats = slurp(d + "/out/stats.json");
  for (const char* t : {"thread0", "thread1", "thread2", "thread3"})
    EXPECT_NE(stats.find(std::string("\"") + t + "\""), std::string::npos) << t;
  EXPECT_NE(r.err.find("global.json+resources.json+thread0.json+thread1.json+thread2.json+"
                       "thread3.json: "),
            std::string::npos)
      << r.err;
  remove_outputs_if_passed(d + "/out");
}

}  // namespace
