// SPDX-License-Identifier: GPL-2.0-only
// The Exynos 5422 board's DVFS hardware: the CMU's CPU PLLs (APLL, KPLL)
// and the S2MPS11 PMIC's bucks, one model at a time.
#include "models/clock/clock_domain.h"
#include "models/clock/exynos5420_cmu.h"
#include "models/clock/pll.h"
#include "models/power/exynos_pmu.h"
#include "models/power/power_domain.h"
#include "models/power/regulator.h"
#include "models/power/s2mps11.h"
#include "models/regs/exynos_pmu.h"
#include "models/regs/samsung_pll35xx.h"

#include <gtest/gtest.h>
#include <systemc>
#include <tlm_utils/simple_initiator_socket.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

using namespace sc_core;

#define EXPECT_CONTAINS(text, sub) \
  EXPECT_NE(std::string(text).find(sub), std::string::npos) << "in: " << (text)

namespace {

struct Script : sc_module {
  std::function<void()> body;
  SC_HAS_PROCESS(Script);
  Script(sc_module_name n, std::function<void()> b) : sc_module(n), body(std::move(b)) {
    SC_THREAD(run);
  }
  void run() { body(); }
};

sc_time us(double v) { return sc_time(v, SC_US); }

// An initiator for a model's target socket (the tests use its direct
// read()/write(); the bus access path is mmio32's, tested with the SCC).
struct Init : sc_module {
  tlm_utils::simple_initiator_socket<Init> s{"s"};
  explicit Init(sc_module_name n) : sc_module(n) {}
};

std::string run_for_error(const sc_time& t) {
  try {
    sc_start(t);
  } catch (const sc_report& r) {
    return r.what();
  }
  return "";
}

}  // namespace

// Every REFERENCE.md OPP of both clusters (200 MHz to 2 GHz in 100 MHz
// steps) has an exact PLL35xx setting from 24 MHz, and it reads back.
TEST(Exynos5420Cmu, EveryOppHasAnExactPll35xxSetting) {
  for (uint64_t mhz = 200; mhz <= 2000; mhz += 100) {
    const uint32_t con0 = Exynos5420Cmu::con0_for(24000000, mhz * 1000000);
    ASSERT_NE(con0, 0u) << mhz << " MHz";
    EXPECT_TRUE(con0 & (1u << PLL35XX_ENABLE_SHIFT));
    EXPECT_EQ(Exynos5420Cmu::rate_of(24000000, con0), mhz * 1000000) << mhz << " MHz";
  }
  // 24 MHz * M / (P << S) with M <= 1023 cannot make 1 Hz more than 1 GHz.
  EXPECT_EQ(Exynos5420Cmu::con0_for(24000000, 1000000001), 0u);
  EXPECT_EQ(Exynos5420Cmu::rate_of(24000000, 0), 0u);
}

// CON0 starts at the running rate; a write relocks the PLL: LOCKED reads 0
// for the relock time, the cluster clock is stopped, then runs at the new rate.
TEST(Exynos5420Cmu, Con0WriteRelocksThePll) {
  ClockDomain clk("kfc_clk", 1000000000);
  Pll pll("kpll", {24000000, us(50), 200000000, 1400000000}, clk);
  Exynos5420Cmu cmu("cmu", {});
  Init init("init");
  init.s.bind(cmu.regs);
  cmu.connect_pll(Exynos5420Cmu::KPLL, &pll);
  EXPECT_EQ(Exynos5420Cmu::rate_of(24000000, cmu.read(KPLL_CON0)), 1000000000u);
  EXPECT_TRUE(cmu.read(KPLL_CON0) & (1u << PLL35XX_LOCK_STAT_SHIFT));
  bool locked_mid = true;
  uint64_t mid_hz = 1;
  Script s("s", [&] {
    wait(us(10));
    cmu.write(KPLL_CON0, Exynos5420Cmu::con0_for(24000000, 600000000));
    wait(us(25));
    locked_mid = cmu.read(KPLL_CON0) & (1u << PLL35XX_LOCK_STAT_SHIFT);
    mid_hz = clk.freq_hz();
  });
  EXPECT_EQ(run_for_error(us(100)), "");
  EXPECT_FALSE(locked_mid);
  EXPECT_EQ(mid_hz, 0u);
  EXPECT_EQ(clk.freq_hz(), 600000000u);
  EXPECT_TRUE(cmu.read(KPLL_CON0) & (1u << PLL35XX_LOCK_STAT_SHIFT));
  EXPECT_EQ(pll.relocks(), 1u);
  // APLL's registers are apart: untouched.
  EXPECT_EQ(cmu.read(APLL_CON0), 0u);
}

