// SPDX-License-Identifier: GPL-2.0-only
// cpufreq_test.cc - the TC2 cpufreq driver and governors in whole runs.
#include <gtest/gtest.h>

#include "run_helpers.h"

using namespace blsim_test;

namespace {

yajl_val at(yajl_val arr, size_t i) { return YAJL_GET_ARRAY(arr)->values[i]; }
size_t len(yajl_val arr) { return arr && YAJL_IS_ARRAY(arr) ? YAJL_GET_ARRAY(arr)->len : 0; }

long long sum_obj(yajl_val obj) {
  long long s = 0;
  for (size_t i = 0; i < YAJL_GET_OBJECT(obj)->len; ++i) s += num(YAJL_GET_OBJECT(obj)->values[i]);
  return s;
}

}  // namespace

// ondemand on TC2, load busy -> idle -> busy on CPU1 (A15 policy): the
// frequency rises to the top within two sampling periods (10 ms each) of
// the load, falls when idle, and time_in_state sums to the run per policy.
TEST(CpufreqRun, OndemandFollowsBusyIdleBusy) {
  const std::string d = scratch("cpufreq-od");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --duration 1s --cpufreq-governor ondemand"
                          " --event 100ms:busy:1:300 --event 600ms:busy:1:200 --out " + d, d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  ASSERT_TRUE(j.ok());
  yajl_val pols = Json::get(j.root(), "cpufreq");
  ASSERT_EQ(len(pols), 2u);
  // As Linux's, from the policy's creation at boot (under 2 ms) to the end.
  for (size_t i = 0; i < 2; ++i) {
    const long long start = num(Json::get(at(pols, i), "start_ns"));
    EXPECT_GT(start, 0);
    EXPECT_LT(start, 2000000);
    EXPECT_EQ(sum_obj(Json::get(at(pols, i), "time_in_state_ns")), 1000000000 - start) << "policy " << i;
  }
  yajl_val a15 = at(pols, 0);
  EXPECT_EQ(num(Json::get(a15, "policy_cpu")), 0);
  // Two busy spells: up twice, down twice at least (idle in between and
  // after), each transition within the driver's 1 ms.
  EXPECT_GE(num(Json::get(a15, "total_trans")), 4);
  yajl_val lat = Json::get(a15, "transition_latency_ns");
  EXPECT_GT(num(Json::get(lat, "min")), 0);
  EXPECT_LT(num(Json::get(lat, "max")), 1000000);
  yajl_val tis = Json::get(a15, "time_in_state_ns");
  const char* top[] = {"1200000", nullptr};
  yajl_val top_ns = yajl_tree_get(tis, top, yajl_t_number);
  // 500 ms busy in all: at the top for at least that less two periods per
  // spell, and not much more (it drops within a few periods of idle).
  EXPECT_GT(num(top_ns), 500000000 - 2 * 20000000);
  EXPECT_LT(num(top_ns), 500000000 + 2 * 50000000);
  // The cluster's clock (the hardware's view) agrees with the policy.
  yajl_val cl = Json::get(at(Json::get(j.root(), "clusters"), 0), "opp_residency_ns");
  yajl_val hw_top = yajl_tree_get(cl, top, yajl_t_number);
  EXPECT_NEAR(static_cast<double>(num(hw_top)), static_cast<double>(num(top_ns)), 2e6);
}

