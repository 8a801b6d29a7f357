// SPDX-License-Identifier: GPL-2.0-only
// fuzz_findings_test.cc - each input that fuzzing and hostile use found
// accepted or misreported (issue #19), with the message and exit code blsim
// now gives for it.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "run_helpers.h"

using namespace blsim_test;

namespace {

// A tc2.dts variant compiled and run for 1 ms; the DTB must compile.
RunResult run_dts(const std::string& name, const std::string& dts) {
  const std::string d = scratch("findings-" + name);
  EXPECT_FALSE(dts.empty()) << "tc2.dts changed shape: the edit found nothing";
  const std::string dtb = compile_dts(dts, d, name);
  EXPECT_FALSE(dtb.empty()) << "dtc rejected the variant";
  RunResult r = run_blsim("--dtb " + dtb + " --duration 1ms --out " + d + "/out", d);
  EXPECT_FALSE(exists(d + "/out/stats.json")) << "no output may be written on error";
  return r;
}

// A workload (text) run on the TC2 for `duration`.
RunResult run_workload(const std::string& name, const std::string& json,
                       const std::string& duration = "100ms") {
  const std::string d = scratch("findings-" + name);
  std::ofstream(d + "/" + name + ".json", std::ios::binary) << json;
  return run_blsim("--dtb " + tc2_dtb() + " --quiet --duration " + duration + " --workload " + d +
                       "/" + name + ".json",
                   d);
}

void expect_error(const RunResult& r, int code, const std::string& message) {
  EXPECT_EQ(r.exit_code, code) << r.err;
  EXPECT_NE(r.err.find(message), std::string::npos)
      << "expected: " << message << "\ngot: " << r.err;
}

const std::string kDtb = "tc2.dtb: ";

}  // namespace

// ---- device tree ------------------------------------------------------------

TEST(FuzzFindings, CciSlaveInterfaceOutsideItsRanges) {
  RunResult r = run_dts("cci-slave", edit(tc2_dts(), "reg = <0x5000 0x1000>;", "reg = <0x14000 0x1000>;"));
  expect_error(r, 2, "/cci@2c090000/slave-if@5000: property 'reg': 0x14000..0x15000 is outside "
                     "the CCI's register window 0x0..0x10000");
  RunResult small = run_dts("cci-ranges", edit(tc2_dts(), "ranges = <0 0 0x2c090000 0x10000>;",
                                               "ranges = <0 0 0x2c090000 0x5000>;"));
  expect_error(small, 2, "/cci@2c090000/slave-if@5000: property 'reg': 0x5000..0x6000 is outside "
                         "the CCI's register window 0x0..0x5000");
  RunResult none = run_dts("cci-noranges", edit(tc2_dts(), "ranges = <0 0 0x2c090000 0x10000>;", ""));
  expect_error(none, 2, "/cci@2c090000: property 'ranges': property is missing");
}

TEST(FuzzFindings, CpuMapClusterWithNoCores) {
  std::string s = edit(tc2_dts(), "core0 { cpu = <&cpu2>; };", "");
  s = edit(s, "core1 { cpu = <&cpu3>; };", "");
  s = edit(s, "core2 { cpu = <&cpu4>; };", "");
  expect_error(run_dts("empty-cluster", s), 2,
               "/cpus/cpu-map/cluster1: a cluster with no cores (the cpu-map binding needs at "
               "least one core or cluster in it)");
}

TEST(FuzzFindings, ExtraEmptyCpuMapCluster) {
  expect_error(run_dts("extra-cluster", edit(tc2_dts(), "cluster1 {", "cluster2 { };\n\t\t\tcluster1 {")),
               2, "/cpus/cpu-map/cluster2: a cluster with no cores");
}

TEST(FuzzFindings, DanglingCpuPhandleInCpuMap) {
  expect_error(run_dts("dangling-cpu", edit(tc2_dts(), "core1 { cpu = <&cpu3>; };",
                                            "core1 { cpu = <0x7777>; };")),
               2, "/cpus/cpu-map/cluster1/core1: property 'cpu': phandle points to no node");
}

TEST(FuzzFindings, OppVoltageFallingAsFrequencyRises) {
  expect_error(run_dts("opp-volt", edit(tc2_dts(), "1100000 882000 1200000 975000>;",
                                        "1100000 882000 1200000 850000>;")),
               2, "/scc@7fff0000: property 'blsim,a15-opps': OPP 1200000 kHz at 850000 uV is below "
                  "the 882000 uV of the slower 1100000 kHz: voltage must not fall as frequency rises");
}

