/* linux/completion.h - waiting for an event from another CPU or an IRQ
 * (kernel/sched/completion.c).
 *
 * Simplification: with no scheduler model yet, a waiter does not sleep in
 * the scheduler: it waits in WFE with IRQs enabled (so the interrupt that
 * completes it is taken), and complete() sends an event. The CPU is busy
 * waiting rather than idle; the time it takes is the same.
 */
#ifndef KM_LINUX_COMPLETION_H
#define KM_LINUX_COMPLETION_H

#include "linux/kernel.h"

struct completion {
	volatile u32 done;
};

static inline void init_completion(struct completion *x)
{
	x->done = 0;
}
/* Models complete(): may be called from IRQ context. */
void complete(struct completion *x);
/* Models wait_for_completion_timeout(): returns the ns left (>= 1) on
 * completion, 0 on timeout. */
u64 wait_for_completion_timeout(struct completion *x, u64 timeout_ns);
void wait_for_completion(struct completion *x);

#endif
