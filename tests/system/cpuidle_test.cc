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
  EXPECT_EQ(r.out.find("driver/name"), std::string::npos) << "cpuidle.off=1 registers nothing";
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
