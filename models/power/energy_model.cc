// SPDX-License-Identifier: GPL-2.0-only
#include "models/power/energy_model.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "models/common/report.h"
#include "models/common/sim_now.h"

using namespace sc_core;

namespace {
constexpr double kUwToW = 1e-6;
constexpr double kPsToS = 1e-12;

// V^e. The model asks for the same few powers at every change (V^2 of the
// dynamic terms; the leakage exponents at the rail's voltage, which stays
// put between DVFS steps): V^2 as v*v (the stats of bench/ and tests/ come
// out bit for bit as with pow), the others memoised.
double vpow(double v, double e) {
  if (e == 2.0) return v * v;
  struct Memo { double v = -1, e = 0, r = 0; };
  // One memo per thread: the followers integrate, and sum the waves' rail
  // power, on the stats thread.
  static thread_local Memo memo[4];
  static thread_local unsigned next = 0;
  for (const Memo& m : memo)
    if (m.v == v && m.e == e) return m.r;
  Memo& m = memo[next++ % 4];
  m = {v, e, std::pow(v, e)};
  return m.r;
}
}  // namespace

ClusterEnergy::ClusterEnergy(std::vector<CoreEnergyParams> cores, const ClusterEnergyParams& cl,
                             double initial_v, double initial_mhz, bool domain_on,
                             std::vector<CoreActivity> initial, bool keep_history)
    : cp_(std::move(cores)), clp_(cl), cores_(std::move(initial)), mhz_(initial_mhz),
      domain_on_(domain_on), v0_(initial_v), target_(initial_v), keep_history_(keep_history) {
  if (cores_.size() != cp_.size()) model_error("energy", "core parameter/state count mismatch");
  t_ = t_v_ = ramp_end_ps_ = now_ps();
  e_.assign(cp_.size() + 1, 0.0);
  terms_.resize(e_.size());
  steady_.resize(e_.size());
  recompute();
  record();
}

// ---- closed-form integrals -------------------------------------------------------

// k * integral of V^e over a linear V from v0 to v1 in dt_s seconds.
double ClusterEnergy::integrate_line(const Terms& tm, double v0, double v1, double dt_s) {
  double j = 0;
  for (const Term& t : {tm.a, tm.b}) {
    if (t.k == 0) continue;
    double mean;  // mean of V^e over the segment
    if (std::fabs(v1 - v0) < 1e-9) {
      mean = vpow(0.5 * (v0 + v1), t.e);
    } else {
      mean = (std::pow(v1, t.e + 1) - std::pow(v0, t.e + 1)) / ((t.e + 1) * (v1 - v0));
    }
    j += t.k * kUwToW * mean * dt_s;
  }
  return j;
}

double ClusterEnergy::integrate(const Terms& tm, double v0, double slope, uint64_t t0,
                                uint64_t t1, uint64_t ramp_end, double v_end) {
  if (t1 <= t0) return 0;
  double j = 0;
  if (t0 < ramp_end) {  // on the ramp's line up to min(t1, ramp_end)
    const uint64_t te = std::min(t1, ramp_end);
    const double v1 = v0 + slope * static_cast<double>(te - t0);
    j += integrate_line(tm, v0, v1, static_cast<double>(te - t0) * kPsToS);
    t0 = te;
    v0 = v1;
  }
  if (t1 > t0) j += integrate_line(tm, v_end, v_end, static_cast<double>(t1 - t0) * kPsToS);
  return j;
}

// ---- state -----------------------------------------------------------------------

double ClusterEnergy::voltage_at(uint64_t t) const {
  if (t >= ramp_end_ps_) return target_;
  return v0_ + slope_ * static_cast<double>(t - t_v_);
}

double ClusterEnergy::voltage() const { return voltage_at(now_ps()); }

void ClusterEnergy::advance() {
  const uint64_t now = now_ps();
  if (now <= t_) return;
  const double v_t = voltage_at(t_);
  // A power-gated meter (no terms) adds +0.0: left as it is, bit for bit.
  // Off a ramp, integrate() is one integrate_line() at the target.
  const bool on_ramp = t_ < ramp_end_ps_;
  const double dt_s = static_cast<double>(now - t_) * kPsToS;
  for (size_t m = 0; m < e_.size(); ++m) {
    if (terms_[m].zero()) continue;
    e_[m] += on_ramp ? integrate(terms_[m], v_t, slope_, t_, now, ramp_end_ps_, target_)
                     : steady_j(m, target_, dt_s);
  }
  t_ = now;
}

