// SPDX-License-Identifier: GPL-2.0-only
// energy_model_test.cc - ClusterEnergy against closed-form energies: fixed
// V/f, a linear ramp (V^2 and V^n integrated exactly), WFI vs run, cluster
// off, and the rail = cores + uncore invariant.
#include <gtest/gtest.h>

#include <algorithm>
#include <systemc>

#include <cmath>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

#include "models/power/energy_model.h"

using namespace sc_core;

namespace {

// One core: C = 100 uW/MHz/V^2, activity 1 for int, 0.5 for kernel, 0 in WFI,
// leakage 1000 uW at 1 V running and 300 uW in WFI, V^3. Uncore:
// 10 uW/MHz/V^2, 5000 uW running, 200 uW idle, 50 uW off, V^2.
CoreEnergyParams core_params() {
  CoreEnergyParams p;
  p.dyn_coeff_uw = 100;
  p.activity = {0.5, 1.0, 1.2, 0.6};
  p.idle_activity = 0;
  p.leakage_uw = 1000;
  p.wfi_leakage_uw = 300;
  p.leakage_exponent = 3;
  return p;
}
ClusterEnergyParams cluster_params() {
  ClusterEnergyParams p;
  p.dyn_coeff_uw = 10;
  p.active_static_uw = 5000;
  p.idle_static_uw = 200;
  p.off_static_uw = 50;
  p.static_exponent = 2;
  return p;
}
void run_for_us(double us) { sc_start(sc_time(us, SC_US)); }
double rel(double a, double b) { return std::fabs(a - b) / std::fabs(b); }

// Mean of V^e over a linear V from a to b.
double mean_pow(double a, double b, double e) {
  return (std::pow(b, e + 1) - std::pow(a, e + 1)) / ((e + 1) * (b - a));
}

}  // namespace

