/* SPDX-License-Identifier: GPL-2.0-only */
// energy_model.h - power and energy of one cluster: its cores, its uncore
// (L2, SCU, CCI port) and, since TC2 gives each cluster its own Vcore, its rail.
//
// Power is a sum of terms k * V(t)^e, with V(t) the rail voltage, linear in
// time during a ramp and constant otherwise (models/power/regulator.h):
//
//   core, Run     : Cdyn * a(work kind) * V^2 * f  +  Lcore * V^n
//   core, Wfi/Wfe : Cdyn * a_idle * V^2 * f        +  Lwfi * V^n    (clock gated)
//   core, Reset/Off: 0                                              (power gated)
//   uncore, a core in Run   : Ccl * V^2 * f  +  Sactive * V^m
//   uncore, all cores idle  : Sidle * V^m                            (clock gated)
//   uncore, domain Off      : Soff * V^m                             (retention)
//
// with V in volts, f in MHz, Cdyn and Ccl in uW/MHz/V^2 (the kernel energy
// model's unit for dynamic-power-coefficient), L and S in uW at 1 V. Between
// two changes every term is integrated in closed form:
//   V constant:  k V^e dt
//   V = V0 + s t: k (V1^(e+1) - V0^(e+1)) / ((e + 1) s)
// so the energy is exact whatever the step (docs/energy-model.md).
//
// The owner calls update() at every change of a core's state or work kind,
// the clock, the rail or the power domain (sim/platform.cc wires the
// listeners). A history of cumulative samples, one per change, answers
// "energy of meter X between t0 and t1" for switches and tasks.
#pragma once

#include <systemc>

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "models/common/sim_now.h"
#include "models/cpu/core.h"
#include "models/power/power_domain.h"

struct CoreEnergyParams {
  double dyn_coeff_uw = 0;                 // uW/MHz/V^2 at activity 1
  std::array<double, kWorkKinds> activity{{1, 1, 1, 1}};  // by WorkKind, in Run
  double idle_activity = 0;                // Wfi/Wfe: clock gated
  double leakage_uw = 0;                   // at 1 V, while the core runs
  double wfi_leakage_uw = 0;               // at 1 V, in Wfi/Wfe (clock gated)
  double leakage_exponent = 1;
};

struct ClusterEnergyParams {
  double dyn_coeff_uw = 0;                 // uW/MHz/V^2, while a core runs
  double active_static_uw = 0;             // at 1 V, while a core runs
  double idle_static_uw = 0;               // at 1 V, all cores idle, domain on
  double off_static_uw = 0;                // at 1 V, domain off (what stays powered)
  double static_exponent = 1;
};

// The powered state the model needs of a core.
struct CoreActivity {
  Core::State state = Core::State::Off;
  WorkKind kind = WorkKind::Kernel;
};

class ClusterEnergy {
 public:
  ClusterEnergy(std::vector<CoreEnergyParams> cores, const ClusterEnergyParams& cl,
                double initial_v, double initial_mhz, bool domain_on,
                std::vector<CoreActivity> initial, bool keep_history = true);

  // ---- changes: integrate to now with the old terms, then apply ------------
  void core_changed(unsigned i, const CoreActivity& a);
  void freq_changed(double mhz);
  // The rail's voltage now is v and moves linearly to target at ramp_end
  // (ramp_end <= now: a step to target).
  void voltage_changed(double v, double target, const sc_core::sc_time& ramp_end);
  void domain_changed(PowerDomain::State s);
  // Integrate to now (for reading totals).
  void sync();
  // Told after every change above, with the new terms in force (the power
  // meters below then read the new power).
  // (Not on a model that forwards only: forward_only().)
  void add_listener(std::function<void()> l);

  // ---- copies on other threads ---------------------------------------------
  // A change as this model was told it, and when: what a copy must be told
  // to follow it.
  struct Change {
    enum class Kind : uint8_t { Core, Freq, Voltage, Domain } kind;
    uint32_t core;                // Core: the core's index
    CoreActivity activity;        // Core
    PowerDomain::State domain;    // Domain
    double x, target;             // Freq: x = MHz; Voltage: x = V now, target V
    uint64_t ramp_end_ps;         // Voltage
    uint64_t at_ps;               // SystemC's time of the change
  };
  // The change the listeners are being told about.
  const Change& last_change() const { return last_; }
  // A core's change in 16 bytes instead of a Change's 56: most changes are
  // these (a core entering or leaving WFI, ~8,000 a simulated second of
  // mp3-short), and each goes to the stats thread, through memory the
  // simulation thread writes and another thread reads (the bytes, not the
  // instructions, are what that costs).
  struct CoreChange {
    uint64_t at_ps;
    uint32_t core;
    uint8_t state, kind;  // CoreActivity's
    CoreActivity activity() const { return {static_cast<Core::State>(state), static_cast<WorkKind>(kind)}; }
  };
  static_assert(sizeof(CoreChange) == 16, "a core change in 16 bytes");
  // The same change as a whole Change (for a record that cannot hold the
  // compact one).
  static Change whole(const CoreChange& c) {
    Change w{};
    w.kind = Change::Kind::Core;
    w.core = c.core;
    w.activity = c.activity();
    w.at_ps = c.at_ps;
    return w;
  }
  // Where a model that forwards only (forward_only()) tells each change,
  // in order: a core's as a CoreChange, any other as a Change. One call
  // per change, made by the model itself: ~8,000 a simulated second of
  // mp3-short go this way to the stats thread.
  class Forward {
   public:
    virtual void core_changed(const CoreChange& c) = 0;
    virtual void changed(const Change& c) = 0;

