/* SPDX-License-Identifier: GPL-2.0-only */
// progress.h - a progress line on stderr for long runs.
//
// The run advances in slices of simulated time (run.cc); after each slice it
// calls update(). The line appears once the run has taken kDelaySeconds of
// host time (at once when forced), is redrawn at most every 0.25 s, and is
// erased at the end. It reads the clocks only: results do not depend on it.
#pragma once

#include <chrono>
#include <cstdint>

class Progress {
 public:
  static constexpr double kDelaySeconds = 2.0;
  // enabled: draw at all (stderr is a terminal and not --quiet, or forced).
  // immediate: draw from the first slice instead of after kDelaySeconds.
  Progress(uint64_t total_ns, bool enabled, bool immediate);
  void update(uint64_t now_ns);
  void finish();  // erases the line if one was drawn
  unsigned lines_drawn() const { return drawn_; }

 private:
  uint64_t total_ns_;
  bool enabled_, immediate_;
  unsigned drawn_ = 0;
  std::chrono::steady_clock::time_point t0_, last_;
};
