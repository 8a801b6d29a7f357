/*
 * cpuidle-big_little.c - the big.LITTLE idle driver (drivers/cpuidle/
 * cpuidle-big_little.c): one driver per CPU type, each with WFI and a
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

#define EUNATCH 49  /* upstream's "no MCPM backend" */

static int bl_enter_powerdown(struct cpuidle_device *dev,
			      struct cpuidle_driver *drv, int idx);

/*
 * The built-in tables, used when the DT has no idle states. As upstream's
 * comment says: index 1 has the *cluster* state's exit latency and target
 * residency (whichever CPU enters it may be the last man); exit_latency is
 * for TC2 at the default operating point, target_residency is the break
 * even of a cluster shutdown with half of L2 dirty. (The exit latencies are
 * swapped versus the TC2 DT's: that is upstream's table.)
 */
static const struct cpuidle_driver bl_idle_little_driver_init = {
	.name = "little_idle",
	.states = {
		ARM_CPUIDLE_WFI_STATE,
		{
			.name = "C1",
			.desc = "ARM little-cluster power down",
			.flags = CPUIDLE_FLAG_TIMER_STOP,
			.exit_latency = 700,
			.target_residency = 2500,
			.enter = bl_enter_powerdown,
		},
	},
	.state_count = 2,
};

static const struct cpuidle_driver bl_idle_big_driver_init = {
	.name = "big_idle",
	.states = {
		ARM_CPUIDLE_WFI_STATE,
		{
			.name = "C1",
			.desc = "ARM big-cluster power down",
			.flags = CPUIDLE_FLAG_TIMER_STOP,
			.exit_latency = 500,
			.target_residency = 2000,
			.enter = bl_enter_powerdown,
		},
	},
	.state_count = 2,
};

static struct cpuidle_driver bl_idle_little_driver;
static struct cpuidle_driver bl_idle_big_driver;
static bool bl_idle_registered;

static const struct cpuidle_state_match bl_idle_state_match[] = {
	{ .compatible = "arm,idle-state", .enter = bl_enter_powerdown },
	{ 0 },
};

/* Models bl_powerdown_finisher(): runs with the context saved; never
 * returns unless the power-down was abandoned. */
static int bl_powerdown_finisher(unsigned long arg)
{
	/* MCPM works with hardware CPU identifiers. */
	unsigned int mpidr = read_cpuid_mpidr();
	unsigned int cluster = MPIDR_AFFINITY_LEVEL(mpidr, 1);
	unsigned int cpu = MPIDR_AFFINITY_LEVEL(mpidr, 0);

	(void)arg;
	mcpm_set_entry_vector(cpu, cluster, cpu_resume);
	mcpm_cpu_suspend();
	/* A return value != 0 means failure. */
	return 1;
}

/* Models bl_enter_powerdown(): the cluster-sleep state. */
static int bl_enter_powerdown(struct cpuidle_device *dev,
			      struct cpuidle_driver *drv, int idx)
{
	(void)dev;
	(void)drv;
	cpu_pm_enter();
	cpu_suspend(0, bl_powerdown_finisher);
	/* Signals the MCPM core that the CPU is out of the low-power state. */
	mcpm_cpu_powered_up();
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

/* Models bl_idle_driver_init(): the driver's CPU mask by CPU type. */
static int bl_idle_driver_init(struct cpuidle_driver *drv, const void *fdt, int big)
{
	unsigned int cpu;
	u32 mask = 0;

	for (cpu = 0; cpu < nr_cpu_ids && cpu < NR_CPUS; cpu++)
		if (cpu_possible(cpu) && bl_cpu_is_big(fdt, cpu) == big)
			mask |= 1u << cpu;
	drv->cpumask = mask;
	return 0;
}

/* Fill a driver's states from the DT, or keep the built-in table (warned). */
static int bl_idle_dt_states(struct cpuidle_driver *drv, const void *fdt)
{
	/* Start at index 1, index 0 is standard WFI. */
	int ret = dt_init_idle_driver(drv, fdt, bl_idle_state_match, 1);

	if (ret == 0 && drv->cpumask)
		pr_warn("cpuidle %s: no DT idle states for its CPUs (mask %#x): using the built-in table (C1: exit %u us, target %u us)\n",
			drv->name, drv->cpumask, drv->states[1].exit_latency,
			drv->states[1].target_residency);
	return ret;
}

static const char *const compatible_machine_match[] = {
	"arm,vexpress,v2p-ca15_a7",
	"samsung,exynos5420",
	"samsung,exynos5800",
};

/* Models bl_idle_init(). */
int bl_idle_init(const void *fdt)
{
	unsigned int i;
	bool match = false;
	int ret;

	if (!fdt || fdt_path_offset(fdt, "/") < 0)
		return -ENODEV;
	/* Only for a compliant set of machines. */
	for (i = 0; i < ARRAY_SIZE(compatible_machine_match); i++)
		if (!fdt_node_check_compatible(fdt, 0, compatible_machine_match[i]))
			match = true;
	if (!match)
		return -ENODEV;
	if (!mcpm_is_available())
		return -EUNATCH;
	if (bl_idle_registered)
		return -EBUSY;

	bl_idle_little_driver = bl_idle_little_driver_init;
	bl_idle_big_driver = bl_idle_big_driver_init;

	/*
	 * Little and big by CPU type (DT compatible here, MIDR part number
	 * upstream: see the header comment).
	 */
	bl_idle_driver_init(&bl_idle_little_driver, fdt, 0);
	bl_idle_driver_init(&bl_idle_big_driver, fdt, 1);

	ret = bl_idle_dt_states(&bl_idle_big_driver, fdt);
	if (ret < 0)
		goto out_uninit;
	ret = bl_idle_dt_states(&bl_idle_little_driver, fdt);
	if (ret < 0)
		goto out_uninit;

	/* A driver with no CPUs would claim every possible CPU: skip it. */
	if (bl_idle_little_driver.cpumask) {
		ret = cpuidle_register(&bl_idle_little_driver, NULL);
		if (ret)
			goto out_uninit;
	}
	if (bl_idle_big_driver.cpumask) {
		ret = cpuidle_register(&bl_idle_big_driver, NULL);
		if (ret)
			goto out_unregister_little;
	}
	bl_idle_registered = true;
	pr_info("cpuidle: big_idle on cpus %#x, little_idle on cpus %#x\n",
		bl_idle_big_driver.cpumask, bl_idle_little_driver.cpumask);
	return 0;

out_unregister_little:
	if (bl_idle_little_driver.cpumask)
		cpuidle_unregister(&bl_idle_little_driver);
out_uninit:
	pr_err("cpuidle: big.LITTLE idle drivers not registered (%d)\n", ret);
	bl_idle_big_driver.cpumask = 0;
	bl_idle_little_driver.cpumask = 0;
	return ret;
}

/* The registered drivers, for inspection. */
struct cpuidle_driver *bl_idle_big_driver_get(void)
{
	return bl_idle_registered ? &bl_idle_big_driver : NULL;
}

struct cpuidle_driver *bl_idle_little_driver_get(void)
{
	return bl_idle_registered ? &bl_idle_little_driver : NULL;
}

/* Test support: forget the registration (call cpuidle_reset_for_test too). */
void bl_idle_reset_for_test(void)
{
	bl_idle_registered = false;
	bl_idle_big_driver = bl_idle_big_driver_init;
	bl_idle_little_driver = bl_idle_little_driver_init;
	bl_idle_big_driver.cpumask = 0;
	bl_idle_little_driver.cpumask = 0;
}
