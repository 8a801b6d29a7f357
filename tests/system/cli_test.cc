// SPDX-License-Identifier: GPL-2.0-only
// cli_test.cc - the command line's values: times read exactly as decimal
// text, numbers without wrap-around, no empty paths, no silently repeated
// options, no events that could never run. A bad command line is exit 1,
// a message naming the option and the reason, and no output.
#include <gtest/gtest.h>

#include <regex>
#include <vector>

#include "run_helpers.h"

using namespace blsim_test;

namespace {

// Runs blsim with `args` (shell words) on TC2 writing into a fresh scratch
// folder's out/; expects exit 1, `message` on stderr and no output.
void expect_usage_error(const std::string& name, const std::string& args,
                        const std::string& message) {
  const std::string d = scratch("cli-" + name);
  const RunResult r = run_blsim(args + " --out " + d + "/out", d);
  EXPECT_EQ(r.exit_code, 1) << args << "\n" << r.err;
  EXPECT_NE(r.err.find(message), std::string::npos)
      << args << "\nexpected: " << message << "\ngot: " << r.err;
  EXPECT_FALSE(exists(d + "/out/stats.json")) << args << ": no output may be written on error";
}

// A successful run of `args` on TC2; returns its stats.json text ("" on failure).
std::string run_ok(const std::string& name, const std::string& args) {
  const std::string d = scratch("cli-" + name);
  const RunResult r = run_blsim("--dtb " + tc2_dtb() + " --quiet " + args + " --out " + d + "/out", d);
  EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
  return slurp(d + "/out/stats.json");
}

yajl_val member(yajl_val v, const char* a, const char* b) {
  const char* path[] = {a, b, nullptr};
  return yajl_tree_get(v, path, yajl_t_any);
}

const std::string kTc2 = "--dtb " + tc2_dtb();

}  // namespace

// --- times ------------------------------------------------------------------

// 33.3 * 1e6 is 33299999.999999996 in doubles: read as decimal text it is
// exactly 33300000 ns.
TEST(CliTime, DecimalDurationIsExact) {
  const Json j(run_ok("decimal-duration", "--duration 33.3ms"));
  ASSERT_TRUE(j.ok()) << j.error();
  EXPECT_EQ(num(member(j.root(), "config", "duration_ns")), 33300000);
  EXPECT_EQ(num(member(j.root(), "sim", "simulated_ns")), 33300000);
}

TEST(CliTime, DecimalEventTimeIsExactAndTheEventRuns) {
  const Json j(run_ok("decimal-event", "--duration 50ms --event 33.3ms:ipi:1"));
  ASSERT_TRUE(j.ok()) << j.error();
  yajl_val ev = Json::get(j.root(), "events");
  ASSERT_TRUE(ev && YAJL_IS_ARRAY(ev) && YAJL_GET_ARRAY(ev)->len == 1u);
  yajl_val e = YAJL_GET_ARRAY(ev)->values[0];
  EXPECT_EQ(num(Json::get(e, "at_ns")), 33300000);
  EXPECT_EQ(num(Json::get(e, "result")), 0);
  EXPECT_GE(num(Json::get(e, "done_ns")), 33300000);
}

// Only digits [. digits] unit: no leading '.', trailing '.', sign, hex or space.
TEST(CliTime, OnlyPlainDecimalTimesAreTaken) {
  expect_usage_error("dot-first", kTc2 + " --duration .5ms",
                     "--duration: '.5ms' is not a time: a '.' needs digits on both sides");
  expect_usage_error("dot-last", kTc2 + " --duration 5.ms",
                     "--duration: '5.ms' is not a time: a '.' needs digits on both sides");
  expect_usage_error("plus", kTc2 + " --duration +5ms", "--duration: '+5ms' is not a time");
  expect_usage_error("hex", kTc2 + " --duration 0x10ms", "--duration: '0x10ms' is not a time");
  expect_usage_error("space", kTc2 + " --duration ' 5ms'", "--duration: ' 5ms' is not a time");
  expect_usage_error("event-hex", kTc2 + " --event 0x10ms:ipi:1",
                     "--event: '0x10ms' is not a time");
}

TEST(CliTime, ATimeWithoutAUnitNamesTheMissingUnit) {
  expect_usage_error("no-unit", kTc2 + " --duration 100", "--duration: '100' has no unit (ns, us, ms, s)");
}

