// SPDX-License-Identifier: GPL-2.0-only
#include "sim/progress.h"

#include <cstdio>

Progress::Progress(uint64_t total_ns, bool enabled, bool immediate)
    : total_ns_(total_ns), enabled_(enabled), immediate_(immediate),
      t0_(std::chrono::steady_clock::now()), last_(t0_) {}

void Progress::update(uint64_t now_ns) {
  if (!enabled_) return;
  const auto t = std::chrono::steady_clock::now();
  const double host = std::chrono::duration<double>(t - t0_).count();
  if (!immediate_ && host < kDelaySeconds) return;
  if (drawn_ && std::chrono::duration<double>(t - last_).count() < 0.25 && now_ns < total_ns_) return;
  last_ = t;
  const double sim_s = now_ns / 1e9, rate = host > 0 ? sim_s / host : 0;
  const double eta = rate > 0 ? (total_ns_ - (now_ns < total_ns_ ? now_ns : total_ns_)) / 1e9 / rate : 0;
  fprintf(stderr, "\rblsim: %.3f / %.3f s simulated (%3.0f%%), %.1fx real time, ETA %.0f s\033[K",
          sim_s, total_ns_ / 1e9, total_ns_ ? 100.0 * now_ns / total_ns_ : 100.0, rate, eta);
  fflush(stderr);
  ++drawn_;
}

void Progress::finish() {
  if (drawn_) {
    fprintf(stderr, "\r\033[K");
    fflush(stderr);
  }
}
