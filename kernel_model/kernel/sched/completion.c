/*
 * completion.c - completions (kernel/sched/completion.c); see the header
 * for how waiting is modelled without a scheduler.
 */
#include "linux/completion.h"
#include "linux/tick.h"

/* Models complete(). */
void complete(struct completion *x)
{
	hw_store32(&x->done, hw_load32(&x->done) + 1);
	dsb();
	sev();
}

/* Models wait_for_completion_timeout(). */
u64 wait_for_completion_timeout(struct completion *x, u64 timeout_ns)
{
	u64 deadline = ktime_get_ns() + timeout_ns;
	unsigned long flags = arch_local_irq_save();

	arch_local_irq_enable();
	for (;;) {
		u32 d = hw_load32(&x->done);
		u64 now;

		if (d) {
			hw_store32(&x->done, d - 1);
			arch_local_irq_restore(flags);
			now = ktime_get_ns();
			return now < deadline ? deadline - now : 1;
		}
		now = ktime_get_ns();
		if (now >= deadline) {
			arch_local_irq_restore(flags);
			return 0;
		}
		wfe();
	}
}

/* Models wait_for_completion(). */
void wait_for_completion(struct completion *x)
{
	while (!wait_for_completion_timeout(x, U64_MAX / 2))
		;
}