TEST(CliTime, AFractionOfANanosecondIsRefused) {
  expect_usage_error("half-ns", kTc2 + " --duration 1.5ns",
                     "--duration: '1.5ns' is not a whole number of nanoseconds");
  expect_usage_error("event-half-ns", kTc2 + " --event 1.0000000005s:ipi:1",
                     "--event: '1.0000000005s' is not a whole number of nanoseconds");
}

TEST(CliTime, ZeroIsRefused) {
  expect_usage_error("zero", kTc2 + " --duration 0.000s", "--duration: '0.000s' is not a positive time");
}

TEST(CliTime, AboveSystemCsTimeIsRefusedNamingTheLimit) {
  expect_usage_error("too-long", kTc2 + " --duration 20000000s",
                     "--duration: '20000000s' is longer than SystemC can simulate (its time is "
                     "64-bit picoseconds): at most 18446744073709551ns");
  expect_usage_error("one-ns-too-long", kTc2 + " --duration 18446744073709552ns",
                     "is longer than SystemC can simulate");
  expect_usage_error("huge", kTc2 + " --duration 99999999999999999999999s",
                     "is longer than SystemC can simulate");
}

// The limit itself passes the command line: the run then fails only on the
// missing DTB (exit 2), not on --duration (a real run would take minutes).
TEST(CliTime, TheLimitItselfIsTaken) {
  const std::string d = scratch("cli-limit");
  const RunResult r = run_blsim("--dtb " + d + "/none.dtb --duration 18446744073709551ns", d);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.err.find("--duration"), std::string::npos) << r.err;
}

// --- events -----------------------------------------------------------------

TEST(CliEvent, SwitcherTakesOnlyZeroOrOne) {
  expect_usage_error("switcher-7", kTc2 + " --switcher iks --event 10ms:switcher:7",
                     "--event: switcher takes 0 or 1, got '7' (10ms:switcher:7)");
}

TEST(CliEvent, ArgumentsAreDecimalDigitsOnly) {
  expect_usage_error("arg-plus", kTc2 + " --event 10ms:ipi:+1", "--event: '+1' is not a number");
}

TEST(CliEvent, AtOrAfterAnExplicitDurationIsRefused) {
  expect_usage_error("after-end", kTc2 + " --duration 20ms --event 30ms:ipi:1",
                     "--event 30ms:ipi:1: not before the end of the run (--duration 20ms): "
                     "it would never run");
  // At the end exactly, the mailbox never posts it either.
  expect_usage_error("at-end", kTc2 + " --duration 20ms --event 20ms:ipi:1",
                     "--event 20ms:ipi:1: not before the end of the run");
}

TEST(CliEvent, AfterTheDefaultDurationIsRefused) {
  expect_usage_error("after-default", kTc2 + " --event 150ms:ipi:1",
                     "--event 150ms:ipi:1: not before the end of the run (the default "
                     "--duration 100ms)");
}

// --- numbers ----------------------------------------------------------------

// Where the end is known only once the workload is loaded, an event past it
// cannot be refused on the command line: the run says so in a warning line
// and in warnings[].
TEST(CliEvent, AfterAWorkloadsEndIsAWarning) {
  const std::string stats = run_ok("event-after-workload",
                                   "--workload " + std::string(BLSIM_SOURCE_DIR) +
                                       "/workloads/bursty.json --event 5s:ipi:1");
  EXPECT_NE(stats.find("events: '5s:ipi:1' never ran before the run ended at 0.100000 s"),
            std::string::npos);
}

TEST(CliNumber, SetValueAbove64BitsIsRefusedAsGiven) {
  expect_usage_error("set-wrap", kTc2 + " --set ondemand.sampling_rate=18446744073709551617",
                     "--set ondemand.sampling_rate=18446744073709551617: the value "
                     "'18446744073709551617' does not fit in 64 bits");
}

TEST(CliNumber, SetValueMustBeDecimalDigits) {
  expect_usage_error("set-exp", kTc2 + " --set ondemand.sampling_rate=1e20",
                     "--set ondemand.sampling_rate=1e20: the value '1e20' is not a non-negative "
                     "decimal integer");
}

TEST(CliNumber, SeedRefusesNegativeAndEmpty) {
  expect_usage_error("seed-neg", kTc2 + " --seed -1", "--seed needs a non-negative decimal or 0x hex number");
  expect_usage_error("seed-empty", kTc2 + " --seed ''", "--seed needs a non-negative decimal or 0x hex number of at most 64 bits, got ''");
  expect_usage_error("seed-wrap", kTc2 + " --seed 18446744073709551616", "got '18446744073709551616'");
}

