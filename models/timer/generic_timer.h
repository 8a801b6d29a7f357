/* SPDX-License-Identifier: GPL-2.0-only */
// generic_timer.h - a core's ARM generic timer: CNTPCT and the physical timer.
//
// The system counter runs at cntfrq from reset (the TC2 24 MHz reference),
// independent of the core's clock. The physical timer (CNTP_CVAL, CNTP_CTL)
// drives its PPI high while enabled, unmasked and CNTPCT >= CVAL. Accessed
// through CP15 by its own core (sim/hw_glue.cc), not over the bus.
//
// The timer (comparator and PPI) is in its core's power domain, the counter
// is not: while the core is off or held in reset (set_powered(false)) the
// PPI stays low and nothing fires, CNTPCT keeps counting. The registers are
// kept across the gap (on silicon they are lost; the kernel reprograms the
// timer on the way out of a deep idle state, tick_broadcast_exit()), and the
// comparator is evaluated again on power-up. This is what makes the SP804
// broadcast timer necessary for idle states with `local-timer-stop`.
#pragma once

#include <systemc>

#include <cstdint>

#include "models/common/irq_wire.h"
#include "models/common/model_event.h"

struct GenericTimerParams {
  uint64_t cntfrq_hz = 24000000;
  sc_core::sc_time access_latency = sc_core::sc_time(1, sc_core::SC_NS);  // an mrc/mcr of its registers
};

class GenericTimer : public sc_core::sc_module {
 public:
  IrqWire irq;  // the physical timer's PPI

  SC_HAS_PROCESS(GenericTimer);
  GenericTimer(sc_core::sc_module_name name, const GenericTimerParams& p);

  const GenericTimerParams& params() const { return p_; }
  uint64_t cntpct() const { return cntpct_at(sc_core::sc_time_stamp()); }
  // CNTPCT at time t (a core running ahead of SystemC reads it at its own).
  uint64_t cntpct_at(const sc_core::sc_time& t) const;
  uint64_t cval() const { return cval_; }
  // CNTP_CTL with ISTATUS as it reads at time t (a core running ahead).
  uint32_t ctl_at(const sc_core::sc_time& t) const;
  void set_cval(uint64_t v);
  void set_ctl(uint32_t v);
  // The core's power: false while it is off or in reset.
  void set_powered(bool on);
  bool powered() const { return powered_; }
  // Simulated time at which CNTPCT reaches v.
  sc_core::sc_time time_of(uint64_t count) const;

 private:
  void reschedule();
  void fire();
  bool condition() const;

  GenericTimerParams p_;
  uint64_t cval_ = 0;
  uint32_t ctl_ = 0;  // ENABLE, IMASK
  bool powered_ = true;
  ModelEvent due_;
};
