// SPDX-License-Identifier: GPL-2.0-only
// exynos_test.cc - the Exynos 5422 (ODROID-XU3) DT: no TC2 SPC; OPPs from
// operating-points-v2, DVFS through the CMU's PLLs and the S2MPS11's bucks.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "run_helpers.h"

using namespace blsim_test;

namespace blsim_test {
// outputs_test.cc: the command that checks a stats.json against
// docs/stats.schema.json, published and strict.
std::string stats_schema_check(const std::string& stats);
}  // namespace blsim_test

namespace {

yajl_val at(yajl_val arr, size_t i) { return YAJL_GET_ARRAY(arr)->values[i]; }
size_t len(yajl_val arr) { return arr && YAJL_IS_ARRAY(arr) ? YAJL_GET_ARRAY(arr)->len : 0; }
long long field(yajl_val obj, const char* k) { return num(Json::get(obj, k)); }
long long khz_ns(yajl_val residency, unsigned khz) {
  const std::string k = std::to_string(khz);
  const char* path[] = {k.c_str(), nullptr};
  return num(yajl_tree_get(residency, path, yajl_t_number));
}

// REFERENCE.md (exynos5800.dtsi): <kHz, uV>, slowest first.
std::vector<std::pair<unsigned, unsigned>> a15_opps() {
  std::vector<std::pair<unsigned, unsigned>> t;
  for (unsigned m = 200; m <= 800; m += 100) t.push_back({m * 1000, 900000});
  for (unsigned m = 900; m <= 1200; m += 100) t.push_back({m * 1000, 1000000});
  for (unsigned m = 1300; m <= 1500; m += 100) t.push_back({m * 1000, 1100000});
  t.insert(t.end(), {{1600000, 1250000}, {1700000, 1250000}, {1800000, 1237500},
                     {1900000, 1262500}, {2000000, 1312500}});
  return t;
}
std::vector<std::pair<unsigned, unsigned>> a7_opps() {
  std::vector<std::pair<unsigned, unsigned>> t = {{200000, 900000}, {300000, 900000}};
  for (unsigned m = 400; m <= 700; m += 100) t.push_back({m * 1000, 1000000});
  for (unsigned m = 800; m <= 1000; m += 100) t.push_back({m * 1000, 1100000});
  for (unsigned m = 1100; m <= 1300; m += 100) t.push_back({m * 1000, 1250000});
  t.push_back({1400000, 1275000});
  return t;
}

// The cluster object of stats.json with this id.
yajl_val cluster(const Json& j, long long id) {
  yajl_val cls = Json::get(j.root(), "clusters");
  for (size_t i = 0; i < len(cls); ++i)
    if (field(at(cls, i), "id") == id) return at(cls, i);
  return nullptr;
}

// The cpufreq policy whose related CPUs include logical CPU cpu.
yajl_val policy_of(const Json& j, long long cpu) {
  yajl_val pols = Json::get(j.root(), "cpufreq");
  for (size_t i = 0; i < len(pols); ++i) {
    yajl_val rel = Json::get(at(pols, i), "related_cpus");
    for (size_t k = 0; k < len(rel); ++k)
      if (num(at(rel, k)) == cpu) return at(pols, i);
  }
  return nullptr;
}

RunResult run_exynos(const std::string& name, const std::string& args) {
  const std::string d = scratch(name);
  return run_blsim("--dtb " + exynos_dtb() + " " + args + " --out " + d, d);
}

}  // namespace

