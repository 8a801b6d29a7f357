// SPDX-License-Identifier: GPL-2.0-only
/*
 * vexpress-spc-cpufreq.c - TC2's glue to the big.LITTLE cpufreq driver
 * (drivers/cpufreq/vexpress-spc-cpufreq.c before v5.6, with the SPC clock
 * of drivers/clk/versatile/clk-vexpress-spc.c): OPPs from the SPC (read
 * over COMMS by ve_spc_clk_init), rates set through PERF_LVL and the SPC
 * completion interrupt, a declared transition latency of 1 ms.
 */
#include "arch/arm/mach-vexpress/spc.h"
#include "arm_big_little.h"

/* Models ve_spc_get_transition_latency(): 1 ms, whatever the SPC really takes. */
static unsigned int ve_spc_get_transition_latency(u32 cluster)
{
	return 1000000; /* 1 ms */
}

/* Models ve_init_opp_table(): the OPPs ve_spc_populate_opps read. */
static int ve_spc_init_opp_table(u32 cluster, struct bL_opp *opps, unsigned int max)
{
	unsigned int i, n = ve_spc_num_opps(cluster);

	if (!n)
		return -ENODEV;
	for (i = 0; i < n && i < max; i++)
		ve_spc_opp(cluster, i, &opps[i].khz, &opps[i].uv);
	return (int)i;
}

/* Models ve_spc_round_performance(): the lowest OPP at or above, else the
 * highest (what spc_round_rate hands to clk_set_rate). */
static u32 ve_spc_round_performance(u32 cluster, u32 khz)
{
	u32 fmin = 0, fmax = ~0u, f, uv;
	unsigned int i;

	for (i = 0; i < ve_spc_num_opps(cluster); i++) {
		ve_spc_opp(cluster, i, &f, &uv);
		if (f >= khz) {
			if (f <= fmax)
				fmax = f;
		} else if (f >= fmin) {
			fmin = f;
		}
	}
	return fmax != ~0u ? fmax : fmin;
}

/* Models spc_set_rate() of clk-vexpress-spc. */
static int ve_spc_clk_set_rate(u32 cluster, u32 khz)
{
	return ve_spc_set_performance(cluster, ve_spc_round_performance(cluster, khz));
}

/* Models spc_recalc_rate() of clk-vexpress-spc. */
static u32 ve_spc_clk_get_rate(u32 cluster)
{
	u32 khz;

	return ve_spc_get_performance(cluster, &khz) ? 0 : khz;
}

static const struct cpufreq_arm_bL_ops ve_spc_cpufreq_ops = {
	.name = "vexpress-spc",
	.get_transition_latency = ve_spc_get_transition_latency,
	.init_opp_table = ve_spc_init_opp_table,
	.clk_set_rate = ve_spc_clk_set_rate,
	.clk_get_rate = ve_spc_clk_get_rate,
};

/* Models ve_spc_cpufreq_probe(). */
int ve_spc_cpufreq_init(void)
{
	if (!ve_spc_num_opps(0) || !ve_spc_num_opps(1)) {
		pr_err("vexpress-spc-cpufreq: no OPPs read from the SPC (ve_spc_clk_init "
		       "not run or failed)\n");
		return -ENODEV;
	}
	return bL_cpufreq_register(&ve_spc_cpufreq_ops);
}

/* Models ve_spc_cpufreq_remove(). */
void ve_spc_cpufreq_exit(void)
{
	bL_cpufreq_unregister(&ve_spc_cpufreq_ops);
}
