/* SPDX-License-Identifier: GPL-2.0-only */
// sp804.h - ARM SP804 dual-timer module (ARM DDI 0271D, the TRM).
//
// Two identical 32/16-bit down-counters clocked by TIMCLK (TC2's motherboard:
// the 1 MHz reference clock), with a prescaler of 1, 16 or 256, in
// free-running, periodic or one-shot mode. One TLM-2.0 LT target (4 KiB,
// 32-bit accesses only), one interrupt wire per timer (TIMINT1, TIMINT2) and
// the combined one (TIMINTC, which the V2M-P1 motherboard routes to the GIC).
//
// Counting as modelled: a count loaded with N (a Load write, or the reload)
// reaches zero N TIMCLK/prescale ticks later; at that instant the raw
// interrupt is set and the counter is reloaded from Load (periodic: so the
// period is Load ticks), wraps to the maximum (free-running) or halts at 0
// (one-shot, until Load is written again). Disabling freezes the count,
// enabling continues from it. The counters are only computed when read or
// when they expire: no per-tick events. Not modelled: the integration test
// registers (TimerITCR/ITOP read as zero), TIMCLKEN gating.
#pragma once

#include <systemc>
#include <tlm>

#include <array>
#include <cstdint>

#include "models/common/irq_wire.h"
#include "models/common/model_event.h"
#include "models/common/register_bank.h"

struct Sp804Params {
  uint64_t timclk_hz = 1000000;     // TIMCLK of both timers
  sc_core::sc_time access_latency = sc_core::sc_time(200, sc_core::SC_NS);  // every register access
};

class Sp804 : public sc_core::sc_module {
 public:
  RegisterBank regs;  // the 4 KiB block (models/regs/sp804.h), from the bus
  IrqWire irq1, irq2;  // TIMINT1, TIMINT2
  IrqWire irq;         // TIMINTC = TIMINT1 | TIMINT2

  SC_HAS_PROCESS(Sp804);
  Sp804(sc_core::sc_module_name name, const Sp804Params& p);

  const Sp804Params& params() const { return p_; }
  // Register access without the bus (tests, debug): off within 4 KiB.
  uint32_t read(uint32_t off);
  void write(uint32_t off, uint32_t v);

 private:
  // Reset values (the TRM): Load 0, Value 0xFFFFFFFF, Control 0x20.
  struct Timer {
    uint32_t load = 0, ctrl = 0x20;
    uint32_t base_value = 0xFFFFFFFF;  // the count at base_time
    sc_core::sc_time base_time;
    bool halted = false;  // one-shot reached zero
    bool ris = false;
    ModelEvent due;
  };

  void declare_regs();
  void write_load(Timer& t, uint32_t v);
  void write_control(Timer& t, uint32_t v);
  uint32_t mask(const Timer& t) const;
  uint64_t divider(const Timer& t) const;
  bool counting(const Timer& t) const;
  uint64_t ticks_since(const Timer& t, const sc_core::sc_time& now) const;
  sc_core::sc_time time_after(const Timer& t, uint64_t ticks) const;
  uint32_t value(const Timer& t) const;
  void rebase(Timer& t);  // fold the elapsed count into base_value
  void schedule(Timer& t);
  void expire(unsigned i);
  void expire1() { expire(0); }
  void expire2() { expire(1); }
  void update_irq();

  Sp804Params p_;
  std::array<Timer, 2> t_;
};
