/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cpufreq_conservative.c - the conservative governor
 * (drivers/cpufreq/cpufreq_conservative.c): step the requested frequency
 * by freq_step % of max up when load > up_threshold, down when load <
 * down_threshold (every sampling_down_factor samples).
 */
#include <string.h>

#include "cpufreq_governor.h"

#define DEF_FREQUENCY_DOWN_THRESHOLD 20
#define DEF_FREQUENCY_STEP 5

struct cs_tunables {
	unsigned int sampling_rate;
	unsigned int up_threshold;
	unsigned int down_threshold;
	unsigned int sampling_down_factor;
	unsigned int freq_step;
	bool ignore_nice_load;
};
/* cs_init()'s defaults, from the start (see cpufreq_ondemand.c). */
static struct cs_tunables cs_tuners = {
	.up_threshold = DEF_FREQUENCY_UP_THRESHOLD,
	.down_threshold = DEF_FREQUENCY_DOWN_THRESHOLD,
	.sampling_down_factor = DEF_SAMPLING_DOWN_FACTOR,
	.freq_step = DEF_FREQUENCY_STEP,
};

/* Models cs_init()'s defaults. */
void cs_reset_tunables(void)
{
	cs_tuners.sampling_rate = 0;
	cs_tuners.up_threshold = DEF_FREQUENCY_UP_THRESHOLD;
	cs_tuners.down_threshold = DEF_FREQUENCY_DOWN_THRESHOLD;
	cs_tuners.sampling_down_factor = DEF_SAMPLING_DOWN_FACTOR;
	cs_tuners.freq_step = DEF_FREQUENCY_STEP;
	cs_tuners.ignore_nice_load = false;
}

/* Models get_freq_step(). */
static unsigned int get_freq_step(struct cpufreq_policy *policy)
{
	unsigned int step = (unsigned int)((u64)cs_tuners.freq_step * policy->max / 100);

	return step ? step : DEF_FREQUENCY_STEP;
}

/* Steps the frequency up (load above up_threshold) or, every
 * sampling_down_factor samples, down (load below down_threshold); the
 * request only moves when it really changes. */
static void cs_step(struct policy_dbs_info *pd, unsigned int load, unsigned int req,
		    unsigned int step)
{
	struct cpufreq_policy *pol = pd->policy;

	if (load > cs_tuners.up_threshold) {
		pd->down_skip = 0;
		if (req != pol->max) {
			req = min(req + step, pol->max);
			__cpufreq_driver_target(pol, req, CPUFREQ_RELATION_H);
			pd->requested_freq = req;
		}
		return;
	}
	pd->down_skip++;
	if (pd->down_skip < cs_tuners.sampling_down_factor)
		return;
	pd->down_skip = 0;
	if (load >= cs_tuners.down_threshold || req == pol->min)
		return;
	req = req > step ? req - step : pol->min;
	__cpufreq_driver_target(pol, req, CPUFREQ_RELATION_L);
	pd->requested_freq = req;
}

/* cs_dbs_update: one sample; returns the delay to the next one. */
static unsigned int cs_dbs_update(struct policy_dbs_info *pd)
{
	struct cpufreq_policy *pol = pd->policy;
	unsigned int load = dbs_update(pd);
	unsigned int req = pd->requested_freq, step;

	/* A freq_step of 0 means: never change the frequency. */
	if (cs_tuners.freq_step != 0) {
		/* The limits moved past the last request: start from cur. */
		if (req < pol->min || req > pol->max)
			pd->requested_freq = req = pol->cur;
		step = get_freq_step(pol);
		/* Periods spent idle without a sample: one step down each. */
		if (pd->idle_periods != ~0u) {
			unsigned int drop = pd->idle_periods * step;

			req = req > pol->min + drop ? req - drop : pol->min;
			pd->idle_periods = ~0u;
		}
		cs_step(pd, load, req, step);
	}
	return dbs_sampling_rate_us(pd);
}

/* Models cs_start(). */
static void cs_start(struct policy_dbs_info *pd)
{
	pd->down_skip = 0;
	pd->requested_freq = pd->policy->cur;
}

/* Models the store_*() of conservative's sysfs attributes. */
static int cs_set_tunable(const char *name, unsigned long v)
{
	if (!strcmp(name, "up_threshold")) {
		if (v > 100 || v <= cs_tuners.down_threshold)
			return -EINVAL;
		cs_tuners.up_threshold = (unsigned int)v;
	} else if (!strcmp(name, "down_threshold")) {
		if (v < 1 || v > 100 || v >= cs_tuners.up_threshold)
			return -EINVAL;
		cs_tuners.down_threshold = (unsigned int)v;
	} else if (!strcmp(name, "freq_step")) {
		cs_tuners.freq_step = v > 100 ? 100 : (unsigned int)v;
	} else if (!strcmp(name, "sampling_rate")) {
		if (v == 0 || v > 10000000ul)
			return -EINVAL;
		cs_tuners.sampling_rate = (unsigned int)v;
	} else if (!strcmp(name, "sampling_down_factor")) {
		if (v > MAX_SAMPLING_DOWN_FACTOR || v < 1)
			return -EINVAL;
		cs_tuners.sampling_down_factor = (unsigned int)v;
	} else if (!strcmp(name, "ignore_nice_load")) {
		if (v > 1)
			return -EINVAL;
		cs_tuners.ignore_nice_load = v;
	} else {
		return -ENOENT;
	}
	return 0;
}

/* Models the show_*() of conservative's sysfs attributes. */
static int cs_get_tunable(const char *name, unsigned long *v)
{
	if (!strcmp(name, "up_threshold"))
		*v = cs_tuners.up_threshold;
	else if (!strcmp(name, "down_threshold"))
		*v = cs_tuners.down_threshold;
	else if (!strcmp(name, "freq_step"))
		*v = cs_tuners.freq_step;
	else if (!strcmp(name, "sampling_rate"))
		*v = cs_tuners.sampling_rate;
	else if (!strcmp(name, "sampling_down_factor"))
		*v = cs_tuners.sampling_down_factor;
	else if (!strcmp(name, "ignore_nice_load"))
		*v = cs_tuners.ignore_nice_load;
	else
		return -EINVAL;
	return 0;
}

struct dbs_governor cs_dbs_gov = {
	.gov = {
		.name = "conservative",
		.init = cpufreq_dbs_governor_init,
		.exit = cpufreq_dbs_governor_exit,
		.start = cpufreq_dbs_governor_start,
		.stop = cpufreq_dbs_governor_stop,
		.limits = cpufreq_dbs_governor_limits,
		.set_tunable = cs_set_tunable,
		.get_tunable = cs_get_tunable,
	},
	.gov_dbs_update = cs_dbs_update,
	.start = cs_start,
	.sampling_rate_us = &cs_tuners.sampling_rate,
	.sampling_down_factor = &cs_tuners.sampling_down_factor,
	.up_threshold = &cs_tuners.up_threshold,
	.ignore_nice_load = &cs_tuners.ignore_nice_load,
};