TEST(FuzzFindings, BadIdleStates) {
  expect_error(run_dts("idle-exit", edit(tc2_dts(), "exit-latency-us = <700>;", "exit-latency-us = <7000>;")),
               2, "/cpus/idle-states/cluster-sleep-big: property 'exit-latency-us': 7000 us is above "
                  "min-residency-us (2000 us)");
  expect_error(run_dts("idle-missing", edit(tc2_dts(), "min-residency-us = <2000>;", "")), 2,
               "/cpus/idle-states/cluster-sleep-big: property 'min-residency-us': property is missing");
  expect_error(run_dts("idle-compat", edit(tc2_dts(), "compatible = \"arm,idle-state\";",
                                           "compatible = \"arm,psci-idle\";")),
               2, "/cpus/idle-states/cluster-sleep-big: property 'compatible': must be \"arm,idle-state\"");
  RunResult r = run_dts("idle-phandle", edit(tc2_dts(), "cpu-idle-states = <&CLUSTER_SLEEP_BIG>;",
                                             "cpu-idle-states = <0x7777>;"));
  expect_error(r, 2, "/cpus/cpu@0: property 'cpu-idle-states': entry 0: phandle points to no node");
  EXPECT_EQ(r.err.find("driver not registered"), std::string::npos) << r.err;
}

// ---- rt-app workloads -------------------------------------------------------

TEST(FuzzFindings, MillionInstancesNamesTheLimit) {
  expect_error(run_workload("million", "{\"tasks\":{\"t\":{\"instance\":1000000,\"run\":1000}}}"), 2,
               "million.json: tasks.t.instance: 1000000 threads: more than blsim's limit of 4096 "
               "threads in a run, instances and forks together (docs/workloads.md)");
  // Instances add up over tasks.
  expect_error(run_workload("sum", "{\"tasks\":{\"a\":{\"instance\":4000,\"run\":1000},"
                                   "\"b\":{\"instance\":97,\"run\":1000}}}"),
               2, "sum.json: tasks: the instances add up to 4097 threads: more than blsim's limit");
}

// A task that forks itself each loop doubles until the limit: the run stops
// with the limit named (it used to create ~15,000 tasks in 100 ms, and take
// minutes of host time, walking every thread on each fork).
TEST(FuzzFindings, SelfForkingTaskStopsAtTheLimit) {
  RunResult r = run_workload("forkbomb", "{\"tasks\":{\"t\":{\"loop\":-1,\"fork\":\"t\",\"run\":10,"
                                          "\"sleep\":100}}}", "1s");
  expect_error(r, 3, "rt-app: t");
  EXPECT_NE(r.err.find(": fork of \"t\": 4096 threads already, blsim's limit (WL_MAX_THREADS, "
                       "docs/workloads.md)"), std::string::npos) << r.err;
}

TEST(FuzzFindings, LoopOf2To63IsARangeError) {
  expect_error(run_workload("loop63", "{\"tasks\":{\"t\":{\"loop\":9223372036854775808,\"run\":10}}}"),
               2, "loop63.json: tasks.t.loop: out of range: 9223372036854775808 does not fit in 64 "
                  "bits (at most 9223372036854775807)");
}

TEST(FuzzFindings, NulInATaskNameIsRefused) {
  RunResult r = run_workload("nul", "{\"tasks\":{\"ab\\u0000cd\":{\"run\":10}}}");
  expect_error(r, 2, "nul.json: tasks.ab\\u0000cd: contains a NUL character (\\u0000); names and "
                     "strings cannot hold one");
}

// ---- signals ----------------------------------------------------------------

// A run stopped by a signal removes the folders it made for --out (only
// those: a folder that existed stays). The run must outlast the signal:
// 600 s with one busy CPU took 0.37-0.42 s, so a signal sent 0.3 s after
// the spool appeared sometimes came after the end; 6000 s takes ~1 s.
TEST(FuzzFindings, InterruptedRunLeavesNoFolderItMade) {
  const std::string d = scratch("findings-signal");
  const std::string out = d + "/new/out", script = d + "/run.sh";
  std::ofstream(script) << "(while [ ! -e " << out << "/.trace.txt.body.tmp ] && kill -0 $$; do sleep 0.05; done;"
                        << " sleep 0.1; kill -INT $$) &\n"
                        << "exec " << blsim_bin() << " --dtb " << tc2_dtb()
                        << " --event 1ms:busy:1:599000 --duration 6000s --quiet --out " << out << "\n";
  RunResult r = run_cmd("sh '" + script + "'; echo $?", d);
  EXPECT_EQ(r.out, "130\n") << r.err;
  EXPECT_FALSE(exists(d + "/new")) << "the folders the run made must go";
  EXPECT_TRUE(exists(d + "/run.sh"));
}