   protected:
    ~Forward() = default;
  };
  // A copy that keeps everything this model keeps (meters, history) and,
  // told each later change by apply() and each sync by sync_at(), in the
  // order this model would have been, integrates the same energy bit for
  // bit: its meters and energy_at() answer as this model's would have,
  // and its power readings (voltage(), *_power_uw()) after a change are
  // this model's after it: the same operations on the same numbers. It has
  // no listeners and does not read SystemC's time. stats.json's energy is
  // kept so on the stats thread (sim/stats.cc), and waves.vcd's rail power
  // read there (VcdEnergy, sim/vcd_writer.h).
  std::unique_ptr<ClusterEnergy> follower_copy() const;
  void apply(const Change& c);
  void apply(const CoreChange& c);
  // A follower's sync() at at_ps (SystemC's time of the sync it follows).
  void sync_at(uint64_t at_ps);
  // A follower keeps the meters from now on: this model only notes each
  // change's time (updated()) and tells it to `to`, not to its listeners
  // (it must have none). Its meters, power and history stop where they
  // are; sync(), rail_j(), energy_at() and a copy refuse (model_error).
  void forward_only(Forward& to);

  // ---- meters (joules since elaboration, up to the last sync/update) -------
  unsigned nr_cores() const { return static_cast<unsigned>(cores_.size()); }
  // Core i's state and work as this model last heard them (a model that
  // forwards only, forward_only(), stops hearing: ask a copy).
  const CoreActivity& core_activity(unsigned i) const { return cores_.at(i); }
  double core_j(unsigned i) const { return e_[i]; }
  double uncore_j() const { return e_.back(); }
  double rail_j() const;  // cores + uncore
  // Power of each meter now (uW): what the VCD or a power meter would show.
  double core_power_uw(unsigned i) const;
  double uncore_power_uw() const;
  // The uncore's power plus each core's, in that order, at one voltage
  // reading: the rail's power, as the VCD shows it after every change.
  double rail_power_uw() const;
  double voltage() const;
  // Energy of meter m (core index, or nr_cores() for the uncore, or -1 for the
  // whole rail) in [t0, t1], both <= the last update. Needs the history.
  double energy_between(int m, const sc_core::sc_time& t0, const sc_core::sc_time& t1) const;
  double energy_at(int m, const sc_core::sc_time& t) const;
  // The same in picoseconds, for a follower's thread, which must not make
  // an sc_time (making one marks SystemC's time resolution as used).
  double energy_between_ps(int m, uint64_t t0_ps, uint64_t t1_ps) const;
  double energy_at_ps(int m, uint64_t t_ps) const;
  // The owner will ask about no time before t: the history before it goes,
  // so that it stays short however long the run. Answers at t and later are
  // unchanged; asking about an earlier time is an error.
  void forget_before(const sc_core::sc_time& t) { forget_before_ps(t.value()); }
  void forget_before_ps(uint64_t t_ps);
  // Nothing will read this model (a run without outputs): from now on it
  // ignores changes, keeps no history and its meters stop where they are.
  void unread();
  // Time of the last update: energy_at answers up to here.
  sc_core::sc_time updated() const { return sc_core::sc_time::from_value(t_); }

 private:
  struct Term {
    double k = 0, e = 0;
    bool operator==(const Term& o) const { return k == o.k && e == o.e; }
  };
  struct Terms {
    Term a, b;
    bool operator==(const Terms& o) const { return a == o.a && b == o.b; }
    bool zero() const { return a.k == 0 && b.k == 0; }
  };
  // A sample's meters (cumulative energy at t_ps, terms in force from it)
  // are hist_e_ and hist_terms_ from its index times the meters' count:
  // one contiguous run per sample, written in order (a record per change,
  // ~10^4 a simulated second), where two vectors per sample were scattered
  // over the heap.
  struct Sample {
    uint64_t t_ps;
    double v0, slope_v_per_ps;               // rail line from t_ps
    uint64_t ramp_end_ps;                    // slope applies until then
    double v_end;                            // and V is this after it
  };

