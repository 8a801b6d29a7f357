/*
 * fair.c - the completely fair scheduling class (kernel/sched/fair.c, the
 * pre-EEVDF CFS): weights from nice, vruntime, sched_latency slices,
 * wake-up preemption with wakeup_granularity, sleeper credit, wake-up
 * placement and the periodic load balance.
 *
 * Simplifications (docs/fidelity-sched.md): no task groups (autogroup off),
 * one flat balancing domain per cluster plus the whole system, balancing by
 * number of runnable tasks then load; wake-affine is "previous CPU if idle,
 * else an idle CPU of the same cluster, else the least loaded".
 */
#include "kernel/sched/sched.h"

/* Models sched_prio_to_weight[]: nice -20..19, each step about 1.25x. */
const unsigned long sched_prio_to_weight[40] = {
	88761, 71755, 56483, 46273, 36291,
	29154, 23254, 18705, 14949, 11916,
	9548, 7620, 6100, 4904, 3906,
	3121, 2501, 1991, 1586, 1277,
	1024, 820, 655, 526, 423,
	335, 272, 215, 172, 137,
	110, 87, 70, 56, 45,
	36, 29, 23, 18, 15,
};

#define NICE_0_LOAD 1024ul
/* The tunables at their defaults, scaled by 1 + ilog2(ncpus) as upstream's
 * SCHED_TUNABLESCALING_LOG does (update_sysctl). */
static u64 sysctl_sched_latency = 6000000ull;
static u64 sysctl_sched_min_granularity = 750000ull;
static u64 sysctl_sched_wakeup_granularity = 1000000ull;
static unsigned int sched_nr_latency = 8;
static unsigned int tunable_factor;

static void update_sysctl(void)
{
	unsigned int n = num_online_cpus(), f = 1;

	if (n > 8)
		n = 8;
	while (n >>= 1)
		f++;
	if (f == tunable_factor)
		return;
	sysctl_sched_latency = 6000000ull * f;
	sysctl_sched_min_granularity = 750000ull * f;
	sysctl_sched_wakeup_granularity = 1000000ull * f;
	tunable_factor = f;
}

void init_cfs_rq(struct cfs_rq *cfs)
{
	cfs->min_vruntime = (u64)(-(1ll << 20));
	cfs->head = NULL;
}

static bool vruntime_before(const struct task_struct *a, const struct task_struct *b)
{
	return (s64)(a->se.vruntime - b->se.vruntime) < 0;
}

/* Models calc_delta_fair(): delta scaled by NICE_0_LOAD / weight. */
static u64 calc_delta_fair(u64 delta, const struct task_struct *p)
{
	if (p->se.weight == NICE_0_LOAD)
		return delta;
	return (u64)((unsigned __int128)delta * NICE_0_LOAD / p->se.weight);
}

/* Models __sched_period(). */
static u64 sched_period(unsigned int nr_running)
{
	if (nr_running > sched_nr_latency)
		return nr_running * sysctl_sched_min_granularity;
	return sysctl_sched_latency;
}

/* Models sched_slice(): this task's share of the period. */
static u64 sched_slice(struct cfs_rq *cfs, const struct task_struct *p)
{
	unsigned long load = cfs->load_weight ? cfs->load_weight : p->se.weight;

	return (u64)((unsigned __int128)sched_period(cfs->nr_running ? cfs->nr_running : 1) *
		     p->se.weight / load);
}

/* Models update_min_vruntime(): monotonic, follows the leftmost and curr. */
static void update_min_vruntime(struct rq *rq)
{
	struct cfs_rq *cfs = &rq->cfs;
	struct task_struct *curr = rq->curr;
	u64 v = cfs->min_vruntime;
	bool have = false;

	if (curr && curr->sched_class == &fair_sched_class) {
		v = curr->se.vruntime;
		have = true;
	}
	if (cfs->head) {
		if (!have || vruntime_before(cfs->head, curr))
			v = cfs->head->se.vruntime;
		have = true;
	}
	if (have && (s64)(v - cfs->min_vruntime) > 0)
		cfs->min_vruntime = v;
}

/* Models update_curr(): charge the running task's time. rq locked. */
static void update_curr_fair(struct rq *rq)
{
	struct task_struct *curr = rq->curr;
	u64 delta = update_curr_common(rq, &fair_sched_class);

	if (!curr || curr->sched_class != &fair_sched_class)
		return;
	curr->se.vruntime += calc_delta_fair(delta, curr);
	update_min_vruntime(rq);
	update_task_pelt(curr, rq->clock, rq->cpu, true, true);
}

