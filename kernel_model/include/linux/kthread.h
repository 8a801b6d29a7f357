/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * linux/kthread.h - kernel threads bound to one logical CPU (kthread_create_on_cpu)
 * that sleep in the scheduler (kernel/kthread.c).
 *
 * A kthread has a stack and a saved context of its own, so it can block in the
 * middle of a function (wait_for_completion) and let the CPU run tasks until it
 * is woken. The CPU's scheduler runs a runnable kthread ahead of every task
 * (the switcher thread is SCHED_FIFO upstream; see docs/fidelity-sched.md).
 * The thread belongs to the logical CPU, not to a physical core: when the
 * switcher moves the logical CPU, the thread wakes up on the inbound.
 */
#ifndef KM_LINUX_KTHREAD_H
#define KM_LINUX_KTHREAD_H

#include "linux/kernel.h"

enum kthread_state {
	KTHREAD_SLEEPING,   /* waits for kthread_wake() */
	KTHREAD_RUNNABLE,   /* woken: the CPU's scheduler will switch to it */
	KTHREAD_RUNNING,    /* on its CPU now */
};

struct hw_ctx;

struct kthread {
	const char *name;
	unsigned int cpu;                 /* the logical CPU it is bound to */
	volatile int state;               /* enum kthread_state */
	void (*fn)(void *arg);
	void *arg;
	struct hw_ctx *ctx;
	char *stack;
	/* Called from the scheduler each time the thread gives the CPU back,
	 * with the longest time a task runnable on that CPU waited for it
	 * during that run (0: none waited). May be NULL. */
	void (*ran)(struct kthread *t, u64 task_wait_ns);
	struct kthread *next;             /* the CPU's list */
};

/* Models kthread_create_on_cpu() + wake_up_process(): t runs fn(arg) on its
 * own stack the next time the CPU schedules. fn must never return. */
void kthread_start_on_cpu(struct kthread *t, const char *name, unsigned int cpu,
			  void (*fn)(void *arg), void *arg);
/* The kthread running on this CPU, or NULL (task or idle context). */
struct kthread *kthread_current(void);
/* Models try_to_wake_up() on a sleeping kthread: runnable, and its CPU is
 * told to reschedule. Any context, any CPU. */
void kthread_wake(struct kthread *t);
/* In a kthread, IRQs off: give the CPU back to the scheduler. The caller has
 * set its state (SLEEPING: until kthread_wake; RUNNABLE: a yield). Returns,
 * IRQs off, when the scheduler runs the thread again. */
void kthread_schedule(void);
/* From the CPU's schedule loop: run a runnable kthread bound to this CPU
 * until it gives the CPU back. false if there was none. */
bool kthread_run_pending(void);

#endif
