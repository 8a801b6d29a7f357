/* SPDX-License-Identifier: GPL-2.0-only */
// pll.h - the PLL that clocks one cluster.
//
// A rate change makes the PLL lose lock: its output (the ClockDomain it
// drives) stops, set_freq_hz(0), for relock_latency, then runs at the new
// rate. A request during a relock restarts the relock from that time. Rates
// outside [min_hz, max_hz] are a hardware misuse (model_error). ref_hz is the
// reference input (TC2: 24 MHz OSCCLK, A15/A7 PLL references 17-50 MHz); it
// is kept for reporting and must be non-zero.
#pragma once

#include "models/clock/clock_domain.h"
#include "models/common/model_event.h"

#include <systemc>

#include <cstdint>

struct PllParams {
  uint64_t ref_hz = 24000000;
  sc_core::sc_time relock_latency = sc_core::SC_ZERO_TIME;
  uint64_t min_hz = 0;
  uint64_t max_hz = UINT64_MAX;
};

class Pll : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(Pll);
  // The domain keeps whatever frequency it has; the PLL starts locked at it.
  Pll(sc_core::sc_module_name name, const PllParams& p, ClockDomain& out);

  // Relock to hz. Same rate as the locked one: nothing happens (no relock).
  void set_rate(uint64_t hz);

  uint64_t rate_hz() const { return target_hz_; }  // the rate it runs (or will run) at
  bool locked() const { return locked_; }
  const sc_core::sc_event& locked_event() const { return locked_ev_; }
  ClockDomain& output() { return out_; }
  const PllParams& params() const { return p_; }
  unsigned relocks() const { return relocks_; }

 private:
  void on_lock();  // method: relock latency elapsed

  PllParams p_;
  ClockDomain& out_;
  uint64_t target_hz_;
  bool locked_ = true;
  unsigned relocks_ = 0;
  ModelEvent lock_ev_, locked_ev_;
};
