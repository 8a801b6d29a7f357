// SPDX-License-Identifier: GPL-2.0-only
/*
 * cpufreq_ondemand.c - the ondemand governor (drivers/cpufreq/cpufreq_ondemand.c):
 * above up_threshold go to max (and stay sampling_down_factor periods),
 * else a frequency proportional to the load; powersave_bias alternates
 * between the two table frequencies around a reduced target.
 */
#include <string.h>

#include "cpufreq_governor.h"

#define MAX_POWERSAVE_BIAS 1000

struct od_tunables {
	unsigned int sampling_rate;      /* µs; 0 = default from the latency */
	unsigned int up_threshold;
	unsigned int sampling_down_factor;
	unsigned int powersave_bias;     /* per mille */
	bool ignore_nice_load;
};
/* od_init()'s defaults, from the start: the tunables exist before any
 * policy uses the governor (and the command line may set them then). */
static struct od_tunables od_tuners = {
	.up_threshold = DEF_FREQUENCY_UP_THRESHOLD,
	.sampling_down_factor = DEF_SAMPLING_DOWN_FACTOR,
};

/* Models od_init()'s defaults. */
void od_reset_tunables(void)
{
	od_tuners.sampling_rate = 0;
	od_tuners.up_threshold = DEF_FREQUENCY_UP_THRESHOLD;
	od_tuners.sampling_down_factor = DEF_SAMPLING_DOWN_FACTOR;
	od_tuners.powersave_bias = 0;
	od_tuners.ignore_nice_load = false;
}

/* Models generic_powersave_bias_target(). */
static unsigned int powersave_bias_target(struct policy_dbs_info *pd, unsigned int freq_next,
					  unsigned int relation)
{
	struct cpufreq_policy *policy = pd->policy;
	struct cpufreq_frequency_table *t = policy->freq_table;
	unsigned int freq_req, freq_reduc, freq_avg, freq_lo, freq_hi, delay_hi_us;
	unsigned int rate = dbs_sampling_rate_us(pd);
	int index;

	if (!t) {
		pd->freq_lo = 0;
		pd->freq_lo_delay_us = 0;
		return freq_next;
	}
	index = cpufreq_frequency_table_target(policy, freq_next, relation);
	if (index < 0)
		return freq_next;
	freq_req = t[index].frequency;
	freq_reduc = (unsigned int)((u64)freq_req * od_tuners.powersave_bias / 1000);
	freq_avg = freq_req - freq_reduc;
	/* Find the table frequencies around freq_avg. */
	index = cpufreq_frequency_table_target(policy, freq_avg, CPUFREQ_RELATION_H);
	freq_lo = t[index].frequency;
	index = cpufreq_frequency_table_target(policy, freq_avg, CPUFREQ_RELATION_L);
	freq_hi = t[index].frequency;
	/* How long in hi and in lo to average freq_avg over a period. */
	if (freq_hi == freq_lo) {
		pd->freq_lo = 0;
		pd->freq_lo_delay_us = 0;
		return freq_lo;
	}
	delay_hi_us = (unsigned int)(((u64)(freq_avg - freq_lo) * rate + (freq_hi - freq_lo) / 2) /
				     (freq_hi - freq_lo));
	pd->freq_hi_delay_us = delay_hi_us;
	pd->freq_lo = freq_lo;
	pd->freq_lo_delay_us = rate - delay_hi_us;
	return freq_hi;
}

/* Models dbs_freq_increase(). */
static void dbs_freq_increase(struct policy_dbs_info *pd, unsigned int freq)
{
	struct cpufreq_policy *policy = pd->policy;

	if (od_tuners.powersave_bias)
		freq = powersave_bias_target(pd, freq, CPUFREQ_RELATION_H);
	else if (policy->cur == policy->max)
		return;
	__cpufreq_driver_target(policy, freq,
				od_tuners.powersave_bias ? CPUFREQ_RELATION_L : CPUFREQ_RELATION_H);
}

