// SPDX-License-Identifier: GPL-2.0-only
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

void resched_cpu(unsigned int cpu);

static struct work_struct *worklist[NR_CPUS];

/* The lists are shared between CPUs: a cmpxchg lock keeps them whole. */
static volatile u32 wq_lock;

static unsigned long wq_lock_irqsave(void)
{
	unsigned long flags = arch_local_irq_save();

	while (hw_cmpxchg32(&wq_lock, 0, 1) != 0)
		;
	return flags;
}

static void wq_unlock_irqrestore(unsigned long flags)
{
	hw_store32(&wq_lock, 0);
	arch_local_irq_restore(flags);
}

static bool enqueue_work(unsigned int cpu, struct work_struct *work)
{
	unsigned long flags = wq_lock_irqsave();
	struct work_struct **p;
	bool queued = false;

	if (!work->pending) {
		work->pending = true;
		work->next = NULL;
		for (p = &worklist[cpu]; *p; p = &(*p)->next)
			;
		*p = work;
		queued = true;
	}
	wq_unlock_irqrestore(flags);
	if (queued)
		resched_cpu(cpu);     /* the kworker preempts the running task */
	return queued;
}

/* Models queue_work_on(smp_processor_id(), system_wq, work). */
bool schedule_work(struct work_struct *work)
{
	return enqueue_work(smp_processor_id(), work);
}

/* Models queue_work_on(): the target CPU's kworker is woken by an IPI. */
bool queue_work_on(unsigned int cpu, struct work_struct *work)
{
	bool queued = enqueue_work(cpu, work);

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
		unsigned long flags = wq_lock_irqsave();
		unsigned int cpu = smp_processor_id();
		struct work_struct *w = worklist[cpu];

		if (w) {
			worklist[cpu] = w->next;
			w->pending = false;
		}
		wq_unlock_irqrestore(flags);
		if (!w)
			return;
		hw_run(2000, HW_WORK_KERNEL);   /* kworker wake-up and dispatch */
		w->func(w);
	}
}
