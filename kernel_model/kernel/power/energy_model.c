/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * energy_model.c - the energy model framework (kernel/power/energy_model.c,
 * Linux v5.10): performance domains and their cost tables, and the energy
 * estimate the scheduler asks for (em_cpu_energy, upstream an inline in
 * include/linux/energy_model.h).
 */
#include "linux/energy_model.h"

#include <string.h>
#include "blsim/test_hooks.h"

static struct em_perf_domain em_domains[EM_MAX_DOMAINS];
static unsigned int em_nr_domains;

struct em_perf_domain *em_cpu_get(unsigned int cpu)
{
	unsigned int i;

	for (i = 0; i < em_nr_domains; i++)
		if ((em_domains[i].cpus >> cpu) & 1u)
			return &em_domains[i];
	return NULL;
}

struct em_perf_domain *em_pd_nth(unsigned int i)
{
	return i < em_nr_domains ? &em_domains[i] : NULL;
}

/* Models em_create_perf_table(): ask for the state just above the previous
 * frequency until nr_states are known; each must be faster than the last
 * and draw a power in (0, EM_MAX_POWER]. */
static int em_create_perf_table(struct em_perf_domain *pd, unsigned int cpu, unsigned int nr_states,
				const struct em_data_callback *cb)
{
	unsigned long prev_freq = 0, fmax;
	unsigned int i;

	for (i = 0; i < nr_states; i++) {
		unsigned long freq = prev_freq + 1, power = 0;
		int ret = cb->active_power(&power, &freq, cpu, cb->data);

		if (ret) {
			pr_err("EM: CPU%u: invalid perf. state: %d\n", cpu, ret);
			return -EINVAL;
		}
		if (freq <= prev_freq) {
			pr_err("EM: CPU%u: non-increasing freq: %lu\n", cpu, freq);
			return -EINVAL;
		}
		if (!power || power > EM_MAX_POWER) {
			pr_err("EM: CPU%u: invalid power: %lu\n", cpu, power);
			return -EINVAL;
		}
		pd->table[i].frequency = prev_freq = freq;
		pd->table[i].power = power;
		/* Upstream only says so at debug level: a state less efficient
		 * (kHz per mW) than a faster one is never worth choosing. */
		if (i && freq / power >= pd->table[i - 1].frequency / pd->table[i - 1].power)
			pr_debug("EM: CPU%u: hertz/watts ratio non-monotonically decreasing: "
				 "em_perf_state %u >= em_perf_state %u\n", cpu, i, i - 1);
	}
	/* cost: the energy of one unit of work at each state, in the power
	 * unit at fmax (upstream: fmax * power / freq). */
	fmax = pd->table[nr_states - 1].frequency;
	for (i = 0; i < nr_states; i++)
		pd->table[i].cost = (unsigned long)((u64)fmax * pd->table[i].power /
						    pd->table[i].frequency);
	pd->nr_perf_states = nr_states;
	return 0;
}

int em_dev_register_perf_domain(unsigned int cpu, unsigned int nr_states,
				const struct em_data_callback *cb, u32 span)
{
	struct em_perf_domain *pd;
	unsigned int c;
	int ret;

	if (!span || !nr_states || nr_states > EM_MAX_PERF_STATES || !cb || !cb->active_power)
		return -EINVAL;
	for (c = 0; c < 32; c++) {
		if (!((span >> c) & 1u) || !em_cpu_get(c))
			continue;
		/* The cpufreq driver registers again each time its policies are
		 * rebuilt (IKS on/off): the model stays as first built. */
		pr_debug("EM: exists for CPU%u\n", c);
		return -EEXIST;
	}
	if (em_nr_domains >= EM_MAX_DOMAINS)
		return -ENOSPC;
	pd = &em_domains[em_nr_domains];
	memset(pd, 0, sizeof(*pd));
	ret = em_create_perf_table(pd, cpu, nr_states, cb);
	if (ret)
		return ret;
	pd->cpus = span;
	em_nr_domains++;
	pr_debug("EM: created perf domain for CPUs 0x%x\n", span);
	return 0;
}

unsigned int em_pd_state_for_util(const struct em_perf_domain *pd, unsigned long max_util,
				  unsigned long scale_cpu)
{
	unsigned long fmax = pd->table[pd->nr_perf_states - 1].frequency, freq;
	unsigned int i;

	/* map_util_freq(): schedutil's 25 % headroom over the utilisation. */
	freq = (unsigned long)((u64)(fmax + (fmax >> 2)) * max_util / (scale_cpu ? scale_cpu : 1));
	for (i = 0; i + 1 < pd->nr_perf_states; i++)
		if (pd->table[i].frequency >= freq)
			break;
	return i;
}

/* How it estimates: the CPUs of a domain share one clock, so the busiest
 * of them picks the state; each CPU then spends cost x its own busy
 * fraction. Summed: cost x sum_util / scale_cpu. Idle power is not in the
 * model (upstream neither). */
unsigned long em_cpu_energy(const struct em_perf_domain *pd, unsigned long max_util,
			    unsigned long sum_util, unsigned long scale_cpu)
{
	const struct em_perf_state *ps;

	if (!pd || !pd->nr_perf_states || !scale_cpu)
		return 0;
	ps = &pd->table[em_pd_state_for_util(pd, max_util, scale_cpu)];
	return (unsigned long)((u64)ps->cost * sum_util / scale_cpu);
}

void em_reset_for_test(void)
{
	memset(em_domains, 0, sizeof(em_domains));
	em_nr_domains = 0;
}
