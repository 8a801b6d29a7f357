// SPDX-License-Identifier: GPL-2.0-only
// idle_test.cc - an idle TC2 idles as a real kernel does (the cpuidle
// install kick, the tick until NOHZ stops it, periodic housekeeping), and
// its idle power is EAS's cluster idle power (docs/energy-model.md).
#include <gtest/gtest.h>

#include "run_helpers.h"

using namespace blsim_test;

namespace {

// EAS's normalised unit in watts: the energy model's scale, on which the A7
// core at 1 GHz is 1024 units (docs/energy-model.md).
constexpr double kUnitW = 164.84e-6;

yajl_val at(yajl_val arr, size_t i) { return YAJL_GET_ARRAY(arr)->values[i]; }

double rail_energy(const Json& j, size_t i) {
  return YAJL_GET_DOUBLE(Json::get(at(Json::get(j.root(), "rails"), i), "energy_j"));
}

long long state_ns(yajl_val cpu, const char* key, const char* state) {
  const char* path[] = {key, state, nullptr};
  return num(yajl_tree_get(cpu, path, yajl_t_number));
}

// Power of each rail (A15, A7) over the second second of an idle run: the
// energy of a 2 s run less that of a 1 s run with the same inputs (runs are
// deterministic), so boot's few hundred microseconds of active power and
// the first idle periods (menu learning) are left out.
std::pair<double, double> second_second_power(const std::string& name, const std::string& args) {
  double e[2][2];
  for (int k = 0; k < 2; ++k) {
    const std::string d = scratch(name + std::to_string(k + 1));
    RunResult r = run_blsim("--dtb " + tc2_dtb() + " --duration " + std::to_string(k + 1) +
                                "s " + args + " --out " + d, d);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    Json j(slurp(d + "/stats.json"));
    EXPECT_TRUE(j.ok());
    if (!j.ok()) return {0, 0};
    e[k][0] = rail_energy(j, 0);
    e[k][1] = rail_energy(j, 1);
  }
  return {e[1][0] - e[0][0], e[1][1] - e[0][1]};
}

}  // namespace

// 200 ms of an idle TC2 (no workload, no switcher): after cpuidle installs,
// every CPU is kicked out of its boot-time WFI, keeps its tick while menu
// learns, then goes to cluster-sleep; both clusters power down, and the
// state each CPU is in at the end counts in its residency.
TEST(Idle, IdleTc2ReachesClusterSleepWithin200ms) {
  const std::string d = scratch("idle-200ms");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --duration 200ms --switcher none --out " + d, d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  ASSERT_TRUE(j.ok());
  yajl_val clusters = Json::get(j.root(), "clusters"), cpus = Json::get(j.root(), "cpus");
  EXPECT_GE(num(Json::get(at(clusters, 1), "power_downs")), 1) << "the A7 cluster never powered down";
  EXPECT_GE(num(Json::get(at(clusters, 0), "power_downs")), 1) << "the A15 cluster never powered down";
  for (size_t c = 0; c < 5; ++c) {
    yajl_val cpu = at(cpus, c);
    const char* deep = c < 2 ? "cluster-sleep-b" : "cluster-sleep-l";
    const long long res = state_ns(cpu, "idle_state_residency_ns", deep);
    // Deep from menu's 8th idle period on (about 30 ms into the run) to
    // the end: at least half the run.
    EXPECT_GT(res, 100000000) << "cpu" << c << " deep-idle residency";
    EXPECT_GE(state_ns(cpu, "idle_state_usage", deep), 1) << "cpu" << c;
    // The open state at the end is counted: the states add up to the
    // kernel's idle time, within the idle loop's own busy paths.
    const long long wfi = state_ns(cpu, "idle_state_residency_ns", "WFI");
    const long long idle = num(Json::get(cpu, "idle_ns"));
    EXPECT_LE(res + wfi, idle) << "cpu" << c;
    EXPECT_GT(res + wfi, idle - 1000000) << "cpu" << c << ": a state is missing from the residency";
  }
}

