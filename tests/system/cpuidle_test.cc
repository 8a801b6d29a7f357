// SPDX-License-Identifier: GPL-2.0-only
// cpuidle_test.cc - the cpuidle framework wired into the TC2 boot.
#include <gtest/gtest.h>

#include "run_helpers.h"

using namespace blsim_test;

// One driver per cluster type: the A15 driver on CPUs 0-1, the A7 driver on
// 2-4, with the DT's cluster-sleep states; in stats.json and the sysfs view.
TEST(CpuidleBoot, PerCpuDriversFromTheDt) {
  const std::string d = scratch("cpuidle-boot");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --duration 20ms --cpuidle-sysfs --out " + d, d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("cpuidle/current_governor = menu"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("cpu0/cpuidle/driver/name = big_idle"), std::string::npos);
  EXPECT_NE(r.out.find("cpu2/cpuidle/driver/name = little_idle"), std::string::npos);
  EXPECT_NE(r.out.find("cpu0/cpuidle/state1/latency = 1700"), std::string::npos)
      << "entry + exit latency of cluster-sleep-big, as upstream without wakeup-latency-us";
  EXPECT_NE(r.out.find("cpu2/cpuidle/state1/residency = 2500"), std::string::npos);
  Json j(slurp(d + "/stats.json"));
  ASSERT_TRUE(j.ok());
  yajl_val cpus = Json::get(j.root(), "cpus");
  ASSERT_EQ(YAJL_GET_ARRAY(cpus)->len, 5u);
  EXPECT_STREQ(YAJL_GET_STRING(Json::get(YAJL_GET_ARRAY(cpus)->values[0], "cpuidle_driver")), "big_idle");
  EXPECT_STREQ(YAJL_GET_STRING(Json::get(YAJL_GET_ARRAY(cpus)->values[4], "cpuidle_driver")), "little_idle");
}

TEST(CpuidleBoot, GovernorFromTheCommandLine) {
  const std::string d = scratch("cpuidle-gov");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --duration 5ms --cpuidle-governor ladder --cpuidle-sysfs", d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("cpuidle/current_governor = ladder"), std::string::npos) << r.out;
  r = run_blsim("--dtb " + tc2_dtb() + " --duration 5ms --cpuidle-governor none --cpuidle-sysfs", d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // cpuidle.off=1 registers nothing, no governor either: no sysfs at all.
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("cpuidle is off (cpuidle.off=1)"), std::string::npos) << r.err;
  r = run_blsim("--dtb " + tc2_dtb() + " --cpuidle-governor teo", d);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("--cpuidle-governor takes menu, ladder or none, got 'teo'"), std::string::npos);
}

// A mostly idle run (the ladder governor; every 100 ms each A7 CPU wakes for
// 2 ms of work): the A7 cluster powers off while all three sleep and on again
// at each wake-up; per CPU, idle time plus running time is the run, and the
// cpuidle states' residencies fit inside the idle time.
TEST(CpuidleBoot, MostlyIdleA7ClusterSleepsAndWakes) {
  const std::string d = scratch("cpuidle-idle");
  std::string ev;
  for (int i = 1; i <= 9; ++i)
    for (int c = 2; c <= 4; ++c)
      ev += " --event " + std::to_string(i * 100) + "ms:busy:" + std::to_string(c) + ":2";
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --duration 1s --cpuidle-governor ladder --out " +
                          d + ev, d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  ASSERT_TRUE(j.ok());
  yajl_val a7 = YAJL_GET_ARRAY(Json::get(j.root(), "clusters"))->values[1];
  EXPECT_GE(num(Json::get(a7, "power_downs")), 4);
  EXPECT_GE(num(Json::get(a7, "power_ups")), 4);
  yajl_val cpus = Json::get(j.root(), "cpus"), cores = Json::get(j.root(), "cores");
  for (size_t c = 2; c <= 4; ++c) {
    yajl_val cpu = YAJL_GET_ARRAY(cpus)->values[c];
    yajl_val res = Json::get(YAJL_GET_ARRAY(cores)->values[c], "state_residency_ns");
    const long long idle = num(Json::get(cpu, "idle_ns"));
    const long long run = num(Json::get(res, "run"));
    // Idle (kernel view) + running (the core's) = the run, to within the
    // idle entry/exit paths the kernel counts as busy (< 1%).
    EXPECT_NEAR(static_cast<double>(idle + run), 1e9, 1e7) << "cpu" << c;
    yajl_val st = Json::get(cpu, "idle_state_residency_ns");
    long long in_states = 0;
    for (size_t k = 0; k < YAJL_GET_OBJECT(st)->len; ++k) in_states += num(YAJL_GET_OBJECT(st)->values[k]);
    EXPECT_LE(in_states, idle) << "cpu" << c;
    const char* deep[] = {"cluster-sleep-l", nullptr};
    EXPECT_GT(num(yajl_tree_get(Json::get(cpu, "idle_state_usage"), deep, yajl_t_number)), 2)
        << "cpu" << c << " never entered cluster-sleep";
  }
}

namespace {

// The named task of stats.json tasks[].
yajl_val task_named(const Json& j, const std::string& name) {
  yajl_val tasks = Json::get(j.root(), "tasks");
  for (size_t i = 0; i < YAJL_GET_ARRAY(tasks)->len; ++i) {
    yajl_val t = YAJL_GET_ARRAY(tasks)->values[i];
    if (YAJL_GET_STRING(Json::get(t, "name")) == name) return t;
  }
  return nullptr;
}

long long timer_latency_max(const Json& j, const std::string& task) {
  yajl_val t = task_named(j, task);
  if (!t) return -1;
  const char* path[] = {"timer_latency_ns", "max", nullptr};
  yajl_val v = yajl_tree_get(t, path, yajl_t_number);
  return v ? YAJL_GET_INTEGER(v) : -1;
}

}  // namespace

