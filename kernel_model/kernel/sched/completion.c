/*
 * completion.c - completions (kernel/sched/completion.c); see the header
 * for how waiting is modelled without a scheduler.
 */
#include "linux/completion.h"
#include "linux/tick.h"

/* Models complete(). */
void complete(struct completion *x)
{
	u32 d;

	/* Race avoided: two completers (an IRQ here, another CPU) must both
	 * count, so the increment is an exclusive read-modify-write. */
	do
		d = hw_load32(&x->done);
	while (hw_cmpxchg32(&x->done, d, d + 1) != d);
	dsb();
	sev();
}

/* The timeout's timer only has to end the WFE: its interrupt does. */
static void completion_timeout_fn(struct hrtimer *t)
{
}

/* Models wait_for_completion_timeout(). */
u64 wait_for_completion_timeout(struct completion *x, u64 timeout_ns)
{
	u64 deadline = ktime_get_ns() + timeout_ns;
	unsigned long flags = arch_local_irq_save();
	struct hrtimer timeout = {.function = completion_timeout_fn};
	u64 left;

	/* Race avoided: without a timer, a waiter whose completion never
	 * comes would sleep in WFE for ever instead of timing out. */
	if (timeout_ns < U64_MAX / 4)
		hrtimer_start(&timeout, deadline);
	arch_local_irq_enable();
	for (;;) {
		u32 d = hw_load32(&x->done);
		u64 now;

		if (d && hw_cmpxchg32(&x->done, d, d - 1) == d) {
			now = ktime_get_ns();
			left = now < deadline ? deadline - now : 1;
			break;
		}
		now = ktime_get_ns();
		if (now >= deadline) {
			left = 0;
			break;
		}
		wfe();
	}
	arch_local_irq_disable();
	if (timeout.queued)
		hrtimer_cancel(&timeout);
	arch_local_irq_restore(flags);
	return left;
}

/* Models wait_for_completion(). */
void wait_for_completion(struct completion *x)
{
	while (!wait_for_completion_timeout(x, U64_MAX / 2))
		;
}
