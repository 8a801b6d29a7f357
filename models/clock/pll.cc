// SPDX-License-Identifier: GPL-2.0-only
#include "models/clock/pll.h"

#include "models/common/report.h"

using namespace sc_core;

Pll::Pll(sc_module_name name, const PllParams& p, ClockDomain& out)
    : sc_module(name), p_(p), out_(out), target_hz_(out.freq_hz()) {
  if (p_.ref_hz == 0) model_error(this->name(), "reference clock of 0 Hz");
  if (p_.min_hz > p_.max_hz)
    model_error(this->name(), "min rate %llu Hz above max rate %llu Hz",
                (unsigned long long)p_.min_hz, (unsigned long long)p_.max_hz);
  SC_METHOD(on_lock);
  sensitive << lock_ev_;
  dont_initialize();
}

void Pll::set_rate(uint64_t hz) {
  if (hz < p_.min_hz || hz > p_.max_hz)
    model_error(name(), "rate %llu Hz requested, outside the PLL's range [%llu, %llu] Hz",
                (unsigned long long)hz, (unsigned long long)p_.min_hz,
                (unsigned long long)p_.max_hz);
  if (locked_ && hz == target_hz_) return;
  target_hz_ = hz;
  locked_ = false;
  ++relocks_;
  out_.set_freq_hz(0);  // the output is gated while the loop is out of lock
  lock_ev_.cancel();
  lock_ev_.notify(p_.relock_latency);
}

void Pll::on_lock() {
  locked_ = true;
  out_.set_freq_hz(target_hz_);  // listeners (the DVFS guard) see the new rate now
  locked_ev_.notify();
}
