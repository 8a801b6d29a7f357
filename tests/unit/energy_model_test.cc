// SPDX-License-Identifier: GPL-2.0-only
// energy_model_test.cc - the energy model (kernel/power/energy_model.c and
// drivers/opp/of.c's registration) on TC2's device tree and SPC OPPs, no
// hardware: the powers and costs upstream's formulas give, the state the
// estimate picks, the estimate itself, and the refusals.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" {
#include "blsim/test_hooks.h"
#include "linux/energy_model.h"
#include "linux/smp.h"
}

namespace {

// TC2's SPC tables (configs/tc2.dts blsim,a15-opps / blsim,a7-opps).
const em_opp kA15[] = {{500000, 814000},  {600000, 814000},  {700000, 814000},
                       {800000, 814000},  {900000, 814000},  {1000000, 814000},
                       {1100000, 882000}, {1200000, 975000}};
const em_opp kA7[] = {{350000, 800000}, {400000, 871000}, {500000, 871000},
                      {600000, 879000}, {700000, 879000}, {800000, 891000},
                      {900000, 973000}, {1000000, 1050000}};
constexpr unsigned long kCapA15 = 1024, kCapA7 = 430;  // TC2 (docs/fidelity-sched.md)

std::vector<char> tc2_dtb() {
  std::ifstream f(std::string(BLSIM_BUILD_DIR) + "/configs/tc2.dtb", std::ios::binary);
  return std::vector<char>(std::istreambuf_iterator<char>(f), {});
}

struct Em : ::testing::Test {
  std::vector<char> dt = tc2_dtb();
  void SetUp() override {
    ASSERT_FALSE(dt.empty()) << "build/configs/tc2.dtb missing";
    em_reset_for_test();
    const uint32_t mpidr[] = {0x000, 0x001, 0x100, 0x101, 0x102};
    for (unsigned i = 0; i < 5; ++i) __cpu_logical_map[i] = mpidr[i];
    nr_cpu_ids = 5;
  }
  void register_tc2() {
    ASSERT_EQ(dev_pm_opp_of_register_em(dt.data(), 0, 0x03, kA15, 8), 0);
    ASSERT_EQ(dev_pm_opp_of_register_em(dt.data(), 2, 0x1c, kA7, 8), 0);
  }
};

// P = C x V^2 x f in mW (C in uW/MHz/V^2, truncated as of.c does), and
// cost = P x fmax / f: A15 at 500 MHz, 814 mV: 990 x 0.814^2 x 500 = 327 mW.
TEST_F(Em, PowersAndCostsFollowUpstreamFormulas) {
  register_tc2();
  const em_perf_domain* big = em_cpu_get(1);
  const em_perf_domain* little = em_cpu_get(4);
  ASSERT_TRUE(big && little);
  EXPECT_NE(big, little);
  EXPECT_EQ(big->cpus, 0x03u);
  EXPECT_EQ(little->cpus, 0x1cu);
  ASSERT_EQ(big->nr_perf_states, 8u);
  for (unsigned i = 0; i < 8; ++i) {
    const unsigned long mv = kA15[i].uv / 1000, mhz = kA15[i].khz / 1000;
    EXPECT_EQ(big->table[i].frequency, kA15[i].khz);
    EXPECT_EQ(big->table[i].power, 990ul * mv * mv * mhz / 1000000000ul) << i;
    EXPECT_EQ(big->table[i].cost, 1200000ul * big->table[i].power / kA15[i].khz) << i;
  }
  EXPECT_EQ(big->table[0].power, 327u);
  EXPECT_EQ(big->table[7].power, 1129u);
  EXPECT_EQ(little->table[0].power, 29u);     // 133 x 0.8^2 x 350
  EXPECT_EQ(little->table[7].power, 146u);    // 133 x 1.05^2 x 1000
  EXPECT_EQ(little->table[0].cost, 82u);      // 29 x 1000 / 350
  EXPECT_EQ(little->table[7].cost, little->table[7].power);  // at fmax, cost = power
  EXPECT_EQ(em_pd_nth(2), nullptr);
}

// The busiest CPU's util, with schedutil's 25 % headroom, picks the
// lowest state at or above 1.25 x util / capacity x fmax.
TEST_F(Em, StateFollowsSchedutilsFrequencyChoice) {
  register_tc2();
  const em_perf_domain* little = em_cpu_get(2);
  // 1.25 x 100 / 430 x 1 GHz = 291 MHz: the lowest OPP (350).
  EXPECT_EQ(em_pd_state_for_util(little, 100, kCapA7), 0u);
  // 1.25 x 200 / 430 = 581 MHz -> 600 MHz (index 3).
  EXPECT_EQ(em_pd_state_for_util(little, 200, kCapA7), 3u);
  // 1.25 x 344 / 430 = 1000 MHz exactly -> the top.
  EXPECT_EQ(em_pd_state_for_util(little, 344, kCapA7), 7u);
  // Beyond the top: still the top.
  EXPECT_EQ(em_pd_state_for_util(little, 430, kCapA7), 7u);
  const em_perf_domain* big = em_cpu_get(0);
  // 1.25 x 700 / 1024 x 1.2 GHz = 1025 MHz -> 1100 (index 6).
  EXPECT_EQ(em_pd_state_for_util(big, 700, kCapA15), 6u);
}

// energy = cost(state) x sum_util / capacity: the domain's CPUs share the
// clock the busiest sets, each pays for its own busy share.
TEST_F(Em, EnergyIsCostTimesSummedUtil) {
  register_tc2();
  const em_perf_domain* little = em_cpu_get(2);
  // Two A7s at 100 and 200: state from 200 (600 MHz), work 300.
  const unsigned long cost = little->table[3].cost;
  EXPECT_EQ(em_cpu_energy(little, 200, 300, kCapA7), cost * 300 / kCapA7);
  // Nothing running: nothing spent (idle power is not in the model).
  EXPECT_EQ(em_cpu_energy(little, 0, 0, kCapA7), 0u);
  // More work at the same state costs proportionally more.
  EXPECT_EQ(em_cpu_energy(little, 200, 600, kCapA7), cost * 600 / kCapA7);
}

// The point of the model: a small task is about 4x cheaper on an idle A7
// than on an idle A15; a task an A7 cannot hold at its top is not.
TEST_F(Em, SmallTaskIsCheaperOnTheLittleCluster) {
  register_tc2();
  const em_perf_domain* big = em_cpu_get(0);
  const em_perf_domain* little = em_cpu_get(2);
  // util is capacity-invariant: 100 on the 1024 scale.
  const unsigned long on_little = em_cpu_energy(little, 100, 100, kCapA7);
  const unsigned long on_big = em_cpu_energy(big, 100, 100, kCapA15);
  EXPECT_LT(on_little * 3, on_big) << "A7 " << on_little << " vs A15 " << on_big;
  // At the A7's top (util 400 needs 1.16 GHz there: clamped to 1 GHz) the
  // gap narrows: A7 146 mW/430 per unit vs A15 at 1.1 GHz.
  const unsigned long l400 = em_cpu_energy(little, 400, 400, kCapA7);
  const unsigned long b400 = em_cpu_energy(big, 400, 400, kCapA15);
  EXPECT_LT(l400, b400);
  EXPECT_GT(l400 * 4, b400);
}

// Registration refuses what upstream refuses.
TEST_F(Em, RefusesBadTablesAndSecondRegistration) {
  const em_opp down[] = {{500000, 900000}, {400000, 900000}};
  EXPECT_EQ(dev_pm_opp_of_register_em(dt.data(), 0, 0x03, down, 2), -EINVAL);  // non-increasing
  const em_opp novolt[] = {{500000, 0}};
  EXPECT_EQ(dev_pm_opp_of_register_em(dt.data(), 0, 0x03, novolt, 1), -EINVAL);
  const em_opp tiny[] = {{1000, 10000}};  // 990 x 0.01^2 x 1 MHz: 0 mW
  EXPECT_EQ(dev_pm_opp_of_register_em(dt.data(), 0, 0x03, tiny, 1), -EINVAL);
  EXPECT_EQ(em_cpu_get(0), nullptr);
  register_tc2();
  EXPECT_EQ(dev_pm_opp_of_register_em(dt.data(), 1, 0x03, kA15, 8), -EEXIST);
  EXPECT_EQ(em_pd_nth(2), nullptr);
  // A CPU without a DT node (no coefficient): no model.
  __cpu_logical_map[5] = 0x200;
  EXPECT_EQ(of_cpu_dynamic_power_coefficient(dt.data(), 5), 0u);
  EXPECT_EQ(dev_pm_opp_of_register_em(dt.data(), 5, 0x20, kA15, 8), -EINVAL);
  EXPECT_EQ(of_cpu_dynamic_power_coefficient(dt.data(), 2), 133u);
}

}  // namespace