// All cases in one TEST: SystemC elaborates once per process and time only
// moves forward, so the cases follow one another on one timeline.
TEST(EnergyModel, ClosedForms) {
  ClusterEnergy e({core_params(), core_params()}, cluster_params(), 1.0, 1000.0, true,
                  {{Core::State::Run, WorkKind::Int}, {Core::State::Reset, WorkKind::Kernel}});

  // 1) Fixed V = 1.0 V, f = 1000 MHz, 1 ms: core 100*1*1^2*1000 + 1000 uW;
  //    uncore 10*1000 + 5000 uW; the core in reset: nothing.
  run_for_us(1000);
  e.sync();
  const double core0 = (100.0 * 1000 + 1000) * 1e-6 * 1e-3;
  const double unc0 = (10.0 * 1000 + 5000) * 1e-6 * 1e-3;
  EXPECT_LT(rel(e.core_j(0), core0), 1e-12);
  EXPECT_EQ(e.core_j(1), 0.0);
  EXPECT_LT(rel(e.uncore_j(), unc0), 1e-12);
  EXPECT_LT(rel(e.rail_j(), e.core_j(0) + e.core_j(1) + e.uncore_j()), 1e-15);

  // 2) A ramp 1.0 V -> 0.8 V over 200 us at 1000 MHz, then 100 us at 0.8 V.
  //    Query a point mid-ramp too (t = 1100 us, V = 0.9 V).
  const sc_time ramp_start = sc_time_stamp();
  e.voltage_changed(1.0, 0.8, ramp_start + sc_time(200, SC_US));
  run_for_us(200);
  e.voltage_changed(0.8, 0.8, sc_time_stamp());  // the regulator's RampEnd
  run_for_us(100);
  e.sync();
  const double ramp_s = 200e-6, flat_s = 100e-6;
  const double core_ramp = (100.0 * 1000 * mean_pow(1.0, 0.8, 2) + 1000 * mean_pow(1.0, 0.8, 3)) *
                               1e-6 * ramp_s +
                           (100.0 * 1000 * 0.64 + 1000 * 0.512) * 1e-6 * flat_s;
  EXPECT_LT(rel(e.core_j(0) - core0, core_ramp), 1e-9);
  const double unc_ramp = (10.0 * 1000 + 5000) * mean_pow(1.0, 0.8, 2) * 1e-6 * ramp_s +
                          (10.0 * 1000 + 5000) * 0.64 * 1e-6 * flat_s;
  EXPECT_LT(rel(e.uncore_j() - unc0, unc_ramp), 1e-9);
  // Mid-ramp query from the history: the first 100 us of the ramp.
  const double half = e.energy_between(0, ramp_start, ramp_start + sc_time(100, SC_US));
  const double half_cf =
      (100.0 * 1000 * mean_pow(1.0, 0.9, 2) + 1000 * mean_pow(1.0, 0.9, 3)) * 1e-6 * 100e-6;
  EXPECT_LT(rel(half, half_cf), 1e-9);
  // The whole-rail query adds up the meters.
  const double all = e.energy_between(-1, ramp_start, sc_time_stamp());
  EXPECT_LT(rel(all, core_ramp + unc_ramp), 1e-9);

  // 3) WFI vs run at 0.8 V, 1000 MHz, 1 ms each: WFI keeps its own leakage
  //    only (activity 0: clock gated), and the uncore drops to its idle static.
  double c = e.core_j(0), u = e.uncore_j();
  e.core_changed(0, {Core::State::Wfi, WorkKind::Int});
  run_for_us(1000);
  e.sync();
  EXPECT_LT(rel(e.core_j(0) - c, 300 * 0.512 * 1e-6 * 1e-3), 1e-9);
  EXPECT_LT(rel(e.uncore_j() - u, 200 * 0.64 * 1e-6 * 1e-3), 1e-9);
  // Run with kernel work (activity 0.5).
  c = e.core_j(0);
  u = e.uncore_j();
  e.core_changed(0, {Core::State::Run, WorkKind::Kernel});
  run_for_us(1000);
  e.sync();
  EXPECT_LT(rel(e.core_j(0) - c, (100 * 0.5 * 0.64 * 1000 + 1000 * 0.512) * 1e-6 * 1e-3), 1e-9);
  EXPECT_LT(rel(e.uncore_j() - u, (10 * 0.64 * 1000 + 5000 * 0.64) * 1e-6 * 1e-3), 1e-9);
  // A frequency change halves the dynamic part.
  c = e.core_j(0);
  e.freq_changed(500);
  run_for_us(1000);
  e.sync();
  EXPECT_LT(rel(e.core_j(0) - c, (100 * 0.5 * 0.64 * 500 + 1000 * 0.512) * 1e-6 * 1e-3), 1e-9);

  // 4) Cluster off: cores reset then off, domain off: only the uncore's
  //    off-static (retention) power accrues.
  e.core_changed(0, {Core::State::Reset, WorkKind::Kernel});
  e.domain_changed(PowerDomain::State::PoweringDown);
  run_for_us(20);
  e.domain_changed(PowerDomain::State::Off);
  e.core_changed(0, {Core::State::Off, WorkKind::Kernel});
  e.core_changed(1, {Core::State::Off, WorkKind::Kernel});
  e.sync();
  const double before = e.rail_j();
  EXPECT_DOUBLE_EQ(e.uncore_power_uw(), 50 * 0.64);
  EXPECT_EQ(e.core_power_uw(0), 0.0);
  run_for_us(5000);
  e.sync();
  EXPECT_LT(rel(e.rail_j() - before, 50 * 0.64 * 1e-6 * 5e-3), 1e-9);
  EXPECT_LT(rel(e.energy_between(-1, sc_time_stamp() - sc_time(4000, SC_US), sc_time_stamp()),
                50 * 0.64 * 1e-6 * 4e-3), 1e-9);

  // 5) The invariant: the rail is its cores plus its uncore.
  EXPECT_LT(rel(e.rail_j(), e.core_j(0) + e.core_j(1) + e.uncore_j()), 1e-12);
}