/* Models place_entity(): a new task starts one slice late (START_DEBIT);
 * a waking one gets at most half a latency of sleeper credit
 * (GENTLE_FAIR_SLEEPERS), never more than it had. */
static void place_entity(struct rq *rq, struct task_struct *p, bool initial)
{
	u64 v = rq->cfs.min_vruntime;

	if (initial)
		v += calc_delta_fair(sched_slice(&rq->cfs, p), p);
	else
		v -= sysctl_sched_latency / 2;
	if (initial || (s64)(p->se.vruntime - v) < 0)
		p->se.vruntime = v;
}

/* Models enqueue_task_fair(). */
static void enqueue_task_fair(struct rq *rq, struct task_struct *p, int flags)
{
	struct cfs_rq *cfs = &rq->cfs;

	update_sysctl();
	update_curr_fair(rq);
	if (flags & ENQUEUE_INITIAL)
		place_entity(rq, p, true);
	else if (flags & ENQUEUE_WAKEUP)
		place_entity(rq, p, false);
	/* The task was not runnable since its last update: decay its signals. */
	update_task_pelt(p, rq->clock, rq->cpu, false, false);
	task_list_insert(&cfs->head, p, vruntime_before);
	cfs->nr_running++;
	cfs->load_weight += p->se.weight;
}

/* Models migrate_task_rq_fair() + the enqueue's re-basing: the task keeps
 * its lag against the queue it leaves, measured on the one it joins. */
void fair_migrate_vruntime(struct task_struct *p, struct rq *src, struct rq *dst)
{
	p->se.vruntime = p->se.vruntime - src->cfs.min_vruntime + dst->cfs.min_vruntime;
}

/* Models dequeue_task_fair(). */
static void dequeue_task_fair(struct rq *rq, struct task_struct *p, int flags)
{
	struct cfs_rq *cfs = &rq->cfs;

	(void)flags;
	update_curr_fair(rq);
	if (rq->curr != p)
		update_task_pelt(p, rq->clock, rq->cpu, true, false);
	task_list_remove(&cfs->head, p);
	cfs->nr_running--;
	cfs->load_weight -= p->se.weight;
	update_min_vruntime(rq);
}

/* Models check_preempt_wakeup(): the woken task preempts a fair curr that
 * is ahead of it by more than the (weighted) wake-up granularity. */
static void check_preempt_wakeup(struct rq *rq, struct task_struct *p)
{
	struct task_struct *curr = rq->curr;
	s64 vdiff;

	if (!curr)
		return;
	if (curr->sched_class != &fair_sched_class)
		return;     /* a higher class runs */
	if (curr->policy == SCHED_IDLE && p->policy != SCHED_IDLE) {
		resched_curr(rq);
		return;
	}
	update_curr_fair(rq);
	vdiff = (s64)(curr->se.vruntime - p->se.vruntime);
	if (vdiff > (s64)calc_delta_fair(sysctl_sched_wakeup_granularity, p))
		resched_curr(rq);
}

/* Models pick_next_task_fair(): the leftmost. */
static struct task_struct *pick_next_task_fair(struct rq *rq)
{
	struct task_struct *p = task_list_pop(&rq->cfs.head);

	if (p)
		update_task_pelt(p, rq->clock, rq->cpu, true, false);
	return p;
}

/* Models put_prev_task_fair(). */
static void put_prev_task_fair(struct rq *rq, struct task_struct *p)
{
	if (p->on_rq)
		task_list_insert(&rq->cfs.head, p, vruntime_before);
}

/* Models check_preempt_tick(): curr has had its slice, or is a slice ahead
 * of the leftmost. */
static void task_tick_fair(struct rq *rq, struct task_struct *curr)
{
	u64 ideal, ran;

	update_curr_fair(rq);
	if (rq->cfs.nr_running < 2)
		return;
	ideal = sched_slice(&rq->cfs, curr);
	ran = curr->se.sum_exec_runtime - curr->se.prev_sum_exec_runtime;
	if (ran > ideal) {
		resched_curr(rq);
		return;
	}
	if (ran < sysctl_sched_min_granularity || !rq->cfs.head)
		return;
	if ((s64)(curr->se.vruntime - rq->cfs.head->se.vruntime) > (s64)ideal)
		resched_curr(rq);
}

/* Models yield_task_fair(): go behind every other runnable task (the skip
 * buddy's effect for a task that yields with others waiting). */