// configs/exynos5422.dts loads as it is and runs 100 ms: every simulator
// property is set (no default taken, only the kernel's warnings), 4 A7s then 4 A15s with the ODROID's
// MPIDRs, and the A7 cpu0 is the boot CPU.
TEST(Exynos, LoadsAndRuns100ms) {
  const std::string d = scratch("exynos-boot");
  RunResult r = run_blsim("--dtb " + exynos_dtb() + " --duration 100ms --out " + d, d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  ASSERT_TRUE(j.ok()) << j.error();
  // No DT default taken. The kernel's own warnings are the approximations
  // this board runs with: no broadcast timer (the MCT is not modelled), so
  // cpuidle's built-in tables are WFI-only in effect.
  yajl_val warnings = Json::get(j.root(), "warnings");
  ASSERT_EQ(len(warnings), 3u) << r.err;
  for (size_t i = 0; i < len(warnings); ++i)
    EXPECT_EQ(std::string(YAJL_GET_STRING(YAJL_GET_ARRAY(warnings)->values[i])).rfind("kernel: ", 0), 0u)
        << YAJL_GET_STRING(YAJL_GET_ARRAY(warnings)->values[i]);
  EXPECT_NE(r.err.find("no arm,sp804 timer: no tick broadcast"), std::string::npos) << r.err;
  EXPECT_EQ(field(Json::get(j.root(), "sim"), "simulated_ns"), 100000000);
  yajl_val cores = Json::get(j.root(), "cores");
  ASSERT_EQ(len(cores), 8u);
  const long long mpidr[] = {0x100, 0x101, 0x102, 0x103, 0x0, 0x1, 0x2, 0x3};
  for (size_t i = 0; i < 8; ++i) {
    EXPECT_EQ(field(at(cores, i), "mpidr"), mpidr[i]) << "core " << i;
    EXPECT_STREQ(YAJL_GET_STRING(Json::get(at(cores, i), "type")), i < 4 ? "cortex-a7" : "cortex-a15");
  }
  const std::string log = slurp(d + "/console.log");
  EXPECT_NE(log.find("on physical CPU 0x100"), std::string::npos) << log;
  EXPECT_NE(log.find("Registered platform driver: dt-bl"), std::string::npos) << log;
  EXPECT_EQ(log.find("TC2"), std::string::npos) << "no TC2 driver may run on the Exynos:\n" << log;
}

// clusters[] carry each cluster's operating-points-v2 table: 19 A15 OPPs
// (200-2000 MHz) and 13 A7 OPPs (200-1400 MHz) with REFERENCE.md's voltages;
// the A7 policy's time_in_state has exactly the A7 frequencies.
TEST(Exynos, OppTablesPerClusterAreTheReferenceOnes) {
  const std::string d = scratch("exynos-opps");
  RunResult r = run_blsim("--dtb " + exynos_dtb() + " --duration 10ms --out " + d, d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  const std::pair<long long, std::vector<std::pair<unsigned, unsigned>>> want[] = {
      {0, a15_opps()}, {1, a7_opps()}};
  for (auto& [id, table] : want) {
    yajl_val cl = cluster(j, id);
    ASSERT_NE(cl, nullptr) << "cluster " << id;
    yajl_val opps = Json::get(cl, "opps");
    ASSERT_EQ(len(opps), table.size()) << "cluster " << id;
    for (size_t i = 0; i < table.size(); ++i) {
      EXPECT_EQ(field(at(opps, i), "khz"), table[i].first) << "cluster " << id << " OPP " << i;
      EXPECT_EQ(field(at(opps, i), "uv"), table[i].second) << "cluster " << id << " OPP " << i;
    }
  }
  EXPECT_STREQ(YAJL_GET_STRING(Json::get(cluster(j, 0), "rail")), "vdd_arm");
  EXPECT_STREQ(YAJL_GET_STRING(Json::get(cluster(j, 1), "rail")), "vdd_kfc");
  yajl_val a7 = policy_of(j, 0);
  ASSERT_NE(a7, nullptr);
  yajl_val tis = Json::get(a7, "time_in_state_ns");
  ASSERT_TRUE(YAJL_IS_OBJECT(tis));
  ASSERT_EQ(YAJL_GET_OBJECT(tis)->len, 13u);
  for (auto& o : a7_opps()) EXPECT_GE(khz_ns(tis, o.first), 0) << o.first << " kHz";
}

// performance: the A7 cluster leaves its boot OPP (1 GHz at 1.1 V) for the
// top one (1.4 GHz at 1.275 V) once, at boot; the rail ends at the OPP's
// voltage; the change takes the PMIC's I2C writes, the ramp and the relock,
// which fit the DT's 140 us clock latency.
TEST(Exynos, PerformanceLandsOnTheTopA7Opp) {
  const std::string d = scratch("exynos-perf");
  RunResult r = run_blsim("--dtb " + exynos_dtb() + " --duration 100ms --cpufreq-governor performance "
                          "--out " + d, d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  yajl_val a7 = cluster(j, 1);
  EXPECT_EQ(field(a7, "voltage_uv"), 1275000);
  yajl_val res = Json::get(a7, "opp_residency_ns");
  EXPECT_GT(khz_ns(res, 1400000), 99000000);
  EXPECT_LT(khz_ns(res, 1000000), 1000000);
  yajl_val pol = policy_of(j, 0);
  ASSERT_NE(pol, nullptr);
  EXPECT_EQ(field(pol, "cur_khz"), 1400000);
  EXPECT_EQ(field(pol, "total_trans"), 1);
  yajl_val lat = Json::get(pol, "transition_latency_ns");
  EXPECT_GT(field(lat, "min"), 50000);   // at least the PLL relock
  EXPECT_LT(field(lat, "max"), 140000);  // within the declared clock-latency
}

// powersave: down to 200 MHz at 0.9 V; frequency first, then voltage (the
// DVFS guard would stop the run otherwise).
TEST(Exynos, PowersaveLandsOnTheLowestA7Opp) {
  const std::string d = scratch("exynos-save");
  RunResult r = run_blsim("--dtb " + exynos_dtb() + " --duration 50ms --cpufreq-governor powersave "
                          "--out " + d, d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  yajl_val a7 = cluster(j, 1);
  EXPECT_EQ(field(a7, "voltage_uv"), 900000);
  EXPECT_GT(khz_ns(Json::get(a7, "opp_residency_ns"), 200000), 49000000);
  EXPECT_EQ(field(policy_of(j, 0), "cur_khz"), 200000);
}

// All eight cores come up through mcpm-exynos.c and the PMU: the A15
// cluster, off at reset, is powered once for its first core; each core runs.
TEST(Exynos, AllEightCpusBootThroughThePmu) {
  const std::string d = scratch("exynos-smp");
  RunResult r = run_blsim("--dtb " + exynos_dtb() + " --duration 20ms --out " + d, d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string log = slurp(d + "/console.log");
  EXPECT_NE(log.find("Exynos MCPM support installed"), std::string::npos) << log;
  EXPECT_NE(log.find("SMP: Total of 8 processors activated."), std::string::npos) << log;
  Json j(slurp(d + "/stats.json"));
  yajl_val cores = Json::get(j.root(), "cores");
  ASSERT_EQ(len(cores), 8u);
  for (size_t i = 0; i < 8; ++i)
    EXPECT_GT(field(Json::get(at(cores, i), "state_residency_ns"), "run"), 0) << "core " << i;
  EXPECT_EQ(field(cluster(j, 0), "power_ups"), 1);
  EXPECT_EQ(field(cluster(j, 1), "power_ups"), 0);  // on from reset: the boot cluster
  EXPECT_EQ(len(Json::get(j.root(), "cpufreq")), 2u);
}

// The A15 policy (CPUs 4-7) under performance: 1.8 GHz at boot, 2 GHz at
// 1.3125 V after one transition, within the declared 140 us.
TEST(Exynos, PerformanceLandsOnTheTopA15Opp) {
  const std::string d = scratch("exynos-perf-a15");
  RunResult r = run_blsim("--dtb " + exynos_dtb() + " --duration 50ms --out " + d, d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  yajl_val pol = policy_of(j, 4);
  ASSERT_NE(pol, nullptr);
  yajl_val rel = Json::get(pol, "related_cpus");
  ASSERT_EQ(len(rel), 4u);
  for (size_t k = 0; k < 4; ++k) EXPECT_EQ(num(at(rel, k)), static_cast<long long>(4 + k));
  EXPECT_EQ(field(pol, "cur_khz"), 2000000);
  EXPECT_EQ(field(pol, "total_trans"), 1);
  EXPECT_LT(field(Json::get(pol, "transition_latency_ns"), "max"), 140000);
  yajl_val a15 = cluster(j, 0);
  EXPECT_EQ(field(a15, "voltage_uv"), 1312500);
  EXPECT_GT(khz_ns(Json::get(a15, "opp_residency_ns"), 2000000), 49000000);
}

// conservative climbs the A15 table 100 MHz at a time under load, through
// 1.7 -> 1.8 GHz, where the voltage goes down (1.25 -> 1.2375 V) while the
// frequency goes up: the voltage is set first and the DVFS check accepts it.
TEST(Exynos, ConservativeClimbsThroughTheNonMonotonicA15Opps) {
  const std::string d = scratch("exynos-cons");
  RunResult r = run_blsim("--dtb " + exynos_dtb() + " --duration 600ms --cpufreq-governor conservative "
                          "--event 50ms:busy:4:500 --out " + d, d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  yajl_val pol = policy_of(j, 4);
  ASSERT_NE(pol, nullptr);
  yajl_val tis = Json::get(pol, "time_in_state_ns");
  ASSERT_EQ(YAJL_GET_OBJECT(tis)->len, 19u);
  size_t i1700 = 99, i1800 = 99;
  for (size_t k = 0; k < 19; ++k) {
    if (std::string(YAJL_GET_OBJECT(tis)->keys[k]) == "1700000") i1700 = k;
    if (std::string(YAJL_GET_OBJECT(tis)->keys[k]) == "1800000") i1800 = k;
  }
  ASSERT_LT(i1700, 19u);
  ASSERT_LT(i1800, 19u);
  yajl_val tt = Json::get(pol, "trans_table");
  EXPECT_GE(num(at(at(tt, i1700), i1800)), 1) << "never went 1.7 -> 1.8 GHz";
  EXPECT_GT(khz_ns(tis, 2000000), 0) << "never reached the top";
}

// Hotplug on the PMU: the four A15s go down one by one, the last takes the
// cluster down; one coming back powers it up again.
TEST(Exynos, HotplugTakesTheA15ClusterDownAndBack) {
  const std::string d = scratch("exynos-hotplug");
  RunResult r = run_blsim("--dtb " + exynos_dtb() + " --duration 300ms --event 50ms:cpu_down:5 "
                          "--event 60ms:cpu_down:4 --event 70ms:cpu_down:6 --event 80ms:cpu_down:7 "
                          "--event 150ms:cpu_up:7 --out " + d, d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  yajl_val evs = Json::get(j.root(), "events");
  ASSERT_EQ(len(evs), 5u);
  for (size_t i = 0; i < 5; ++i) EXPECT_EQ(field(at(evs, i), "result"), 0) << "event " << i;
  // Each down waits for the PMU status: one 1 ms poll (exynos_wait_for_powerdown).
  EXPECT_LT(field(at(evs, 0), "done_ns") - field(at(evs, 0), "posted_ns"), 2000000);
  yajl_val a15 = cluster(j, 0);
  EXPECT_EQ(field(a15, "power_downs"), 1);
  EXPECT_EQ(field(a15, "power_ups"), 2);
  EXPECT_STREQ(YAJL_GET_STRING(Json::get(a15, "power_state")), "on");
  yajl_val cores = Json::get(j.root(), "cores");
  for (size_t i = 4; i < 7; ++i)
    EXPECT_STREQ(YAJL_GET_STRING(Json::get(at(cores, i), "final_state")), "reset") << "core " << i;
  EXPECT_STRNE(YAJL_GET_STRING(Json::get(at(cores, 7), "final_state")), "reset");
}

// ---- bad operating-points-v2 tables --------------------------------------

namespace {

RunResult run_bad(const std::string& name, const std::string& dts) {
  const std::string d = scratch("exynos-bad-" + name);
  EXPECT_FALSE(dts.empty()) << "the edit did not apply: exynos5422.dts changed?";
  const std::string dtb = compile_dts(dts, d, name);
  EXPECT_FALSE(dtb.empty()) << "dtc rejected the variant";
  RunResult r = run_blsim("--dtb " + dtb + " --duration 1ms --out " + d + "/out", d);
  EXPECT_FALSE(exists(d + "/out/stats.json")) << "no output may be written on error";
  return r;
}

void expect_error(const RunResult& r, const std::string& message) {
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find(message), std::string::npos) << "expected: " << message << "\ngot: " << r.err;
}

const char kA7Opp300[] =
    "\t\topp-300000000 {\n\t\t\topp-hz = /bits/ 64 <300000000>;\n\t\t\topp-microvolt = <900000>;\n";

}  // namespace

TEST(ExynosBadOpps, Unsorted) {
  // 300 MHz becomes 250 MHz, after 200 and before 400: fine; 2500 MHz is not.
  std::string s = edit(exynos_dts(), kA7Opp300,
                       "\t\topp-300000000 {\n\t\t\topp-hz = /bits/ 64 <150000000>;\n"
                       "\t\t\topp-microvolt = <900000>;\n");
  expect_error(run_bad("unsorted", s),
               "/opp-table-1/opp-300000000: property 'opp-hz': OPPs must be in strictly increasing "
               "frequency order (150000 kHz after 200000 kHz)");
}

TEST(ExynosBadOpps, Duplicate) {
  std::string s = edit(exynos_dts(), kA7Opp300,
                       "\t\topp-300000000 {\n\t\t\topp-hz = /bits/ 64 <200000000>;\n"
                       "\t\t\topp-microvolt = <900000>;\n");
  expect_error(run_bad("duplicate", s),
               "/opp-table-1/opp-300000000: property 'opp-hz': duplicate OPP 200000 kHz (also "
               "/opp-table-1/opp-200000000)");
}

TEST(ExynosBadOpps, MissingOppHz) {
  std::string s = edit(exynos_dts(), kA7Opp300,
                       "\t\topp-300000000 {\n\t\t\topp-microvolt = <900000>;\n");
  expect_error(run_bad("nohz", s), "/opp-table-1/opp-300000000: property 'opp-hz': property is missing");
}

TEST(ExynosBadOpps, AboveTheRegulatorRange) {
  // vdd_kfc tops out at 1.5 V; an A7 OPP at 1.55 V cannot be reached.
  std::string s = edit(exynos_dts(), "opp-microvolt = <1275000>;", "opp-microvolt = <1550000>;");
  expect_error(run_bad("overvolt", s),
               "/opp-table-1/opp-1400000000: property 'opp-microvolt': OPP 1400000 kHz needs "
               "1550000 uV, outside rail vdd_kfc (800000-1500000 uV)");
}

TEST(ExynosBadOpps, NotAPmicStepOrPllRate) {
  std::string s = edit(exynos_dts(), "opp-microvolt = <1275000>;", "opp-microvolt = <1276000>;");
  expect_error(run_bad("offstep", s),
               "property 'opp-microvolt': 1276000 uV is not a step of the S2MPS11 buck");
  s = edit(exynos_dts(), kA7Opp300,
           "\t\topp-300000000 {\n\t\t\topp-hz = /bits/ 64 <300000001>;\n\t\t\topp-microvolt = <900000>;\n");
  expect_error(run_bad("offrate", s), "property 'opp-hz': 300000001 Hz is not a whole kHz");
}

TEST(ExynosBadOpps, PmuWithoutTheSysramEntryPage) {
  std::string s = edit(exynos_dts(), "\"samsung,exynos4210-sysram-ns\"", "\"samsung,exynos4210-sysram-s\"");
  expect_error(run_bad("nosysram", s),
               "/system-controller@10040000: no samsung,exynos4210-sysram-ns node: the secondary "
               "CPUs' entry point lives there");
}

TEST(ExynosBadOpps, NoClockOrRail) {
  std::string s = edit(exynos_dts(), "\t\t\tclocks = <&clock 14>;\t/* CLK_KFC_CLK */\n", "");
  expect_error(run_bad("noclk", s), "/cpus/cpu@100: property 'clocks': property is missing");
  s = edit(exynos_dts(), "\t\t\tclocks = <&clock 14>;", "\t\t\tclocks = <&clock 7>;");
  expect_error(run_bad("badclk", s),
               "/cpus/cpu@100: property 'clocks': clock 7 is not a CPU cluster clock");
  s = edit(exynos_dts(), "\t\t\tcpu-supply = <&buck6_reg>;\n", "");
  expect_error(run_bad("nosupply", s), "/cpus/cpu@100: property 'cpu-supply': property is missing");
}

// An Exynos run's stats.json (two policies, the new clusters[] fields)
// validates against docs/stats.schema.json, the strict pass too (every
// member described); a negative voltage does not.
TEST(Exynos, StatsJsonMatchesTheSchema) {
  const std::string d = scratch("exynos-schema");
  RunResult r = run_blsim("--dtb " + exynos_dtb() + " --duration 20ms --out " + d, d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = run_cmd(stats_schema_check(d + "/stats.json"), d);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  const std::string bad = edit(slurp(d + "/stats.json"), "\"voltage_uv\": ", "\"voltage_uv\": -");
  ASSERT_FALSE(bad.empty());
  std::ofstream(d + "/bad.json") << bad;
  r = run_cmd(stats_schema_check(d + "/bad.json"), d);
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("voltage_uv"), std::string::npos) << r.out;
}
