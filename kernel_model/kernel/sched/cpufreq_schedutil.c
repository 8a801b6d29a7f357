/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cpufreq_schedutil.c - the schedutil governor (kernel/sched/cpufreq_schedutil.c).
 *
 * Upstream runs on every scheduler utilisation update, rate-limited by
 * rate_limit_us. Until the scheduler model calls into it, it samples every
 * rate_limit_us on an hrtimer (same timer -> work machinery as ondemand).
 * Utilisation comes from sched_cpu_util() when the scheduler fills it in;
 * otherwise from the idle time over the period, made frequency invariant
 * (busy fraction x capacity x cur / max), as PELT's would be.
 */
#include <string.h>

#include "drivers/cpufreq/cpufreq_governor.h"

#define SCHED_CAPACITY_SCALE 1024ul

unsigned long (*sched_cpu_util)(unsigned int cpu);
unsigned long (*sched_cpu_capacity)(unsigned int cpu);

struct sugov_tunables {
	unsigned int rate_limit_us;   /* 0: cpufreq_policy_transition_delay_us() */
};
static struct sugov_tunables sugov_tuners;

struct sugov_policy {
	struct cpufreq_policy *pol;
	struct gov_sampler sampler;
	unsigned int next_freq, cached_raw_freq;
	bool need_freq_update;
	u64 prev_idle[NR_CPUS], prev_wall[NR_CPUS];
	bool in_use;
};
static struct sugov_policy sg_pool[NR_CPUS];

/* Models sugov_tunables_init defaults. */
void sugov_reset_tunables(void)
{
	sugov_tuners.rate_limit_us = 0;
	memset(sg_pool, 0, sizeof(sg_pool));
}

/* Models the rate_limit_us attribute. */
static unsigned int sugov_rate_limit_us(struct cpufreq_policy *pol)
{
	return sugov_tuners.rate_limit_us ? sugov_tuners.rate_limit_us
					  : cpufreq_policy_transition_delay_us(pol);
}

/* Models arch_scale_cpu_capacity(). */
static unsigned long cpu_capacity(unsigned int cpu)
{
	return sched_cpu_capacity ? sched_cpu_capacity(cpu) : SCHED_CAPACITY_SCALE;
}

/* Models sugov_get_util() (cpu_util_cfs): the scheduler's, or our fallback. */
static unsigned long sugov_get_util(struct sugov_policy *sg, unsigned int cpu)
{
	struct cpufreq_policy *pol = sg->pol;
	unsigned long cap = cpu_capacity(cpu);
	u64 wall, idle = get_cpu_idle_time_ns(cpu, &wall);
	u64 elapsed = wall - sg->prev_wall[cpu];
	u64 idle_d = idle > sg->prev_idle[cpu] ? idle - sg->prev_idle[cpu] : 0;
	unsigned long util;

	sg->prev_wall[cpu] = wall;
	sg->prev_idle[cpu] = idle;
	if (sched_cpu_util) {
		util = sched_cpu_util(cpu);
		return util > cap ? cap : util;
	}
	if (!elapsed)
		return 0;
	if (idle_d > elapsed)
		idle_d = elapsed;
	util = (unsigned long)((elapsed - idle_d) * cap / elapsed);
	return (unsigned long)((u64)util * pol->cur / pol->cpuinfo.max_freq);
}

/* Models map_util_freq() + get_next_freq(). */
static unsigned int get_next_freq(struct sugov_policy *sg, unsigned long util, unsigned long max)
{
	struct cpufreq_policy *pol = sg->pol;
	unsigned int freq = pol->cpuinfo.max_freq;
	int idx;

	freq = (unsigned int)((u64)(freq + (freq >> 2)) * util / max);
	if (freq == sg->cached_raw_freq && !sg->need_freq_update)
		return sg->next_freq;
	sg->need_freq_update = false;
	sg->cached_raw_freq = freq;
	/* cpufreq_driver_resolve_freq(): clamp, then the lowest OPP >= freq. */
	if (freq > pol->max)
		freq = pol->max;
	if (freq < pol->min)
		freq = pol->min;
	idx = cpufreq_frequency_table_target(pol, freq, CPUFREQ_RELATION_L);
	return idx < 0 ? freq : pol->freq_table[idx].frequency;
}

