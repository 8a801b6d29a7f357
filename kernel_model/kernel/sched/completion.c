// SPDX-License-Identifier: GPL-2.0-only
/*
 * completion.c - completions (kernel/sched/completion.c). A kthread waiter
 * sleeps and the CPU schedules; any other waiter spins in WFE (see the
 * header for why).
 */
#include "linux/completion.h"
#include "linux/kthread.h"
#include "linux/tick.h"

/* Models complete(). */
void complete(struct completion *x)
{
	struct kthread *t;
	u32 d;

	/* Race avoided: two completers (an IRQ here, another CPU) must both
	 * count, so the increment is an exclusive read-modify-write. */
	do
		d = hw_load32(&x->done);
	while (hw_cmpxchg32(&x->done, d, d + 1) != d);
	dsb();
	/* The count is up before the sleeper is read: a waiter that
	 * registered after our read finds the count and does not sleep. */
	t = x->sleeper;
	if (t)
		kthread_wake(t);
	sev();
}

/* Take one count if there is one. */
static bool completion_take(struct completion *x)
{
	u32 d = hw_load32(&x->done);

	return d && hw_cmpxchg32(&x->done, d, d - 1) == d;
}

/* A kthread's timeout: its hrtimer wakes the sleeper. */
struct sleep_timeout {
	struct hrtimer timer;
	struct kthread *t;
};

static void sleep_timeout_fn(struct hrtimer *h)
{
	kthread_wake(container_of(h, struct sleep_timeout, timer)->t);
}

/* A kthread sleeps until the count is up or the deadline passes. IRQs on. */
static bool completion_sleep(struct completion *x, struct kthread *t, u64 deadline)
{
	struct sleep_timeout to = {.timer = {.function = sleep_timeout_fn}, .t = t};
	bool got;

	if (deadline != U64_MAX)
		hrtimer_start(&to.timer, deadline);
	for (;;) {
		arch_local_irq_disable();
		/* Race avoided: SLEEPING is set and the sleeper published
		 * before the count is checked again, so a complete() after the
		 * check finds us and wakes us; one before it leaves a count. */
		t->state = KTHREAD_SLEEPING;
		x->sleeper = t;
		dsb();
		got = completion_take(x);
		if (got || ktime_get_ns() >= deadline) {
			t->state = KTHREAD_RUNNING;
			x->sleeper = NULL;
			arch_local_irq_enable();
			break;
		}
		kthread_schedule();
		x->sleeper = NULL;
		arch_local_irq_enable();
	}
	arch_local_irq_disable();
	if (to.timer.queued)
		hrtimer_cancel(&to.timer);
	arch_local_irq_enable();
	return got;
}

/* The timeout's timer only has to end the WFE: its interrupt does. */
static void spin_timeout_fn(struct hrtimer *t)
{
}

/* A waiter without a thread: WFE with IRQs on, so the completing IRQ and
 * the timeout's timer are taken. */
static bool completion_spin(struct completion *x, u64 deadline)
{
	struct hrtimer timeout = {.function = spin_timeout_fn};
	bool got;

	if (deadline != U64_MAX)
		hrtimer_start(&timeout, deadline);
	while (!(got = completion_take(x)) && ktime_get_ns() < deadline)
		wfe();
	arch_local_irq_disable();
	if (timeout.queued)
		hrtimer_cancel(&timeout);
	return got;
}

/* Models wait_for_completion_timeout(). */
u64 wait_for_completion_timeout(struct completion *x, u64 timeout_ns)
{
	unsigned long flags = arch_local_irq_save();
	struct kthread *t = kthread_current();
	u64 start = ktime_get_ns();
	u64 deadline = timeout_ns < U64_MAX / 4 ? start + timeout_ns : U64_MAX;
	bool got;
	u64 now;

	arch_local_irq_enable();
	got = t ? completion_sleep(x, t, deadline) : completion_spin(x, deadline);
	now = ktime_get_ns();
	arch_local_irq_restore(flags);
	if (!got)
		return 0;
	return deadline == U64_MAX || now >= deadline ? 1 : deadline - now;
}

/* Models wait_for_completion(). */
void wait_for_completion(struct completion *x)
{
	while (!wait_for_completion_timeout(x, U64_MAX))
		;
}