/* Models od_update(). */
static void od_update(struct policy_dbs_info *pd)
{
	struct cpufreq_policy *policy = pd->policy;
	unsigned int load = dbs_update(pd);

	pd->freq_lo = 0;
	if (load > od_tuners.up_threshold) {
		/* Going to max: stay there sampling_down_factor periods. */
		if (policy->cur < policy->max)
			pd->rate_mult = od_tuners.sampling_down_factor;
		dbs_freq_increase(pd, policy->max);
	} else {
		unsigned int min_f = policy->cpuinfo.min_freq, max_f = policy->cpuinfo.max_freq;
		unsigned int freq_next = min_f + (unsigned int)((u64)load * (max_f - min_f) / 100);

		pd->rate_mult = 1;
		if (od_tuners.powersave_bias)
			freq_next = powersave_bias_target(pd, freq_next, CPUFREQ_RELATION_L);
		__cpufreq_driver_target(policy, freq_next, CPUFREQ_RELATION_C);
	}
}

/* Models od_dbs_update(): a normal sample, or the powersave_bias sub-sample. */
static unsigned int od_dbs_update(struct policy_dbs_info *pd)
{
	if (pd->sub_sample) {
		pd->sub_sample = false;
		__cpufreq_driver_target(pd->policy, pd->freq_lo, CPUFREQ_RELATION_H);
		return pd->freq_lo_delay_us;
	}
	od_update(pd);
	if (pd->freq_lo) {
		pd->sub_sample = true;
		return pd->freq_hi_delay_us;
	}
	return dbs_sampling_rate_us(pd) * pd->rate_mult;
}

/* Models od_start(). */
static void od_start(struct policy_dbs_info *pd)
{
	pd->freq_lo = 0;
}

/* Models the store_*() of ondemand's sysfs attributes. */
static int od_set_tunable(const char *name, unsigned long v)
{
	if (!strcmp(name, "up_threshold")) {
		if (v > MAX_FREQUENCY_UP_THRESHOLD || v < MIN_FREQUENCY_UP_THRESHOLD)
			return -EINVAL;
		od_tuners.up_threshold = (unsigned int)v;
	} else if (!strcmp(name, "sampling_rate")) {
		if (v == 0 || v > 10000000ul)
			return -EINVAL;
		od_tuners.sampling_rate = (unsigned int)v;
	} else if (!strcmp(name, "sampling_down_factor")) {
		if (v > MAX_SAMPLING_DOWN_FACTOR || v < 1)
			return -EINVAL;
		od_tuners.sampling_down_factor = (unsigned int)v;
	} else if (!strcmp(name, "powersave_bias")) {
		od_tuners.powersave_bias = v > MAX_POWERSAVE_BIAS ? MAX_POWERSAVE_BIAS : (unsigned int)v;
	} else if (!strcmp(name, "ignore_nice_load")) {
		if (v > 1)
			return -EINVAL;
		od_tuners.ignore_nice_load = v;  /* no nice tasks in the model yet */
	} else {
		return -ENOENT;
	}
	return 0;
}

/* Models the show_*() of ondemand's sysfs attributes. */
static int od_get_tunable(const char *name, unsigned long *v)
{
	if (!strcmp(name, "up_threshold"))
		*v = od_tuners.up_threshold;
	else if (!strcmp(name, "sampling_rate"))
		*v = od_tuners.sampling_rate;
	else if (!strcmp(name, "sampling_down_factor"))
		*v = od_tuners.sampling_down_factor;
	else if (!strcmp(name, "powersave_bias"))
		*v = od_tuners.powersave_bias;
	else if (!strcmp(name, "ignore_nice_load"))
		*v = od_tuners.ignore_nice_load;
	else
		return -EINVAL;
	return 0;
}

struct dbs_governor od_dbs_gov = {
	.gov = {
		.name = "ondemand",
		.init = cpufreq_dbs_governor_init,
		.exit = cpufreq_dbs_governor_exit,
		.start = cpufreq_dbs_governor_start,
		.stop = cpufreq_dbs_governor_stop,
		.limits = cpufreq_dbs_governor_limits,
		.set_tunable = od_set_tunable,
		.get_tunable = od_get_tunable,
	},
	.gov_dbs_update = od_dbs_update,
	.start = od_start,
	.sampling_rate_us = &od_tuners.sampling_rate,
	.sampling_down_factor = &od_tuners.sampling_down_factor,
	.up_threshold = &od_tuners.up_threshold,
	.ignore_nice_load = &od_tuners.ignore_nice_load,
};
