// SPDX-License-Identifier: GPL-2.0-only
// exynos_platform_test.cc - the Exynos 5422 platform elaborated in-process
// from configs/exynos5422.dtb, without the kernel: the CMU, the PMIC and the
// DVFS guards are wired to the right clusters, and the guard stops a
// frequency raised before its voltage.
#include <gtest/gtest.h>

#include <systemc>

#include <functional>
#include <memory>
#include <string>
#include <utility>

#include "run_helpers.h"
#include "sim/dt.h"
#include "sim/dt_config.h"
#include "sim/platform.h"

using namespace sc_core;
using namespace blsim_test;

namespace {

struct Script : sc_module {
  std::function<void()> body;
  SC_HAS_PROCESS(Script);
  Script(sc_module_name n, std::function<void()> b) : sc_module(n), body(std::move(b)) {
    SC_THREAD(run);
  }
  void run() { body(); }
};

// The platform with every core parked (no kernel: a firmware that waits).
std::unique_ptr<Platform> exynos_platform() {
  static Fdt fdt = Fdt::load(exynos_dtb());  // lives as long as the platform
  auto p = std::make_unique<Platform>(read_platform_config(fdt));
  for (unsigned i = 0; i < p->nr_cores(); ++i)
    p->core(i).set_firmware([] {
      static sc_event never;
      for (;;) wait(never);
    });
  return p;
}

std::string run_for_error(const sc_time& t) {
  try {
    sc_start(t);
  } catch (const sc_report& r) {
    return r.what();
  }
  return "";
}

}  // namespace

// At elaboration: the A15 cluster (0) on APLL at 1.8 GHz and vdd_arm at
// 1.2375 V, the A7 cluster (1) on KPLL at 1 GHz and vdd_kfc at 1.1 V; only
// the boot core (the first A7) runs, and the A15 cluster is off.
TEST(ExynosPlatform, ClocksRailsAndPowerAtReset) {
  auto p = exynos_platform();
  ASSERT_NE(p->cmu(), nullptr);
  ASSERT_NE(p->pmic(), nullptr);
  ASSERT_NE(p->pmu(), nullptr);
  EXPECT_FALSE(p->has_scc());
  EXPECT_EQ(Exynos5420Cmu::rate_of(24000000, p->cmu()->read(APLL_CON0)),
            1800000000u);
  EXPECT_EQ(Exynos5420Cmu::rate_of(24000000, p->cmu()->read(KPLL_CON0)),
            1000000000u);
  EXPECT_EQ(p->cluster(0).clock->freq_hz(), 1800000000u);
  EXPECT_EQ(p->cluster(1).clock->freq_hz(), 1000000000u);
  EXPECT_EQ(p->pmic()->read(S2MPS11_REG_B2CTRL2), 102u);  // 1.2375 V
  EXPECT_EQ(p->pmic()->read(S2MPS11_REG_B6CTRL2), 80u);   // 1.1 V
  EXPECT_EQ(p->cluster(0).rail->voltage_uv(), 1237500u);
  EXPECT_EQ(p->cluster(1).rail->voltage_uv(), 1100000u);
  EXPECT_TRUE(p->cluster(0).power->is_off());
  EXPECT_TRUE(p->cluster(1).power->is_on());
  for (unsigned i = 0; i < p->nr_cores(); ++i)
    EXPECT_EQ(p->core(i).state() == Core::State::Reset || p->core(i).state() == Core::State::Off, i != 0)
        << "core " << i;
}

// APLL to 2 GHz with vdd_arm still at 1.2375 V: the A15 cluster's guard
// stops the run when the PLL locks.
TEST(ExynosPlatform, GuardCatchesTheFrequencyRaisedFirst) {
  auto p = exynos_platform();
  Script s("s", [&] {
    wait(sc_time(1, SC_US));
    p->cmu()->write(APLL_CON0, Exynos5420Cmu::con0_for(24000000, 2000000000));
  });
  EXPECT_NE(run_for_error(sc_time(1, SC_MS)).find(
                "cluster0.dvfs_guard: frequency 2000000 kHz needs 1312500 uV but the rail is at "
                "1237500 uV"),
            std::string::npos);
}

// The safe order, by hand: vdd_kfc up to 1.275 V, wait, then KPLL to 1.4 GHz.
TEST(ExynosPlatform, VoltageFirstPasses) {
  auto p = exynos_platform();
  Script s("s", [&] {
    p->pmic()->write(S2MPS11_REG_B6CTRL2, S2mps11::selector_for(1275000));
    wait(sc_time(30, SC_US));  // 175 mV at 12.5 mV/us + 5 us settling
    p->cmu()->write(KPLL_CON0, Exynos5420Cmu::con0_for(24000000, 1400000000));
  });
  EXPECT_EQ(run_for_error(sc_time(1, SC_MS)), "");
  EXPECT_EQ(p->cluster(1).clock->freq_hz(), 1400000000u);
  EXPECT_EQ(p->cluster(1).rail->voltage_uv(), 1275000u);
  EXPECT_GT(p->cluster(1).guard->checks(), 0u);
}
