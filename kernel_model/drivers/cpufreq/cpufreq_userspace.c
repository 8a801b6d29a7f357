/* SPDX-License-Identifier: GPL-2.0-only */
/* cpufreq_userspace.c - the userspace governor, modelled on
 * drivers/cpufreq/cpufreq_userspace.c: the frequency is the one last
 * written to scaling_setspeed, clamped to the policy's limits. */
#include "cpufreq_governor.h"

static unsigned int wanted_khz[NR_CPUS];   /* indexed by policy->cpu */

/* scaling_setspeed: refused unless the policy runs this governor. */
int cpufreq_userspace_set_speed(unsigned int cpu, unsigned int khz)
{
	struct cpufreq_policy *pol = cpufreq_cpu_get(cpu);
	int err;

	if (!pol || pol->governor != &cpufreq_gov_userspace || !pol->governor_running)
		return -EINVAL;
	arch_spin_lock(&pol->lock);
	wanted_khz[pol->cpu] = khz;
	err = __cpufreq_driver_target(pol, khz, CPUFREQ_RELATION_L);
	arch_spin_unlock(&pol->lock);
	return err;
}

/* On start the wanted speed is the current one. */
static int userspace_start(struct cpufreq_policy *pol)
{
	wanted_khz[pol->cpu] = pol->cur;
	return 0;
}

/* New limits (pol->lock held): the wanted speed, clamped into them. */
static void userspace_limits(struct cpufreq_policy *pol)
{
	unsigned int khz = wanted_khz[pol->cpu];

	if (khz > pol->max)
		__cpufreq_driver_target(pol, pol->max, CPUFREQ_RELATION_H);
	else if (khz < pol->min)
		__cpufreq_driver_target(pol, pol->min, CPUFREQ_RELATION_L);
	else
		__cpufreq_driver_target(pol, khz, CPUFREQ_RELATION_L);
}

struct cpufreq_governor cpufreq_gov_userspace = {
	.limits = userspace_limits,
	.start = userspace_start,
	.name = "userspace",
};
