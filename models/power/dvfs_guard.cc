// SPDX-License-Identifier: GPL-2.0-only
#include "models/power/dvfs_guard.h"

#include "models/common/report.h"

#include <algorithm>

DvfsGuard::DvfsGuard(std::string name, ClockDomain& clk, Regulator& rail,
                     std::vector<Point> table)
    : name_(std::move(name)), clk_(clk), rail_(rail), table_(std::move(table)) {
  if (table_.empty()) model_error(name_.c_str(), "empty operating-point table");
  std::sort(table_.begin(), table_.end(),
            [](const Point& a, const Point& b) { return a.hz < b.hz; });
  clk_.add_listener([this](uint64_t, uint64_t new_hz) {
    // The new frequency takes effect now: the rail must carry it now, and,
    // if it is on its way down, where it is going.
    check(new_hz, rail_.voltage_uv(), "is at");
    if (rail_.ramping() && rail_.target_uv() < rail_.voltage_uv())
      check(new_hz, rail_.target_uv(), "is ramping down to");
  });
  rail_.add_listener([this](const Regulator::Change& c) {
    // A ramp down below what the running clock needs breaks the rule from
    // the instant the rail crosses that voltage; report it when it starts.
    if (c.kind == Regulator::Change::RampStart && c.target_uv < c.uv)
      check(clk_.freq_hz(), c.target_uv, "is ramping down to");
  });
}

uint32_t DvfsGuard::required_uv(uint64_t hz) const {
  if (hz == 0) return 0;
  // A point at least as fast that runs at V proves hz runs at V too, so the
  // need is the lowest voltage of all of them (tables need not be monotonic:
  // the Exynos 5800's A15 runs 1800 MHz at 1237.5 mV, 1700 MHz at 1250 mV).
  uint32_t need = UINT32_MAX;
  for (const Point& p : table_)
    if (p.hz >= hz && p.min_uv < need) need = p.min_uv;
  return need;
}

void DvfsGuard::check(uint64_t hz, uint32_t uv, const char* what) const {
  ++checks_;
  const uint32_t need = required_uv(hz);
  if (need == UINT32_MAX)
    model_error(name_.c_str(), "frequency %llu kHz is above the fastest operating point (%llu kHz)",
                (unsigned long long)(hz / 1000), (unsigned long long)(table_.back().hz / 1000));
  if (need > uv)
    model_error(name_.c_str(), "frequency %llu kHz needs %u uV but the rail %s %u uV",
                (unsigned long long)(hz / 1000), need, what, uv);
}
