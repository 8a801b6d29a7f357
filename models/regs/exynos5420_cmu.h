/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * regs/exynos5420_cmu.h - the CPU PLL registers of the Exynos 5420/5422
 * clock controller and the DT clock specifiers of the CPU clocks, shared by
 * the kernel driver (drivers/clk/samsung/clk-exynos5420.c) and the model
 * (models/clock/exynos5420_cmu.cc). The PLLs' CON0 fields are in
 * regs/samsung_pll35xx.h. Plain C data: why, see regs/tc2_scc.h.
 */
#ifndef BLSIM_REGS_EXYNOS5420_CMU_H
#define BLSIM_REGS_EXYNOS5420_CMU_H

#define APLL_LOCK 0x00000	/* lock time, reference-clock cycles */
#define APLL_CON0 0x00100
#define KPLL_LOCK 0x28000
#define KPLL_CON0 0x28100
#define EXYNOS5420_CMU_SIZE 0x30000

/* dt-bindings/clock/exynos5420.h */
#define CLK_ARM_CLK 13
#define CLK_KFC_CLK 14

#endif
