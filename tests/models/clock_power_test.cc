// SPDX-License-Identifier: GPL-2.0-only
// Clock domains, PLLs, regulators and the DVFS order check, one at a time.
#include "models/clock/clock_domain.h"
#include "models/clock/pll.h"
#include "models/power/dvfs_guard.h"
#include "models/power/regulator.h"

#include <gtest/gtest.h>
#include <systemc>

#include <functional>
#include <string>
#include <utility>
#include <vector>

using namespace sc_core;

// The text of an error contains sub.
#define EXPECT_CONTAINS(text, sub) \
  EXPECT_NE(std::string(text).find(sub), std::string::npos) << "in: " << (text)

namespace {

// A thread that runs a test script in simulated time.
struct Script : sc_module {
  std::function<void()> body;
  SC_HAS_PROCESS(Script);
  Script(sc_module_name n, std::function<void()> b) : sc_module(n), body(std::move(b)) {
    SC_THREAD(run);
  }
  void run() { body(); }
};

sc_time us(double v) { return sc_time(v, SC_US); }

// Runs the simulation; returns the model_error text ("" if none) and when it came.
std::pair<std::string, sc_time> run_for_error(const sc_time& t) {
  try {
    sc_start(t);
  } catch (const sc_report& r) {
    return {r.what(), sc_time_stamp()};
  } catch (const std::exception& e) {
    return {e.what(), sc_time_stamp()};
  }
  return {"", sc_time_stamp()};
}

struct FreqChange {
  sc_time at;
  uint64_t from, to;
};

}  // namespace

// ---- ClockDomain -------------------------------------------------------------

TEST(ClockDomain, CyclesAt1200MHz) {
  ClockDomain clk("clk", 1200000000);
  EXPECT_EQ(clk.period().value(), 834u);                // 833.33 ps rounded up
  EXPECT_EQ(clk.cycles(3).value(), 2500u);              // exact
  EXPECT_EQ(clk.cycles(1200), sc_time(1, SC_US));
  EXPECT_EQ(clk.cycles(1200000000), sc_time(1, SC_SEC));
  EXPECT_EQ(clk.cycles_in(sc_time(1, SC_US)), 1200u);
  EXPECT_EQ(clk.cycles_in(sc_time::from_value(833)), 0u);  // not a whole cycle
  EXPECT_EQ(clk.cycles_in(sc_time::from_value(834)), 1u);
  EXPECT_EQ(clk.cycles_in(clk.cycles(1000003)), 1000003u);  // round trip
}

TEST(ClockDomain, CyclesAt24MHz) {
  ClockDomain clk("clk", 24000000);
  EXPECT_EQ(clk.period().value(), 41667u);  // 41666.67 ps rounded up
  EXPECT_EQ(clk.cycles(24), sc_time(1, SC_US));
  EXPECT_EQ(clk.cycles(24000000), sc_time(1, SC_SEC));
  EXPECT_EQ(clk.cycles_in(sc_time(1, SC_MS)), 24000u);
  EXPECT_EQ(clk.cycles_in(sc_time::from_value(41666)), 0u);
}

TEST(ClockDomain, StoppedClockAndListeners) {
  ClockDomain clk("clk", 24000000);
  std::vector<std::pair<uint64_t, uint64_t>> seen;
  clk.add_listener([&](uint64_t a, uint64_t b) { seen.push_back({a, b}); });
  clk.set_freq_hz(0);
  EXPECT_FALSE(clk.running());
  EXPECT_EQ(clk.cycles(100), SC_ZERO_TIME);
  EXPECT_EQ(clk.cycles_in(sc_time(1, SC_MS)), 0u);
  clk.set_freq_hz(0);  // no change, no call
  clk.set_freq_hz(1000000000);
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0], std::make_pair(uint64_t(24000000), uint64_t(0)));
  EXPECT_EQ(seen[1], std::make_pair(uint64_t(0), uint64_t(1000000000)));
  EXPECT_EQ(clk.cycles(7).value(), 7000u);
}

// ---- Pll ---------------------------------------------------------------------