// A ramp crossed by a new request mid-way (the regulator starts a new line
// from wherever the rail is), with no RampEnd notification before a read:
// the line's end is honoured by the integrator itself.
TEST(EnergyModel, RampWithoutEndNoticeAndRetarget) {
  CoreEnergyParams cp = core_params();
  cp.leakage_uw = 0;
  ClusterEnergyParams clp{};
  ClusterEnergy e({cp}, clp, 0.8, 1000.0, true, {{Core::State::Run, WorkKind::Int}});
  // 0.8 -> 1.0 V in 100 us; at 50 us (V = 0.9) retarget to 0.8 V over 50 us;
  // read at 200 us without any RampEnd call: 100 us flat at 0.8 V at the end.
  e.voltage_changed(0.8, 1.0, sc_time(100, SC_US));
  run_for_us(50);
  e.voltage_changed(0.9, 0.8, sc_time_stamp() + sc_time(50, SC_US));
  run_for_us(150);
  e.sync();
  const double k = 100.0 * 1000 * 1e-6;
  const double cf = k * (mean_pow(0.8, 0.9, 2) * 50e-6 + mean_pow(0.9, 0.8, 2) * 50e-6 +
                         0.64 * 100e-6);
  EXPECT_LT(rel(e.core_j(0), cf), 1e-9);
}

// forget_before(t) drops the history that only answers times before t: every
// answer at t or later is unchanged, to the bit; an earlier time is an error.
TEST(EnergyModel, ForgetBeforeKeepsLaterAnswers) {
  ClusterEnergy e({core_params(), core_params()}, cluster_params(), 1.0, 1000.0, true,
                  {{Core::State::Run, WorkKind::Int}, {Core::State::Wfi, WorkKind::Kernel}});
  std::vector<sc_time> at;
  for (int i = 0; i < 40; ++i) {
    run_for_us(10 + i % 7);
    at.push_back(sc_time_stamp());
    switch (i % 4) {
      case 0: e.core_changed(i % 2, {Core::State::Wfi, WorkKind::Int}); break;
      case 1: e.core_changed(i % 2, {Core::State::Run, WorkKind::Fp}); break;
      case 2: e.freq_changed(500.0 + 25 * i); break;
      default: e.voltage_changed(e.voltage(), 0.9 + 0.005 * i, sc_time_stamp() + sc_time(15, SC_US));
    }
  }
  run_for_us(5);
  e.sync();
  const sc_time h = at[20] + sc_time(3, SC_US);  // between two samples
  std::vector<double> before;
  for (size_t i = 21; i < at.size(); ++i) {
    before.push_back(e.energy_between(-1, h, at[i]));
    before.push_back(e.energy_at(0, at[i] - sc_time(1, SC_US)));
  }
  before.push_back(e.energy_at(1, h));
  e.forget_before(h);
  std::vector<double> after;
  for (size_t i = 21; i < at.size(); ++i) {
    after.push_back(e.energy_between(-1, h, at[i]));
    after.push_back(e.energy_at(0, at[i] - sc_time(1, SC_US)));
  }
  after.push_back(e.energy_at(1, h));
  EXPECT_EQ(before, after);
  EXPECT_THROW(e.energy_at(-1, at[19]), sc_report);
}

