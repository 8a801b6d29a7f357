// SPDX-License-Identifier: GPL-2.0-only
// sched_pelt_test.cc - PELT's geometric series (kernel/sched/pelt.c) and the
// nice-to-weight table, on the kernel model without any hardware: with no
// cpufreq policy and no capacity-dmips-mhz, frequency and capacity scales
// are 1024, so util follows the running ratio exactly as upstream's does.
#include <gtest/gtest.h>

#include <cstring>

extern "C" {
#include "linux/sched.h"
#include "kernel/sched/sched.h"
}

namespace {

constexpr uint64_t kMs = 1000000;

struct Pelt : ::testing::Test {
  task_struct p;
  void SetUp() override {
    sched_init();
    std::memset(&p, 0, sizeof p);
  }
  // Run (or sleep) for ms, updating every 1 ms as the tick and switches do.
  uint64_t t = 0;
  void spend(unsigned ms, bool running) {
    for (unsigned i = 0; i < ms; ++i) {
      t += kMs;
      update_task_pelt(&p, t, 0, running, running);
    }
  }
};

// y^32 = 1/2 with 1024 us periods (PELT's "ms" is 1024 * 1024 ns): 32
// periods of running from nothing reach half of the maximum.
TEST_F(Pelt, ThirtyTwoPeriodsOfRunningReachHalf) {
  spend(33, true);
  t -= 33 * kMs;
  p.se.avg = sched_avg{};
  p.se.avg.last_update_time = t;
  t += 32ull * 1024 * 1024;
  update_task_pelt(&p, t, 0, true, true);
  EXPECT_NEAR(static_cast<double>(p.se.avg.util_avg), 512.0, 512 * 0.03);
  EXPECT_NEAR(static_cast<double>(p.se.avg.runnable_avg), 512.0, 512 * 0.03);
}

// Always running converges to the full scale; 32 ms asleep halves it.
TEST_F(Pelt, SaturatesThenHalvesPerHalfLife) {
  spend(400, true);
  EXPECT_GE(p.se.avg.util_avg, 1000u);
  EXPECT_LE(p.se.avg.util_avg, 1024u);
  const unsigned long full = p.se.avg.util_avg;
  spend(32, false);
  EXPECT_NEAR(static_cast<double>(p.se.avg.util_avg), full / 2.0, full * 0.03);
  spend(32, false);
  EXPECT_NEAR(static_cast<double>(p.se.avg.util_avg), full / 4.0, full * 0.03);
}

// A task that runs a quarter of every 16 ms settles near 256.
TEST_F(Pelt, PeriodicDutyCycleSettlesAtItsRatio) {
  for (int k = 0; k < 40; ++k) {
    spend(4, true);
    spend(12, false);
  }
  EXPECT_NEAR(static_cast<double>(p.se.avg.util_avg), 256.0, 60.0);
}

// Waiting on the runqueue is runnable, not running: runnable_avg (HMP's
// load) grows, util_avg does not.
TEST_F(Pelt, WaitingCountsAsRunnableOnly) {
  for (unsigned i = 0; i < 100; ++i) {
    t += kMs;
    update_task_pelt(&p, t, 0, true, false);
  }
  // 100 ms are 3.05 half-lives: 1 - 2^-3.05 = 88% of the scale.
  EXPECT_NEAR(static_cast<double>(p.se.avg.runnable_avg), 1024 * 0.879, 15.0);
  EXPECT_EQ(p.se.avg.util_avg, 0u);
}

// sched_prio_to_weight: nice 0 is 1024, each nice step is ~1.25x (the
// "10% of CPU per nice level" rule; small weights round coarsely) and the
// whole range spans 1.25^39.
TEST(SchedWeights, NiceZeroIs1024AndStepsAreTenPercentOfCpu) {
  EXPECT_EQ(sched_prio_to_weight[20], 1024u);
  for (int i = 1; i < 40; ++i) {
    const double r = static_cast<double>(sched_prio_to_weight[i - 1]) / sched_prio_to_weight[i];
    EXPECT_NEAR(r, 1.25, i < 30 ? 0.03 : 0.06) << "nice " << i - 20;
  }
  EXPECT_NEAR(static_cast<double>(sched_prio_to_weight[0]) / sched_prio_to_weight[39], 6018.0, 6018 * 0.03);
}

}  // namespace
