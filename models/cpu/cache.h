/* SPDX-License-Identifier: GPL-2.0-only */
// cache.h - the state of a data cache that matters for power management.
//
// blsim does not simulate cache contents line by line. What the PM code paths
// pay for is (a) hit/miss latency of the accesses they make and (b) the
// write-back of dirty lines when a cache is cleaned before power-down. So a
// cache is modelled by its geometry, its hit latency and a count of dirty
// lines, which grows as work writes memory and drops to zero on a clean.
// The dirtying rate of each work kind is a core parameter (DT), so the cost of
// v7_exit_coherency_flush depends on what ran before it.
#pragma once

#include <cstdint>
#include <string>

struct CacheParams {
  uint32_t size_bytes = 0;
  uint32_t line_bytes = 64;
  uint32_t ways = 0;
  uint32_t hit_cycles = 0;        // load-to-use latency of a hit
  uint32_t walk_cycles_per_set = 0;  // set/way maintenance: cycles per set
};

class Cache {
 public:
  explicit Cache(const CacheParams& p) : p_(p) {}

  const CacheParams& params() const { return p_; }
  uint32_t lines() const { return p_.line_bytes ? p_.size_bytes / p_.line_bytes : 0; }
  uint32_t sets() const { return p_.ways ? lines() / p_.ways : 0; }
  uint32_t dirty_lines() const { return dirty_; }
  bool enabled() const { return enabled_; }
  void set_enabled(bool on) { enabled_ = on; }

  // Work wrote `n` more distinct lines (bounded by the capacity).
  void dirty(uint64_t n) {
    const uint64_t d = dirty_ + n;
    dirty_ = d > lines() ? lines() : static_cast<uint32_t>(d);
  }
  // Clean+invalidate: returns how many lines must be written back.
  uint32_t clean_all() {
    const uint32_t d = dirty_;
    dirty_ = 0;
    return d;
  }
  // Power loss drops the contents (a clean must have come first, or data is
  // lost: the caller checks).
  void power_off() { dirty_ = 0; enabled_ = false; cold_ = true; ++power_losses_; }
  // How many times the contents were lost (for a shared L2: each core
  // finds it cold once per loss).
  uint64_t power_losses() const { return power_losses_; }
  // A core finished its resume path from this (shared) cache at time
  // at_ps after the current loss: from then on the path's lines hit.
  void mark_warm(uint64_t at_ps) {
    if (warm_loss_ != power_losses_) {
      warm_loss_ = power_losses_;
      warm_at_ps_ = at_ps;
    }
  }
  // Whether a resume path starting at at_ps finds the lines here.
  bool warm_at(uint64_t at_ps) const { return warm_loss_ == power_losses_ && at_ps >= warm_at_ps_; }
  // Whether the contents were lost since the last call (then: no longer).
  bool take_cold() {
    const bool c = cold_;
    cold_ = false;
    return c;
  }

 private:
  CacheParams p_;
  uint32_t dirty_ = 0;
  bool enabled_ = false;
  bool cold_ = false;  // at boot: warm, the firmware and boot loader ran from it
  uint64_t power_losses_ = 0;
  uint64_t warm_loss_ = 0, warm_at_ps_ = 0;
};
