/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kthread.c - kernel threads that sleep in the scheduler (kernel/kthread.c,
 * with the part of __schedule() that switches to and from them).
 *
 * The CPU's schedule loop runs in the CPU's own (idle thread's) context; a
 * kthread is entered from there with hw_ctx_switch and gives the CPU back
 * the same way, so the schedule loop resumes where it switched out. Both
 * contexts are per logical CPU: if the switcher moves the logical CPU while
 * a kthread runs, the thread ends its run on the inbound core and the loop
 * resumes there.
 */
#include <stdlib.h>

#include "linux/kthread.h"
#include "linux/sched.h"
#include "linux/smp.h"

#include "kernel/sched/sched.h"

/* The switcher's cpu_suspend path runs through the simulator's own frames
 * (TLM transports, SystemC waits) on this stack: room for those. */
#define KTHREAD_STACK_SIZE (256 * 1024)

/* kthread_switch_in + out: about what __schedule and switch_to cost, as for
 * a task switch (kernel/sched/core.c charges the same). */
#define KTHREAD_COST_SWITCH 2500

static struct kthread *cpu_kthreads[NR_CPUS];
static struct kthread *running[NR_CPUS];
static struct hw_ctx *loop_ctx[NR_CPUS];   /* the schedule loop, while a kthread runs */

static void kthread_entry(void *arg)
{
	struct kthread *t = arg;

	arch_local_irq_enable();
	t->fn(t->arg);
	hw_panic("kthread %s returned", t->name);
}

void kthread_start_on_cpu(struct kthread *t, const char *name, unsigned int cpu,
			  void (*fn)(void *arg), void *arg)
{
	struct kthread **p;

	t->name = name;
	t->cpu = cpu;
	t->fn = fn;
	t->arg = arg;
	t->next = NULL;
	if (!t->ctx) {
		t->ctx = hw_ctx_alloc();
		t->stack = malloc(KTHREAD_STACK_SIZE);
		if (!t->stack)
			hw_panic("kthread %s: no memory for its stack", name);
	}
	hw_ctx_init(t->ctx, t->stack, KTHREAD_STACK_SIZE, kthread_entry, t);
	for (p = &cpu_kthreads[cpu]; *p; p = &(*p)->next)
		;
	*p = t;
	t->state = KTHREAD_SLEEPING;
	kthread_wake(t);
}

struct kthread *kthread_current(void)
{
	return running[smp_processor_id()];
}

void kthread_wake(struct kthread *t)
{
	/* Race avoided: a waker on another CPU and the thread itself (between
	 * setting SLEEPING and switching out) both look at the state; only a
	 * SLEEPING thread changes it, so a wake-up never gets lost. */
	if (hw_cmpxchg32((volatile u32 *)&t->state, KTHREAD_SLEEPING, KTHREAD_RUNNABLE) !=
	    KTHREAD_SLEEPING)
		return;
	resched_cpu(t->cpu);
}

void kthread_schedule(void)
{
	unsigned int cpu = smp_processor_id();
	struct kthread *t = running[cpu];

	if (!t)
		hw_panic("kthread_schedule outside a kthread");
	hw_ctx_switch(t->ctx, loop_ctx[cpu]);
}

/* The thread runs until it gives the CPU back; a task that was runnable on
 * this CPU meanwhile waited for it. */
static void kthread_run(struct kthread *t, unsigned int cpu)
{
	unsigned long flags = arch_local_irq_save();
	u64 start = ktime_get_ns(), wait;

	if (!loop_ctx[cpu])
		loop_ctx[cpu] = hw_ctx_alloc();
	t->state = KTHREAD_RUNNING;
	running[cpu] = t;
	hw_run(KTHREAD_COST_SWITCH / 2, HW_WORK_KERNEL);
	hw_ctx_switch(loop_ctx[cpu], t->ctx);
	/* Back in the loop: on the same logical CPU, maybe on another core. */
	hw_run(KTHREAD_COST_SWITCH / 2, HW_WORK_KERNEL);
	running[cpu] = NULL;
	if (t->state == KTHREAD_RUNNING)
		t->state = KTHREAD_RUNNABLE;
	wait = sched_longest_wait(cpu, start);
	if (t->ran)
		t->ran(t, wait);
	arch_local_irq_restore(flags);
}

bool kthread_run_pending(void)
{
	unsigned int cpu = smp_processor_id();
	struct kthread *t;

	for (t = cpu_kthreads[cpu]; t; t = t->next)
		if (t->state == KTHREAD_RUNNABLE) {
			kthread_run(t, cpu);
			return true;
		}
	return false;
}