// Without the housekeeping ("perfect" idle) nothing wakes a CPU once it is
// in cluster-sleep: each cluster powers down once and stays down.
TEST(Idle, PerfectIdleSleepsOnceAndForAll) {
  const std::string d = scratch("idle-perfect");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --duration 1s --dt '/cpus:blsim,housekeeping-period-us=<0>' --out " + d, d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  ASSERT_TRUE(j.ok());
  for (size_t k = 0; k < 2; ++k) {
    yajl_val cl = at(Json::get(j.root(), "clusters"), k);
    EXPECT_EQ(num(Json::get(cl, "power_downs")), 1) << "cluster " << k;
    EXPECT_EQ(num(Json::get(cl, "power_ups")), 0) << "cluster " << k;
  }
}

// With the default 1 s housekeeping every CPU wakes once a second, each at
// its own skew (3 ticks per CPU): in 2.5 s both clusters power up again at
// least twice (once per second for each of their CPUs, one wake-up per
// cluster power-up when the others sleep).
TEST(Idle, HousekeepingWakesEveryCpuOncePerPeriod) {
  const std::string d = scratch("idle-housekeeping");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --duration 2500ms --out " + d, d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  ASSERT_TRUE(j.ok());
  yajl_val a15 = at(Json::get(j.root(), "clusters"), 0), a7 = at(Json::get(j.root(), "clusters"), 1);
  EXPECT_EQ(num(Json::get(a15, "power_ups")), 2 * 2);  // CPUs 0 and 1 at 1 s and 2 s
  EXPECT_EQ(num(Json::get(a7, "power_ups")), 3 * 2);   // CPUs 2, 3 and 4
}

// A 2 s idle run's power against EAS's cluster idle figures (REFERENCE.md):
// all cores in WFI (cpuidle off) 70 / 25 units, cluster-sleep with the
// housekeeping off 25 / 10 units, each within 10%; with the default
// housekeeping the wake-ups add a few percent on top of cluster-sleep.
TEST(IdlePower, AllWfiIsEasClusterWfiPower) {
  auto [a15, a7] = second_second_power("idle-wfi", "--cpuidle-governor none");
  std::printf("[ idle power ] all WFI: A15 %.2f mW = %.1f units (EAS 70), A7 %.2f mW = %.1f units (EAS 25)\n",
              a15 * 1e3, a15 / kUnitW, a7 * 1e3, a7 / kUnitW);
  EXPECT_NEAR(a15 / kUnitW, 70, 7);
  EXPECT_NEAR(a7 / kUnitW, 25, 2.5);
}

TEST(IdlePower, ClusterSleepIsEasClusterSleepPower) {
  auto [a15, a7] = second_second_power("idle-sleep", "--dt '/cpus:blsim,housekeeping-period-us=<0>'");
  std::printf("[ idle power ] cluster-sleep: A15 %.2f mW = %.1f units (EAS 25), A7 %.2f mW = %.1f units (EAS 10)\n",
              a15 * 1e3, a15 / kUnitW, a7 * 1e3, a7 / kUnitW);
  EXPECT_NEAR(a15 / kUnitW, 25, 2.5);
  EXPECT_NEAR(a7 / kUnitW, 10, 1);
}

TEST(IdlePower, DefaultIdleIsNearClusterSleepPower) {
  const std::string d = scratch("idle-2s");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --duration 2s --out " + d, d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  ASSERT_TRUE(j.ok());
  // The whole run, boot and housekeeping included.
  const double a15 = rail_energy(j, 0) / 2, a7 = rail_energy(j, 1) / 2;
  std::printf("[ idle power ] 2 s idle run: A15 %.2f mW = %.1f units, A7 %.2f mW = %.1f units\n",
              a15 * 1e3, a15 / kUnitW, a7 * 1e3, a7 / kUnitW);
  EXPECT_NEAR(a15 / kUnitW, 25, 2.5);
  EXPECT_NEAR(a7 / kUnitW, 10, 1);
  EXPECT_GT(a15 / kUnitW, 25);  // above the floor: the wake-ups cost
  EXPECT_GT(a7 / kUnitW, 10);
}
