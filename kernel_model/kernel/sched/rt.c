/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rt.c - the real-time class (kernel/sched/rt.c): SCHED_FIFO and SCHED_RR
 * by priority, RR time slices, and wake-up placement on the CPU running
 * the lowest priority (find_lowest_rq).
 *
 * Simplifications (docs/fidelity-sched.md): no RT throttling (the 95%
 * sched_rt_runtime cap), no pull of waiting RT tasks when a CPU lowers its
 * priority: an RT task that cannot preempt anywhere waits on its CPU.
 */
#include "kernel/sched/sched.h"

static bool prio_before(const struct task_struct *a, const struct task_struct *b)
{
	return a->prio < b->prio;
}

/* Models update_curr_rt(). */
static void update_curr_rt(struct rq *q)
{
	update_curr_common(q, &rt_sched_class);
}

/* Models enqueue_task_rt(). */
static void enqueue_task_rt(struct rq *q, struct task_struct *tsk, int flags)
{
	(void)flags;
	task_list_insert(&q->rt.head, tsk, prio_before);
	q->rt.rt_nr_running++;
}

/* Models dequeue_task_rt(). */
static void dequeue_task_rt(struct rq *q, struct task_struct *tsk, int flags)
{
	(void)flags;
	update_curr_rt(q);
	task_list_remove(&q->rt.head, tsk);
	q->rt.rt_nr_running--;
}

/* Models check_preempt_curr_rt(): a higher RT priority preempts, and RT
 * preempts every fair task. */
static void check_preempt_curr_rt(struct rq *q, struct task_struct *tsk)
{
	struct task_struct *curr = q->curr;

	if (!curr)
		return;
	if (curr->sched_class == &fair_sched_class ||
	    (curr->sched_class == &rt_sched_class && tsk->prio < curr->prio))
		resched_curr(q);
}

/* Models pick_next_task_rt(). */
static struct task_struct *pick_next_task_rt(struct rq *q)
{
	return task_list_pop(&q->rt.head);
}

/* Models put_prev_task_rt(): a preempted FIFO task goes back to the head of
 * its priority; an RR task whose slice ran out (task_tick) to the tail. */
static void put_prev_task_rt(struct rq *q, struct task_struct *tsk)
{
	struct task_struct **link = &q->rt.head;

	update_curr_rt(q);
	if (!tsk->on_rq)
		return;
	if (tsk->policy == SCHED_RR && tsk->rt.time_slice == 0) {
		tsk->rt.time_slice = 100000000ull;
		task_list_insert(&q->rt.head, tsk, prio_before);
		return;
	}
	while (*link && (*link)->prio < tsk->prio)
		link = &(*link)->run_next;
	tsk->run_next = *link;
	*link = tsk;
}

/* Models task_tick_rt(): RR slices, in ticks. */
static void task_tick_rt(struct rq *q, struct task_struct *tsk)
{
	update_curr_rt(q);
	if (tsk->policy != SCHED_RR)
		return;
	tsk->rt.time_slice = tsk->rt.time_slice > TICK_NSEC ? tsk->rt.time_slice - TICK_NSEC : 0;
	if (tsk->rt.time_slice == 0 && q->rt.head && q->rt.head->prio == tsk->prio)
		resched_curr(q);
	else if (tsk->rt.time_slice == 0)
		tsk->rt.time_slice = 100000000ull;
}

/* The priority a new RT task would have to beat on cpu (idle: none). */
static int cpu_running_prio(unsigned int cpu)
{
	struct task_struct *curr = cpu_rq(cpu)->curr;

	if (!curr && !cpu_rq(cpu)->nr_running)
		return MAX_PRIO + 1;    /* idle */
	if (!curr || curr->sched_class == &fair_sched_class)
		return MAX_PRIO;        /* fair tasks lose to any RT task */
	return curr->prio;
}

/* Models select_task_rq_rt() -> find_lowest_rq(): stay if tsk can run at
 * once on the previous CPU, else the CPU running the lowest priority. */
static int select_task_rq_rt(struct task_struct *tsk, int prev_cpu, bool new_task)
{
	u32 allowed = tsk->cpus_allowed & sched_active_mask();
	unsigned int cpu;
	int best = -1, best_prio = -1;

	(void)new_task;
	if (((allowed >> prev_cpu) & 1u) && cpu_running_prio((unsigned int)prev_cpu) > tsk->prio &&
	    cpu_running_prio((unsigned int)prev_cpu) >= MAX_PRIO)
		return prev_cpu;
	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		int prio;

		if (!((allowed >> cpu) & 1u))
			continue;
		prio = cpu_running_prio(cpu);
		if (prio > best_prio) {
			best_prio = prio;
			best = (int)cpu;
		}
	}
	return best_prio > tsk->prio ? best : prev_cpu;
}

const struct sched_class rt_sched_class = {
	.name = "rt",
	.enqueue_task = enqueue_task_rt,
	.dequeue_task = dequeue_task_rt,
	.check_preempt_curr = check_preempt_curr_rt,
	.pick_next_task = pick_next_task_rt,
	.put_prev_task = put_prev_task_rt,
	.task_tick = task_tick_rt,
	.select_task_rq = select_task_rq_rt,
	.update_curr = update_curr_rt,
	.yield_task = NULL,
	.next = &fair_sched_class,
};
