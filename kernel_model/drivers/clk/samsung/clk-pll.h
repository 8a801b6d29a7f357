/* SPDX-License-Identifier: GPL-2.0-only */
/* clk-pll.h - Samsung PLL35xx (drivers/clk/samsung/clk-pll.c): the
 * integer PLL of the Exynos CPU clocks, Fout = MDIV * Fin / (PDIV << SDIV). */
#ifndef KM_CLK_SAMSUNG_PLL_H
#define KM_CLK_SAMSUNG_PLL_H

#include "linux/kernel.h"

struct samsung_clk_pll {
	const char *name;
	phys_addr_t lock_reg;   /* xPLL_LOCK */
	phys_addr_t con_reg;    /* xPLL_CON0 */
	u64 fin;                /* parent rate, Hz */
};

/* Models samsung_pll35xx_recalc_rate(). */
u64 samsung_pll35xx_recalc_rate(const struct samsung_clk_pll *pll);
/* Models samsung_pll35xx_set_rate(): 0, -EINVAL for a rate no setting
 * makes, -ETIMEDOUT if the PLL never locks. */
int samsung_pll35xx_set_rate(struct samsung_clk_pll *pll, u64 rate);
/* Models samsung_get_pll_settings() over the PLL's rate table; upstream's
 * table (pll2550x_24mhz_tbl) is data, here it is computed: the first
 * PDIV (1..63), then SDIV (0..5), with an integer MDIV of 64..1023. */
bool samsung_pll35xx_settings(u64 fin, u64 rate, u32 *mdiv, u32 *pdiv, u32 *sdiv);

#endif
