/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * governor.c - cpuidle governor registration and switching
 * (drivers/cpuidle/governor.c), plus the PM QoS CPU_DMA_LATENCY value the
 * governors read (kernel/power/qos.c, reduced to its one global number).
 */
#include <string.h>

#include "linux/cpuidle.h"
#include "blsim/test_hooks.h"

struct cpuidle_governor *cpuidle_curr_governor;
static struct cpuidle_governor *cpuidle_governors;

s32 pm_qos_cpu_dma_latency_us = PM_QOS_CPU_DMA_LAT_DEFAULT_VALUE;

/* Models pm_qos_update_request(PM_QOS_CPU_DMA_LATENCY) with one request. */
void pm_qos_set_cpu_dma_latency(s32 us)
{
	pm_qos_cpu_dma_latency_us = us < 0 ? PM_QOS_CPU_DMA_LAT_DEFAULT_VALUE : us;
}

/* Models cpuidle_governor_latency_req(): the global QoS (no per-device
 * resume latency constraints in the model). */
s32 cpuidle_governor_latency_req(unsigned int cpu)
{
	(void)cpu;
	return pm_qos_cpu_dma_latency_us;
}

/* Models cpuidle_find_governor() (__cpuidle_find_governor). */
struct cpuidle_governor *cpuidle_find_governor(const char *name)
{
	struct cpuidle_governor *g;

	if (!name)
		return NULL;
	for (g = cpuidle_governors; g; g = g->next)
		if (!strncmp(name, g->name, CPUIDLE_NAME_LEN))
			return g;
	return NULL;
}

/* Models cpuidle_switch_governor(): disable every device under the old
 * governor, enable them under the new one. */
int cpuidle_switch_governor(struct cpuidle_governor *g)
{
	unsigned int cpu;

	if (g == cpuidle_curr_governor)
		return 0;
	if (cpuidle_curr_governor)
		for (cpu = 0; cpu < NR_CPUS; cpu++)
			cpuidle_disable_device(cpuidle_device_of_cpu(cpu));
	cpuidle_curr_governor = g;
	if (g) {
		for (cpu = 0; cpu < NR_CPUS; cpu++) {
			struct cpuidle_device *dev = cpuidle_device_of_cpu(cpu);

			if (dev->registered)
				cpuidle_enable_device(dev);
		}
		pr_info("cpuidle: using governor %s\n", g->name);
	}
	return 0;
}

/* Models the sysfs current_governor store (cpuidle.governor= at boot). */
int cpuidle_switch_governor_by_name(const char *name)
{
	struct cpuidle_governor *g = cpuidle_find_governor(name);

	if (!g) {
		pr_err("cpuidle: unknown governor '%s'\n", name ? name : "(null)");
		return -EINVAL;
	}
	return cpuidle_switch_governor(g);
}

/* Models cpuidle_register_governor(): the highest rating wins. */
int cpuidle_register_governor(struct cpuidle_governor *g)
{
	struct cpuidle_governor **p;

	if (!g || !g->select)
		return -EINVAL;
	if (cpuidle_off)
		return -ENODEV;
	if (cpuidle_find_governor(g->name))
		return -EEXIST;
	for (p = &cpuidle_governors; *p; p = &(*p)->next)
		;
	g->next = NULL;
	*p = g;
	if (!cpuidle_curr_governor || cpuidle_curr_governor->rating < g->rating)
		cpuidle_switch_governor(g);
	return 0;
}

/* Test support: no governor registered, QoS at its default. */
void cpuidle_governor_reset_for_test(void)
{
	cpuidle_curr_governor = NULL;
	cpuidle_governors = NULL;
	pm_qos_cpu_dma_latency_us = PM_QOS_CPU_DMA_LAT_DEFAULT_VALUE;
}
