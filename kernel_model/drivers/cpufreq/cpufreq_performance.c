/* cpufreq_performance.c - always the highest frequency allowed
 * (drivers/cpufreq/cpufreq_performance.c). */
#include "cpufreq_governor.h"

/* Models cpufreq_gov_performance_limits() (policy->lock held). */
static void cpufreq_gov_performance_limits(struct cpufreq_policy *policy)
{
	__cpufreq_driver_target(policy, policy->max, CPUFREQ_RELATION_H);
}

struct cpufreq_governor cpufreq_gov_performance = {
	.name = "performance",
	.limits = cpufreq_gov_performance_limits,
};
