/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * regs/samsung_pll35xx.h - the CON0 register of a Samsung PLL35xx, shared
 * by the kernel driver (drivers/clk/samsung/clk-pll.c) and the model
 * (models/clock/exynos5420_cmu.cc). Fout = MDIV * Fin / (PDIV << SDIV).
 * Plain C data: why, see regs/tc2_scc.h.
 */
#ifndef BLSIM_REGS_SAMSUNG_PLL35XX_H
#define BLSIM_REGS_SAMSUNG_PLL35XX_H

#define PLL35XX_MDIV_MASK 0x3ffu
#define PLL35XX_PDIV_MASK 0x3fu
#define PLL35XX_SDIV_MASK 0x7u
#define PLL35XX_MDIV_SHIFT 16
#define PLL35XX_PDIV_SHIFT 8
#define PLL35XX_SDIV_SHIFT 0
#define PLL35XX_LOCK_STAT_SHIFT 29	/* read-only: 1 once locked */
#define PLL35XX_ENABLE_SHIFT 31

#endif