TEST(Pll, RelockStopsClockForExactlyTheLatency) {
  ClockDomain clk("clk", 1000000000);
  Pll pll("pll", {24000000, us(20), 100000000, 1200000000}, clk);
  std::vector<FreqChange> seen;
  clk.add_listener([&](uint64_t a, uint64_t b) { seen.push_back({sc_time_stamp(), a, b}); });
  sc_time locked_at;
  bool locked_after_request = true;
  Script s("s", [&] {
    wait(us(5));
    pll.set_rate(600000000);
    locked_after_request = pll.locked();
    EXPECT_EQ(pll.rate_hz(), 600000000u);
    wait(pll.locked_event());
    locked_at = sc_time_stamp();
  });
  sc_start(us(100));
  EXPECT_FALSE(locked_after_request);
  EXPECT_TRUE(pll.locked());
  EXPECT_EQ(locked_at, us(25));
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0].at, us(5));
  EXPECT_EQ(seen[0].from, 1000000000u);
  EXPECT_EQ(seen[0].to, 0u);
  EXPECT_EQ(seen[1].at, us(25));
  EXPECT_EQ(seen[1].to, 600000000u);
  EXPECT_EQ(clk.freq_hz(), 600000000u);
  EXPECT_EQ(pll.relocks(), 1u);
}

TEST(Pll, RequestDuringRelockRestartsIt) {
  ClockDomain clk("clk", 1000000000);
  Pll pll("pll", {24000000, us(20), 100000000, 1200000000}, clk);
  sc_time locked_at;
  Script s("s", [&] {
    pll.set_rate(600000000);
    wait(us(8));
    pll.set_rate(800000000);
    wait(pll.locked_event());
    locked_at = sc_time_stamp();
  });
  sc_start(us(100));
  EXPECT_EQ(locked_at, us(28));
  EXPECT_EQ(clk.freq_hz(), 800000000u);
  EXPECT_EQ(pll.relocks(), 2u);
}

TEST(Pll, SameRateDoesNotRelock) {
  ClockDomain clk("clk", 1000000000);
  Pll pll("pll", {24000000, us(20), 100000000, 1200000000}, clk);
  pll.set_rate(1000000000);
  EXPECT_TRUE(pll.locked());
  EXPECT_EQ(clk.freq_hz(), 1000000000u);
  EXPECT_EQ(pll.relocks(), 0u);
}

TEST(Pll, RateOutsideRangeIsError) {
  ClockDomain clk("clk", 1000000000);
  Pll pll("pll", {24000000, us(20), 100000000, 1200000000}, clk);
  try {
    pll.set_rate(1300000000);
    FAIL() << "no error";
  } catch (const sc_report& r) {
    EXPECT_CONTAINS(r.what(), ("pll: rate 1300000000 Hz requested"));
  }
  EXPECT_EQ(clk.freq_hz(), 1000000000u);  // untouched
  EXPECT_TRUE(pll.locked());
}

// ---- Regulator -----------------------------------------------------------------

TEST(Regulator, RampTimingAndInterpolation) {
  Regulator vdd("vdd", {800000, 1050000, 900000, 10000, us(5)});
  struct Seen {
    sc_time at;
    Regulator::Change c;
  };
  std::vector<Seen> seen;
  vdd.add_listener([&](const Regulator::Change& c) { seen.push_back({sc_time_stamp(), c}); });
  uint32_t v_mid = 0, v_end = 0, v_start = 0;
  bool settled_at_end = true;
  sc_time settled_at;
  Script s("s", [&] {
    wait(us(2));
    vdd.set_voltage_uv(1050000);
    v_start = vdd.voltage_uv();
    EXPECT_FALSE(vdd.settled());
    wait(us(7.5));  // half way: 9.5 us
    v_mid = vdd.voltage_uv();
    wait(us(7.5));  // 17 us: ramp end
    v_end = vdd.voltage_uv();
    settled_at_end = vdd.settled();
    wait(vdd.settled_event());
    settled_at = sc_time_stamp();
  });
  sc_start(us(100));
  EXPECT_EQ(vdd.ramp_time(900000, 1050000), us(15));
  EXPECT_EQ(v_start, 900000u);
  EXPECT_EQ(v_mid, 975000u);
  EXPECT_EQ(v_end, 1050000u);
  EXPECT_FALSE(settled_at_end);
  EXPECT_EQ(settled_at, us(22));  // 2 + 15 ramp + 5 settle
  EXPECT_TRUE(vdd.settled());
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0].at, us(2));
  EXPECT_EQ(seen[0].c.kind, Regulator::Change::RampStart);
  EXPECT_EQ(seen[0].c.uv, 900000u);
  EXPECT_EQ(seen[0].c.target_uv, 1050000u);
  EXPECT_EQ(seen[0].c.ramp_end, us(17));
  EXPECT_EQ(seen[1].at, us(17));
  EXPECT_EQ(seen[1].c.kind, Regulator::Change::RampEnd);
  EXPECT_EQ(seen[1].c.uv, 1050000u);
}

