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
