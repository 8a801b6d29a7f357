// SPDX-License-Identifier: GPL-2.0-only
#include "models/timer/generic_timer.h"

using namespace sc_core;

namespace {
constexpr uint32_t kEnable = 1u << 0, kImask = 1u << 1, kIstatus = 1u << 2;
constexpr uint64_t kPsPerS = 1000000000000ull;
}  // namespace

GenericTimer::GenericTimer(sc_module_name name, const GenericTimerParams& p)
    : sc_module(name), p_(p) {
  SC_METHOD(fire);
  sensitive << due_;
  dont_initialize();
}

uint64_t GenericTimer::cntpct_at(const sc_time& t) const {
  const unsigned __int128 x = static_cast<unsigned __int128>(t.value()) * p_.cntfrq_hz;
  // kPsPerS is 2^12 * 5^12, and dividing by the two in turn gives the same
  // floor: the shift leaves a 64-bit quotient for a constant divisor (a
  // multiply) where it fits (the first ~50 minutes at 24 MHz), instead of
  // a 128-bit division, which a core asks for at every counter read.
  static_assert(kPsPerS == (uint64_t(1) << 12) * 244140625u, "1e12 ps per s");
  if ((x >> 76) == 0) return static_cast<uint64_t>(x >> 12) / 244140625u;
  return static_cast<uint64_t>(x / kPsPerS);
}

sc_time GenericTimer::time_of(uint64_t count) const {
  // The first picosecond at which cntpct() >= count (round up).
  const unsigned __int128 ps =
      (static_cast<unsigned __int128>(count) * kPsPerS + p_.cntfrq_hz - 1) / p_.cntfrq_hz;
  return sc_time::from_value(static_cast<uint64_t>(ps));
}

bool GenericTimer::condition() const { return cntpct() >= cval_; }

uint32_t GenericTimer::ctl_at(const sc_time& t) const {
  return ctl_ | ((ctl_ & kEnable) && cntpct_at(t) >= cval_ ? kIstatus : 0);
}

void GenericTimer::set_cval(uint64_t v) {
  cval_ = v;
  reschedule();
}

void GenericTimer::set_ctl(uint32_t v) {
  ctl_ = v & (kEnable | kImask);
  reschedule();
}

void GenericTimer::set_powered(bool on) {
  if (on == powered_) return;
  powered_ = on;
  reschedule();
}

void GenericTimer::reschedule() {
  due_.cancel();
  fire();  // the level may change right now
  if (powered_ && (ctl_ & kEnable) && !condition()) {
    const sc_time when = time_of(cval_);
    due_.notify(when - sc_time_stamp());
  }
}

void GenericTimer::fire() {
  irq.set(powered_ && (ctl_ & kEnable) && !(ctl_ & kImask) && condition());
}