TEST(Regulator, NewTargetMidRampStartsFromPresentVoltage) {
  Regulator vdd("vdd", {800000, 1050000, 1050000, 10000, us(1)});
  uint32_t v_turn = 0, v_later = 0;
  sc_time settled_at;
  Script s("s", [&] {
    vdd.set_voltage_uv(850000);  // 20 us ramp down
    wait(us(6));                 // at 990000
    v_turn = vdd.voltage_uv();
    vdd.set_voltage_uv(1000000);  // 10000 uV up: 1 us
    wait(us(0.5));
    v_later = vdd.voltage_uv();
    wait(vdd.settled_event());
    settled_at = sc_time_stamp();
  });
  sc_start(us(100));
  EXPECT_EQ(v_turn, 990000u);
  EXPECT_EQ(v_later, 995000u);
  EXPECT_EQ(settled_at, us(8));  // 6 + 1 ramp + 1 settle
  EXPECT_EQ(vdd.voltage_uv(), 1000000u);
}

TEST(Regulator, OutOfRangeIsErrorNamingRailAndValue) {
  Regulator vdd("a15_vcore", {800000, 1050000, 900000, 10000, us(5)});
  try {
    vdd.set_voltage_uv(1100000);
    FAIL() << "no error";
  } catch (const sc_report& r) {
    EXPECT_CONTAINS(r.what(), ("a15_vcore: voltage 1100000 uV requested"));
  }
  try {
    vdd.set_voltage_uv(799999);
    FAIL() << "no error";
  } catch (const sc_report& r) {
    EXPECT_CONTAINS(r.what(), ("799999"));
  }
  EXPECT_EQ(vdd.voltage_uv(), 900000u);
  EXPECT_TRUE(vdd.settled());
}

TEST(Regulator, InitialVoltageOutOfRangeIsError) {
  try {
    Regulator vdd("bad_rail", {800000, 1050000, 700000, 10000, us(5)});
    FAIL() << "no error";
  } catch (const sc_report& r) {
    EXPECT_CONTAINS(r.what(), ("bad_rail: initial voltage 700000 uV"));
  }
}

// ---- DVFS order ------------------------------------------------------------------

namespace {
// A cluster's clock and rail with a two-point table: 600 MHz at 900 mV,
// 1.2 GHz at 1050 mV. 10 us relock; 10 mV/us ramp, 2 us settle.
struct Rig {
  ClockDomain clk;
  Pll pll;
  Regulator vdd;
  DvfsGuard guard;
  Rig(uint32_t uv, uint64_t hz)
      : clk("clk", hz),
        pll("pll", {24000000, us(10), 100000000, 1200000000}, clk),
        vdd("vdd", {800000, 1050000, uv, 10000, us(2)}),
        guard("guard", clk, vdd, {{1200000000, 1050000}, {600000000, 900000}}) {}
};
}  // namespace

TEST(Dvfs, RequiredVoltageFromTable) {
  Rig r(900000, 600000000);
  EXPECT_EQ(r.guard.required_uv(0), 0u);
  EXPECT_EQ(r.guard.required_uv(300000000), 900000u);
  EXPECT_EQ(r.guard.required_uv(600000000), 900000u);
  EXPECT_EQ(r.guard.required_uv(600000001), 1050000u);
  EXPECT_EQ(r.guard.required_uv(1200000000), 1050000u);
  EXPECT_EQ(r.guard.required_uv(1200000001), UINT32_MAX);
}

TEST(Dvfs, FrequencyRaisedBeforeVoltageIsCaught) {
  Rig r(900000, 600000000);
  Script s("s", [&] {
    wait(us(1));
    r.pll.set_rate(1200000000);
  });
  auto [msg, at] = run_for_error(us(100));
  EXPECT_CONTAINS(msg, ("guard: frequency 1200000 kHz needs 1050000 uV but the rail is at "
                             "900000 uV"));
  EXPECT_EQ(at, us(11));  // when the new rate took effect, not when it was asked for
}

