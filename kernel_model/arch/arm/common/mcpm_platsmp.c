/*
 * mcpm_platsmp.c - secondary boot and CPU hotplug through MCPM, as
 * arch/arm/common/mcpm_platsmp.c.
 */
#include "asm/mcpm.h"
#include "asm/smp_ops.h"
#include "linux/init.h"
#include "linux/smp.h"

/* head.S's secondary_startup, in arch/arm/kernel/smp.c. */
extern void secondary_startup(void);

/* Models cpu_to_pcpu: logical CPU -> (cpu, cluster) through the map. */
static void cpu_to_pcpu(unsigned int cpu, unsigned int *pcpu, unsigned int *pcluster)
{
	u32 mpidr = cpu_logical_map(cpu);

	*pcpu = MPIDR_AFFINITY_LEVEL(mpidr, 0);
	*pcluster = MPIDR_AFFINITY_LEVEL(mpidr, 1);
}

/* Models mcpm_boot_secondary. */
static int mcpm_boot_secondary(unsigned int cpu)
{
	unsigned int pcpu, pcluster;
	int ret;

	cpu_to_pcpu(cpu, &pcpu, &pcluster);
	pr_debug("%s: logical CPU %u is physical CPU %u cluster %u\n",
		 __func__, cpu, pcpu, pcluster);

	/*
	 * Race avoided: gate the entry vector before powering up, so that a
	 * CPU which comes up early (or was still on its way down and re-enters)
	 * waits in mcpm_entry_point's wfe instead of running a stale vector.
	 */
	mcpm_set_entry_vector(pcpu, pcluster, NULL);
	ret = mcpm_cpu_power_up(pcpu, pcluster);
	if (ret)
		return ret;
	mcpm_set_entry_vector(pcpu, pcluster, secondary_startup);
	/* arch_send_wakeup_ipi_mask(cpumask_of(cpu)): wakes it from reset via
	 * the SPC, or from the entry-vector wfe. */
	smp_send_ipi(cpu, IPI_WAKEUP);
	dsb();
	sev();
	return 0;
}

/* Models mcpm_secondary_init. */
static void mcpm_secondary_init(unsigned int cpu)
{
	(void)cpu;
	mcpm_cpu_powered_up();
}

/* Models mcpm_cpu_kill: 1 once the CPU is seen halted. */
static int mcpm_cpu_kill(unsigned int cpu)
{
	unsigned int pcpu, pcluster;

	cpu_to_pcpu(cpu, &pcpu, &pcluster);
	return !mcpm_wait_for_cpu_powerdown(pcpu, pcluster);
}

/* Models mcpm_cpu_can_disable: every CPU may be shut down. */
static bool mcpm_cpu_can_disable(unsigned int cpu)
{
	(void)cpu;
	return true;
}

/* Models mcpm_cpu_die: on the dying CPU itself. */
static void mcpm_cpu_die(unsigned int cpu)
{
	unsigned int mpidr = read_cpuid_mpidr();

	(void)cpu;
	/* Gate the vector: if a power_up races the power_down, the CPU must
	 * wait in mcpm_entry_point until boot_secondary opens it again. */
	mcpm_set_entry_vector(MPIDR_AFFINITY_LEVEL(mpidr, 0),
			      MPIDR_AFFINITY_LEVEL(mpidr, 1), NULL);
	mcpm_cpu_power_down();
}

const struct smp_operations mcpm_smp_ops = {
	.smp_boot_secondary = mcpm_boot_secondary,
	.smp_secondary_init = mcpm_secondary_init,
	.cpu_die = mcpm_cpu_die,
	.cpu_kill = mcpm_cpu_kill,
	.cpu_can_disable = mcpm_cpu_can_disable,
};