// As documented: decimal, or 0x hex; a leading 0 is not octal.
TEST(CliNumber, SeedIsDecimalOrHex) {
  const Json dec(run_ok("seed-dec", "--duration 1ms --seed 010"));
  ASSERT_TRUE(dec.ok()) << dec.error();
  EXPECT_EQ(num(member(dec.root(), "config", "seed")), 10);
  const Json hex(run_ok("seed-hex", "--duration 1ms --seed 0x10"));
  ASSERT_TRUE(hex.ok()) << hex.error();
  EXPECT_EQ(num(member(hex.root(), "config", "seed")), 16);
}

// --- paths and repeats --------------------------------------------------------

TEST(CliOption, AnEmptyPathIsAnError) {
  expect_usage_error("empty-out", kTc2 + " --duration 1ms --out ''", "--out needs a folder, got ''");
  expect_usage_error("empty-workload", kTc2 + " --workload ''", "--workload needs a file, got ''");
  expect_usage_error("empty-dtb", "--dtb ''", "--dtb needs a file, got ''");
}

TEST(CliOption, ASingleValuedOptionGivenTwiceIsAnError) {
  // (--workload repeats: the files are merged, docs/workloads.md.)
  const struct { const char* flag; std::string first, second; } kOnce[] = {
      {"--dtb", tc2_dtb(), tc2_dtb()},         {"--duration", "10ms", "20ms"},
      {"--seed", "1", "2"},
      {"--switcher", "iks", "none"},           {"--cpufreq-governor", "ondemand", "powersave"},
      {"--cpuidle-governor", "menu", "ladder"}};
  for (const auto& o : kOnce) {
    const std::string flag = o.flag;
    const std::string args = (flag == "--dtb" ? "" : kTc2 + " ") + flag + " " + o.first + " " +
                             flag + " " + o.second;
    expect_usage_error("twice" + flag, args,
                       flag + " given twice ('" + o.first + "', then '" + o.second +
                           "'): give it once");
  }
  // --out is added by expect_usage_error: one more makes two.
  expect_usage_error("twice--out", kTc2 + " --out /nonexistent/a",
                     "--out given twice ('/nonexistent/a', then ");
}

TEST(CliOption, RepeatableOptionsStillRepeat) {
  const Json j(run_ok("repeat", "--duration 20ms --event 5ms:ipi:1 --event 6ms:ipi:2 "
                                "--set ondemand.up_threshold=70 --set ondemand.up_threshold=90 "
                                "--dt /cpus/cpu-map/cluster1:blsim,power-up-latency-ns=200000 "
                                "--dt /cpus/cpu-map/cluster1:blsim,power-up-latency-ns=300000"));
  ASSERT_TRUE(j.ok()) << j.error();
  yajl_val ev = Json::get(j.root(), "events");
  ASSERT_TRUE(ev && YAJL_IS_ARRAY(ev));
  EXPECT_EQ(YAJL_GET_ARRAY(ev)->len, 2u);
}

// The last word an option without its value: the option named, not an empty
// "blsim: " line.
TEST(CliOption, DtWithoutAValueNamesTheOption) {
  const std::string d = scratch("cli-dt-novalue");
  const RunResult r = run_blsim(kTc2 + " --dt", d);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("blsim: --dt needs NODE:PROP=VALUE"), std::string::npos) << r.err;
}

// --- --opt=value, --version and what config records ---------------------------

namespace {

std::string str(yajl_val v) { return v && YAJL_IS_STRING(v) ? YAJL_GET_STRING(v) : "<not a string>"; }

std::vector<std::string> strings(yajl_val v) {
  std::vector<std::string> out;
  if (!v || !YAJL_IS_ARRAY(v)) return {"<not an array>"};
  for (size_t i = 0; i < YAJL_GET_ARRAY(v)->len; ++i) out.push_back(str(YAJL_GET_ARRAY(v)->values[i]));
  return out;
}

}  // namespace

