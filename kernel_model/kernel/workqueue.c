/*
 * workqueue.c - the system workqueue, per CPU (kernel/workqueue.c, in short).
 *
 * Simplification: until the scheduler model runs kworker threads, a CPU's
 * pending work runs from its idle loop, in process context with IRQs
 * enabled, right after the interrupt that queued it. The work can block
 * (wait for another CPU) as a kworker would; the CPU is then busy, not idle.
 */
#include "linux/smp.h"
#include "linux/workqueue.h"

static struct work_struct *worklist[NR_CPUS];

/* Models queue_work_on(smp_processor_id(), system_wq, work). */
bool schedule_work(struct work_struct *work)
{
	unsigned long flags = arch_local_irq_save();
	struct work_struct **p;
	bool queued = false;

	if (!work->pending) {
		work->pending = true;
		work->next = NULL;
		for (p = &worklist[smp_processor_id()]; *p; p = &(*p)->next)
			;
		*p = work;
		queued = true;
	}
	arch_local_irq_restore(flags);
	return queued;
}

bool work_pending_here(void)
{
	return worklist[smp_processor_id()] != NULL;
}

/* Models worker_thread()'s loop over the pool's worklist. */
void run_pending_work(void)
{
	for (;;) {
		unsigned long flags = arch_local_irq_save();
		unsigned int cpu = smp_processor_id();
		struct work_struct *w = worklist[cpu];

		if (w) {
			worklist[cpu] = w->next;
			w->pending = false;
		}
		arch_local_irq_restore(flags);
		if (!w)
			return;
		hw_run(2000, HW_WORK_KERNEL);   /* kworker wake-up and dispatch */
		w->func(w);
	}
}