/* Models sugov_update_shared() + sugov_work(): the highest util/max of the
 * pol's CPUs picks the frequency (pol->lock held). */
static unsigned int sugov_sample(struct gov_sampler *s)
{
	struct sugov_policy *sg = container_of(s, struct sugov_policy, sampler);
	struct cpufreq_policy *pol = sg->pol;
	unsigned long util = 0, max = 1;
	unsigned int j, next_f;

	for (j = 0; j < NR_CPUS; j++) {
		unsigned long j_util, j_max;

		if (!(pol->related_cpus & BIT(j)) || !cpu_online(j))
			continue;
		j_util = sugov_get_util(sg, j);
		j_max = cpu_capacity(j);
		if (j_util * max >= j_max * util) {
			util = j_util;
			max = j_max;
		}
	}
	next_f = get_next_freq(sg, util, max);
	if (next_f != pol->cur)
		__cpufreq_driver_target(pol, next_f, CPUFREQ_RELATION_L);
	sg->next_freq = pol->cur;
	return sugov_rate_limit_us(pol);
}

/* Models sugov_init(). */
static int sugov_init(struct cpufreq_policy *pol)
{
	unsigned int i;

	for (i = 0; i < NR_CPUS; i++) {
		struct sugov_policy *sg = &sg_pool[i];

		if (sg->in_use || sg->sampler.timer[0].t.queued || sg->sampler.timer[1].t.queued)
			continue;
		memset(sg, 0, sizeof(*sg));
		sg->in_use = true;
		sg->pol = pol;
		sg->sampler.policy = pol;
		sg->sampler.sample = sugov_sample;
		pol->governor_data = sg;
		return 0;
	}
	return -ENOMEM;
}

/* Models sugov_exit(). */
static void sugov_exit(struct cpufreq_policy *pol)
{
	struct sugov_policy *sg = pol->governor_data;

	if (sg)
		sg->in_use = false;
	pol->governor_data = NULL;
}

/* Models sugov_start(). */
static int sugov_start(struct cpufreq_policy *pol)
{
	struct sugov_policy *sg = pol->governor_data;
	unsigned int j;

	sg->next_freq = pol->cur;
	sg->cached_raw_freq = 0;
	sg->need_freq_update = true;
	for (j = 0; j < NR_CPUS; j++)
		if (pol->related_cpus & BIT(j))
			sg->prev_idle[j] = get_cpu_idle_time_ns(j, &sg->prev_wall[j]);
	gov_sampler_start(&sg->sampler, sugov_rate_limit_us(pol));
	return 0;
}

/* Models sugov_stop(). */
static void sugov_stop(struct cpufreq_policy *pol)
{
	struct sugov_policy *sg = pol->governor_data;

	if (sg)
		gov_sampler_stop(&sg->sampler);
}

/* Models sugov_limits() (pol->lock held). */
static void sugov_limits(struct cpufreq_policy *pol)
{
	struct sugov_policy *sg = pol->governor_data;

	cpufreq_dbs_governor_limits(pol);   /* cpufreq_policy_apply_limits() */
	if (sg)
		sg->need_freq_update = true;
}

/* Models rate_limit_us_store(). */
static int sugov_set_tunable(const char *name, unsigned long v)
{
	if (strcmp(name, "rate_limit_us"))
		return -ENOENT;
	if (v > 10000000ul)
		return -EINVAL;
	sugov_tuners.rate_limit_us = (unsigned int)v;
	return 0;
}

/* Models rate_limit_us_show(). */
static int sugov_get_tunable(const char *name, unsigned long *v)
{
	if (strcmp(name, "rate_limit_us"))
		return -EINVAL;
	*v = sugov_tuners.rate_limit_us;
	return 0;
}

struct cpufreq_governor schedutil_gov = {
	.set_tunable = sugov_set_tunable,
	.exit = sugov_exit,
	.get_tunable = sugov_get_tunable,
	.init = sugov_init,
	.limits = sugov_limits,
	.name = "schedutil",
	.start = sugov_start,
	.stop = sugov_stop,
};
