// SPDX-License-Identifier: GPL-2.0-only
/*
 * clk-exynos5420.c - the Exynos 5420/5800 clock controller
 * (drivers/clk/samsung/clk-exynos5420.c), reduced to what cpufreq needs:
 * the CPU clusters' PLLs, APLL (CLK_ARM_CLK, the A15s) and KPLL
 * (CLK_KFC_CLK, the A7s), both PLL35xx fed by the 24 MHz oscclk. The CPU
 * clocks' muxes and dividers (exynos_cpuclk) are not modelled: the core
 * clock is the PLL's output.
 */
#include <libfdt.h>

#include "clk-pll.h"
#include "linux/clk.h"
#include "linux/of.h"
#include "regs/exynos5420_cmu.h"


struct clk {
	u32 id;
	struct samsung_clk_pll pll;
};

static struct clk cpu_clks[2];
static int cmu_node = -1;

/* Models exynos5420_clk_init() (CLK_OF_DECLARE): the CMU's registers and
 * the oscclk's rate, then the PLLs registered as clocks. */
int exynos5420_clk_init(const void *fdt)
{
	int node = fdt_node_offset_by_compatible(fdt, -1, "samsung,exynos5800-clock");
	int osc = fdt_node_offset_by_compatible(fdt, -1, "samsung,exynos5420-oscclk");
	const fdt32_t *f;
	u64 base;

	if (node < 0)
		node = fdt_node_offset_by_compatible(fdt, -1, "samsung,exynos5420-clock");
	cmu_node = -1;
	if (node < 0)
		return -ENODEV;
	if (of_translate_reg(fdt, node, 0, &base, NULL)) {
		pr_err("exynos5420-clk: %s: no usable reg\n", fdt_get_name(fdt, node, NULL));
		return -ENODEV;
	}
	f = osc >= 0 ? fdt_getprop(fdt, osc, "clock-frequency", NULL) : NULL;
	if (!f || !fdt32_to_cpu(*f)) {
		pr_err("exynos5420-clk: no samsung,exynos5420-oscclk with a clock-frequency\n");
		return -ENODEV;
	}
	cpu_clks[0] = (struct clk){CLK_ARM_CLK, {"apll", base + APLL_LOCK, base + APLL_CON0, fdt32_to_cpu(*f)}};
	cpu_clks[1] = (struct clk){CLK_KFC_CLK, {"kpll", base + KPLL_LOCK, base + KPLL_CON0, fdt32_to_cpu(*f)}};
	cmu_node = node;
	pr_info("exynos5420-clk: CMU at 0x%llx, oscclk %u Hz, APLL %llu Hz, KPLL %llu Hz\n",
		(unsigned long long)base, fdt32_to_cpu(*f),
		(unsigned long long)samsung_pll35xx_recalc_rate(&cpu_clks[0].pll),
		(unsigned long long)samsung_pll35xx_recalc_rate(&cpu_clks[1].pll));
	return 0;
}

/* Models of_clk_get() through the provider's of_clk_src_onecell_get(). */
struct clk *of_clk_get(const void *fdt, int node, int index)
{
	u32 id;
	int provider = of_parse_phandle_with_args(fdt, node, "clocks", "#clock-cells", index, &id);
	unsigned int i;

	if (provider < 0 || provider != cmu_node)
		return NULL;
	for (i = 0; i < ARRAY_SIZE(cpu_clks); i++)
		if (cpu_clks[i].id == id)
			return &cpu_clks[i];
	return NULL;
}

/* Models clk_set_rate() on a PLL with no parent change. */
int clk_set_rate(struct clk *clk, u64 rate)
{
	return clk ? samsung_pll35xx_set_rate(&clk->pll, rate) : -EINVAL;
}

/* Models clk_get_rate(): the PLL's recalc_rate (CLK_GET_RATE_NOCACHE). */
u64 clk_get_rate(struct clk *clk)
{
	return clk ? samsung_pll35xx_recalc_rate(&clk->pll) : 0;
}