  void voltage_changed(double v, double target, uint64_t ramp_end_ps);
  void advance();          // integrate every meter from t_ to now
  void recompute();        // terms from the current states
  Terms core_terms(size_t i) const;
  Terms uncore_terms() const;
  void record();
  void applied();
  void drop_history();  // and keep none from now on
  const Sample* sample_at(uint64_t tp) const;
  // Energy (J) of terms tm over [t0, t1] on the line V(t0) = v0, slope
  // (V/ps) until ramp_end, v_end after it.
  static double integrate(const Terms& tm, double v0, double slope, uint64_t t0, uint64_t t1,
                          uint64_t ramp_end, double v_end);
  static double integrate_line(const Terms& tm, double v0, double v1, double dt_s);
  // Power of one meter's terms at voltage v (uW).
  static double power_uw(const Terms& t, double v);
  // What meter m's terms now in force give at a steady voltage v, remembered
  // with the terms and v: a change moves one core's terms and the uncore's,
  // but advance() integrates, and rail_power_uw() sums, every meter. A
  // core goes back and forth between a few states (running, WFI, idle
  // off) at one voltage, so each meter remembers its last few.
  struct Steady {
    double v = -1;
    Terms terms;
    double uw = 0;                 // power_uw(terms, v)
    double j_per_s_a = 0, j_per_s_b = 0;  // each term's k * V^e in W
  };
  static constexpr unsigned kSteadyWays = 4;
  struct SteadyWays {
    Steady way[kSteadyWays];
    unsigned next = 0;  // the way compute_steady() fills next
    // The way found last, while it is for the terms in force;
    // kSteadyWays if none was found since they changed.
    unsigned found = kSteadyWays;
  };
  const Steady& steady(size_t m, double v) const {
    SteadyWays& w = steady_[m];
    // The way found last holds the terms in force (set_terms() forgets it
    // when they change): only the voltage is compared.
    if (w.found < kSteadyWays && w.way[w.found].v == v) return w.way[w.found];
    for (unsigned k = 0; k < kSteadyWays; ++k)
      if (w.way[k].v == v && w.way[k].terms == terms_[m]) return w.way[w.found = k];
    return compute_steady(m, v);
  }
  void set_terms(size_t m, const Terms& t) {
    terms_[m] = t;
    steady_[m].found = kSteadyWays;
  }
  const Steady& compute_steady(size_t m, double v) const;
  // integrate_line(terms_[m], v, v, dt_s), with the same operations in the
  // same order: bit for bit the same.
  double steady_j(size_t m, double v, double dt_s) const;

  std::vector<CoreEnergyParams> cp_;
  ClusterEnergyParams clp_;
  std::vector<CoreActivity> cores_;
  double mhz_;
  bool domain_on_;
  // Rail line: V(t) = v0_ + slope_ * (t - t_v_) until ramp_end_ps_, then target_.
  uint64_t t_v_ = 0, ramp_end_ps_ = 0;
  double v0_, slope_ = 0, target_;
  double voltage_at(uint64_t t_ps) const;  // on the line
  uint64_t t_ = 0;                 // integrated up to here
  std::vector<double> e_;          // per core, then uncore
  std::vector<Terms> terms_;
  mutable std::vector<SteadyWays> steady_;  // by meter, as terms_
  bool keep_history_;
  bool unread_ = false;  // unread(): changes are ignored
  Forward* forward_ = nullptr;  // forward_only(): changes are only told
  // The history: hist_[hist_begin_, hist_end_) by time, with their meters
  // (Sample); the room past hist_end_ is kept for record().
  std::vector<Sample> hist_;
  std::vector<double> hist_e_;
  std::vector<Terms> hist_terms_;
  size_t hist_begin_ = 0, hist_end_ = 0;
  uint64_t forgotten_ps_ = 0;      // no answers before this
  std::vector<std::function<void()>> listeners_;
  Change last_{};
  // A copy's time is the time of the change it is applying (it must not
  // read SystemC's, which another thread moves).
  bool own_time_ = false;
  uint64_t copy_now_ps_ = 0;
  uint64_t now_ps() const { return own_time_ ? copy_now_ps_ : sim_now().value(); }
  void forwarded();  // a change other than a core's (forward_only()): told
  void need_meters(const char* what) const;
  [[noreturn]] void fail(const char* what) const;  // a question it cannot answer
};