static void yield_task_fair(struct rq *rq)
{
	struct task_struct *curr = rq->curr, *last = rq->cfs.head;

	if (!curr || !last)
		return;
	while (last->run_next)
		last = last->run_next;
	update_curr_fair(rq);
	if (vruntime_before(curr, last))
		curr->se.vruntime = last->se.vruntime + 1;
}

static unsigned int cluster_of(unsigned int cpu)
{
	return (cpu_logical_map(cpu) >> 8) & 0xff;
}

static bool cpu_idle_now(unsigned int cpu)
{
	return cpu_rq(cpu)->nr_running == 0;
}

/* Models select_task_rq_fair() (wake-affine + select_idle_sibling, in
 * short), inside the HMP domain when HMP is on. */
static int select_task_rq_fair(struct task_struct *p, int prev_cpu, bool new_task)
{
	u32 allowed = p->cpus_allowed & sched_active_mask(), dom;
	unsigned int cpu, best = (unsigned int)prev_cpu;
	unsigned int best_nr = ~0u;

	(void)new_task;
	dom = sched_hmp_enabled() ? hmp_select_domain(p, (unsigned int)prev_cpu) : 0;
	if (dom && (dom & allowed))
		allowed &= dom;
	if (!allowed)
		return -1;
	if ((allowed >> prev_cpu) & 1u && cpu_idle_now((unsigned int)prev_cpu))
		return prev_cpu;
	/* An idle CPU sharing the previous CPU's cache (its cluster), then any. */
	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (((allowed >> cpu) & 1u) && cpu_idle_now(cpu) &&
		    cluster_of(cpu) == cluster_of((unsigned int)prev_cpu))
			return (int)cpu;
	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (((allowed >> cpu) & 1u) && cpu_idle_now(cpu))
			return (int)cpu;
	/* find_idlest_cpu(): the fewest runnable tasks, previous CPU on ties. */
	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		unsigned int nr = cpu_rq(cpu)->nr_running;

		if (!((allowed >> cpu) & 1u))
			continue;
		if (nr < best_nr || (nr == best_nr && cpu == (unsigned int)prev_cpu)) {
			best = cpu;
			best_nr = nr;
		}
	}
	return (int)best;
}

/* A queued, not running fair task of src that may run on dst. */
static struct task_struct *detachable_task(struct rq *src, unsigned int dst)
{
	struct task_struct *p;

	for (p = src->cfs.head; p; p = p->run_next)
		if (task_allowed_on(p, dst))
			return p;
	return NULL;
}

/* Models load_balance() on this CPU's domains: pull one task from the
 * busiest CPU when it has at least two more runnable fair tasks than we do
 * (or one more when we are idle and it has a waiting task). Under HMP the
 * domain is the cluster: crossing clusters is hmp.c's job. */
static void load_balance(struct rq *this)
{
	unsigned int cpu, busiest = ~0u, max_nr = 0;
	struct task_struct *p;
	struct rq *src;
	unsigned long flags;

	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		unsigned int nr = cpu_rq(cpu)->cfs.nr_running;

		if (cpu == this->cpu || !cpu_active(cpu))
			continue;
		if (sched_hmp_enabled() && cpu_is_big(cpu) != cpu_is_big(this->cpu))
			continue;
		if (nr > max_nr) {
			max_nr = nr;
			busiest = cpu;
		}
	}
	if (busiest == ~0u || max_nr < 2)
		return;
	if (this->nr_running && max_nr < this->cfs.nr_running + 2)
		return;
	src = cpu_rq(busiest);
	flags = arch_local_irq_save();
	double_rq_lock(this, src);
	p = detachable_task(src, this->cpu);
	if (p && src->cfs.nr_running >= 2) {
		move_queued_task(src, this, p);
		this->nr_balance_pulls++;
	}
	double_rq_unlock(this, src);
	arch_local_irq_restore(flags);
}

/* Models trigger_load_balance() -> run_rebalance_domains() from the tick. */
void fair_balance_tick(struct rq *rq)
{
	load_balance(rq);
}

/* Models newidle_balance(): a CPU about to go idle pulls a waiting task. */
void fair_newidle_balance(struct rq *rq)
{
	load_balance(rq);
}

const struct sched_class fair_sched_class = {
	.name = "fair",
	.enqueue_task = enqueue_task_fair,
	.dequeue_task = dequeue_task_fair,
	.check_preempt_curr = check_preempt_wakeup,
	.pick_next_task = pick_next_task_fair,
	.put_prev_task = put_prev_task_fair,
	.task_tick = task_tick_fair,
	.select_task_rq = select_task_rq_fair,
	.update_curr = update_curr_fair,
	.yield_task = yield_task_fair,
	.next = NULL,
};
