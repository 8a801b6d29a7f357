/*
 * idle.c - the idle loop (kernel/sched/idle.c). Until the scheduler model
 * exists there is no other task: a CPU that has nothing to do idles in WFI,
 * and an interrupt is the only thing that wakes it.
 */
#include "linux/init.h"
#include "linux/kernel.h"
#include "linux/smp.h"
#include "linux/tick.h"
#include "linux/workqueue.h"

bool cpu_should_die(void);
void arch_cpu_idle_dead(void);

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
	if (cpu_should_die())
		arch_cpu_idle_dead();
	if (work_pending_here()) {
		run_pending_work();   /* the kworker runs instead of idle */
		return;
	}
	arch_local_irq_disable();
	tick_nohz_idle_enter();
	arch_cpu_idle();
	tick_nohz_idle_exit();
	arch_local_irq_enable();
}

/* Models cpu_startup_entry(). */
void cpu_startup_entry(void)
{
	hw_mark("idle");
	for (;;)
		do_idle();
}
