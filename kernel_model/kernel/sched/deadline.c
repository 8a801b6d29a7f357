/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * deadline.c - the deadline class (kernel/sched/deadline.c): EDF among
 * SCHED_DEADLINE tasks with the constant bandwidth server: a task runs at
 * most dl_runtime per dl_period; out of runtime it is throttled until its
 * replenishment timer fires at the end of the current period.
 *
 * Runtime is enforced by a per-CPU hrtimer armed for the running task's
 * remaining runtime (upstream's HRTICK_DL feature): with HZ = 100 the tick
 * alone would let a task overrun by up to 10 ms before it is throttled.
 *
 * Simplifications (docs/fidelity-sched.md): no admission control beyond
 * runtime <= deadline <= period, no global EDF push/pull between CPUs: a
 * deadline task wakes on an allowed CPU not running an earlier deadline.
 */
#include "kernel/sched/sched.h"

static bool deadline_before(const struct task_struct *a, const struct task_struct *b)
{
	return (s64)(a->dl.deadline - b->dl.deadline) < 0;
}

/* Models setup_new_dl_entity(): a new reservation from now. */
static void setup_new_dl_entity(struct task_struct *tsk, u64 now)
{
	tsk->dl.deadline = now + tsk->dl.dl_deadline;
	tsk->dl.runtime = (s64)tsk->dl.dl_runtime;
}

/* Models replenish_dl_entity(): the overrun is paid back, one period of
 * runtime per period of deadline, until runtime is positive; a reservation
 * left far behind (deadline in the past) starts afresh from now. */
static void replenish_dl_entity(struct task_struct *tsk, u64 now)
{
	struct sched_dl_entity *dl = &tsk->dl;

	if (dl->deadline == 0) {
		setup_new_dl_entity(tsk, now);
		return;
	}
	while (dl->runtime <= 0) {
		dl->deadline += dl->dl_period;
		dl->runtime += (s64)dl->dl_runtime;
	}
	if ((s64)(dl->deadline - now) < 0)
		setup_new_dl_entity(tsk, now);
}

/* Models update_dl_entity(): on wake-up, keep the current reservation
 * unless its deadline passed or using the rest would overrun the bandwidth
 * (the CBS wake-up rule: runtime / (deadline - now) > dl_runtime / dl_period). */
static void update_dl_entity(struct task_struct *tsk, u64 now)
{
	struct sched_dl_entity *dl = &tsk->dl;

	if ((s64)(dl->deadline - now) <= 0 ||
	    (unsigned __int128)(dl->runtime > 0 ? (u64)dl->runtime : 0) * dl->dl_period >
		    (unsigned __int128)(dl->deadline - now) * dl->dl_runtime)
		setup_new_dl_entity(tsk, now);
}

static void dl_timer_fn(struct hrtimer *t)
{
	struct task_struct *tsk = container_of(t, struct task_struct, dl.dl_timer);
	struct rq *q = cpu_rq(tsk->cpu);
	unsigned long flags = rq_lock_irqsave(q);

	update_rq_clock(q);
	tsk->dl.dl_throttled = false;
	replenish_dl_entity(tsk, q->clock);
	if (tsk->state == TASK_RUNNING && !tsk->on_rq) {
		activate_task(q, tsk, 0);
		if (!q->curr || q->curr->sched_class != &dl_sched_class ||
		    deadline_before(tsk, q->curr))
			resched_curr(q);
	}
	rq_unlock_irqrestore(q, flags);
}

void dl_task_setup(struct task_struct *tsk)
{
	tsk->dl.dl_timer.function = dl_timer_fn;
	tsk->dl.deadline = 0;
	tsk->dl.runtime = 0;
	tsk->dl.dl_throttled = false;
}

/* Models update_curr_dl(): charge runtime; out of it, throttle. */
static void update_curr_dl(struct rq *q)
{
	struct task_struct *curr = q->curr;
	u64 delta = update_curr_common(q, &dl_sched_class);

	if (!curr || curr->sched_class != &dl_sched_class)
		return;
	curr->dl.runtime -= (s64)delta;
	if (curr->dl.runtime <= 0 && !curr->dl.dl_throttled) {
		curr->dl.dl_throttled = true;
		resched_curr(q);
	}
}

/* Models enqueue_task_dl(). */
static void enqueue_task_dl(struct rq *q, struct task_struct *tsk, int flags)
{
	if (flags & ENQUEUE_WAKEUP || tsk->dl.deadline == 0)
		update_dl_entity(tsk, q->clock);
	task_list_insert(&q->dl.head, tsk, deadline_before);
	q->dl.dl_nr_running++;
}

/* Models dequeue_task_dl(). */
static void dequeue_task_dl(struct rq *q, struct task_struct *tsk, int flags)
{
	(void)flags;
	update_curr_dl(q);
	task_list_remove(&q->dl.head, tsk);
	q->dl.dl_nr_running--;
}

/* Models check_preempt_curr_dl(): an earlier deadline preempts; deadline
 * preempts every lower class. */
static void check_preempt_curr_dl(struct rq *q, struct task_struct *tsk)
{
	struct task_struct *curr = q->curr;

	if (curr && (curr->sched_class != &dl_sched_class || deadline_before(tsk, curr)))
		resched_curr(q);
}

/* Per CPU: the hrtick for the running deadline task's runtime. */
static struct hrtimer dl_hrtick[NR_CPUS];

/* Models hrtick(): the running task's runtime is used up now. */
static void dl_hrtick_fn(struct hrtimer *t)
{
	struct rq *q = cpu_rq((unsigned int)(t - dl_hrtick));

	arch_spin_lock(&q->lock);
	update_rq_clock(q);
	update_curr_dl(q);
	arch_spin_unlock(&q->lock);
}

/* Models hrtick_start_dl(). */
static void dl_hrtick_start(struct rq *q, struct task_struct *tsk)
{
	struct hrtimer *t = &dl_hrtick[q->cpu];

	t->function = dl_hrtick_fn;
	if (tsk->dl.runtime > 0)
		hrtimer_start(t, q->clock + (u64)tsk->dl.runtime);
}

/* Models pick_next_task_dl(): the earliest deadline. */
static struct task_struct *pick_next_task_dl(struct rq *q)
{
	struct task_struct *tsk = task_list_pop(&q->dl.head);

	if (tsk)
		dl_hrtick_start(q, tsk);
	return tsk;
}

/* Models put_prev_task_dl() + the throttling in update_curr_dl(): a
 * throttled task leaves the queue until its replenishment timer, armed at
 * the end of the period (start_dl_timer). */
static void put_prev_task_dl(struct rq *q, struct task_struct *tsk)
{
	if (dl_hrtick[q->cpu].queued)
		hrtimer_cancel(&dl_hrtick[q->cpu]);
	update_curr_dl(q);
	if (!tsk->on_rq)
		return;
	if (tsk->dl.dl_throttled && tsk->state == TASK_RUNNING) {
		u64 period_end = tsk->dl.deadline - tsk->dl.dl_deadline + tsk->dl.dl_period;

		q->dl.dl_nr_running--;
		q->nr_running--;
		tsk->on_rq = 0;
		tsk->dl.timer_cpu = q->cpu;
		hrtimer_start(&tsk->dl.dl_timer, period_end > q->clock ? period_end : q->clock);
		return;
	}
	task_list_insert(&q->dl.head, tsk, deadline_before);
}

static void task_tick_dl(struct rq *q, struct task_struct *tsk)
{
	(void)tsk;
	update_curr_dl(q);
}

/* Models select_task_rq_dl(): the previous CPU unless it runs an earlier
 * deadline, then the first allowed CPU without a deadline task. */
static int select_task_rq_dl(struct task_struct *tsk, int prev_cpu, bool new_task)
{
	u32 allowed = tsk->cpus_allowed & sched_active_mask();
	unsigned int cpu;

	(void)new_task;
	for (cpu = (unsigned int)prev_cpu; cpu < (unsigned int)prev_cpu + nr_cpu_ids; cpu++) {
		unsigned int c = cpu % nr_cpu_ids;
		struct task_struct *curr = cpu_rq(c)->curr;

		if (!((allowed >> c) & 1u))
			continue;
		if (!curr || curr->sched_class != &dl_sched_class)
			return (int)c;
	}
	return prev_cpu;
}

const struct sched_class dl_sched_class = {
	.name = "dl",
	.enqueue_task = enqueue_task_dl,
	.dequeue_task = dequeue_task_dl,
	.check_preempt_curr = check_preempt_curr_dl,
	.pick_next_task = pick_next_task_dl,
	.put_prev_task = put_prev_task_dl,
	.task_tick = task_tick_dl,
	.select_task_rq = select_task_rq_dl,
	.update_curr = update_curr_dl,
	.yield_task = NULL,
	.next = &rt_sched_class,
};
