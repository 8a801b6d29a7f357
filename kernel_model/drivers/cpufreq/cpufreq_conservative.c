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

/* Models cs_dbs_update(). */
static unsigned int cs_dbs_update(struct policy_dbs_info *pd)
{
	struct cpufreq_policy *policy = pd->policy;
	unsigned int load = dbs_update(pd);
	unsigned int requested_freq = pd->requested_freq, freq_step;

	/* freq_step 0: the user does not want the frequency changed. */
	if (cs_tuners.freq_step == 0)
		goto out;
	/* Limits changed under us: restart from the current frequency. */
	if (requested_freq > policy->max || requested_freq < policy->min) {
		requested_freq = policy->cur;
		pd->requested_freq = requested_freq;
	}
	freq_step = get_freq_step(policy);
	/* One step down per sampling period that passed idle, unsampled. */
	if (pd->idle_periods < ~0u) {
		unsigned int steps = pd->idle_periods * freq_step;

		if (requested_freq > policy->min + steps)
			requested_freq -= steps;
		else
			requested_freq = policy->min;
		pd->idle_periods = ~0u;
	}
	if (load > cs_tuners.up_threshold) {
		pd->down_skip = 0;
		if (requested_freq == policy->max)
			goto out;
		requested_freq += freq_step;
		if (requested_freq > policy->max)
			requested_freq = policy->max;
		__cpufreq_driver_target(policy, requested_freq, CPUFREQ_RELATION_H);
		pd->requested_freq = requested_freq;
		goto out;
	}
	/* sampling_down_factor: decrease only every that many samples. */
	if (++pd->down_skip < cs_tuners.sampling_down_factor)
		goto out;
	pd->down_skip = 0;
	if (load < cs_tuners.down_threshold) {
		if (requested_freq == policy->min)
			goto out;
		if (requested_freq > freq_step)
			requested_freq -= freq_step;
		else
			requested_freq = policy->min;
		__cpufreq_driver_target(policy, requested_freq, CPUFREQ_RELATION_L);
		pd->requested_freq = requested_freq;
	}
out:
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
