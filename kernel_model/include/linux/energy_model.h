/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * linux/energy_model.h - the energy model framework (include/linux/
 * energy_model.h, kernel/power/energy_model.c, Linux v5.10): one
 * performance domain per group of CPUs that share a clock, each a table of
 * performance states (frequency, active power, cost), registered by the
 * cpufreq driver from the OPPs and the DT's dynamic-power-coefficient
 * (drivers/opp/of.c dev_pm_opp_of_register_em), read by the scheduler's
 * energy-aware wake-up path (kernel/sched/fair.c).
 *
 * Model differences from upstream (docs/fidelity-eas.md): a domain is
 * keyed by a CPU mask, not a struct device; the domains live in a fixed
 * array (at most one per CPU); no debugfs.
 */
#ifndef KM_LINUX_ENERGY_MODEL_H
#define KM_LINUX_ENERGY_MODEL_H

#include "linux/kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EM_MAX_PERF_STATES 32       /* the Exynos 5800 A15 has 19 OPPs */
#define EM_MAX_POWER 0xFFFFul       /* mW: 64 W per CPU at most, as upstream */
#define EM_MAX_DOMAINS 8

/* One performance state: kHz, mW of one CPU running flat out at it, and
 * its cost, power x fmax / frequency (energy per unit of work, scaled so
 * that at fmax cost == power). */
struct em_perf_state {
	unsigned long frequency, power, cost;   /* kHz, mW, mW x fmax / kHz */
};

struct em_perf_domain {
	struct em_perf_state table[EM_MAX_PERF_STATES];  /* ascending frequency */
	unsigned int nr_perf_states;
	u32 cpus;                   /* the CPUs of the domain (a bitmask) */
};

/* Models struct em_data_callback: the active power (mW) at the lowest
 * frequency >= *khz of the domain of cpu, and that frequency in *khz.
 * 0 or -errno. */
struct em_data_callback {
	int (*active_power)(unsigned long *mw, unsigned long *khz, unsigned int cpu, void *data);
	void *data;
};

/* Models em_dev_register_perf_domain(): build the table of nr_states
 * states by asking cb for ever higher frequencies, then the costs; span is
 * the domain's CPUs, cpu the one asked about. 0, -EEXIST (one of the CPUs
 * has a domain already), -EINVAL (bad arguments, a frequency that does
 * not increase, a power of 0 or above EM_MAX_POWER), -ENOSPC. */
int em_dev_register_perf_domain(unsigned int cpu, unsigned int nr_states,
				const struct em_data_callback *cb, u32 span);
/* Models em_cpu_get(): the domain of a CPU, or NULL. */
struct em_perf_domain *em_cpu_get(unsigned int cpu);
/* The registered domains, in registration order (NULL past the last). */
struct em_perf_domain *em_pd_nth(unsigned int i);

/* Models em_cpu_energy(): the energy the domain spends, in the table's
 * power unit x capacity, when its busiest CPU has max_util (which sets the
 * frequency, as schedutil would: the lowest state >= 1.25 x max_util /
 * cap_at_fmax x fmax) and all its CPUs together sum_util. cap_at_fmax is the
 * capacity of the domain's CPUs at fmax. */
unsigned long em_cpu_energy(const struct em_perf_domain *dom, unsigned long max_util,
			    unsigned long sum_util, unsigned long cap_at_fmax);
/* The index of the state em_cpu_energy() uses for max_util. */
unsigned int em_pd_state_for_util(const struct em_perf_domain *pd, unsigned long max_util,
				  unsigned long scale_cpu);

/* ---- drivers/opp/of.c ------------------------------------------------------- */

struct em_opp {
	u32 khz;
	u32 uv;
};

/* Models dev_pm_opp_of_register_em(): the domain of the CPUs in span
 * (cpu is one of them, its DT node gives dynamic-power-coefficient), from
 * the opps (ascending), with P = coefficient x V^2 x f (of.c _get_power:
 * mW = coeff x mV^2 x MHz / 10^9). 0, or -EINVAL when the CPU's node has
 * no usable coefficient or an OPP no voltage, or what registration says. */
int dev_pm_opp_of_register_em(const void *fdt, unsigned int cpu, u32 span,
			      const struct em_opp *opps, unsigned int n);
/* The DT's dynamic-power-coefficient of a logical CPU's node (0: none). */
u32 of_cpu_dynamic_power_coefficient(const void *fdt, unsigned int cpu);

#ifdef __cplusplus
}
#endif

#endif
