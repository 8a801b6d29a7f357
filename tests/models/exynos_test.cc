// The Exynos 5422 board's DVFS hardware: the CMU's CPU PLLs (APLL, KPLL)
// and the S2MPS11 PMIC's bucks, one model at a time.
#include "models/clock/clock_domain.h"
#include "models/clock/exynos5420_cmu.h"
#include "models/clock/pll.h"
#include "models/power/regulator.h"
#include "models/power/s2mps11.h"

#include <gtest/gtest.h>
#include <systemc>
#include <tlm_utils/simple_initiator_socket.h>

#include <functional>
#include <string>
#include <utility>

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
    EXPECT_TRUE(con0 & Exynos5420Cmu::kEnable);
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
  init.s.bind(cmu.socket);
  cmu.connect_pll(Exynos5420Cmu::KPLL, &pll);
  EXPECT_EQ(Exynos5420Cmu::rate_of(24000000, cmu.read(Exynos5420Cmu::Reg::KPLL_CON0)), 1000000000u);
  EXPECT_TRUE(cmu.read(Exynos5420Cmu::Reg::KPLL_CON0) & Exynos5420Cmu::kLocked);
  bool locked_mid = true;
  uint64_t mid_hz = 1;
  Script s("s", [&] {
    wait(us(10));
    cmu.write(Exynos5420Cmu::Reg::KPLL_CON0, Exynos5420Cmu::con0_for(24000000, 600000000));
    wait(us(25));
    locked_mid = cmu.read(Exynos5420Cmu::Reg::KPLL_CON0) & Exynos5420Cmu::kLocked;
    mid_hz = clk.freq_hz();
  });
  EXPECT_EQ(run_for_error(us(100)), "");
  EXPECT_FALSE(locked_mid);
  EXPECT_EQ(mid_hz, 0u);
  EXPECT_EQ(clk.freq_hz(), 600000000u);
  EXPECT_TRUE(cmu.read(Exynos5420Cmu::Reg::KPLL_CON0) & Exynos5420Cmu::kLocked);
  EXPECT_EQ(pll.relocks(), 1u);
  // APLL's registers are apart: untouched.
  EXPECT_EQ(cmu.read(Exynos5420Cmu::Reg::APLL_CON0), 0u);
}

TEST(Exynos5420Cmu, DisablingTheCpuPllIsAnError) {
  ClockDomain clk("arm_clk", 1800000000);
  Pll pll("apll", {24000000, us(50), 200000000, 2000000000}, clk);
  Exynos5420Cmu cmu("cmu", {});
  Init init("init");
  init.s.bind(cmu.socket);
  cmu.connect_pll(Exynos5420Cmu::APLL, &pll);
  Script s("s", [&] { cmu.write(Exynos5420Cmu::Reg::APLL_CON0, 0x00c80301); });
  EXPECT_CONTAINS(run_for_error(us(10)), "APLL_CON0 = 0x00c80301: ENABLE cleared");
}

TEST(Exynos5420Cmu, RateOutsideThePllRangeIsAnError) {
  ClockDomain clk("arm_clk", 1800000000);
  Pll pll("apll", {24000000, us(50), 200000000, 2000000000}, clk);
  Exynos5420Cmu cmu("cmu", {});
  Init init("init");
  init.s.bind(cmu.socket);
  cmu.connect_pll(Exynos5420Cmu::APLL, &pll);
  Script s("s", [&] {
    cmu.write(Exynos5420Cmu::Reg::APLL_CON0, Exynos5420Cmu::con0_for(24000000, 2100000000));
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
  init.s.bind(pmic.socket);
  pmic.connect_buck(6, &kfc);
  EXPECT_EQ(pmic.read(S2mps11::Reg::B6CTRL2), 64u);  // 1.0 V
  uint32_t mid = 0;
  Script s("s", [&] {
    pmic.write(S2mps11::Reg::B6CTRL2, 108);  // 1.275 V: 275 mV at 12.5 mV/us = 22 us
    wait(us(11));
    mid = kfc.voltage_uv();
  });
  EXPECT_EQ(run_for_error(us(100)), "");
  EXPECT_EQ(mid, 1137500u);
  EXPECT_EQ(kfc.voltage_uv(), 1275000u);
  EXPECT_TRUE(kfc.settled());
  EXPECT_EQ(pmic.read(S2mps11::Reg::B6CTRL2), 108u);
}

TEST(S2mps11, SelectorOutsideTheRailIsAnError) {
  Regulator arm("vdd_arm", {800000, 1500000, 1000000, 12500, us(1)});
  S2mps11 pmic("pmic", {});
  Init init("init");
  init.s.bind(pmic.socket);
  pmic.connect_buck(2, &arm);
  Script s("s", [&] { pmic.write(S2mps11::Reg::B2CTRL2, 200); });  // 1.85 V
  EXPECT_CONTAINS(run_for_error(us(10)), "voltage 1850000 uV requested, outside the rail's range");
}