// A follower (ClusterEnergy::follower_copy()) told each change on another
// thread, after the simulation has moved on, reads the power the model
// read after the same change, bit for bit (what waves.vcd shows), however
// often either was synced in between: changes of every kind, two at one
// instant, on and off a voltage ramp.
TEST(EnergyModel, FollowerReadsThePowerTheModelRead) {
  ClusterEnergy e({core_params(), core_params()}, cluster_params(), 0.9, 800.0, true,
                  {{Core::State::Run, WorkKind::Int}, {Core::State::Wfi, WorkKind::Kernel}});
  std::unique_ptr<ClusterEnergy> copy = e.follower_copy();
  struct Seen {
    ClusterEnergy::Change change;
    double rail_uw, core0_uw, uncore_uw, v;
  };
  std::vector<Seen> seen;
  e.add_listener([&] {
    seen.push_back({e.last_change(), e.rail_power_uw(), e.core_power_uw(0), e.uncore_power_uw(), e.voltage()});
  });
  run_for_us(10);
  e.core_changed(1, {Core::State::Run, WorkKind::Fp});
  e.voltage_changed(0.9, 1.1, sc_time_stamp() + sc_time(40, SC_US));
  run_for_us(15);
  e.sync();
  e.core_changed(0, {Core::State::Wfi, WorkKind::Int});  // on the ramp
  e.freq_changed(1200);
  run_for_us(30);
  e.voltage_changed(1.1, 1.1, sc_time_stamp());
  e.domain_changed(PowerDomain::State::PoweringDown);
  run_for_us(5);
  e.sync();
  e.core_changed(0, {Core::State::Off, WorkKind::Int});
  e.core_changed(1, {Core::State::Off, WorkKind::Int});
  e.domain_changed(PowerDomain::State::Off);
  run_for_us(100);  // SystemC's time is past every change now
  ASSERT_EQ(seen.size(), 9u);
  std::vector<Seen> followed;
  std::thread([&] {
    for (size_t i = 0; i < seen.size(); ++i) {
      const Seen& s = seen[i];
      copy->apply(s.change);
      followed.push_back({s.change, copy->rail_power_uw(), copy->core_power_uw(0),
                          copy->uncore_power_uw(), copy->voltage()});
      // Synced between this change and the next, where the model was not.
      if (i + 1 < seen.size() && seen[i + 1].change.at_ps > s.change.at_ps + 2)
        copy->sync_at(s.change.at_ps + 1);
    }
  }).join();
  for (size_t i = 0; i < seen.size(); ++i) {
    EXPECT_EQ(followed[i].rail_uw, seen[i].rail_uw) << "change " << i;
    EXPECT_EQ(followed[i].core0_uw, seen[i].core0_uw) << "change " << i;
    EXPECT_EQ(followed[i].uncore_uw, seen[i].uncore_uw) << "change " << i;
    EXPECT_EQ(followed[i].v, seen[i].v) << "change " << i;
  }
  EXPECT_GT(seen[3].rail_uw, seen[8].rail_uw);  // the changes did change the power
  EXPECT_NE(seen[1].v, seen[2].v);               // and the voltage, on the ramp
  EXPECT_GT(copy->rail_j(), 0.0);  // and it integrated meanwhile
}

