// SPDX-License-Identifier: GPL-2.0-only
#include "models/clock/clock_domain.h"

using namespace sc_core;

ClockDomain::ClockDomain(sc_module_name name, uint64_t freq_hz)
    : sc_module(name), freq_hz_(freq_hz) {}

sc_time ClockDomain::period() const { return cycles(1); }

sc_time ClockDomain::cycles_memo(uint64_t n) const {
  const sc_time t = cycles_exact(n);
  memo_[n % memo_.size()] = {n, t};
  return t;
}

sc_time ClockDomain::cycles_exact(uint64_t n) const {
  if (freq_hz_ == 0) return SC_ZERO_TIME;
  // ps = n * 1e12 / f, rounded up. SystemC's default resolution is 1 ps,
  // which blsim keeps (sim/ checks it at start-up).
  constexpr uint64_t kPsPerS = 1000000000000ull;
  // The same rounding in 64 bits while n * 1e12 + f fits (n < ~1.8e7 cycles,
  // every chunk but the longest): a 128-bit division is a libgcc call.
  if (n < (UINT64_MAX - freq_hz_) / kPsPerS)
    return sc_time::from_value((n * kPsPerS + freq_hz_ - 1) / freq_hz_);
  const unsigned __int128 f = freq_hz_;
  const unsigned __int128 ps = ((unsigned __int128)n * kPsPerS + f - 1) / f;
  return sc_time::from_value(static_cast<uint64_t>(ps));
}

uint64_t ClockDomain::cycles_in(const sc_time& t) const {
  if (freq_hz_ == 0) return 0;
  const unsigned __int128 ps = t.value();
  return static_cast<uint64_t>(ps * freq_hz_ / 1000000000000ull);
}

void ClockDomain::set_freq_hz(uint64_t hz) {
  if (hz == freq_hz_) return;
  const uint64_t old = freq_hz_;
  freq_hz_ = hz;
  memo_.fill(Memo{});
  for (auto& l : listeners_) l(old, hz);
  // Immediate notification is illegal during elaboration (a platform builder
  // setting the initial rate, a PLL programmed before sc_start): use a delta.
  if (sc_is_running())
    changed_.notify();
  else
    changed_.notify(SC_ZERO_TIME);
}
