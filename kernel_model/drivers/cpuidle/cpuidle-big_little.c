/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cpuidle-big_little.c - the big.LITTLE idle driver, modelled on
 * drivers/cpuidle/cpuidle-big_little.c: one driver per CPU type, each with WFI and a
 * cluster power-down state entered through MCPM, where the last CPU of the
 * cluster to go down powers the whole cluster off.
 *
 * Model difference: upstream sorts CPUs into the two drivers by the MIDR
 * part number of each CPU (smp_cpuid_part(cpu), which the boot CPU reads
 * from data each CPU recorded about itself). In the model bl_idle_init runs
 * on the boot CPU, and hw.h only reads the *calling* core's MIDR, so each
 * CPU's type comes from the `compatible` of its DT cpu node instead
 * ("arm,cortex-a15" -> big, "arm,cortex-a7" -> little). On TC2 the two
 * agree; a DT that lies about a CPU's type would get the wrong driver.
 */
#include <libfdt.h>

#include "asm/mcpm.h"
#include "asm/suspend.h"
#include "linux/cpu_pm.h"
#include "linux/cpuidle.h"
#include "blsim/test_hooks.h"

#define EUNATCH 49  /* what upstream returns without an MCPM backend */

static int cluster_sleep_enter(struct cpuidle_device *dev, struct cpuidle_driver *drv,
			       int idx);

/*
 * The tables built in, for a DT without idle states. State 1 carries the
 * figures of the *cluster* power-down, since any CPU entering it may turn
 * out to be the last man: the exit latency at TC2's default operating
 * point, and a target residency that pays back a cluster shutdown with half
 * of the L2 dirty. (The two exit latencies are swapped compared with the
 * TC2 DT's; the table is upstream's as it stands.)
 */
static const struct cpuidle_driver little_table = {
	.state_count = 2,
	.name = "little_idle",
	.states = {
		ARM_CPUIDLE_WFI_STATE,
		{
			.enter = cluster_sleep_enter,
			.target_residency = 2500,
			.exit_latency = 700,
			.desc = "ARM little-cluster power down",
			.name = "C1",
			.flags = CPUIDLE_FLAG_TIMER_STOP,
		},
	},
};

static const struct cpuidle_driver big_table = {
	.state_count = 2,
	.name = "big_idle",
	.states = {
		ARM_CPUIDLE_WFI_STATE,
		{
			.enter = cluster_sleep_enter,
			.target_residency = 2000,
			.exit_latency = 500,
			.desc = "ARM big-cluster power down",
			.name = "C1",
			.flags = CPUIDLE_FLAG_TIMER_STOP,
		},
	},
};

static struct cpuidle_driver little_drv;
static struct cpuidle_driver big_drv;
static bool registered;

static const struct cpuidle_state_match dt_states[] = {
	{ .compatible = "arm,idle-state", .enter = cluster_sleep_enter },
	{ 0 },
};

/* Runs once cpu_suspend has saved the context. MCPM speaks in hardware
 * CPU numbers; the resume vector brings the CPU back through cpu_resume.
 * Returning at all means the power-down did not happen. */
/* upstream: bl_powerdown_finisher */
static int cluster_sleep_finisher(unsigned long unused)
{
	u32 id = read_cpuid_mpidr();

	(void)unused;
	mcpm_set_entry_vector(MPIDR_AFFINITY_LEVEL(id, 0), MPIDR_AFFINITY_LEVEL(id, 1), cpu_resume);
	mcpm_cpu_suspend();
	return 1;
}

/* Saves the context, powers down through MCPM, and on the way back tells
 * MCPM this CPU is up again. */
static void suspend_through_mcpm(void)
{
	cpu_suspend(0, cluster_sleep_finisher);
	mcpm_cpu_powered_up();
}

/* The cluster-sleep state: CPU PM notifiers around a cpu_suspend through
 * MCPM; once back, MCPM is told the CPU is up before the notifiers run. */
/* upstream: bl_enter_powerdown */
static int cluster_sleep_enter(struct cpuidle_device *dev, struct cpuidle_driver *drv,
			       int idx)
{
	(void)dev;
	(void)drv;
	cpu_pm_enter();
	suspend_through_mcpm();
	cpu_pm_exit();
	return idx;
}

