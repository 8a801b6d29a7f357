// SPDX-License-Identifier: GPL-2.0-only
/*
 * clk-pll.c - the Samsung PLL35xx clock (drivers/clk/samsung/clk-pll.c):
 * the rate from CON0's M/P/S; a rate change writes the lock time and the
 * new M/P/S and waits for the LOCKED bit.
 */
#include "clk-pll.h"
#include "regs/samsung_pll35xx.h"

#define PLL35XX_LOCK_FACTOR 250
#define PLL_TIMEOUT_US 20000u  /* samsung_pll_lock_wait's 20 ms */
#define PLL_POLL_US 1

/* Models samsung_pll35xx_recalc_rate(). */
u64 samsung_pll35xx_recalc_rate(const struct samsung_clk_pll *pll)
{
	u32 con = readl_relaxed(pll->con_reg);
	u32 m = (con >> PLL35XX_MDIV_SHIFT) & PLL35XX_MDIV_MASK;
	u32 p = (con >> PLL35XX_PDIV_SHIFT) & PLL35XX_PDIV_MASK;
	u32 s = (con >> PLL35XX_SDIV_SHIFT) & PLL35XX_SDIV_MASK;

	if (!p)
		return 0;
	return (u64)m * pll->fin / ((u64)p << s);
}

/* Models samsung_get_pll_settings() (computed, not a table). */
bool samsung_pll35xx_settings(u64 fin, u64 rate, u32 *mdiv, u32 *pdiv, u32 *sdiv)
{
	u32 p, s;

	if (!fin || !rate)
		return false;
	for (p = 1; p <= PLL35XX_PDIV_MASK; p++)
		for (s = 0; s <= 5; s++) {
			u64 num = rate * ((u64)p << s);

			if (num % fin)
				continue;
			if (num / fin >= 64 && num / fin <= PLL35XX_MDIV_MASK) {
				*mdiv = (u32)(num / fin);
				*pdiv = p;
				*sdiv = s;
				return true;
			}
		}
	return false;
}

/* Models samsung_pll35xx_mp_change(): a change of M or P needs a relock. */
static bool samsung_pll35xx_mp_change(u32 m, u32 p, u32 con)
{
	return m != ((con >> PLL35XX_MDIV_SHIFT) & PLL35XX_MDIV_MASK) ||
	       p != ((con >> PLL35XX_PDIV_SHIFT) & PLL35XX_PDIV_MASK);
}

/* Models samsung_pll_lock_wait(): poll the lock bit, 20 ms at most. */
static int samsung_pll_lock_wait(const struct samsung_clk_pll *pll)
{
	u32 waited;

	for (waited = 0; waited <= PLL_TIMEOUT_US; waited += PLL_POLL_US) {
		if (readl_relaxed(pll->con_reg) & (1u << PLL35XX_LOCK_STAT_SHIFT))
			return 0;
		hw_udelay(PLL_POLL_US);
	}
	pr_err("%s: could not lock PLL %s\n", __func__, pll->name);
	return -ETIMEDOUT;
}

/* Models samsung_pll35xx_set_rate(). */
int samsung_pll35xx_set_rate(struct samsung_clk_pll *pll, u64 rate)
{
	u32 m, p, s, con;

	if (!samsung_pll35xx_settings(pll->fin, rate, &m, &p, &s)) {
		pr_err("%s: invalid rate %llu for %s\n", __func__, (unsigned long long)rate,
		       pll->name);
		return -EINVAL;
	}
	con = readl_relaxed(pll->con_reg);
	if (!samsung_pll35xx_mp_change(m, p, con) &&
	    ((con >> PLL35XX_SDIV_SHIFT) & PLL35XX_SDIV_MASK) == s)
		return 0;  /* the rate it runs at */
	/* Lock time: PLL35xx needs LOCK_FACTOR x PDIV reference cycles. */
	writel_relaxed(p * PLL35XX_LOCK_FACTOR, pll->lock_reg);
	con &= ~((PLL35XX_MDIV_MASK << PLL35XX_MDIV_SHIFT) | (PLL35XX_PDIV_MASK << PLL35XX_PDIV_SHIFT) |
		 (PLL35XX_SDIV_MASK << PLL35XX_SDIV_SHIFT));
	con |= (m << PLL35XX_MDIV_SHIFT) | (p << PLL35XX_PDIV_SHIFT) | (s << PLL35XX_SDIV_SHIFT);
	con |= 1u << PLL35XX_ENABLE_SHIFT;
	writel_relaxed(con, pll->con_reg);
	return samsung_pll_lock_wait(pll);
}