TEST(Exynos5420Cmu, DisablingTheCpuPllIsAnError) {
  ClockDomain clk("arm_clk", 1800000000);
  Pll pll("apll", {24000000, us(50), 200000000, 2000000000}, clk);
  Exynos5420Cmu cmu("cmu", {});
  Init init("init");
  init.s.bind(cmu.regs);
  cmu.connect_pll(Exynos5420Cmu::APLL, &pll);
  Script s("s", [&] { cmu.write(APLL_CON0, 0x00c80301); });
  EXPECT_CONTAINS(run_for_error(us(10)), "APLL_CON0 = 0x00c80301: ENABLE cleared");
}

TEST(Exynos5420Cmu, RateOutsideThePllRangeIsAnError) {
  ClockDomain clk("arm_clk", 1800000000);
  Pll pll("apll", {24000000, us(50), 200000000, 2000000000}, clk);
  Exynos5420Cmu cmu("cmu", {});
  Init init("init");
  init.s.bind(cmu.regs);
  cmu.connect_pll(Exynos5420Cmu::APLL, &pll);
  Script s("s", [&] {
    cmu.write(APLL_CON0, Exynos5420Cmu::con0_for(24000000, 2100000000));
  });
  EXPECT_CONTAINS(run_for_error(us(10)), "rate 2100000000 Hz requested, outside the PLL's range");
}

TEST(S2mps11, SelectorIs600mVPlus6250uVSteps) {
  EXPECT_EQ(S2mps11::selector_for(600000), 0);
  EXPECT_EQ(S2mps11::selector_for(900000), 48);
  EXPECT_EQ(S2mps11::selector_for(1237500), 102);
  EXPECT_EQ(S2mps11::selector_for(1312500), 114);
  EXPECT_EQ(S2mps11::selector_for(1000001), -1);
  EXPECT_EQ(S2mps11::selector_for(500000), -1);
  EXPECT_EQ(S2mps11::vsel_reg(2), 0x28u);
  EXPECT_EQ(S2mps11::vsel_reg(6), 0x34u);
  EXPECT_EQ(S2mps11::vsel_reg(5), 0u);
}

// A selector write ramps the rail at its slew rate from where it is.
TEST(S2mps11, SelectorWriteRampsTheRail) {
  Regulator kfc("vdd_kfc", {800000, 1500000, 1000000, 12500, us(1)});
  S2mps11 pmic("pmic", {});
  Init init("init");
  init.s.bind(pmic.regs);
  pmic.connect_buck(6, &kfc);
  EXPECT_EQ(pmic.read(S2MPS11_REG_B6CTRL2), 64u);  // 1.0 V
  uint32_t mid = 0;
  Script s("s", [&] {
    pmic.write(S2MPS11_REG_B6CTRL2, 108);  // 1.275 V: 275 mV at 12.5 mV/us = 22 us
    wait(us(11));
    mid = kfc.voltage_uv();
  });
  EXPECT_EQ(run_for_error(us(100)), "");
  EXPECT_EQ(mid, 1137500u);
  EXPECT_EQ(kfc.voltage_uv(), 1275000u);
  EXPECT_TRUE(kfc.settled());
  EXPECT_EQ(pmic.read(S2MPS11_REG_B6CTRL2), 108u);
}

TEST(S2mps11, SelectorOutsideTheRailIsAnError) {
  Regulator arm("vdd_arm", {800000, 1500000, 1000000, 12500, us(1)});
  S2mps11 pmic("pmic", {});
  Init init("init");
  init.s.bind(pmic.regs);
  pmic.connect_buck(2, &arm);
  Script s("s", [&] { pmic.write(S2MPS11_REG_B2CTRL2, 200); });  // 1.85 V
  EXPECT_CONTAINS(run_for_error(us(10)), "voltage 1850000 uV requested, outside the rail's range");
}

// ---- ExynosPmu ---------------------------------------------------------------

namespace {
// Two clusters of two cores; the boot core is cluster 1 cpu 0 (an A7 boot),
// cluster 0 starts off. 100 us cluster power-up, 20 us power-down.
struct PmuRig {
  PowerDomain pd0, pd1;
  ExynosPmu pmu;
  Init init{"init"};
  static ExynosPmuParams params() {
    ExynosPmuParams p;
    p.cpus[0] = p.cpus[1] = 2;
    p.initially_running[0] = {false, false};
    p.initially_running[1] = {true, false};
    p.cluster_on[0] = false;
    p.cluster_on[1] = true;
    return p;
  }
  PmuRig()
      : pd0("pd0", {us(100), us(20)}, nullptr, false),
        pd1("pd1", {us(100), us(20)}, nullptr, true),
        pmu("pmu", params()) {
    init.s.bind(pmu.regs);
    pmu.connect_cluster(0, &pd0);
    pmu.connect_cluster(1, &pd1);
  }
  static uint32_t core_cfg(unsigned n) { return PMU_CORE_BASE + PMU_STRIDE * n; }
  static uint32_t common_cfg(unsigned c) { return PMU_L2_BASE + PMU_STRIDE * c; }
};
}  // namespace