/* The type of a logical CPU from its DT node: 1 big, 0 little, -1 other. */
static int bl_cpu_is_big(const void *fdt, unsigned int cpu)
{
	int node = cpuidle_fdt_cpu_node(fdt, cpu);

	if (node < 0)
		return -1;
	if (!fdt_node_check_compatible(fdt, node, "arm,cortex-a15"))
		return 1;
	if (!fdt_node_check_compatible(fdt, node, "arm,cortex-a7"))
		return 0;
	return -1;
}

/* bl_idle_driver_init: the CPUs of one type (big = 1 or 0) go to `drv`. */
static void bl_idle_driver_init(struct cpuidle_driver *drv, const void *fdt, int big)
{
	unsigned int c;

	drv->cpumask = 0;
	for (c = 0; c < nr_cpu_ids && c < NR_CPUS; c++) {
		if (cpu_possible(c) && bl_cpu_is_big(fdt, c) == big)
			drv->cpumask |= 1u << c;
	}
}

/* States 1.. of a driver from the DT; without any, the built-in table
 * stays, with a warning if the driver has CPUs. State 0 is WFI. */
static int states_from_dt(struct cpuidle_driver *drv, const void *fdt)
{
	int found = dt_init_idle_driver(drv, fdt, dt_states, 1);

	if (found == 0 && drv->cpumask != 0)
		pr_warn("cpuidle %s: no DT idle states for its CPUs (mask %#x): using the built-in table (C1: exit %u us, target %u us)\n",
			drv->name, drv->cpumask, drv->states[1].exit_latency,
			drv->states[1].target_residency);
	return found;
}

/* The machines this driver is for. */
static bool machine_supported(const void *fdt)
{
	static const char *const boards[] = {
		"arm,vexpress,v2p-ca15_a7",
		"samsung,exynos5420",
		"samsung,exynos5800",
	};
	unsigned int b;

	for (b = 0; b < ARRAY_SIZE(boards); b++) {
		if (fdt_node_check_compatible(fdt, 0, boards[b]) == 0)
			return true;
	}
	return false;
}

/* Registers a driver that has CPUs; one without would claim them all. */
static int register_if_used(struct cpuidle_driver *drv)
{
	return drv->cpumask ? cpuidle_register(drv, NULL) : 0;
}

/* bl_idle_init: one driver for the big CPUs, one for the little ones (by DT
 * compatible here, by MIDR part number upstream: see the header comment),
 * states from the DT, then registration. */
int bl_idle_init(const void *fdt)
{
	int err;

	if (!fdt || fdt_path_offset(fdt, "/") < 0 || !machine_supported(fdt))
		return -ENODEV;
	err = mcpm_is_available() ? 0 : -EUNATCH;
	if (err == 0 && registered)
		err = -EBUSY;
	if (err)
		return err;

	little_drv = little_table;
	big_drv = big_table;
	bl_idle_driver_init(&little_drv, fdt, 0);
	bl_idle_driver_init(&big_drv, fdt, 1);

	err = states_from_dt(&big_drv, fdt);
	if (err >= 0)
		err = states_from_dt(&little_drv, fdt);
	if (err >= 0)
		err = register_if_used(&little_drv);
	if (err == 0) {
		err = register_if_used(&big_drv);
		if (err && little_drv.cpumask)
			cpuidle_unregister(&little_drv);
	}
	if (err) {
		pr_err("cpuidle: big.LITTLE idle drivers not registered (%d)\n", err);
		big_drv.cpumask = 0;
		little_drv.cpumask = 0;
		return err;
	}
	registered = true;
	pr_info("cpuidle: big_idle on cpus %#x, little_idle on cpus %#x\n",
		big_drv.cpumask, little_drv.cpumask);
	return 0;
}

/* The registered drivers, for inspection. */
struct cpuidle_driver *bl_idle_big_driver_get(void)
{
	return registered ? &big_drv : NULL;
}

struct cpuidle_driver *bl_idle_little_driver_get(void)
{
	return registered ? &little_drv : NULL;
}

/* Test support: forget the registration (call cpuidle_reset_for_test too). */
void bl_idle_reset_for_test(void)
{
	registered = false;
	big_drv = big_table;
	little_drv = little_table;
	big_drv.cpumask = 0;
	little_drv.cpumask = 0;
}
