// SPDX-License-Identifier: GPL-2.0-only
#include "models/timer/sp804.h"

#include "models/regs/sp804.h"

using namespace sc_core;

namespace {
constexpr uint64_t kPsPerS = 1000000000000ull;
// PeriphID0..3 (part 0x804, designer 0x41 ARM, revision 1) and PCellID0..3.
constexpr uint8_t kPeriphId[4] = {0x04, 0x18, 0x14, 0x00};
constexpr uint8_t kPCellId[4] = {0x0D, 0xF0, 0x05, 0xB1};
constexpr uint32_t kControlReserved = 1u << 4;
}  // namespace

// Works at SystemC's time (models/common/initiator.h); ITCR, ITOP and the
// reserved words read as zero and ignore writes.
Sp804::Sp804(sc_module_name name, const Sp804Params& p)
    : sc_module(name), regs("regs", {SP804_SIZE - 1, p.access_latency}), p_(p) {
  if (p_.timclk_hz == 0) SC_REPORT_FATAL("sp804", "TIMCLK of 0 Hz");
  declare_regs();
  SC_METHOD(expire1);
  sensitive << t_[0].due;
  dont_initialize();
  SC_METHOD(expire2);
  sensitive << t_[1].due;
  dont_initialize();
}

uint32_t Sp804::mask(const Timer& t) const { return (t.ctrl & TIMER_CTRL_32BIT) ? 0xFFFFFFFFu : 0xFFFFu; }

// Prescale 00: /1, 01: /16, 10: /256 (11 is undefined: /256 here).
uint64_t Sp804::divider(const Timer& t) const {
  switch ((t.ctrl & TIMER_CTRL_PRESCALE_MASK) >> TIMER_CTRL_PRESCALE_SHIFT) {
    case 0: return 1;
    case 1: return 16;
    default: return 256;
  }
}

bool Sp804::counting(const Timer& t) const { return (t.ctrl & TIMER_CTRL_ENABLE) && !t.halted; }

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
  if (t.ctrl & TIMER_CTRL_ONESHOT) {
    t.base_value = 0;
    t.halted = true;
  } else if (t.ctrl & TIMER_CTRL_PERIODIC) {
    t.base_value = t.load & mask(t);
  } else {
    t.base_value = mask(t);  // free-running: wraps to the maximum
  }
  schedule(t);
  update_irq();
}

void Sp804::update_irq() {
  const bool a = t_[0].ris && (t_[0].ctrl & TIMER_CTRL_IE);
  const bool b = t_[1].ris && (t_[1].ctrl & TIMER_CTRL_IE);
  irq1.set(a);
  irq2.set(b);
  irq.set(a || b);
}

uint32_t Sp804::read(uint32_t off) { return regs.read(off); }
void Sp804::write(uint32_t off, uint32_t v) { regs.write(off, v); }

void Sp804::declare_regs() {
  regs.add("PeriphID", SP804_PERIPHID0, 4).reads([](unsigned i) -> uint32_t { return kPeriphId[i]; });
  regs.add("PCellID", SP804_PCELLID0, 4).reads([](unsigned i) -> uint32_t { return kPCellId[i]; });
  // Each register twice: timer 1's, then timer 2's TIMER_2_BASE on.
  auto timer = [this](const char* name, uint32_t off) -> RegisterBank::Reg& {
    return regs.add(name, off, 2, TIMER_2_BASE);
  };
  timer("TimerXLoad", TIMER_LOAD)
      .reads([this](unsigned i) { return t_[i].load; })
      .writes([this](unsigned i, uint32_t v) { write_load(t_[i], v); });
  timer("TimerXValue", TIMER_VALUE).reads([this](unsigned i) { return value(t_[i]); });
  timer("TimerXControl", TIMER_CTRL)
      .reads([this](unsigned i) { return t_[i].ctrl; })
      .writes([this](unsigned i, uint32_t v) { write_control(t_[i], v); });
  timer("TimerXIntClr", TIMER_INTCLR).writes([this](unsigned i, uint32_t) {
    t_[i].ris = false;
    update_irq();
  });
  timer("TimerXRIS", TIMER_RIS).reads([this](unsigned i) -> uint32_t { return t_[i].ris ? 1 : 0; });
  timer("TimerXMIS", TIMER_MIS).reads([this](unsigned i) -> uint32_t {
    return t_[i].ris && (t_[i].ctrl & TIMER_CTRL_IE) ? 1 : 0;
  });
  timer("TimerXBGLoad", TIMER_BGLOAD)  // the next reload only
      .reads([this](unsigned i) { return t_[i].load; })
      .writes([this](unsigned i, uint32_t v) { t_[i].load = v; });
}

// Loads the counter at once.
void Sp804::write_load(Timer& t, uint32_t v) {
  t.load = v;
  t.base_value = v;
  t.base_time = sc_time_stamp();
  t.halted = false;
  schedule(t);
}

void Sp804::write_control(Timer& t, uint32_t v) {
  rebase(t);
  t.ctrl = v & 0xFF & ~kControlReserved;
  t.base_time = sc_time_stamp();
  schedule(t);
  update_irq();
}