// A follower told a forwarding model's changes and syncs, in order, on
// another thread, ends with the meters and the history of a model that
// integrated them itself, bit for bit (what stats.json reads): changes of
// every kind, two at one instant, on and off a voltage ramp, syncs between
// changes, a history cut. The forwarding model keeps no meters.
TEST(EnergyModel, FollowerIntegratesAsTheModelWould) {
  const std::vector<CoreActivity> start = {{Core::State::Run, WorkKind::Int},
                                           {Core::State::Wfi, WorkKind::Kernel}};
  ClusterEnergy own({core_params(), core_params()}, cluster_params(), 0.9, 800.0, true, start);
  ClusterEnergy fwd({core_params(), core_params()}, cluster_params(), 0.9, 800.0, true, start);
  std::unique_ptr<ClusterEnergy> follower = fwd.follower_copy();
  struct Told {
    bool sync;  // else a change
    ClusterEnergy::Change change;
    uint64_t at_ps;
    bool compact;  // a core's change, told as a CoreChange (as the stats do)
    ClusterEnergy::CoreChange core;
  };
  std::vector<Told> told;
  // A core's change compact (as the stats tell it), but the last one
  // (core 1 off) as a whole Change (as they tell it for a cluster whose
  // index does not fit a compact record).
  struct Recorder final : ClusterEnergy::Forward {
    std::vector<Told>& told;
    explicit Recorder(std::vector<Told>& t) : told(t) {}
    void core_changed(const ClusterEnergy::CoreChange& c) override {
      if (c.core == 1 && c.state == static_cast<uint8_t>(Core::State::Off)) {
        told.push_back({false, ClusterEnergy::whole(c), 0, false, {}});
        return;
      }
      told.push_back({false, {}, 0, true, c});
    }
    void changed(const ClusterEnergy::Change& c) override { told.push_back({false, c, 0, false, {}}); }
  } recorder(told);
  {
    // A model with listeners cannot forward only (they would no longer be
    // told), nor can one that forwards only take a listener.
    ClusterEnergy heard({core_params()}, cluster_params(), 0.9, 800.0, true, {start[0]});
    heard.add_listener([] {});
    EXPECT_THROW(heard.forward_only(recorder), sc_report);
  }
  fwd.forward_only(recorder);
  EXPECT_THROW(fwd.add_listener([] {}), sc_report);
  // The same to both: `own` integrates, `fwd` only notes.
  auto both = [&](auto&& f) { f(own); f(fwd); };
  auto sync = [&] {
    own.sync();
    told.push_back({true, {}, sc_time_stamp().value(), false, {}});
  };
  run_for_us(10);
  both([](ClusterEnergy& e) { e.core_changed(1, {Core::State::Run, WorkKind::Fp}); });
  both([](ClusterEnergy& e) { e.voltage_changed(0.9, 1.1, sc_time_stamp() + sc_time(40, SC_US)); });
  run_for_us(15);
  sync();
  both([](ClusterEnergy& e) { e.core_changed(0, {Core::State::Wfi, WorkKind::Int}); });  // on the ramp
  both([](ClusterEnergy& e) { e.freq_changed(1200); });
  run_for_us(7);
  sync();
  const sc_time mid = sc_time_stamp();
  run_for_us(23);
  both([](ClusterEnergy& e) { e.voltage_changed(1.1, 1.1, sc_time_stamp()); });
  both([](ClusterEnergy& e) { e.domain_changed(PowerDomain::State::PoweringDown); });
  run_for_us(5);
  both([](ClusterEnergy& e) { e.core_changed(0, {Core::State::Off, WorkKind::Int}); });
  both([](ClusterEnergy& e) { e.core_changed(1, {Core::State::Off, WorkKind::Int}); });
  both([](ClusterEnergy& e) { e.domain_changed(PowerDomain::State::Off); });
  EXPECT_EQ(fwd.updated(), own.updated());  // what collect() asks of it
  run_for_us(100);
  sync();
  const sc_time end = sc_time_stamp();
  own.forget_before(mid);
  ASSERT_EQ(told.size(), 12u);
  EXPECT_EQ(std::count_if(told.begin(), told.end(), [](const Told& t) { return t.compact; }), 3);
  std::thread([&] {
    for (const Told& t : told) {
      if (t.sync) follower->sync_at(t.at_ps);
      else if (t.compact) follower->apply(t.core);
      else follower->apply(t.change);
    }
    follower->forget_before_ps(mid.value());
  }).join();
  for (unsigned i = 0; i < 2; ++i) EXPECT_EQ(follower->core_j(i), own.core_j(i)) << "core " << i;
  EXPECT_EQ(follower->uncore_j(), own.uncore_j());
  EXPECT_EQ(follower->rail_j(), own.rail_j());
  EXPECT_GT(own.core_j(1), 0.0);
  EXPECT_NE(own.core_j(0), own.core_j(1));
  for (const sc_time& t : {mid, mid + sc_time(3, SC_US), end}) {
    EXPECT_EQ(follower->energy_at(-1, t), own.energy_at(-1, t)) << t;
    EXPECT_EQ(follower->energy_at(0, t), own.energy_at(0, t)) << t;
  }
  // Forgotten; a copy throws without SystemC's report handler (another thread).
  EXPECT_THROW(follower->energy_at(-1, mid - sc_time(1, SC_US)), std::runtime_error);
  EXPECT_THROW(fwd.rail_j(), sc_report);
  EXPECT_THROW(fwd.energy_at(-1, mid), sc_report);
}
