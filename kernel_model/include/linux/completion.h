/* SPDX-License-Identifier: GPL-2.0-only */
/* linux/completion.h - waiting for an event from another CPU or an IRQ
 * (kernel/sched/completion.c).
 *
 * A kthread (linux/kthread.h) that waits sleeps in the scheduler: its CPU
 * runs tasks, or idles, until complete() wakes it, as upstream. A waiter
 * with no thread of its own (the CPU's idle context: boot, hotplug, the
 * kworker, which this model runs from the idle loop) cannot sleep; it waits
 * in WFE with IRQs enabled, so the CPU is busy rather than idle, for the
 * same time.
 */
#ifndef KM_LINUX_COMPLETION_H
#define KM_LINUX_COMPLETION_H

#include "linux/kernel.h"

struct kthread;

struct completion {
	volatile u32 done;
	struct kthread *volatile sleeper;   /* a kthread asleep on it, or NULL */
};

static inline void init_completion(struct completion *c)
{
	c->sleeper = NULL;
	c->done = 0;
}
/* Models complete(): may be called from IRQ context. */
void complete(struct completion *x);
/* Models wait_for_completion_timeout(): returns the ns left (>= 1) on
 * completion, 0 on timeout. */
u64 wait_for_completion_timeout(struct completion *x, u64 timeout_ns);
void wait_for_completion(struct completion *x);

#endif