// A mostly idle workload (workloads/mostly-idle.json: one task per CPU
// running 200 us every 50 ms, all in step): every CPU's idle time plus its
// core's running time is the run; both clusters power off between the
// periods and on again at the next expiry; and a task's wake-up (timer
// expiry -> task running, rt-app's wu_lat) from a cluster that was off
// lands near, and within, the DT's exit latency of cluster-sleep-big
// (700 us): the A15 cluster's 650 us power-up in configs/tc2.dts plus the
// SP804 broadcast, firmware, MCPM's first man and cpu_resume.
TEST(CpuidleBoot, MostlyIdleWorkloadWakesNearTheDtExitLatency) {
  const std::string d = scratch("cpuidle-mostly-idle");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --workload " + std::string(BLSIM_SOURCE_DIR) +
                          "/workloads/mostly-idle.json --out " + d, d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  ASSERT_TRUE(j.ok());
  const double run_ns = num(Json::get(Json::get(j.root(), "sim"), "simulated_ns"));
  // global.duration (1 s) from the workload's start at the end of boot.
  yajl_val boot = Json::get(j.root(), "boot");
  double start = 0;
  for (size_t i = 0; i < YAJL_GET_ARRAY(boot)->len; ++i)
    if (std::string(YAJL_GET_STRING(Json::get(YAJL_GET_ARRAY(boot)->values[i], "event"))) == "workload")
      start = num(Json::get(YAJL_GET_ARRAY(boot)->values[i], "ns"));
  EXPECT_GT(start, 0.0);
  EXPECT_EQ(run_ns, start + 1e9);
  yajl_val cpus = Json::get(j.root(), "cpus"), cores = Json::get(j.root(), "cores");
  for (size_t c = 0; c < 5; ++c) {
    const long long idle = num(Json::get(YAJL_GET_ARRAY(cpus)->values[c], "idle_ns"));
    const long long run = num(Json::get(Json::get(YAJL_GET_ARRAY(cores)->values[c], "state_residency_ns"), "run"));
    EXPECT_NEAR(static_cast<double>(idle + run), run_ns, run_ns * 0.01) << "cpu" << c;
  }
  for (size_t k = 0; k < 2; ++k) {
    yajl_val cl = YAJL_GET_ARRAY(Json::get(j.root(), "clusters"))->values[k];
    EXPECT_GE(num(Json::get(cl, "power_downs")), 10) << "cluster " << k;
    EXPECT_GE(num(Json::get(cl, "power_ups")), 10) << "cluster " << k;
  }
  for (const char* t : {"big0", "big1"}) {
    const long long lat = timer_latency_max(j, t);
    EXPECT_GT(lat, 600000) << t << ": the A15 cluster's power-up is in the wake-up";
    EXPECT_LE(lat, 700000) << t << ": within cluster-sleep-big's exit-latency-us";
    EXPECT_GE(num(Json::get(task_named(j, t), "activations")), 19);
  }
  std::printf("[ mostly idle ] A15 wake-up from cluster-off: %.1f us (DT budget 700 us)\n",
              timer_latency_max(j, "big0") / 1e3);
}

// The same for the A7s with CPU0 kept busy (the A15 cluster stays on, so
// the SP804's interrupt, routed to CPU0, is taken at once): the A7
// cluster's 450 us power-up and the wake-up path land within
// cluster-sleep-little's 500 us. With both clusters off an A7's wake-up
// pays both power-ups (the broadcast IRQ goes to CPU0 first), as on TC2.
TEST(CpuidleBoot, MostlyIdleA7sWakeWithinTheLittleExitLatency) {
  const std::string d = scratch("cpuidle-mostly-idle-a7");
  std::string w = slurp(std::string(BLSIM_SOURCE_DIR) + "/workloads/mostly-idle.json");
  w = edit(w, "\"tasks\": {", "\"tasks\": { \"hog\": {\"cpus\": [0], \"loop\": -1, \"runtime\": 100000},");
  {
    std::ofstream f(d + "/w.json");
    f << w;
  }
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --workload " + d + "/w.json --out " + d + "/out", d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/out/stats.json"));
  ASSERT_TRUE(j.ok());
  yajl_val a15 = YAJL_GET_ARRAY(Json::get(j.root(), "clusters"))->values[0];
  yajl_val a7 = YAJL_GET_ARRAY(Json::get(j.root(), "clusters"))->values[1];
  EXPECT_EQ(num(Json::get(a15, "power_downs")), 0);
  EXPECT_GE(num(Json::get(a7, "power_downs")), 10);
  for (const char* t : {"little0", "little1", "little2"}) {
    const long long lat = timer_latency_max(j, t);
    EXPECT_GT(lat, 450000) << t << ": the A7 cluster's power-up is in the wake-up";
    EXPECT_LE(lat, 500000) << t << ": within cluster-sleep-little's exit-latency-us";
  }
  std::printf("[ mostly idle ] A7 wake-up from cluster-off: %.1f us (DT budget 500 us)\n",
              timer_latency_max(j, "little0") / 1e3);
}