// Every option that takes a value, once with '=' and once as two words: the
// same run, byte for byte (both stats.json name the same paths).
TEST(CliOption, EveryValueOptionTakesEquals) {
  const std::string wl = std::string(BLSIM_SOURCE_DIR) + "/workloads/periodic-light.json";
  const std::string d = scratch("cli-equals");
  const std::string dt = "/cpus/cpu-map/cluster1:blsim,power-up-latency-ns=200000";
  const std::string spaced = "--dtb " + tc2_dtb() + " --workload " + wl + " --duration 60ms --seed 7" +
                             " --switcher iks --cpufreq-governor ondemand --cpuidle-governor ladder" +
                             " --set ondemand.up_threshold=70 --dt " + dt + " --event 25ms:ipi:1" +
                             " --quiet --out " + d + "/out";
  const std::string equals = "--dtb=" + tc2_dtb() + " --workload=" + wl + " --duration=60ms --seed=7" +
                             " --switcher=iks --cpufreq-governor=ondemand --cpuidle-governor=ladder" +
                             " --set=ondemand.up_threshold=70 --dt=" + dt + " --event=25ms:ipi:1" +
                             " --quiet --out=" + d + "/out";
  RunResult a = run_blsim(spaced, d);
  ASSERT_EQ(a.exit_code, 0) << a.err;
  const std::string sa = slurp(d + "/out/stats.json");
  std::system(("rm -rf '" + d + "/out'").c_str());
  RunResult b = run_blsim(equals, d);
  ASSERT_EQ(b.exit_code, 0) << b.err;
  const std::string sb = slurp(d + "/out/stats.json");
  EXPECT_EQ(sa, sb);
  const Json j(sb);
  ASSERT_TRUE(j.ok()) << j.error();
  EXPECT_EQ(num(member(j.root(), "config", "seed")), 7);
  EXPECT_EQ(str(member(j.root(), "config", "cpuidle_governor")), "ladder");
  EXPECT_EQ(strings(member(j.root(), "config", "dt")), std::vector<std::string>{dt});
  EXPECT_EQ(YAJL_GET_ARRAY(Json::get(j.root(), "events"))->len, 1u);
}

TEST(CliOption, AnEmptyEqualsValueIsAnEmptyValue) {
  expect_usage_error("equals-empty-out", kTc2 + " --duration 1ms --out=", "--out needs a folder, got ''");
  expect_usage_error("equals-twice", kTc2 + " --duration=1ms --duration 2ms",
                     "--duration given twice ('1ms', then '2ms')");
}

TEST(CliOption, AFlagGivenAValueIsRefused) {
  expect_usage_error("flag-value", kTc2 + " --quiet=1", "--quiet takes no value");
  expect_usage_error("flag-value-lockstep", kTc2 + " --lockstep=yes", "--lockstep takes no value");
}

TEST(CliVersion, PrintsTheVersionThatStatsRecord) {
  const std::string d = scratch("cli-version");
  const RunResult r = run_blsim("--version", d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::regex shape("blsim [0-9]+\\.[0-9]+(\\.[0-9]+)?( \\(git [^()\\s]+\\))?\n");
  EXPECT_TRUE(std::regex_match(r.out, shape)) << r.out;
  EXPECT_EQ(run_blsim("--version", d).out, r.out);  // deterministic
  const Json j(run_ok("version-stats", "--duration 1ms"));
  ASSERT_TRUE(j.ok()) << j.error();
  EXPECT_EQ("blsim " + str(member(j.root(), "config", "version")) + "\n", r.out);
}

// --set and --dt, each in command-line order (a later one wins: the order
// is part of the run), and --no-early-poke, which changes results.
TEST(CliConfig, RecordsEverySetAndDtInOrder) {
  const std::string dt1 = "/cpus/cpu-map/cluster1:blsim,power-up-latency-ns=300000";
  const std::string dt2 = "/cpus/cpu-map/cluster1:blsim,power-up-latency-ns=200000";
  const Json j(run_ok("config-order", "--duration 20ms --set ondemand.up_threshold=90 --dt " + dt1 +
                                          " --set conservative.freq_step=10 --dt " + dt2 +
                                          " --set ondemand.up_threshold=70 --no-early-poke"));
  ASSERT_TRUE(j.ok()) << j.error();
  EXPECT_EQ(strings(member(j.root(), "config", "set")),
            (std::vector<std::string>{"ondemand.up_threshold=90", "conservative.freq_step=10",
                                      "ondemand.up_threshold=70"}));
  EXPECT_EQ(strings(member(j.root(), "config", "dt")), (std::vector<std::string>{dt1, dt2}));
  EXPECT_TRUE(YAJL_IS_FALSE(member(j.root(), "config", "early_poke")));
  const Json plain(run_ok("config-plain", "--duration 1ms"));
  EXPECT_EQ(strings(member(plain.root(), "config", "set")), std::vector<std::string>{});
  EXPECT_TRUE(YAJL_IS_TRUE(member(plain.root(), "config", "early_poke")));
}
