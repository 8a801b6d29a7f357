/* SPDX-License-Identifier: GPL-2.0-only */
/* cpufreq_powersave.c - the powersave governor, modelled on
 * drivers/cpufreq/cpufreq_powersave.c: whenever the limits change, go to
 * the lowest frequency they allow. */
#include "cpufreq_governor.h"

/* Called with pol->lock held. */
static void powersave_to_floor(struct cpufreq_policy *pol)
{
	__cpufreq_driver_target(pol, pol->min, CPUFREQ_RELATION_L);
}

struct cpufreq_governor cpufreq_gov_powersave = {
	.limits = powersave_to_floor,
	.name = "powersave",
};
