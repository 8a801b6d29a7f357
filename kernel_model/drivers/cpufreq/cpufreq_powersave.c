/* cpufreq_powersave.c - always the lowest frequency allowed
 * (drivers/cpufreq/cpufreq_powersave.c). */
#include "cpufreq_governor.h"

/* Models cpufreq_gov_powersave_limits() (policy->lock held). */
static void cpufreq_gov_powersave_limits(struct cpufreq_policy *policy)
{
	__cpufreq_driver_target(policy, policy->min, CPUFREQ_RELATION_L);
}

struct cpufreq_governor cpufreq_gov_powersave = {
	.name = "powersave",
	.limits = cpufreq_gov_powersave_limits,
};