ClusterEnergy::Terms ClusterEnergy::core_terms(size_t i) const {
  const CoreActivity& a = cores_[i];
  const CoreEnergyParams& p = cp_[i];
  double act = 0, leak = 0;
  switch (a.state) {
    case Core::State::Run:
      act = p.activity[static_cast<unsigned>(a.kind)];
      leak = p.leakage_uw;
      break;
    case Core::State::Wfi:
    case Core::State::Wfe: act = p.idle_activity; leak = p.wfi_leakage_uw; break;
    default: return Terms{};  // Off, Reset: power gated
  }
  Terms t;
  t.a = {p.dyn_coeff_uw * act * mhz_, 2.0};
  t.b = {leak, p.leakage_exponent};
  return t;
}

ClusterEnergy::Terms ClusterEnergy::uncore_terms() const {
  Terms u;
  if (!domain_on_) {
    u.b = {clp_.off_static_uw, clp_.static_exponent};
    return u;
  }
  const bool running = std::any_of(cores_.begin(), cores_.end(), [](const CoreActivity& a) {
    return a.state == Core::State::Run;
  });
  if (running) {
    u.a = {clp_.dyn_coeff_uw * mhz_, 2.0};
    u.b = {clp_.active_static_uw, clp_.static_exponent};
  } else {
    u.b = {clp_.idle_static_uw, clp_.static_exponent};
  }
  return u;
}

void ClusterEnergy::recompute() {
  for (size_t i = 0; i < cores_.size(); ++i) set_terms(i, core_terms(i));
  set_terms(terms_.size() - 1, uncore_terms());
}

void ClusterEnergy::record() {
  if (!keep_history_) return;
  // Several changes at one instant: the last terms are the ones in force.
  if (hist_begin_ == hist_end_ || hist_[hist_end_ - 1].t_ps != t_) {
    // The room past hist_end_ is reused: once the history has been as long
    // as it gets, a record allocates nothing.
    if (hist_end_ == hist_.size()) {
      hist_.emplace_back();
      hist_e_.resize(hist_.size() * e_.size());
      hist_terms_.resize(hist_.size() * e_.size());
    }
    ++hist_end_;
  }
  const size_t at = hist_end_ - 1;
  Sample& s = hist_[at];
  s.t_ps = t_;
  s.v0 = voltage_at(t_);
  s.slope_v_per_ps = slope_;
  s.ramp_end_ps = ramp_end_ps_;
  s.v_end = target_;
  std::copy(e_.begin(), e_.end(), hist_e_.begin() + static_cast<std::ptrdiff_t>(at * e_.size()));
  std::copy(terms_.begin(), terms_.end(),
            hist_terms_.begin() + static_cast<std::ptrdiff_t>(at * e_.size()));
}

void ClusterEnergy::applied() {
  record();
  for (auto& l : listeners_) l();
}

void ClusterEnergy::core_changed(unsigned i, const CoreActivity& a) {
  if (unread_) return;
  if (forward_) {  // most changes: told in 16 bytes, straight from here
    t_ = now_ps();
    return forward_->core_changed({t_, i, static_cast<uint8_t>(a.state), static_cast<uint8_t>(a.kind)});
  }
  last_.kind = Change::Kind::Core;
  last_.core = i;
  last_.activity = a;
  last_.at_ps = now_ps();
  advance();
  cores_.at(i) = a;
  // Only this core's terms and the uncore's (which follow whether any core
  // runs) depend on it.
  set_terms(i, core_terms(i));
  set_terms(terms_.size() - 1, uncore_terms());
  applied();
}

void ClusterEnergy::freq_changed(double mhz) {
  if (unread_) return;
  last_.kind = Change::Kind::Freq;
  last_.x = mhz;
  last_.at_ps = now_ps();
  if (forward_) return forwarded();
  advance();
  mhz_ = mhz;
  recompute();
  applied();
}

void ClusterEnergy::voltage_changed(double v, double target, const sc_time& ramp_end) {
  voltage_changed(v, target, ramp_end.value());
}

