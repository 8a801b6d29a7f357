// SPDX-License-Identifier: GPL-2.0-only
/*
 * idle.c - the idle loop (kernel/sched/idle.c): what a CPU runs when its
 * runqueue is empty (core.c's schedule_loop calls do_idle). It idles in
 * cpuidle (WFI without a driver) until an interrupt; a wake-up that queued
 * a task here ends the idle loop, and the CPU schedules.
 */
#include "linux/init.h"
#include "linux/kernel.h"
#include "linux/smp.h"
#include "linux/cpuidle.h"
#include "linux/tick.h"
#include "linux/workqueue.h"
#include "linux/sched.h"

bool cpu_should_die(void);
void arch_cpu_idle_dead(void);
void resched_cpu(unsigned int cpu);   /* kernel/sched/core.c */

/* Idle time accounting per logical CPU (get_cpu_idle_time_us's source:
 * tick-sched's idle_sleeptime), for the cpufreq governors' load. */
static u64 idle_ns[NR_CPUS], idle_since[NR_CPUS];
static bool in_idle[NR_CPUS];

static void idle_account_enter(void)
{
	unsigned int cpu = smp_processor_id();

	in_idle[cpu] = true;
	idle_since[cpu] = ktime_get_ns();
}

static void idle_account_exit(void)
{
	unsigned int cpu = smp_processor_id();

	idle_ns[cpu] += ktime_get_ns() - idle_since[cpu];
	in_idle[cpu] = false;
}

/* The same at a given time, without touching the hardware: for the
 * simulator's statistics after the run. */
u64 get_cpu_idle_time_at(unsigned int cpu, u64 now_ns)
{
	return idle_ns[cpu] + (in_idle[cpu] && now_ns > idle_since[cpu] ? now_ns - idle_since[cpu] : 0);
}

/* Models get_cpu_idle_time_us() in ns: total idle time of cpu, and the
 * wall time it was sampled at. May be called for any CPU. */
u64 get_cpu_idle_time_ns(unsigned int cpu, u64 *wall_ns)
{
	u64 now = ktime_get_ns();

	if (wall_ns)
		*wall_ns = now;
	return idle_ns[cpu] + (in_idle[cpu] ? now - idle_since[cpu] : 0);
}

/* Models wake_up_all_idle_cpus() (kernel/smp.c): every other online CPU
 * that is idle is rescheduled (wake_up_if_idle: resched_curr on its idle
 * task, an IPI), leaves the state it sleeps in and its idle loop, has its
 * tick restarted (tick_nohz_idle_exit) and idles again, seeing what changed
 * (a new cpuidle driver or governor). */
void wake_up_all_idle_cpus(void)
{
	unsigned int cpu, self = smp_processor_id();

	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (cpu != self && cpu_online(cpu) && in_idle[cpu])
			resched_cpu(cpu);
}

/* Models arch_cpu_idle() / cpu_v7_do_idle(): dsb; wfi. */
static void arch_cpu_idle(void)
{
	dsb();
	wfi();
}

/* Models do_idle(): IRQs off while choosing, WFI, IRQs on (taking the IRQ
 * that woke us); an offlined CPU leaves through arch_cpu_idle_dead(). */
static void do_idle(void)
{
	unsigned int cpu = smp_processor_id();

	if (cpu_should_die()) {
		sched_cpu_dying(cpu);
		arch_cpu_idle_dead();
	}
	if (work_pending_here()) {
		run_pending_work();   /* the kworker runs instead of idle */
		return;
	}
	arch_local_irq_disable();
	/* Race avoided: a wake-up between the pick and here queued a task; its
	 * IPI is pending, but checking first saves the idle entry and exit. */
	if (need_resched() || sched_cpu_busy(cpu) || work_pending_here()) {
		arch_local_irq_enable();
		return;
	}
	tick_nohz_idle_enter();
	idle_account_enter();
	/* cpuidle picks and enters a state (WFI when it has no driver) and
	 * returns with IRQs on, the waking interrupt taken. */
	if (cpuidle_idle_call() < 0 && arch_irqs_disabled())
		arch_cpu_idle();
	idle_account_exit();
	tick_nohz_idle_exit();
	arch_local_irq_enable();
}

/* Models cpu_startup_entry(): the idle thread schedules for ever. */
void cpu_startup_entry(void)
{
	hw_mark("idle");
	sched_cpu_activate(smp_processor_id());
	schedule_loop(do_idle);
}
