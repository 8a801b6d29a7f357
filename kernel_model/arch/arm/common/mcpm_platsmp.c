/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mcpm_platsmp.c - secondary boot and CPU hotplug on top of MCPM, modelled
 * on arch/arm/common/mcpm_platsmp.c: the smp_operations of a platform whose
 * CPUs are powered through MCPM.
 */
#include "asm/mcpm.h"
#include "asm/smp_ops.h"
#include "linux/init.h"
#include "linux/smp.h"

/* head.S's secondary_startup, in arch/arm/kernel/smp.c. */
extern void secondary_startup(void);

/* Where a logical CPU sits in the hardware, per the logical map. */
struct hw_slot {
	unsigned int core, cluster;
};

static struct hw_slot slot_of(unsigned int logical)
{
	u32 id = cpu_logical_map(logical);

	return (struct hw_slot){ MPIDR_AFFINITY_LEVEL(id, 0), MPIDR_AFFINITY_LEVEL(id, 1) };
}

/*
 * Start a secondary CPU. Its vector is cleared before the power-up request:
 * a CPU that wakes early, or that was still on its way down and re-enters,
 * then sleeps in mcpm_entry_point's wfe loop rather than jumping to
 * whatever the vector held before. The vector is opened only once MCPM has
 * accepted the request; the IPI then wakes the CPU out of reset (through
 * the SPC) or out of that wfe.
 */
/* upstream: mcpm_boot_secondary */
static int platsmp_boot_secondary(unsigned int cpu)
{
	struct hw_slot s = slot_of(cpu);
	int err;

	mcpm_set_entry_vector(s.core, s.cluster, NULL);
	err = mcpm_cpu_power_up(s.core, s.cluster);
	if (err)
		return err;
	mcpm_set_entry_vector(s.core, s.cluster, secondary_startup);
	smp_send_ipi(cpu, IPI_WAKEUP);
	dsb();
	sev();
	return 0;
}

/* First thing a started secondary does in the kernel: tell MCPM it is up. */
/* upstream: mcpm_secondary_init */
static void platsmp_secondary_init(unsigned int cpu)
{
	(void)cpu;
	mcpm_cpu_powered_up();
}

/* Run on a surviving CPU: 1 once the dying CPU is seen halted, 0 if not. */
/* upstream: mcpm_cpu_kill */
static int platsmp_cpu_kill(unsigned int cpu)
{
	struct hw_slot s = slot_of(cpu);

	return mcpm_wait_for_cpu_powerdown(s.core, s.cluster) == 0;
}

/* With MCPM any CPU, the boot CPU included, may be taken offline. */
static bool platsmp_cpu_can_disable(unsigned int cpu)
{
	(void)cpu;
	return true;
}

/* Run by the dying CPU itself. Its vector is closed first: should a
 * power_up overlap this power_down, the CPU waits in mcpm_entry_point
 * until a boot_secondary opens the vector again. */
/* upstream: mcpm_cpu_die */
static void platsmp_cpu_die(unsigned int cpu)
{
	u32 id = read_cpuid_mpidr();

	(void)cpu;
	mcpm_set_entry_vector(MPIDR_AFFINITY_LEVEL(id, 0), MPIDR_AFFINITY_LEVEL(id, 1), NULL);
	mcpm_cpu_power_down();
}

const struct smp_operations mcpm_smp_ops = {
	.cpu_can_disable = platsmp_cpu_can_disable,
	.cpu_die = platsmp_cpu_die,
	.cpu_kill = platsmp_cpu_kill,
	.smp_secondary_init = platsmp_secondary_init,
	.smp_boot_secondary = platsmp_boot_secondary,
};