// (Without sc_time, which a follower's thread must not make: making one
// marks SystemC's time resolution as used.)
void ClusterEnergy::voltage_changed(double v, double target, uint64_t end) {
  if (unread_) return;
  const uint64_t now = now_ps();
  last_.kind = Change::Kind::Voltage;
  last_.x = v;
  last_.target = target;
  last_.ramp_end_ps = end;
  last_.at_ps = now;
  if (forward_) return forwarded();
  advance();
  t_v_ = now;
  v0_ = v;
  target_ = target;
  if (end > now) {
    ramp_end_ps_ = end;
    slope_ = (target - v) / static_cast<double>(end - now);
  } else {
    ramp_end_ps_ = now;
    slope_ = 0;
  }
  applied();
}

void ClusterEnergy::domain_changed(PowerDomain::State s) {
  if (unread_) return;
  last_.kind = Change::Kind::Domain;
  last_.domain = s;
  last_.at_ps = now_ps();
  if (forward_) return forwarded();
  advance();
  domain_on_ = s != PowerDomain::State::Off;
  recompute();
  applied();
}

std::unique_ptr<ClusterEnergy> ClusterEnergy::follower_copy() const {
  need_meters("a copy");
  std::unique_ptr<ClusterEnergy> c(new ClusterEnergy(*this));
  c->listeners_.clear();
  c->own_time_ = true;
  c->copy_now_ps_ = t_;
  return c;
}

void ClusterEnergy::add_listener(std::function<void()> l) {
  if (forward_) model_error("energy", "add_listener: the model forwards only; it tells no listener");
  listeners_.push_back(std::move(l));
}

void ClusterEnergy::forward_only(Forward& to) {
  need_meters("forward_only");
  if (!listeners_.empty()) model_error("energy", "forward_only: the model has listeners, which it would no longer tell");
  forward_ = &to;
  drop_history();
}

void ClusterEnergy::forwarded() {
  t_ = last_.at_ps;
  forward_->changed(last_);
}

void ClusterEnergy::need_meters(const char* what) const {
  if (forward_) model_error("energy", "%s: this model's meters are kept by a follower", what);
}

// A copy runs on another thread, where SystemC's report handler (which
// reads the simulation's time and process) must not run: it throws, and
// its owner raises it on the simulation thread (StatsCollector::collect()).
void ClusterEnergy::fail(const char* what) const {
  if (own_time_) throw std::runtime_error(std::string("energy: ") + what);
  model_error("energy", "%s", what);
}

void ClusterEnergy::apply(const Change& c) {
  copy_now_ps_ = c.at_ps;
  switch (c.kind) {
    case Change::Kind::Core: core_changed(c.core, c.activity); break;
    case Change::Kind::Freq: freq_changed(c.x); break;
    case Change::Kind::Voltage: voltage_changed(c.x, c.target, c.ramp_end_ps); break;
    case Change::Kind::Domain: domain_changed(c.domain); break;
  }
}

void ClusterEnergy::apply(const CoreChange& c) {
  copy_now_ps_ = c.at_ps;
  core_changed(c.core, c.activity());
}

void ClusterEnergy::sync() {
  need_meters("sync");
  advance();
  record();
}

void ClusterEnergy::sync_at(uint64_t at_ps) {
  copy_now_ps_ = at_ps;
  sync();
}

// ---- readings ----------------------------------------------------------------------

double ClusterEnergy::rail_j() const {
  need_meters("rail_j");
  double j = 0;
  for (double e : e_) j += e;
  return j;
}

double ClusterEnergy::power_uw(const Terms& t, double v) {
  return t.a.k * vpow(v, t.a.e) + t.b.k * vpow(v, t.b.e);
}

double ClusterEnergy::core_power_uw(unsigned i) const { return power_uw(terms_.at(i), voltage()); }

double ClusterEnergy::uncore_power_uw() const { return power_uw(terms_.back(), voltage()); }

const ClusterEnergy::Steady& ClusterEnergy::compute_steady(size_t m, double v) const {
  SteadyWays& w = steady_[m];
  Steady& s = w.way[w.found = w.next];
  w.next = (w.next + 1) % kSteadyWays;
  const Terms& tm = terms_[m];
  // As integrate_line() takes them: the mean of V^e over a segment that
  // starts and ends at v, and (k * kUwToW) * mean before the duration.
  const double mean_v = 0.5 * (v + v);
  s = {v, tm, power_uw(tm, v), 0, 0};
  if (tm.a.k != 0) s.j_per_s_a = tm.a.k * kUwToW * vpow(mean_v, tm.a.e);
  if (tm.b.k != 0) s.j_per_s_b = tm.b.k * kUwToW * vpow(mean_v, tm.b.e);
  return s;
}

