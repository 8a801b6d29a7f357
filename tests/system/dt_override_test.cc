// SPDX-License-Identifier: GPL-2.0-only
// dt_override_test.cc - what-if overrides of DT properties (--dt).
#include <gtest/gtest.h>

#include "run_helpers.h"

using namespace blsim_test;

namespace {

long long first_switch_total(const std::string& dir) {
  Json j(slurp(dir + "/stats.json"));
  yajl_val sws = Json::get(j.root(), "switches");
  if (!sws || !YAJL_IS_ARRAY(sws) || YAJL_GET_ARRAY(sws)->len == 0) return -1;
  return num(Json::get(YAJL_GET_ARRAY(sws)->values[0], "total_ns"));
}

}  // namespace

// A shorter A7 cluster power-up shortens an A15 -> A7 switch to a cluster
// that is off by the difference, and stats.json records the override.
TEST(DtOverride, ClusterPowerUpLatencyChangesTheSwitch) {
  const std::string d = scratch("dt-override");
  const std::string base = "--dtb " + tc2_dtb() + " --switcher iks --duration 120ms --event 100ms:switch:0:1";
  RunResult a = run_blsim(base + " --out " + d + "/a", d);
  ASSERT_EQ(a.exit_code, 0) << a.err;
  RunResult b = run_blsim(base + " --dt /cpus/cpu-map/cluster1:blsim,power-up-latency-ns=200000 --out " + d + "/b", d);
  ASSERT_EQ(b.exit_code, 0) << b.err;
  const long long ta = first_switch_total(d + "/a"), tb = first_switch_total(d + "/b");
  ASSERT_GT(ta, 0);
  ASSERT_GT(tb, 0);
  EXPECT_NEAR(static_cast<double>(ta - tb), 250000.0, 5000.0) << ta << " vs " << tb;
  EXPECT_NE(slurp(d + "/b/stats.json").find("blsim,power-up-latency-ns = 200000 (command-line override; was <450000>)"),
            std::string::npos);
  EXPECT_NE(b.err.find("command-line override"), std::string::npos) << b.err;
}

// An override goes through the same checks as the file: an OPP-table-level
// nonsense is rejected with the node and property named.
TEST(DtOverride, OverriddenValuesAreCheckedLikeTheFile) {
  const std::string d = scratch("dt-override-check");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --dt /cpus/cpu@0:blsim,ipc-milli=0,0,0,0 --out " +
                              d + "/out", d);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("an IPC of zero can never finish work"), std::string::npos) << r.err;
  EXPECT_FALSE(exists(d + "/out/stats.json"));
}

TEST(DtOverride, BadOverridesAreRefused) {
  const std::string d = scratch("dt-override-bad");
  RunResult no_node = run_blsim("--dtb " + tc2_dtb() + " --dt /nope:x=1", d);
  EXPECT_EQ(no_node.exit_code, 2);
  EXPECT_NE(no_node.err.find("--dt /nope:x=1: no node /nope in the device tree"), std::string::npos) << no_node.err;
  RunResult bad_value = run_blsim("--dtb " + tc2_dtb() + " --dt /cpus:x=-1", d);
  EXPECT_EQ(bad_value.exit_code, 2);
  EXPECT_NE(bad_value.err.find("/cpus: property 'x': --dt value '-1' is neither 32-bit cells"), std::string::npos)
      << bad_value.err;
  RunResult syntax = run_blsim("--dtb " + tc2_dtb() + " --dt foo", d);
  EXPECT_EQ(syntax.exit_code, 1);
  EXPECT_NE(syntax.err.find("--dt takes NODE:PROPERTY=VALUE"), std::string::npos) << syntax.err;
}

// An operating-points-v2 OPP with clock-latency-ns = 0 (cpufreq-dt would
// have no transition latency for the governors) is an input error naming
// the OPP node, here made by an override of the Exynos DT.
TEST(DtOverride, ZeroClockLatencyIsAnInputError) {
  const std::string d = scratch("dt-override-latency");
  RunResult r = run_blsim("--dtb " + exynos_dtb() + " --dt /opp-table-0/opp-200000000:clock-latency-ns=0"
                          " --duration 10ms --out " + d + "/out", d);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("/opp-table-0/opp-200000000: property 'clock-latency-ns': a clock latency of 0"),
            std::string::npos) << r.err;
  EXPECT_FALSE(exists(d + "/out/stats.json"));
}