TEST(Dvfs, FrequencyRaisedMidRampIsCaughtAtPresentVoltage) {
  Rig r(900000, 600000000);
  Script s("s", [&] {
    r.vdd.set_voltage_uv(1050000);  // 15 us ramp
    r.pll.set_rate(1200000000);     // locks at 10 us, rail then at 1000 mV
  });
  auto [msg, at] = run_for_error(us(100));
  EXPECT_CONTAINS(msg, ("frequency 1200000 kHz needs 1050000 uV but the rail is at "
                             "1000000 uV"));
  EXPECT_EQ(at, us(10));
}

TEST(Dvfs, VoltageLoweredBelowRunningFrequencyIsCaught) {
  Rig r(1050000, 1200000000);
  Script s("s", [&] {
    wait(us(30));
    r.vdd.set_voltage_uv(900000);
  });
  auto [msg, at] = run_for_error(us(100));
  EXPECT_CONTAINS(msg, ("frequency 1200000 kHz needs 1050000 uV but the rail is ramping "
                             "down to 900000 uV"));
  EXPECT_EQ(at, us(30));
}

TEST(Dvfs, FrequencyRaisedDuringRampDownIsCaught) {
  Rig r(1050000, 600000000);
  Script s("s", [&] {
    r.vdd.set_voltage_uv(900000);  // 15 us down: fine at 600 MHz
    wait(us(1));
    r.pll.set_rate(1200000000);  // locks at 11 us, rail at 940 mV and falling
  });
  auto [msg, at] = run_for_error(us(100));
  EXPECT_CONTAINS(msg, ("frequency 1200000 kHz needs 1050000 uV but the rail is at "
                             "940000 uV"));
  EXPECT_EQ(at, us(11));
}

TEST(Dvfs, LegalOrderPasses) {
  Rig r(900000, 600000000);
  std::vector<FreqChange> seen;
  r.clk.add_listener([&](uint64_t a, uint64_t b) { seen.push_back({sc_time_stamp(), a, b}); });
  Script s("s", [&] {
    // Up: voltage, then frequency.
    r.vdd.set_voltage_uv(1050000);
    wait(r.vdd.settled_event());  // 17 us
    r.pll.set_rate(1200000000);
    wait(r.pll.locked_event());  // 27 us
    // Down: frequency, then voltage.
    r.pll.set_rate(600000000);
    wait(r.pll.locked_event());  // 37 us
    r.vdd.set_voltage_uv(900000);
    wait(r.vdd.settled_event());  // 54 us
  });
  auto [msg, at] = run_for_error(us(100));
  EXPECT_EQ(msg, "");
  EXPECT_EQ(r.clk.freq_hz(), 600000000u);
  EXPECT_EQ(r.vdd.voltage_uv(), 900000u);
  ASSERT_EQ(seen.size(), 4u);
  EXPECT_EQ(seen[1].at, us(27));
  EXPECT_EQ(seen[1].to, 1200000000u);
  EXPECT_EQ(seen[3].at, us(37));
  EXPECT_EQ(seen[3].to, 600000000u);
  EXPECT_GE(r.guard.checks(), 5u);  // 4 clock changes + 1 ramp down, at least
}

// The Exynos 5800 A15 table is not monotonic in voltage (1700 MHz at 1250 mV,
// 1800 MHz at 1237.5 mV): 1700 MHz then needs only 1237.5 mV, so going up
// 1700 -> 1800 with the voltage set first (a ramp down) is legal.
TEST(Dvfs, NonMonotonicTableNeedsTheLowestVoltageOfFasterPoints) {
  ClockDomain clk("clk", 1700000000);
  Pll pll("pll", {24000000, us(10), 200000000, 1800000000}, clk);
  Regulator vdd("vdd", {800000, 1500000, 1250000, 12500, us(1)});
  DvfsGuard guard("guard", clk, vdd,
                  {{1600000000, 1250000}, {1700000000, 1250000}, {1800000000, 1237500}});
  EXPECT_EQ(guard.required_uv(1700000000), 1237500u);
  EXPECT_EQ(guard.required_uv(1800000000), 1237500u);
  Script s("s", [&] {
    vdd.set_voltage_uv(1237500);  // down, at 1700 MHz: allowed
    wait(vdd.settled_event());
    pll.set_rate(1800000000);
    wait(pll.locked_event());
  });
  auto [msg, at] = run_for_error(us(100));
  EXPECT_EQ(msg, "");
  EXPECT_EQ(clk.freq_hz(), 1800000000u);
  EXPECT_EQ(guard.required_uv(1600000000), 1237500u);
}