double ClusterEnergy::steady_j(size_t m, double v, double dt_s) const {
  const Steady& s = steady(m, v);
  double j = 0;
  if (s.terms.a.k != 0) j += s.j_per_s_a * dt_s;
  if (s.terms.b.k != 0) j += s.j_per_s_b * dt_s;
  return j;
}

double ClusterEnergy::rail_power_uw() const {
  const double v = voltage();
  double uw = steady(terms_.size() - 1, v).uw;
  for (size_t i = 0; i + 1 < terms_.size(); ++i) uw += steady(i, v).uw;
  return uw;
}

// The last kept sample at or before tp; null before the first.
const ClusterEnergy::Sample* ClusterEnergy::sample_at(uint64_t tp) const {
  const auto first = hist_.begin() + static_cast<std::ptrdiff_t>(hist_begin_);
  const auto it = std::upper_bound(first, hist_.begin() + static_cast<std::ptrdiff_t>(hist_end_), tp,
                                   [](uint64_t v, const Sample& s) { return v < s.t_ps; });
  return it == first ? nullptr : &*(it - 1);
}

double ClusterEnergy::energy_at(int m, const sc_time& t) const { return energy_at_ps(m, t.value()); }

double ClusterEnergy::energy_at_ps(int m, uint64_t tp) const {
  need_meters("energy_at");
  if (!keep_history_ || hist_begin_ == hist_end_)
    fail("energy_at needs the history");
  if (tp > t_) fail("energy_at beyond the last update");
  if (tp < forgotten_ps_) fail("energy_at before the history kept");
  const Sample* sp = sample_at(tp);
  if (!sp) return 0;  // before elaboration
  const Sample& s = *sp;
  const size_t first = static_cast<size_t>(sp - hist_.data()) * e_.size();
  auto one = [&](size_t k) {
    return hist_e_[first + k] + integrate(hist_terms_[first + k], s.v0, s.slope_v_per_ps, s.t_ps,
                                          tp, s.ramp_end_ps, s.v_end);
  };
  if (m >= 0) return one(static_cast<size_t>(m));
  double j = 0;
  for (size_t k = 0; k < e_.size(); ++k) j += one(k);
  return j;
}

void ClusterEnergy::forget_before_ps(uint64_t tp) {
  if (tp <= forgotten_ps_) return;
  forgotten_ps_ = tp;
  // Keep the last sample at or before tp: it answers [tp, next sample).
  const Sample* keep = sample_at(tp);
  if (!keep) return;
  hist_begin_ = static_cast<size_t>(keep - hist_.data());
  // Once the dropped samples outnumber the kept ones, move the kept ones
  // to the front (no allocation: the room stays for record()).
  if (hist_begin_ > hist_end_ - hist_begin_) {
    const auto n = static_cast<std::ptrdiff_t>(e_.size());
    const auto from = static_cast<std::ptrdiff_t>(hist_begin_), to = static_cast<std::ptrdiff_t>(hist_end_);
    std::copy(hist_.begin() + from, hist_.begin() + to, hist_.begin());
    std::copy(hist_e_.begin() + from * n, hist_e_.begin() + to * n, hist_e_.begin());
    std::copy(hist_terms_.begin() + from * n, hist_terms_.begin() + to * n, hist_terms_.begin());
    hist_end_ -= hist_begin_;
    hist_begin_ = 0;
  }
}

void ClusterEnergy::unread() {
  unread_ = true;
  drop_history();
}

void ClusterEnergy::drop_history() {
  keep_history_ = false;
  hist_.clear();
  hist_e_.clear();
  hist_terms_.clear();
  hist_begin_ = hist_end_ = 0;
}

double ClusterEnergy::energy_between(int m, const sc_time& t0, const sc_time& t1) const {
  return energy_between_ps(m, t0.value(), t1.value());
}

double ClusterEnergy::energy_between_ps(int m, uint64_t t0_ps, uint64_t t1_ps) const {
  return energy_at_ps(m, t1_ps) - energy_at_ps(m, t0_ps);
}
