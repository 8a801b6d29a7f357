/* SPDX-License-Identifier: GPL-2.0-only */
// clock_domain.h - the clock of one cluster (or any synchronous block).
//
// Converts cycles to SystemC time at the current frequency. A frequency of 0
// means the clock is stopped (a PLL relocking, a gated domain): work that
// needs cycles waits until it runs again. Frequency changes take effect at the
// exact simulated time set_freq_hz() is called; whoever changes the frequency
// (the PLL model) is responsible for the latency that precedes it.
#pragma once

#include <systemc>

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "models/common/model_event.h"

class ClockDomain : public sc_core::sc_module {
 public:
  using Listener = std::function<void(uint64_t old_hz, uint64_t new_hz)>;

  ClockDomain(sc_core::sc_module_name name, uint64_t freq_hz);

  uint64_t freq_hz() const { return freq_hz_; }
  bool running() const { return freq_hz_ != 0; }
  // Duration of one cycle; SC_ZERO_TIME when stopped.
  sc_core::sc_time period() const;
  // Duration of n cycles at the current frequency (rounded up to a picosecond).
  // Inline: a core asks at every step it takes, mostly for a memoised n.
  sc_core::sc_time cycles(uint64_t n) const {
    const Memo& m = memo_[n % memo_.size()];
    if (m.n == n && n) return m.t;
    return cycles_memo(n);
  }
  // Whole cycles that fit in t at the current frequency.
  uint64_t cycles_in(const sc_core::sc_time& t) const;

  void set_freq_hz(uint64_t hz);
  // Notified (immediately) after every change of frequency.
  const sc_core::sc_event& changed_event() const { return changed_; }
  void add_listener(Listener l) { listeners_.push_back(std::move(l)); }

 private:
  sc_core::sc_time cycles_exact(uint64_t n) const;
  sc_core::sc_time cycles_memo(uint64_t n) const;  // computes and remembers

  uint64_t freq_hz_;
  ModelEvent changed_;
  std::vector<Listener> listeners_;
  // cycles(n) for the few n that cores ask for again and again (an L1 hit,
  // a barrier, the cluster port), at the current frequency. A division per
  // access otherwise; emptied when the frequency changes. 64 slots: with
  // 16, those n shared slots and 85k of 430k asks in 5 s of mp3-short
  // missed; 20k miss now, most of them work chunks of one-off lengths.
  struct Memo { uint64_t n = 0; sc_core::sc_time t; };
  mutable std::array<Memo, 64> memo_{};
};