// Under IKS with ondemand, an idle CPU's request falls below the A15 range of
// the merged table: it moves to its A7, with cpufreq as the recorded cause;
// load moves it back.
TEST(CpufreqRun, IksSwitchesFollowTheGovernor) {
  const std::string d = scratch("cpufreq-iks");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --duration 400ms --switcher iks "
                          "--cpufreq-governor ondemand --event 200ms:busy:1:100 --out " + d, d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  yajl_val sws = Json::get(j.root(), "switches");
  ASSERT_GE(len(sws), 3u);
  bool down = false, up = false;
  for (size_t i = 0; i < len(sws); ++i) {
    yajl_val s = at(sws, i);
    EXPECT_STREQ(YAJL_GET_STRING(Json::get(s, "cause")), "cpufreq");
    if (num(Json::get(s, "cpu")) != 1) continue;
    if (num(Json::get(s, "to_cluster")) == 1) down = true;
    if (down && num(Json::get(s, "to_cluster")) == 0 && num(Json::get(s, "requested_ns")) > 200000000)
      up = true;
  }
  EXPECT_TRUE(down) << "CPU1 never went to its A7 while idle";
  EXPECT_TRUE(up) << "CPU1 never came back to its A15 under load";
  // One policy per logical CPU, on the merged (virtual) table.
  yajl_val pols = Json::get(j.root(), "cpufreq");
  ASSERT_EQ(len(pols), 2u);
  EXPECT_EQ(len(Json::get(at(pols, 0), "related_cpus")), 1u);
}

TEST(CpufreqRun, BadGovernorOrTunable) {
  const std::string d = scratch("cpufreq-bad");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --cpufreq-governor turbo", d);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("--cpufreq-governor: unknown governor 'turbo'"), std::string::npos) << r.err;
  r = run_blsim("--dtb " + tc2_dtb() + " --cpufreq-governor ondemand --set ondemand.up_treshold=80", d);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("--set ondemand.up_treshold=80: refused"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("up_treshold"), std::string::npos);
  r = run_blsim("--dtb " + tc2_dtb() + " --set nonsense", d);
  EXPECT_EQ(r.exit_code, 1);
  r = run_blsim("--dtb " + tc2_dtb() + " --duration 50ms --cpufreq-governor ondemand "
                "--set ondemand.up_threshold=80 --set ondemand.sampling_rate=20000", d);
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

// rt-app's util_min (uclamp): schedutil runs the CPU of a light task
// (1 ms every 10 ms on an A7: ~10% at the lowest OPP) at the frequency its
// clamp asks for. Without the clamp the A7 cluster sits at 350 MHz; with
// util_min 1024, at 1 GHz. cpuidle is off: the model's schedutil samples on
// a timer (every 10 ms, the task's period, fidelity-cpufreq.md), not at each
// enqueue as upstream; with cluster-sleep each activation starts a wake-up
// (465 us) later, samples then fall while the CPU is idle and no runnable
// task's clamp is in force, and the share at the top drops to ~43%: an
// artefact of the timer sampling, not of uclamp.
TEST(CpufreqBoot, UclampMinHoldsSchedutilAtTheTop) {
  const std::string d = scratch("cpufreq-uclamp");
  auto top_share = [&](const std::string& clamp) {
    {
      std::ofstream f(d + "/w.json");
      f << "{\"tasks\":{\"t\":{\"cpus\":[2],\"loop\":-1,\"run\":1000,"
           "\"timer\":{\"ref\":\"unique\",\"period\":10000}" << clamp << "}}}";
    }
    RunResult r = run_blsim("--dtb " + tc2_dtb() + " --workload " + d + "/w.json --cpufreq-governor schedutil"
                            " --cpuidle-governor none --duration 1s --out " + d + "/out", d);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    Json j(slurp(d + "/out/stats.json"));
    yajl_val res = Json::get(YAJL_GET_ARRAY(Json::get(j.root(), "clusters"))->values[1], "opp_residency_ns");
    double top = 0, all = 0;
    for (size_t k = 0; k < YAJL_GET_OBJECT(res)->len; ++k) {
      all += num(YAJL_GET_OBJECT(res)->values[k]);
      if (std::string(YAJL_GET_OBJECT(res)->keys[k]) == "1000000") top += num(YAJL_GET_OBJECT(res)->values[k]);
    }
    return all > 0 ? top / all : -1.0;
  };
  EXPECT_LT(top_share(""), 0.05);
  EXPECT_GT(top_share(", \"util_min\": 1024"), 0.95);
}
