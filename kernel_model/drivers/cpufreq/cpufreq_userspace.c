/* cpufreq_userspace.c - the frequency the user sets
 * (drivers/cpufreq/cpufreq_userspace.c). */
#include "cpufreq_governor.h"

static unsigned int setspeed[NR_CPUS];   /* per policy->cpu */

/* Models cpufreq_set() (store_scaling_setspeed). */
int cpufreq_userspace_set_speed(unsigned int cpu, unsigned int khz)
{
	struct cpufreq_policy *policy = cpufreq_cpu_get(cpu);
	int ret;

	if (!policy || policy->governor != &cpufreq_gov_userspace || !policy->governor_running)
		return -EINVAL;
	arch_spin_lock(&policy->lock);
	setspeed[policy->cpu] = khz;
	ret = __cpufreq_driver_target(policy, khz, CPUFREQ_RELATION_L);
	arch_spin_unlock(&policy->lock);
	return ret;
}

/* Models cpufreq_userspace_policy_start(). */
static int cpufreq_userspace_policy_start(struct cpufreq_policy *policy)
{
	setspeed[policy->cpu] = policy->cur;
	return 0;
}

/* Models cpufreq_userspace_policy_limits() (policy->lock held). */
static void cpufreq_userspace_policy_limits(struct cpufreq_policy *policy)
{
	unsigned int s = setspeed[policy->cpu];

	if (policy->max < s)
		__cpufreq_driver_target(policy, policy->max, CPUFREQ_RELATION_H);
	else if (policy->min > s)
		__cpufreq_driver_target(policy, policy->min, CPUFREQ_RELATION_L);
	else
		__cpufreq_driver_target(policy, s, CPUFREQ_RELATION_L);
}

struct cpufreq_governor cpufreq_gov_userspace = {
	.name = "userspace",
	.start = cpufreq_userspace_policy_start,
	.limits = cpufreq_userspace_policy_limits,
};
