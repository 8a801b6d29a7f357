// SPDX-License-Identifier: GPL-2.0-only
#include "models/power/regulator.h"

#include "models/common/report.h"

#include <cmath>

using namespace sc_core;

Regulator::Regulator(sc_module_name name, const RegulatorParams& p)
    : sc_module(name), p_(p), start_uv_(p.initial_uv), target_uv_(p.initial_uv) {
  if (p_.min_uv > p_.max_uv)
    model_error(this->name(), "min voltage %u uV above max voltage %u uV", p_.min_uv, p_.max_uv);
  if (p_.initial_uv < p_.min_uv || p_.initial_uv > p_.max_uv)
    model_error(this->name(), "initial voltage %u uV outside [%u, %u] uV", p_.initial_uv,
                p_.min_uv, p_.max_uv);
  SC_METHOD(on_ramp_end);
  sensitive << ramp_end_ev_;
  dont_initialize();
  SC_METHOD(on_settled);
  sensitive << settle_ev_;
  dont_initialize();
}

sc_time Regulator::ramp_time(uint32_t from_uv, uint32_t to_uv) const {
  const uint64_t dv = from_uv > to_uv ? from_uv - to_uv : to_uv - from_uv;
  if (dv == 0 || p_.ramp_uv_per_us <= 0) return SC_ZERO_TIME;
  // dv uV at r uV/us takes dv / r us = dv * 1e6 / r ps.
  const double ps = std::ceil(static_cast<double>(dv) * 1e6 / p_.ramp_uv_per_us - 1e-6);
  return sc_time::from_value(static_cast<uint64_t>(ps));
}

uint32_t Regulator::voltage_at(const sc_time& t) const {
  if (t >= ramp_end_) return target_uv_;
  if (t <= ramp_start_) return start_uv_;
  const double f = (t - ramp_start_).to_double() / (ramp_end_ - ramp_start_).to_double();
  const double v = start_uv_ + (static_cast<double>(target_uv_) - start_uv_) * f;
  return static_cast<uint32_t>(std::lround(v));
}

void Regulator::set_voltage_uv(uint32_t uv) {
  if (uv < p_.min_uv || uv > p_.max_uv)
    model_error(name(), "voltage %u uV requested, outside the rail's range [%u, %u] uV", uv,
                p_.min_uv, p_.max_uv);
  const sc_time now = sc_time_stamp();
  const uint32_t v_now = voltage_uv();
  // Already there, settling there or ramping there: nothing new to do.
  if (uv == target_uv_) return;
  ramp_end_ev_.cancel();
  settle_ev_.cancel();
  settled_ = false;
  start_uv_ = v_now;
  target_uv_ = uv;
  ramp_start_ = now;
  ramp_end_ = now + ramp_time(v_now, uv);
  tell({Change::RampStart, v_now, uv, ramp_end_});
  ramp_end_ev_.notify(ramp_end_ - now);
}

void Regulator::on_ramp_end() {
  start_uv_ = target_uv_;
  tell({Change::RampEnd, target_uv_, target_uv_, ramp_end_});
  settle_ev_.notify(p_.settle_time);
}

void Regulator::on_settled() {
  settled_ = true;
  settled_ev_.notify();
}

void Regulator::tell(const Change& c) {
  for (auto& l : listeners_) l(c);
}
