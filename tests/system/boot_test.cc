// SPDX-License-Identifier: GPL-2.0-only
// boot_test.cc - whole blsim runs on TC2: boot, outputs, determinism.
#include <gtest/gtest.h>

#include <set>

#include "run_helpers.h"

using namespace blsim_test;

namespace {

yajl_val core_field(yajl_val core, const char* k) { return Json::get(core, k); }

}  // namespace

// The issue's own command: all five cores boot, stats.json is valid JSON
// with per-core residencies that add up to the run. Every core idles in
// WFI from boot until cpuidle has learnt it is idle (about 30 ms), then in
// cluster-sleep (its core off) to the end of the 100 ms.
TEST(Boot, Tc2BootsAllFiveCoresIntoWfi) {
  const std::string d = scratch("boot");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --duration 100ms --out " + d + "/out", d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/out/stats.json"));
  ASSERT_TRUE(j.ok()) << j.error();
  EXPECT_STREQ(YAJL_GET_STRING(Json::get(j.root(), "schema")), "blsim-stats/2");
  yajl_val cores = Json::get(j.root(), "cores");
  ASSERT_TRUE(cores && YAJL_IS_ARRAY(cores));
  ASSERT_EQ(YAJL_GET_ARRAY(cores)->len, 5u);
  unsigned a15 = 0, a7 = 0;
  for (size_t i = 0; i < 5; ++i) {
    yajl_val c = YAJL_GET_ARRAY(cores)->values[i];
    const std::string type = YAJL_GET_STRING(core_field(c, "type"));
    (type == "cortex-a15" ? a15 : a7)++;
    yajl_val res = core_field(c, "state_residency_ns");
    long long sum = 0;
    for (const char* s : {"off", "reset", "run", "wfi", "wfe"}) sum += num(Json::get(res, s));
    EXPECT_EQ(sum, 100000000) << "core " << i << ": residencies must cover the run";
    EXPECT_GT(num(Json::get(res, "run")), 0) << "core " << i << " never ran";
    EXPECT_GT(num(Json::get(res, "wfi")), 20000000) << "core " << i << " should idle in WFI first";
    EXPECT_GT(num(Json::get(res, "wfi")) + num(Json::get(res, "off")), 90000000)
        << "core " << i << " should idle";
    EXPECT_GT(num(Json::get(res, "off")), 50000000) << "core " << i << " should reach cluster-sleep";
    EXPECT_STREQ(YAJL_GET_STRING(core_field(c, "final_state")), "off");
  }
  EXPECT_EQ(a15, 2u);
  EXPECT_EQ(a7, 3u);
  // Boot timeline: every core reached the idle loop, the secondaries after
  // coming online; the boot CPU's "kernel" mark comes first.
  yajl_val boot = Json::get(j.root(), "boot");
  std::set<long long> idle, online;
  for (size_t i = 0; i < YAJL_GET_ARRAY(boot)->len; ++i) {
    yajl_val m = YAJL_GET_ARRAY(boot)->values[i];
    const std::string ev = YAJL_GET_STRING(Json::get(m, "event"));
    if (ev == "idle") idle.insert(num(Json::get(m, "core")));
    if (ev == "online") online.insert(num(Json::get(m, "core")));
  }
  EXPECT_EQ(idle, (std::set<long long>{0, 1, 2, 3, 4}));
  EXPECT_EQ(online, (std::set<long long>{1, 2, 3, 4}));
  EXPECT_TRUE(exists(d + "/out/console.log"));
  EXPECT_NE(slurp(d + "/out/console.log").find("SMP: Total of 5 processors activated"),
            std::string::npos);
}

// Secondaries are held in reset until the SPC releases them: each spends a
// non-zero time in reset before running, the boot CPU none.
TEST(Boot, SecondariesStartInResetUntilPoweredUpThroughTheSpc) {
  const std::string d = scratch("reset");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --duration 1ms --out " + d, d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  ASSERT_TRUE(j.ok());
  yajl_val cores = Json::get(j.root(), "cores");
  for (size_t i = 0; i < 5; ++i) {
    yajl_val res = Json::get(YAJL_GET_ARRAY(cores)->values[i], "state_residency_ns");
    if (i == 0) EXPECT_EQ(num(Json::get(res, "reset")), 0);
    else EXPECT_GT(num(Json::get(res, "reset")), 0) << "core " << i;
  }
}

TEST(Boot, SameInputsGiveByteIdenticalStats) {
  const std::string d = scratch("determinism");
  const std::string args = "--dtb " + tc2_dtb() + " --duration 20ms --seed 7 --out ";
  ASSERT_EQ(run_blsim(args + d + "/a", d).exit_code, 0);
  ASSERT_EQ(run_blsim(args + d + "/b", d).exit_code, 0);
  const std::string a = slurp(d + "/a/stats.json"), b = slurp(d + "/b/stats.json");
  ASSERT_FALSE(a.empty());
  EXPECT_EQ(a, b);
  EXPECT_EQ(slurp(d + "/a/console.log"), slurp(d + "/b/console.log"));
}

// The upstream Linux TC2 device tree loads as it is; every simulator default
// taken is announced, and no announcement repeats.
TEST(Boot, UpstreamTc2DeviceTreeLoadsWithAnnouncedDefaults) {
  const std::string d = scratch("upstream");
  RunResult c = compile_upstream_tc2(d);
  ASSERT_EQ(c.exit_code, 0) << c.err;
  RunResult r = run_blsim("--dtb " + d + "/up.dtb --duration 20ms --out " + d + "/out", d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::set<std::string> lines;
  std::istringstream in(r.err);
  unsigned defaults = 0;
  for (std::string l; std::getline(in, l);) {
    if (l.find("using default") == std::string::npos) continue;
    ++defaults;
    EXPECT_TRUE(lines.insert(l).second) << "announced twice: " << l;
  }
  EXPECT_GT(defaults, 10u);
  EXPECT_NE(r.err.find("/scc@7fff0000: no 'blsim,a15-opps'"), std::string::npos);
  EXPECT_NE(r.err.find("/cpus/cpu@0: no 'cpu-supply'"), std::string::npos);
  Json j(slurp(d + "/out/stats.json"));
  ASSERT_TRUE(j.ok());
  // ... plus one each for the event mailbox and the SP804 broadcast timer
  // the simulator adds to the DT (upstream's SP804s sit under nested buses).
  EXPECT_NE(r.err.find("no blsim,event-mailbox node, adding one at 0x7ffe0000"), std::string::npos);
  EXPECT_NE(r.err.find("no arm,sp804 node at the DT root, adding one at 0x1c110000"), std::string::npos);
  EXPECT_EQ(YAJL_GET_ARRAY(Json::get(j.root(), "warnings"))->len, defaults + 2);
  EXPECT_EQ(YAJL_GET_ARRAY(Json::get(j.root(), "cores"))->len, 5u);
}

// tc2.dts itself needs no default: it states every simulator property.
TEST(Boot, Tc2DtsTakesNoDefaults) {
  const std::string d = scratch("nodefaults");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --duration 1ms", d);
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err.find("using default"), std::string::npos) << r.err;
}
