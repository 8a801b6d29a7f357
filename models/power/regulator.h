/* SPDX-License-Identifier: GPL-2.0-only */
// regulator.h - a voltage rail (a cluster's Vcore) with a finite slew rate.
//
// set_voltage_uv() starts a linear ramp from the voltage present at that
// instant to the target at ramp_uv_per_us; the rail then needs settle_time
// before it reports settled (the "power good" a PMIC gives). voltage_uv() is
// the instantaneous voltage, interpolated at sc_time_stamp(), so an energy
// model or the DVFS order check can read the rail mid-ramp. A new target
// during a ramp starts a new ramp from wherever the rail is.
//
// Listeners hear the start and the end of every ramp; between the two the
// voltage is linear in time, so V(t) is piecewise linear and an energy meter
// can integrate it exactly.
#pragma once

#include <systemc>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "models/common/model_event.h"

struct RegulatorParams {
  uint32_t min_uv = 800000;
  uint32_t max_uv = 1050000;
  uint32_t initial_uv = 900000;
  double ramp_uv_per_us = 10000;  // <= 0: the rail steps instantly
  sc_core::sc_time settle_time = sc_core::SC_ZERO_TIME;
};

class Regulator : public sc_core::sc_module {
 public:
  struct Change {
    enum Kind { RampStart, RampEnd } kind;
    uint32_t uv;                // voltage at this instant
    uint32_t target_uv;         // where the ramp goes (== uv at RampEnd)
    sc_core::sc_time ramp_end;  // when the ramp reaches target_uv
  };
  using Listener = std::function<void(const Change&)>;

  SC_HAS_PROCESS(Regulator);
  Regulator(sc_core::sc_module_name name, const RegulatorParams& p);

  // Start ramping to uv. Outside [min_uv, max_uv]: model_error. A request for
  // the voltage the rail already holds, settled, changes nothing.
  void set_voltage_uv(uint32_t uv);

  uint32_t voltage_uv() const { return voltage_at(sc_core::sc_time_stamp()); }
  // Voltage at time t >= now if no new request comes (the current ramp's line).
  uint32_t voltage_at(const sc_core::sc_time& t) const;
  uint32_t target_uv() const { return target_uv_; }
  bool ramping() const { return sc_core::sc_time_stamp() < ramp_end_; }
  sc_core::sc_time ramp_end() const { return ramp_end_; }
  // Target reached and settle_time elapsed.
  bool settled() const { return settled_; }
  const sc_core::sc_event& settled_event() const { return settled_ev_; }

  // Time a ramp of |to - from| takes at this rail's slew rate (rounded up to 1 ps).
  sc_core::sc_time ramp_time(uint32_t from_uv, uint32_t to_uv) const;

  void add_listener(Listener l) { listeners_.push_back(std::move(l)); }
  const RegulatorParams& params() const { return p_; }

 private:
  void on_ramp_end();  // method: the rail reached its target
  void on_settled();   // method: settle time elapsed
  void tell(const Change& c);

  RegulatorParams p_;
  uint32_t start_uv_, target_uv_;
  sc_core::sc_time ramp_start_, ramp_end_;
  bool settled_ = true;
  ModelEvent ramp_end_ev_, settle_ev_, settled_ev_;
  std::vector<Listener> listeners_;
};
