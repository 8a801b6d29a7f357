// SPDX-License-Identifier: GPL-2.0-only
#include "models/timer/sp804.h"

#include "models/common/initiator.h"
#include "models/common/mmio32.h"

#include <cstring>

using namespace sc_core;

namespace {
constexpr uint64_t kPsPerS = 1000000000000ull;
}  // namespace

constexpr uint8_t Sp804::Reg::PERIPHID[4];
constexpr uint8_t Sp804::Reg::PCELLID[4];

Sp804::Sp804(sc_module_name name, const Sp804Params& p) : sc_module(name), socket("socket"), p_(p) {
  if (p_.timclk_hz == 0) SC_REPORT_FATAL("sp804", "TIMCLK of 0 Hz");
  socket.register_b_transport(this, &Sp804::b_transport);
  SC_METHOD(expire1);
  sensitive << t_[0].due;
  dont_initialize();
  SC_METHOD(expire2);
  sensitive << t_[1].due;
  dont_initialize();
}

uint32_t Sp804::mask(const Timer& t) const { return (t.ctrl & kSize32) ? 0xFFFFFFFFu : 0xFFFFu; }

// Prescale 00: /1, 01: /16, 10: /256 (11 is undefined: /256 here).
uint64_t Sp804::divider(const Timer& t) const {
  switch ((t.ctrl & kPrescaleMask) >> kPrescaleShift) {
    case 0: return 1;
    case 1: return 16;
    default: return 256;
  }
}

bool Sp804::counting(const Timer& t) const { return (t.ctrl & kEnable) && !t.halted; }

uint64_t Sp804::ticks_since(const Timer& t, const sc_time& now) const {
  const unsigned __int128 ps = (now - t.base_time).value();
  return static_cast<uint64_t>(ps * p_.timclk_hz / (static_cast<unsigned __int128>(kPsPerS) * divider(t)));
}

// The first picosecond at which `ticks` ticks have elapsed since base_time.
sc_time Sp804::time_after(const Timer& t, uint64_t ticks) const {
  const unsigned __int128 den = p_.timclk_hz;
  const unsigned __int128 num = static_cast<unsigned __int128>(ticks) * divider(t) * kPsPerS;
  return t.base_time + sc_time::from_value(static_cast<uint64_t>((num + den - 1) / den));
}

uint32_t Sp804::value(const Timer& t) const {
  if (!counting(t)) return t.base_value;  // as loaded (reset: 0xFFFFFFFF)
  const uint32_t v = t.base_value & mask(t);
  const uint64_t n = ticks_since(t, sc_time_stamp());
  return n >= v ? 0 : static_cast<uint32_t>(v - n);
}

void Sp804::rebase(Timer& t) {
  t.base_value = value(t);
  t.base_time = sc_time_stamp();
}

void Sp804::schedule(Timer& t) {
  t.due.cancel();
  if (!counting(t)) return;
  const uint64_t v = t.base_value & mask(t);
  // A count of 0 expires on the next tick (the hardware decrements through 0).
  t.due.notify(time_after(t, v ? v : 1) - sc_time_stamp());
}

void Sp804::expire(unsigned i) {
  Timer& t = t_[i];
  t.ris = true;
  t.base_time = sc_time_stamp();
  if (t.ctrl & kOneShot) {
    t.base_value = 0;
    t.halted = true;
  } else if (t.ctrl & kPeriodic) {
    t.base_value = t.load & mask(t);
  } else {
    t.base_value = mask(t);  // free-running: wraps to the maximum
  }
  schedule(t);
  update_irq();
}

void Sp804::update_irq() {
  const bool a = t_[0].ris && (t_[0].ctrl & kIntEnable);
  const bool b = t_[1].ris && (t_[1].ctrl & kIntEnable);
  irq1.set(a);
  irq2.set(b);
  irq.set(a || b);
}

uint32_t Sp804::read(uint32_t off) {
  off &= Reg::SIZE - 1;
  if (off >= Reg::PERIPHID0 && off < Reg::PERIPHID0 + 16) return Reg::PERIPHID[(off - Reg::PERIPHID0) / 4];
  if (off >= Reg::PCELLID0) return Reg::PCELLID[(off - Reg::PCELLID0) / 4];
  if (off >= 2 * Reg::TIMER2) return 0;  // ITCR, ITOP and reserved: RAZ
  const Timer& t = t_[off / Reg::TIMER2];
  switch (off % Reg::TIMER2) {
    case Reg::LOAD: case Reg::BGLOAD: return t.load;
    case Reg::VALUE: return value(t);
    case Reg::CONTROL: return t.ctrl;
    case Reg::RIS: return t.ris ? 1 : 0;
    case Reg::MIS: return t.ris && (t.ctrl & kIntEnable) ? 1 : 0;
    default: return 0;  // IntClr is write-only
  }
}

void Sp804::write(uint32_t off, uint32_t v) {
  off &= Reg::SIZE - 1;
  if (off >= 2 * Reg::TIMER2) return;  // WI
  Timer& t = t_[off / Reg::TIMER2];
  switch (off % Reg::TIMER2) {
    case Reg::LOAD:  // loads the counter at once
      t.load = v;
      t.base_value = v;
      t.base_time = sc_time_stamp();
      t.halted = false;
      schedule(t);
      break;
    case Reg::BGLOAD:  // the next reload only
      t.load = v;
      break;
    case Reg::CONTROL:
      rebase(t);
      t.ctrl = v & 0xEF;  // bit 4 is reserved
      t.base_time = sc_time_stamp();
      schedule(t);
      update_irq();
      break;
    case Reg::INTCLR:
      t.ris = false;
      update_irq();
      break;
    default:
      break;  // Value, RIS, MIS: read-only
  }
}

void Sp804::b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
  catch_up(gp, delay);  // works at SystemC's time (models/common/initiator.h)
  delay += p_.access_latency;
  mmio32_transport(gp, Reg::SIZE - 1, [this](uint32_t off) { return read(off); },
                   [this](uint32_t off, uint32_t v) { write(off, v); });
}
