/* SPDX-License-Identifier: GPL-2.0-only */
/* cpufreq_performance.c - the performance governor, modelled on
 * drivers/cpufreq/cpufreq_performance.c: whenever the limits change, go to
 * the highest frequency they allow. */
#include "cpufreq_governor.h"

/* Called with pol->lock held. */
static void performance_to_ceiling(struct cpufreq_policy *pol)
{
	__cpufreq_driver_target(pol, pol->max, CPUFREQ_RELATION_H);
}

struct cpufreq_governor cpufreq_gov_performance = {
	.limits = performance_to_ceiling,
	.name = "performance",
};