TEST(ExynosPmu, ResetStateIsTheBootCoreOnly) {
  PmuRig r;
  EXPECT_FALSE(r.pmu.core_reset(1, 0).level());
  EXPECT_TRUE(r.pmu.core_reset(1, 1).level());
  EXPECT_TRUE(r.pmu.core_reset(0, 0).level());
  EXPECT_EQ(r.pmu.read(PmuRig::core_cfg(4) + 4), 3u);  // cluster 1 cpu 0: core 4, on
  EXPECT_EQ(r.pmu.read(PmuRig::core_cfg(5) + 4), 0u);
  EXPECT_EQ(r.pmu.read(PmuRig::common_cfg(0) + 4), 0u);
  EXPECT_EQ(r.pmu.read(PmuRig::common_cfg(1) + 4), 3u);
  EXPECT_EQ(r.pmu.read(PMU_SPARE2), 1u);
}

// Switching on a core of a cluster that is off powers the cluster first
// (100 us), then releases the core.
TEST(ExynosPmu, CorePowerUpPowersItsClusterFirst) {
  PmuRig r;
  sc_time released;
  r.pmu.core_reset(0, 1).bind([&](bool held) { if (!held) released = sc_time_stamp(); });
  Script s("s", [&] {
    wait(us(5));
    r.pmu.write(PmuRig::core_cfg(1), PWR_LOCAL_ON);
  });
  EXPECT_EQ(run_for_error(us(300)), "");
  EXPECT_TRUE(r.pd0.is_on());
  EXPECT_EQ(released, us(105));
  EXPECT_EQ(r.pmu.read(PmuRig::core_cfg(1) + 4), 3u);
  EXPECT_TRUE(r.pmu.core_reset(0, 0).level()) << "only the core switched on comes up";
}

// Switch off: the core goes off only once in WFI; the last core off with the
// cluster switch off takes the cluster down.
TEST(ExynosPmu, CoreOffAtWfiAndClusterOffAfterTheLastCore) {
  PmuRig r;
  bool off_before_wfi = true;
  Script s("s", [&] {
    r.pmu.write(PmuRig::common_cfg(1), 0);
    r.pmu.write(PmuRig::core_cfg(4), 0);
    wait(us(10));
    off_before_wfi = r.pmu.core_reset(1, 0).level();
    r.pmu.cpu_standbywfi(1, 0, true);
  });
  EXPECT_EQ(run_for_error(us(200)), "");
  EXPECT_FALSE(off_before_wfi);
  EXPECT_TRUE(r.pmu.core_reset(1, 0).level());
  EXPECT_TRUE(r.pd1.is_off());
  EXPECT_EQ(r.pmu.read(PmuRig::common_cfg(1) + 4), 0u);
}

// A switch turned back on before the core reaches WFI cancels the power-off
// (mcpm_cpu_power_up racing mcpm_cpu_power_down).
TEST(ExynosPmu, SwitchBackOnBeforeWfiCancelsThePowerOff) {
  PmuRig r;
  Script s("s", [&] {
    r.pmu.write(PmuRig::core_cfg(4), 0);
    wait(us(1));
    r.pmu.write(PmuRig::core_cfg(4), PWR_LOCAL_ON);
    wait(us(1));
    r.pmu.cpu_standbywfi(1, 0, true);
  });
  EXPECT_EQ(run_for_error(us(50)), "");
  EXPECT_FALSE(r.pmu.core_reset(1, 0).level());
}

// SWRESET's KFC core reset restarts a running A7 (a reset pulse) and leaves
// an A7 that is off alone.
TEST(ExynosPmu, KfcSoftwareResetPulsesARunningA7) {
  PmuRig r;
  std::vector<bool> edges;
  r.pmu.core_reset(1, 0).bind([&](bool held) { edges.push_back(held); });
  r.pmu.core_reset(1, 1).bind([&](bool held) { edges.push_back(!held); });
  Script s("s", [&] {
    r.pmu.write(PMU_SWRESET, PMU_SWRESET_KFC_CORE(0) | PMU_SWRESET_KFC_CORE(1));
  });
  EXPECT_EQ(run_for_error(us(10)), "");
  ASSERT_EQ(edges.size(), 2u);  // core 0: held, released; core 1 (off): nothing
  EXPECT_TRUE(edges[0]);
  EXPECT_FALSE(edges[1]);
  EXPECT_FALSE(r.pmu.core_reset(1, 0).level());
  EXPECT_EQ(r.pmu.power_ups(1, 0), 1u);
}