// libfdt finds "/timer" as the first node whose name starts "timer" (on TC2
// /timer@1c110000, the SP804): --dt takes the node named exactly first.
TEST(DtOverride, ExactNodeNameWinsOverAUnitAddressMatch) {
  const std::string d = scratch("dt-override-exact");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --dt /timer:blsim,access-latency-ns=2 --duration 1ms", d);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("/timer: blsim,access-latency-ns = 2 (command-line override; was <1>)"),
            std::string::npos) << r.err;
  RunResult sp = run_blsim("--dtb " + tc2_dtb() + " --dt /timer@1c110000:blsim,access-latency-ns=150 --duration 1ms", d);
  EXPECT_EQ(sp.exit_code, 0) << sp.err;
  EXPECT_NE(sp.err.find("was <200>"), std::string::npos) << sp.err;
}

// A string stored into a property read as cells would read as the cells of
// its bytes ("abc" as 0x61626300): refused for the blsim,* properties.
TEST(DtOverride, StringOntoACellsPropertyIsRefused) {
  const std::string d = scratch("dt-override-string");
  RunResult r = run_blsim("--dtb " + tc2_dtb() +
                              " --dt '/cpus/cpu-map/cluster1:blsim,power-up-latency-ns=\"abc\"' --out " + d + "/out", d);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("/cpus/cpu-map/cluster1: property 'blsim,power-up-latency-ns': is 32-bit "
                       "cells (ns), not a string"), std::string::npos) << r.err;
  EXPECT_FALSE(exists(d + "/out/stats.json"));
}

// A blsim,* property nothing reads changes nothing: a typo, refused.
TEST(DtOverride, UnknownBlsimPropertyIsRefused) {
  const std::string d = scratch("dt-override-unknown");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --dt /cpus/cpu-map/cluster1:blsim,typo=5 --out " + d + "/out", d);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("/cpus/cpu-map/cluster1: property 'blsim,typo': blsim reads no property of "
                       "that name"), std::string::npos) << r.err;
  EXPECT_FALSE(exists(d + "/out/stats.json"));
}

// Each blsim,* property has a range: a bus latency of 4.3 s (the kernel
// would never boot, exit 0) is refused with the range named.
TEST(DtOverride, ValueOutsideThePropertysRangeIsRefused) {
  const std::string d = scratch("dt-override-range");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --dt /:blsim,bus-latency-ns=0xffffffff --out " + d + "/out", d);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find(": /: property 'blsim,bus-latency-ns': 4294967295 is outside 0..10000 ns"),
            std::string::npos) << r.err;
  EXPECT_FALSE(exists(d + "/out/stats.json"));
}

// A flag is set by --dt NODE:PROP alone; given a value (blsim,no-coherency=0
// read as "present", so on) it is refused, in a --dt and in the DT itself.
TEST(DtOverride, AFlagIsSetWithoutAValueAndRefusesOne) {
  const std::string d = scratch("dt-override-flag");
  const std::string base = "--dtb " + tc2_dtb() + " --switcher cluster --event 100ms:switch:0:1 --duration 200ms";
  RunResult on = run_blsim(base + " --dt /cci@2c090000:blsim,no-coherency --out " + d + "/on", d);
  ASSERT_EQ(on.exit_code, 0) << on.err;
  EXPECT_NE(slurp(d + "/on/stats.json").find("outbound_flush_to_memory"), std::string::npos);
  RunResult zero = run_blsim(base + " --dt /cci@2c090000:blsim,no-coherency=0 --out " + d + "/zero", d);
  EXPECT_EQ(zero.exit_code, 2) << zero.err;
  EXPECT_NE(zero.err.find("property 'blsim,no-coherency': is a flag: give it as --dt "
                          "/cci@2c090000:blsim,no-coherency, without a value"), std::string::npos)
      << zero.err;
  EXPECT_FALSE(exists(d + "/zero/stats.json"));
  std::string dts = tc2_dts();
  const size_t cci = dts.find("cci@2c090000 {");
  ASSERT_NE(cci, std::string::npos);
  dts.insert(dts.find('{', cci) + 1, "\n\t\tblsim,no-coherency = <0>;");
  const std::string dtb = compile_dts(dts, d, "flag-valued");
  ASSERT_FALSE(dtb.empty());
  RunResult dt = run_blsim("--dtb " + dtb + " --duration 20ms", d);
  EXPECT_EQ(dt.exit_code, 2) << dt.err;
  EXPECT_NE(dt.err.find("'blsim,no-coherency': a flag takes no value"), std::string::npos) << dt.err;
  RunResult needs = run_blsim("--dtb " + tc2_dtb() + " --dt /cpus/cpu-map/cluster1:blsim,power-up-latency-ns", d);
  EXPECT_EQ(needs.exit_code, 2) << needs.err;
  EXPECT_NE(needs.err.find("needs a value (NODE:PROPERTY=VALUE)"), std::string::npos) << needs.err;
}
