/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * of.c - the OPP library's energy-model registration (drivers/opp/of.c,
 * Linux v5.10: dev_pm_opp_of_register_em and its _get_power callback):
 * the active power of an OPP is estimated from the CPU node's
 * dynamic-power-coefficient as P = C x V^2 x f.
 */
#include <libfdt.h>

#include "linux/energy_model.h"
#include "linux/of.h"
#include "linux/smp.h"

struct opp_em_ctx {
	const struct em_opp *opps;
	unsigned int n;
	u32 coeff;
};

u32 of_cpu_dynamic_power_coefficient(const void *fdt, unsigned int cpu)
{
	int cpus = fdt ? fdt_path_offset(fdt, "/cpus") : -1, node;

	if (cpus < 0)
		return 0;
	fdt_for_each_subnode(node, fdt, cpus) {
		const fdt32_t *v;
		u32 hwid;
		int len;

		if (!of_cpu_hwid(fdt, node, &hwid) || hwid != cpu_logical_map(cpu))
			continue;
		v = fdt_getprop(fdt, node, "dynamic-power-coefficient", &len);
		return v && len == 4 ? fdt32_to_cpu(*v) : 0;
	}
	return 0;
}

/* Models _get_power(): the lowest OPP at or above *khz (the OPP library's
 * find_freq_ceil), its power in mW: coeff (uW/MHz/V^2) x mV^2 x MHz / 10^9. */
static int opp_get_power(unsigned long *mw, unsigned long *khz, unsigned int cpu, void *data)
{
	const struct opp_em_ctx *c = data;
	unsigned int i;
	u64 mv, mhz;

	(void)cpu;
	for (i = 0; i < c->n && c->opps[i].khz < *khz; i++)
		;
	if (i == c->n)
		return -EINVAL;
	mv = c->opps[i].uv / 1000;
	if (!mv)
		return -EINVAL;
	mhz = c->opps[i].khz / 1000;
	*mw = (unsigned long)((u64)c->coeff * mv * mv * mhz / 1000000000ull);
	*khz = c->opps[i].khz;
	return 0;
}

int dev_pm_opp_of_register_em(const void *fdt, unsigned int cpu, u32 span,
			      const struct em_opp *opps, unsigned int n)
{
	struct opp_em_ctx ctx = { opps, n, of_cpu_dynamic_power_coefficient(fdt, cpu) };
	struct em_data_callback cb = { opp_get_power, &ctx };
	int ret;

	if (!n || !opps)
		return -EINVAL;
	if (!ctx.coeff) {
		pr_debug("OPP: CPU%u: couldn't find proper 'dynamic-power-coefficient' in DT\n", cpu);
		return -EINVAL;
	}
	ret = em_dev_register_perf_domain(cpu, n, &cb, span);
	if (ret && ret != -EEXIST)
		pr_err("OPP: CPU%u: couldn't register Energy Model %d\n", cpu, ret);
	return ret;
}
