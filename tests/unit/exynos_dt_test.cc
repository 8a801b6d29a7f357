// SPDX-License-Identifier: GPL-2.0-only
// exynos_dt_test.cc - the kernel model's reading of configs/exynos5422.dts
// (the DT glue's OPP parser, the PLL35xx settings, the DT helpers), on the
// DTB the build compiles: no hardware touched.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" {
#include <libfdt.h>

#include "drivers/clk/samsung/clk-pll.h"
#include "drivers/cpufreq/arm_big_little.h"
#include "linux/of.h"
}

namespace {

std::vector<char> exynos_dtb() {
  std::ifstream f(std::string(BLSIM_BUILD_DIR) + "/configs/exynos5422.dtb", std::ios::binary);
  return std::vector<char>(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

}  // namespace

// The DT glue finds 19 A15 OPPs (cluster 0, MPIDR Aff1 0) and 13 A7 OPPs
// (cluster 1), slowest first with their target voltages (the first cell of
// opp-microvolt's <target min max>), and the 140 us clock-latency-ns.
TEST(ExynosDt, OppTablesAndLatencyFromOperatingPointsV2) {
  auto dt = exynos_dtb();
  ASSERT_FALSE(dt.empty()) << "build/configs/exynos5422.dtb missing";
  ASSERT_EQ(fdt_check_header(dt.data()), 0);
  bL_opp o[BL_MAX_OPPS];
  unsigned lat = 0;
  ASSERT_EQ(bL_dt_read_cluster_opps(dt.data(), 0, o, BL_MAX_OPPS, &lat), 19);
  EXPECT_EQ(o[0].khz, 200000u);
  EXPECT_EQ(o[0].uv, 900000u);
  EXPECT_EQ(o[16].khz, 1800000u);
  EXPECT_EQ(o[16].uv, 1237500u);
  EXPECT_EQ(o[18].khz, 2000000u);
  EXPECT_EQ(o[18].uv, 1312500u);
  EXPECT_EQ(lat, 140000u);
  lat = 0;
  ASSERT_EQ(bL_dt_read_cluster_opps(dt.data(), 1, o, BL_MAX_OPPS, &lat), 13);
  EXPECT_EQ(o[12].khz, 1400000u);
  EXPECT_EQ(o[12].uv, 1275000u);
  EXPECT_EQ(lat, 140000u);
}

// samsung_get_pll_settings, computed: every OPP has an exact M/P/S from
// 24 MHz, and it gives the rate back.
TEST(ExynosDt, Pll35xxSettingsForEveryOpp) {
  for (u64 mhz = 200; mhz <= 2000; mhz += 100) {
    u32 m = 0, p = 0, s = 0;
    ASSERT_TRUE(samsung_pll35xx_settings(24000000, mhz * 1000000, &m, &p, &s)) << mhz;
    EXPECT_GE(m, 64u);
    EXPECT_LE(m, 1023u);
    EXPECT_EQ(u64(m) * 24000000 / (u64(p) << s), mhz * 1000000) << mhz;
  }
  u32 m, p, s;
  EXPECT_FALSE(samsung_pll35xx_settings(24000000, 1000000001, &m, &p, &s));
}

// of_translate_reg through ranges: the SYSRAM's non-secure page is at
// 0x02020000 + 0x53000; the PMIC's bus (I2C) has no ranges, so a node on it
// is not memory-mapped.
TEST(ExynosDt, RegThroughRanges) {
  auto dt = exynos_dtb();
  u64 a = 0;
  int ns = fdt_node_offset_by_compatible(dt.data(), -1, "samsung,exynos4210-sysram-ns");
  ASSERT_GE(ns, 0);
  ASSERT_EQ(of_translate_reg(dt.data(), ns, 0, &a, nullptr), 0);
  EXPECT_EQ(a, 0x02073000u);
  int pmic = fdt_node_offset_by_compatible(dt.data(), -1, "samsung,s2mps11-pmic");
  ASSERT_GE(pmic, 0);
  EXPECT_EQ(of_translate_reg(dt.data(), pmic, 0, &a, nullptr), -EINVAL);
  ASSERT_EQ(of_translate_reg(dt.data(), fdt_parent_offset(dt.data(), pmic), 0, &a, nullptr), 0);
  EXPECT_EQ(a, 0x12ca0000u);
}
