/* SPDX-License-Identifier: GPL-2.0-only */
/* linux/clk.h - the clock consumer API (include/linux/clk.h), for the few
 * clocks the model has: the Exynos 5420/5800 CPU PLLs
 * (drivers/clk/samsung/). Rates in Hz. */
#ifndef KM_LINUX_CLK_H
#define KM_LINUX_CLK_H

#include "linux/kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

struct clk;

/* Models of_clk_get(np, index): the index-th clock of a DT node's `clocks`;
 * NULL if it names no clock a registered provider knows. */
struct clk *of_clk_get(const void *fdt, int node, int index);
/* Models clk_set_rate(): 0 once the clock runs at rate, or -errno. May wait
 * for the hardware (a PLL's lock). */
int clk_set_rate(struct clk *clk, u64 rate);
/* Models clk_get_rate(): the rate the hardware runs at now (0: unknown). */
u64 clk_get_rate(struct clk *clk);

/* The Exynos 5420/5800 CMU provider (CLK_OF_DECLARE in clk-exynos5420.c):
 * finds the clock controller and the 24 MHz oscclk; 0 or -ENODEV. */
int exynos5420_clk_init(const void *fdt);

#ifdef __cplusplus
}
#endif

#endif
