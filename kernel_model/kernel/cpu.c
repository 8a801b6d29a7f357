// SPDX-License-Identifier: GPL-2.0-only
/*
 * cpu.c - CPU hotplug (kernel/cpu.c, arch/arm/kernel/smp.c __cpu_disable /
 * __cpu_die / cpu_die), through the platform's smp_operations (MCPM on TC2).
 *
 * Simplification: upstream walks the cpuhp state machine and uses the
 * stopper thread to run __cpu_disable on the dying CPU. Here the requester
 * sets a per-CPU die request and sends an IPI; the dying CPU's idle loop
 * sees it and takes itself down, in the same order of steps.
 */
#include "asm/smp_ops.h"
#include "linux/completion.h"
#include "linux/init.h"
#include "linux/interrupt.h"
#include "linux/smp.h"
#include "linux/tick.h"

#define CPU_DIE_TIMEOUT_NS 5000000000ull  /* __cpu_die waits 5 s upstream */

extern const struct smp_operations *smp_get_ops(void);
int smp_boot_one(unsigned int cpu);

static volatile u32 die_request[NR_CPUS];
static struct completion cpu_died[NR_CPUS];
unsigned int hotplug_downs[NR_CPUS], hotplug_ups[NR_CPUS];

bool cpu_should_die(void)
{
	return hw_load32(&die_request[smp_processor_id()]) != 0;
}

/* Models __cpu_disable() + cpuhp_report_idle_dead() + cpu_die(): on the
 * dying CPU, from its idle loop. */
void arch_cpu_idle_dead(void)
{
	const struct smp_operations *ops = smp_get_ops();
	unsigned int cpu = smp_processor_id();

	arch_local_irq_disable();
	if (ops->cpu_disable && ops->cpu_disable(cpu))
		hw_panic("CPU%u: cpu_disable failed after it was allowed", cpu);
	set_cpu_online(cpu, false);
	irq_migrate_all_off_this_cpu();
	tick_broadcast_offline(cpu);     /* tick_offline_cpu */
	clockevents_shutdown();
	hw_store32(&die_request[cpu], 0);
	/* The requester may now kill us. */
	complete(&cpu_died[cpu]);
	hw_mark("dead");
	ops->cpu_die(cpu);
	/* A power-up raced the power-down and won: MCPM re-enters through its
	 * entry point and never returns here (mcpm_reenter), so coming back is
	 * a bug. */
	hw_panic("CPU%u: cpu_die returned", cpu);
}

/* Models cpu_down() -> _cpu_down() -> takedown_cpu() -> __cpu_die(). */
int cpu_down(unsigned int cpu)
{
	const struct smp_operations *ops = smp_get_ops();

	if (cpu >= nr_cpu_ids) {
		pr_err("cpu_down: no CPU%u (this system has %u)\n", cpu, nr_cpu_ids);
		return -EINVAL;
	}
	if (!cpu_online(cpu)) {
		pr_err("cpu_down: CPU%u is already offline\n", cpu);
		return -EINVAL;
	}
	if (num_online_cpus() == 1) {
		pr_err("cpu_down: CPU%u is the last online CPU\n", cpu);
		return -EBUSY;
	}
	if (cpu == smp_processor_id()) {
		/* Model limit: hotplug requests run on this CPU's workqueue. */
		pr_err("cpu_down: CPU%u runs the hotplug request itself\n", cpu);
		return -EBUSY;
	}
	if (!ops || !ops->cpu_die || (ops->cpu_can_disable && !ops->cpu_can_disable(cpu))) {
		pr_err("cpu_down: CPU%u cannot be taken down on this platform\n", cpu);
		return -EPERM;
	}
	init_completion(&cpu_died[cpu]);
	hw_store32(&die_request[cpu], 1);
	smp_send_ipi(cpu, IPI_CPU_STOP);
	if (!wait_for_completion_timeout(&cpu_died[cpu], CPU_DIE_TIMEOUT_NS)) {
		pr_err("CPU%u: cpu didn't die\n", cpu);
		return -EIO;
	}
	if (ops->cpu_kill && !ops->cpu_kill(cpu)) {
		pr_err("CPU%u: unable to kill\n", cpu);
		return -EIO;
	}
	hotplug_downs[cpu]++;
	pr_info("CPU%u: shutdown\n", cpu);
	return 0;
}

/* Models cpu_up() -> _cpu_up() -> __cpu_up(). */
int cpu_up(unsigned int cpu)
{
	int ret;

	if (cpu >= nr_cpu_ids) {
		pr_err("cpu_up: no CPU%u (this system has %u)\n", cpu, nr_cpu_ids);
		return -EINVAL;
	}
	if (cpu_online(cpu)) {
		pr_err("cpu_up: CPU%u is already online\n", cpu);
		return -EINVAL;
	}
	ret = smp_boot_one(cpu);
	if (!ret)
		hotplug_ups[cpu]++;
	return ret;
}
