// SPDX-License-Identifier: GPL-2.0-only
// Cores running ahead of SystemC's time (models/cpu/core.h) must change
// nothing: a run is compared with the same run under --lockstep, where every
// cycle a core spends is waited out as it is spent. (Two cores acting in the
// same picosecond may go in either order, docs/fidelity.md; these runs have
// no such tie on shared data, so any difference is a bug.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "run_helpers.h"

using namespace blsim_test;

namespace {

// The lines of a text, sorted: equal for two traces that hold the same events
// at the same timestamps, whatever the order SystemC ran processes woken at
// one instant (IEEE 1666 leaves it open; the event queue's history decides).
std::vector<std::string> sorted_lines(const std::string& text) {
  std::vector<std::string> v;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) v.push_back(l);
  std::sort(v.begin(), v.end());
  return v;
}

void expect_same_as_lockstep(const std::string& name, const std::string& args) {
  // And the cores' cached next activity checked at every step (models/cpu/core.h):
  // a path that notifies without forgetting it stops the run ahead with exit 3.
  setenv("BLSIM_CHECK_RUN_AHEAD", "1", 1);
  const std::string d = scratch(name);
  RunResult ahead = run_blsim(args + " --out " + d + "/ahead", d);
  RunResult lock = run_blsim(args + " --lockstep --out " + d + "/lock", d);
  ASSERT_EQ(ahead.exit_code, 0) << ahead.err;
  ASSERT_EQ(lock.exit_code, 0) << lock.err;
  for (const char* f : {"stats.json", "console.log"})
    EXPECT_EQ(slurp(d + "/ahead/" + f), slurp(d + "/lock/" + f)) << f;
  for (const char* f : {"trace.txt", "waves.vcd"}) {
    const std::string a = slurp(d + "/ahead/" + f);
    EXPECT_GT(a.size(), 1000u) << f;
    EXPECT_EQ(sorted_lines(a), sorted_lines(slurp(d + "/lock/" + f))) << f;
  }
}

}  // namespace

// mp3-short under IKS, ondemand and menu: ~125 switches a second driven by
// cpufreq, cluster power-downs from idle, rt-app's locks and conditions.
TEST(RunAhead, Mp3ShortGivesTheLockstepResults) {
  expect_same_as_lockstep(
      "run-ahead-mp3", "--dtb " + tc2_dtb() + " --workload " + rtapp_example("mp3-short.json") +
                                " --duration 1500ms --switcher iks"
                           " --cpufreq-governor ondemand --cpuidle-governor menu");
}

// Whole-cluster switches (the rendezvous of both CPUs) and hotplug of all
// three A7s: MCPM's last man, first man and the vlock between them.
TEST(RunAhead, ClusterSwitchesAndHotplugGiveTheLockstepResults) {
  expect_same_as_lockstep("run-ahead-cluster",
                          "--dtb " + tc2_dtb() +
                              " --switcher cluster --duration 200ms --event 100ms:switch:0:1"
                              " --event 150ms:switch:0:0");
  expect_same_as_lockstep("run-ahead-hotplug",
                          "--dtb " + tc2_dtb() +
                              " --duration 200ms --event 50ms:cpu_down:2 --event 60ms:cpu_down:3"
                              " --event 70ms:cpu_down:4 --event 120ms:cpu_up:2");
}

// The Exynos 5422 (mcpm-exynos, the PMU, opp-v2 DVFS over the PMIC) under load.
TEST(RunAhead, ExynosOndemandGivesTheLockstepResults) {
  expect_same_as_lockstep("run-ahead-exynos",
                          "--dtb " + exynos_dtb() +
                              " --cpufreq-governor ondemand --duration 300ms --event 100ms:busy:4:150");
}

// A run that stops early (a refused event, exit 5) ends at the same time and
// prints the same kernel log as under --lockstep: no core takes time on its
// lead once the stop is requested.
TEST(RunAhead, ARefusedEventStopsTheRunAtTheLockstepTime) {
  const std::string d = scratch("run-ahead-refused");
  const std::string args = "--dtb " + tc2_dtb() + " --workload " + rtapp_example("mp3-short.json") +
                                " --duration 400ms --switcher iks"
                           " --cpufreq-governor ondemand --event 100ms:switch:2:0";
  RunResult ahead = run_blsim(args + " --out " + d + "/ahead", d);
  RunResult lock = run_blsim(args + " --lockstep --out " + d + "/lock", d);
  EXPECT_EQ(ahead.exit_code, 5);
  EXPECT_EQ(lock.exit_code, 5);
  // At 100 ms plus CPU2's wake-up from cluster-sleep (the A7 cluster's
  // power-up, under 1 ms).
  EXPECT_NE(ahead.err.find("refused by the kernel at 0.100"), std::string::npos) << ahead.err;
  EXPECT_EQ(ahead.err, lock.err);
  EXPECT_FALSE(exists(d + "/ahead/stats.json"));
}
