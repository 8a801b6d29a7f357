/* SPDX-License-Identifier: GPL-2.0-only */
// dvfs_guard.h - the physical rule of DVFS: a clock may run only as fast as
// the rail's voltage allows.
//
// Given a cluster's operating points (frequency -> minimum voltage), the
// guard watches its ClockDomain and its Regulator and reports a model_error
// the moment freq > fmax(V), i.e. when the voltage the running (or newly
// applied) frequency needs is above the rail:
//  - at every clock change, against the rail's instantaneous voltage (mid-ramp
//    included) and, if the rail is ramping down, against where it is going;
//  - at the start of every voltage ramp down, against the running frequency.
// So "raise voltage before frequency, lower frequency before voltage" passes,
// and either reversed order is caught when it happens. The voltage a
// frequency needs is the lowest of the operating points at least as fast
// (for a monotonic table: the slowest of them); a frequency above the
// fastest one needs more than any rail can give.
#pragma once

#include "models/clock/clock_domain.h"
#include "models/power/regulator.h"

#include <cstdint>
#include <string>
#include <vector>

class DvfsGuard {
 public:
  struct Point {
    uint64_t hz;
    uint32_t min_uv;
  };

  // Listens to clk and rail for their lifetime (both outlive the guard's use).
  DvfsGuard(std::string name, ClockDomain& clk, Regulator& rail, std::vector<Point> table);

  // Minimum voltage for hz (0 for a stopped clock); UINT32_MAX above the table.
  uint32_t required_uv(uint64_t hz) const;
  unsigned checks() const { return checks_; }  // how many times the rule was checked
  const std::string& name() const { return name_; }

 private:
  void check(uint64_t hz, uint32_t uv, const char* what) const;

  std::string name_;
  ClockDomain& clk_;
  Regulator& rail_;
  std::vector<Point> table_;  // sorted by hz
  mutable unsigned checks_ = 0;
};
