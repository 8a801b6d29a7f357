// SPDX-License-Identifier: GPL-2.0-only
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
 *
 * Energy Aware Scheduling (--sched eas, Linux v5.10's behaviour; see
 * docs/fidelity-eas.md) is the section "EAS" below: energy-efficient
 * wake-up placement on the energy model's performance domains, the
 * over-utilised tipping point that hands placement back to load
 * balancing, and misfit tasks pulled up to a bigger CPU.
 */
#include "linux/cpufreq.h"
#include "linux/energy_model.h"
#include "trace/events.h"

#include "kernel/sched/sched.h"

#include <string.h>

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

/* EAS hooks (the EAS section below). */
static void update_overutilized_status(struct rq *rq);
static void update_misfit_status(struct task_struct *p, struct rq *rq);
static void post_init_entity_util_avg(struct rq *rq, struct task_struct *p);
static void util_est_enqueue(struct rq *rq, const struct task_struct *p);
static void util_est_dequeue(struct rq *rq, struct task_struct *p, bool sleep);
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
	if (flags & ENQUEUE_INITIAL) {
		place_entity(rq, p, true);
		post_init_entity_util_avg(rq, p);
	}
	else if (flags & ENQUEUE_WAKEUP)
		place_entity(rq, p, false);
	/* The task was not runnable since its last update: decay its signals. */
	update_task_pelt(p, rq->clock, rq->cpu, false, false);
	task_list_insert(&cfs->head, p, vruntime_before);
	cfs->nr_running++;
	cfs->load_weight += p->se.weight;
	util_est_enqueue(rq, p);
	if (!(flags & ENQUEUE_INITIAL))
		update_overutilized_status(rq);
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
	util_est_dequeue(rq, p, flags & DEQUEUE_SLEEP);
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
	update_misfit_status(p, rq);
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
	update_misfit_status(curr, rq);
	update_overutilized_status(rq);
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

static bool eas_on;                   /* sched_energy_enabled() */

/* Models task_hot() with sysctl_sched_migration_cost (0.5 ms), kept under
 * EAS (the mainline kernel) only: a task that ran less than 0.5 ms ago
 * still has its cache here and is not pulled (upstream pulls it only
 * after repeated balance failures, which are not modelled). */
static bool task_hot(const struct task_struct *p)
{
	return eas_on && ktime_get_ns() - p->se.exec_start < 500000ull;
}

/* A queued, not running fair task of src that may run on dst. */
static struct task_struct *detachable_task(struct rq *src, unsigned int dst)
{
	struct task_struct *p;

	for (p = src->cfs.head; p; p = p->run_next)
		if (task_allowed_on(p, dst) && !task_hot(p))
			return p;
	return NULL;
}

/* ==== EAS ================================================================
 * Capacity awareness and energy-aware placement, in the order upstream's
 * v5.10 fair.c reaches them: a waking task goes where the energy model
 * says the system spends least (find_energy_efficient_cpu), unless some
 * CPU is over-utilised (above 80 % of its capacity): then the usual
 * capacity-aware idle search places it and the load balancer spreads.
 * A task too big for its CPU (misfit) is pulled to a bigger idle one.
 */

static bool rd_overutilized;          /* root_domain::overutilized */
static struct em_perf_domain *rd_pd[EM_MAX_DOMAINS];  /* root_domain::pd */
static unsigned int rd_nr_pd;

bool sched_energy_enabled(void)
{
	return eas_on;
}

/* Models fits_capacity(): at least 20 % headroom. */
static bool fits_capacity(unsigned long util, unsigned long cap)
{
	return (u64)util * 1280 < (u64)cap * 1024;
}

/* Models capacity_of(): no RT/DL/IRQ pressure is taken off (they are not
 * tracked), so it is the CPU's original capacity. */
static unsigned long capacity_of(unsigned int cpu)
{
	return arch_scale_cpu_capacity(cpu);
}

/* Models task_util() after sync_entity_load_avg(): the task's PELT
 * utilisation, decayed to now if it sleeps. */
static unsigned long task_util_now(const struct task_struct *p)
{
	return p->on_rq ? p->se.avg.util_avg : pelt_util_at(&p->se.avg, ktime_get_ns());
}

/* Models _task_util_est(): what the task used when it last slept, or its
 * average over past activations if higher. */
static unsigned long task_util_est_only(const struct task_struct *p)
{
	return max(p->se.avg.util_est_enqueued, p->se.avg.util_est_ewma);
}

/* Models task_util_est(): a sleeping periodic task is judged by its last
 * activations, not by its utilisation decayed over the sleep. */
static unsigned long task_util_est(const struct task_struct *p)
{
	return max(task_util_now(p), task_util_est_only(p));
}

/* The CPU's PELT utilisation (an idle CPU's decayed to now, as the
 * blocked-load update would see it). */
static unsigned long cpu_util_avg(unsigned int cpu)
{
	struct rq *rq = cpu_rq(cpu);

	return rq->curr ? rq->cfs.avg.util_avg : pelt_util_at(&rq->cfs.avg, ktime_get_ns());
}

/* Models cpu_util(): max(PELT, the queued tasks' estimates), at most the
 * capacity. */
static unsigned long cpu_util(unsigned int cpu)
{
	unsigned long util = max(cpu_util_avg(cpu), cpu_rq(cpu)->cfs.avg.util_est_enqueued);

	return min(util, capacity_of(cpu));
}

/* Models cpu_util_next(): cpu's utilisation if p went to dst_cpu (-1:
 * nowhere; p's share leaves its previous CPU). */
static unsigned long cpu_util_next(unsigned int cpu, const struct task_struct *p, int dst_cpu)
{
	unsigned long util = cpu_util_avg(cpu), tu = task_util_now(p);
	unsigned long est = cpu_rq(cpu)->cfs.avg.util_est_enqueued;

	if (p->cpu == cpu && dst_cpu != (int)cpu)
		util = util > tu ? util - tu : 0;
	else if (p->cpu != cpu && dst_cpu == (int)cpu)
		util += tu;
	if (dst_cpu == (int)cpu)
		est += task_util_est_only(p);
	return min(max(util, est), capacity_of(cpu));
}

#define UTIL_EST_MARGIN (SCHED_CAPACITY_SCALE / 100)

static bool within_margin(long v, long margin)
{
	return v > -margin && v < margin;
}

/* Models util_est_enqueue(). */
static void util_est_enqueue(struct rq *rq, const struct task_struct *p)
{
	if (eas_on)
		rq->cfs.avg.util_est_enqueued += task_util_est_only(p);
}

/* Models util_est_dequeue() + util_est_update(): the CPU's sum loses the
 * task; a task going to sleep records its utilisation, and its average
 * moves a quarter of the way to it (at once when it grew: UTIL_EST_FASTUP),
 * unless both moved by less than 1 %, or the task is bigger than the CPU
 * (its utilisation there says nothing about its need). */
static void util_est_dequeue(struct rq *rq, struct task_struct *p, bool sleep)
{
	struct sched_avg *sa = &p->se.avg;
	unsigned long est = task_util_est_only(p), last = sa->util_est_enqueued;

	if (!eas_on)
		return;
	rq->cfs.avg.util_est_enqueued -= min(rq->cfs.avg.util_est_enqueued, est);
	if (!sleep)
		return;
	sa->util_est_enqueued = sa->util_avg;
	if (sa->util_est_ewma < sa->util_est_enqueued) {
		sa->util_est_ewma = sa->util_est_enqueued;
		return;
	}
	if (within_margin((long)sa->util_est_enqueued - (long)sa->util_est_ewma, UTIL_EST_MARGIN) &&
	    within_margin((long)last - (long)sa->util_est_enqueued, UTIL_EST_MARGIN))
		return;
	if (sa->util_avg > capacity_of(rq->cpu))
		return;
	sa->util_est_ewma = (unsigned long)(((long)sa->util_est_ewma * 4 +
					     (long)sa->util_est_enqueued - (long)sa->util_est_ewma) / 4);
}

/* Models post_init_entity_util_avg(): a new task starts with the CPU's
 * utilisation shared by weight, at most half the spare capacity (half of
 * it on an idle CPU), so it is neither ignored nor sent straight to a big
 * CPU; the CPU's signal takes it in. */
static void post_init_entity_util_avg(struct rq *rq, struct task_struct *p)
{
	struct sched_avg *sa = &p->se.avg, *cfs = &rq->cfs.avg;
	long cap = ((long)arch_scale_cpu_capacity(rq->cpu) - (long)cfs->util_avg) / 2;

	if (!eas_on || cap <= 0)
		return;
	if (cfs->util_avg) {
		sa->util_avg = cfs->util_avg * p->se.weight / (cfs->load_avg * p->se.weight / 1024 + 1);
		if (sa->util_avg > (unsigned long)cap)
			sa->util_avg = (unsigned long)cap;
	} else {
		sa->util_avg = (unsigned long)cap;
	}
	sa->util_sum = (u64)sa->util_avg * (47742 - 1024 + sa->period_contrib) / SCHED_CAPACITY_SCALE;
	pelt_attach(rq, p);
}

/* Models schedutil_cpu_util(FREQUENCY_UTIL): what sets the domain's
 * frequency: top with an RT task runnable (schedutil goes to max for RT),
 * else the fair utilisation, raised to the waking task's util_min if it
 * goes there and capped at its util_max. */
static unsigned long freq_util(unsigned int cpu, unsigned long util, const struct task_struct *p,
			       int dst_cpu)
{
	unsigned long cap = capacity_of(cpu);

	if (cpu_rq(cpu)->rt.rt_nr_running)
		return cap;
	if (dst_cpu == (int)cpu) {
		util = max(util, (unsigned long)p->uclamp_min);
		util = min(util, (unsigned long)p->uclamp_max);
	}
	return min(util, cap);
}

static unsigned int pd_first_cpu(const struct em_perf_domain *pd)
{
	return (unsigned int)__builtin_ctz(pd->cpus);
}

/* Models compute_energy(): the energy of one performance domain if p ran
 * on dst_cpu (-1: p nowhere). The sum of the CPUs' utilisations is the
 * work, the busiest CPU's (FREQUENCY_UTIL) picks the state. */
static unsigned long compute_energy(const struct task_struct *p, int dst_cpu,
				    const struct em_perf_domain *pd)
{
	unsigned long max_util = 0, sum_util = 0;
	unsigned int cpu;

	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		unsigned long u;

		if (!((pd->cpus >> cpu) & 1u) || !cpu_active(cpu))
			continue;
		u = cpu_util_next(cpu, p, dst_cpu);
		sum_util += u;
		max_util = max(max_util, freq_util(cpu, u, p, dst_cpu));
	}
	return em_cpu_energy(pd, max_util, sum_util, arch_scale_cpu_capacity(pd_first_cpu(pd)));
}

static void trace_eas_wakeup(const struct task_struct *p, unsigned long util, int prev_cpu,
			     int dst_cpu, unsigned long base, unsigned long prev_delta,
			     unsigned long best_delta)
{
	/* blsim's event (upstream v5.10 has no energy tracepoint): the
	 * system's estimated energy with p on its previous CPU and on the
	 * best, in the energy model's mW x capacity unit (0: not a candidate). */
	trace_event("blsim_eas_wakeup",
		    "comm=%s pid=%d util=%lu prev_cpu=%d dst_cpu=%d prev_energy=%lu best_energy=%lu",
		    p->comm, p->pid, util, prev_cpu, dst_cpu,
		    prev_delta == ~0ul ? 0 : base + prev_delta,
		    best_delta == ~0ul ? 0 : base + best_delta);
}

/* Models find_energy_efficient_cpu() (v5.10): in every performance domain
 * two candidates, the previous CPU and the CPU with the most spare
 * capacity, each only if the task fits there with headroom; the energy
 * delta of putting the task there against the domain without it; the
 * best candidate wins if it saves more than 1/16 (6 %) of the energy of
 * staying on the previous CPU. -1: EAS does not decide (over-utilised,
 * no domain); then the capacity-aware path places the task. */
static int find_energy_efficient_cpu(struct task_struct *p, int prev_cpu)
{
	unsigned long prev_delta = ~0ul, best_delta = ~0ul, base_energy = 0, tu;
	int best_energy_cpu = prev_cpu;
	unsigned int i;

	if (!rd_nr_pd || rd_overutilized)
		return -1;
	tu = task_util_est(p);
	if (!tu)
		return prev_cpu;    /* nothing to estimate: stay */
	for (i = 0; i < rd_nr_pd; i++) {
		const struct em_perf_domain *pd = rd_pd[i];
		unsigned long base_pd = compute_energy(p, -1, pd), max_spare = 0;
		int max_spare_cpu = -1;
		unsigned int cpu;

		base_energy += base_pd;
		for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
			unsigned long util, cap, spare;

			if (!((pd->cpus >> cpu) & 1u) || !cpu_active(cpu) || !task_allowed_on(p, cpu))
				continue;
			util = cpu_util_next(cpu, p, (int)cpu);
			cap = capacity_of(cpu);
			spare = cap > util ? cap - util : 0;
			/* Skip CPUs that the task would over-utilise (its util_min
			 * counts, as uclamp_rq_util_with does). */
			if (!fits_capacity(max(util, (unsigned long)p->uclamp_min), cap))
				continue;
			if ((int)cpu == prev_cpu) {
				prev_delta = compute_energy(p, prev_cpu, pd) - base_pd;
				best_delta = min(best_delta, prev_delta);
			}
			if (spare > max_spare) {
				max_spare = spare;
				max_spare_cpu = (int)cpu;
			}
		}
		if (max_spare_cpu >= 0 && max_spare_cpu != prev_cpu) {
			unsigned long cur_delta = compute_energy(p, max_spare_cpu, pd) - base_pd;

			if (cur_delta < best_delta) {
				best_delta = cur_delta;
				best_energy_cpu = max_spare_cpu;
			}
		}
	}
	if (prev_delta != ~0ul && prev_delta - best_delta <= (prev_delta + base_energy) >> 4)
		best_energy_cpu = prev_cpu;     /* not worth the move */
	else if (prev_delta == ~0ul && best_delta == ~0ul)
		best_energy_cpu = prev_cpu;     /* fits nowhere: stay (upstream returns prev too) */
	trace_eas_wakeup(p, tu, prev_cpu, best_energy_cpu, base_energy, prev_delta, best_delta);
	return best_energy_cpu;
}

/* Models select_idle_capacity() (v5.10, asymmetric capacity): from the
 * target round all CPUs, the first idle one the task fits on, else the
 * idle one of largest capacity, else the target. */
static int select_idle_capacity(const struct task_struct *p, u32 allowed, int target)
{
	unsigned long tu = task_util_est(p), best_cap = 0;
	int best = -1;
	unsigned int i;

	for (i = 0; i < nr_cpu_ids; i++) {
		unsigned int cpu = ((unsigned int)target + i) % nr_cpu_ids;
		unsigned long cap;

		if (!((allowed >> cpu) & 1u) || cpu_rq(cpu)->nr_running)
			continue;
		cap = capacity_of(cpu);
		if (fits_capacity(tu, cap))
			return (int)cpu;
		if (cap > best_cap) {
			best_cap = cap;
			best = (int)cpu;
		}
	}
	if (best >= 0)
		return best;
	return ((allowed >> target) & 1u) ? target : (int)__builtin_ctz(allowed);
}

/* Models select_task_rq_fair() with EAS on: energy first for a wake-up,
 * then the capacity-aware idle search (fork, over-utilised, no fit). */
static int select_task_rq_eas(struct task_struct *p, int prev_cpu, bool new_task, u32 allowed)
{
	if (!new_task) {
		int cpu = find_energy_efficient_cpu(p, prev_cpu);

		if (cpu >= 0 && ((allowed >> cpu) & 1u)) {
			p->migrate_reason = "energy";
			return cpu;
		}
	}
	p->migrate_reason = new_task ? "fork" : "wakeup";
	return select_idle_capacity(p, allowed, prev_cpu);
}

static void set_overutilized(bool ou, unsigned int cpu)
{
	if (ou == rd_overutilized)
		return;
	rd_overutilized = ou;
	/* blsim's event (upstream v5.10 has none; later kernels trace
	 * sched_overutilized_tp without a format). */
	trace_event("blsim_eas_overutilized", "overutilized=%d cpu=%u", ou ? 1 : 0, cpu);
}

/* Models cpu_overutilized(). */
static bool cpu_overutilized(unsigned int cpu)
{
	return !fits_capacity(cpu_util(cpu), capacity_of(cpu));
}

/* Models update_overutilized_status(): a CPU going over sets the flag at
 * once (enqueue, tick); only the load balancer clears it. */
static void update_overutilized_status(struct rq *rq)
{
	if (eas_on && !rd_overutilized && cpu_overutilized(rq->cpu))
		set_overutilized(true, rq->cpu);
}

/* Models update_misfit_status(): the running task does not fit here. */
static void update_misfit_status(struct task_struct *p, struct rq *rq)
{
	if (!eas_on)
		return;
	if (!p || p->sched_class != &fair_sched_class ||
	    fits_capacity(task_util_est(p), capacity_of(rq->cpu)) ||
	    __builtin_popcount(p->cpus_allowed) == 1) {
		rq->misfit_task_load = 0;
		return;
	}
	rq->misfit_task_load = max(p->se.avg.load_avg, 1ul);
}

/* Models the root domain's part of update_sd_lb_stats(): every balance at
 * the top level recomputes the flag from all CPUs. */
static void update_root_overutilized(unsigned int this_cpu)
{
	unsigned int cpu;
	bool ou = false;

	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (cpu_active(cpu) && cpu_overutilized(cpu))
			ou = true;
	set_overutilized(ou, this_cpu);
}

/* An idle CPU of larger capacity than src, allowed for p, or -1. */
static int idle_bigger_cpu(const struct task_struct *p, unsigned int src)
{
	unsigned long best_cap = capacity_of(src);
	int best = -1;
	unsigned int cpu;

	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		if (!cpu_active(cpu) || cpu_rq(cpu)->nr_running || !task_allowed_on(p, cpu))
			continue;
		if (capacity_of(cpu) > best_cap) {
			best_cap = capacity_of(cpu);
			best = (int)cpu;
		}
	}
	return best;
}

/* Models the misfit path of load_balance() (migrate_misfit, then
 * active_load_balance_cpu_stop) reached through nohz_balancer_kick(): a
 * busy CPU whose running task is misfit kicks an idle bigger CPU, which
 * has the stopper push the task over. Modelled as one step from the
 * misfit CPU's tick: the running task moves at its next schedule point. */
static void misfit_kick(struct rq *rq)
{
	struct task_struct *p = rq->curr;
	int dst;

	if (!rq->misfit_task_load || !p || p->sched_class != &fair_sched_class)
		return;
	dst = idle_bigger_cpu(p, rq->cpu);
	if (dst < 0)
		return;
	p->migrate_reason = "misfit";
	sched_migrate_target[rq->cpu] = dst;
	resched_curr(rq);
}

/* Models nohz_balancer_kick() for an overloaded CPU while over-utilised:
 * an idle CPU (its tick stopped, so it would not balance by itself) is
 * kicked and pulls one waiting fair task. */
static void overload_kick(struct rq *rq)
{
	unsigned int cpu;

	if (!rd_overutilized || rq->cfs.nr_running < 2 || !rq->cfs.head)
		return;
	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		struct rq *dst = cpu_rq(cpu);
		struct task_struct *p;
		unsigned long flags;

		if (cpu == rq->cpu || !cpu_active(cpu) || dst->nr_running)
			continue;
		flags = arch_local_irq_save();
		double_rq_lock(rq, dst);
		p = detachable_task(rq, cpu);
		if (p && !dst->nr_running) {
			p->migrate_reason = "balance";
			move_queued_task(rq, dst, p);
			dst->nr_balance_pulls++;
		}
		double_rq_unlock(rq, dst);
		arch_local_irq_restore(flags);
		return;
	}
}

/* EAS's part of the periodic balance (trigger_load_balance). */
static void eas_balance_tick(struct rq *rq)
{
	update_root_overutilized(rq->cpu);
	misfit_kick(rq);
	overload_kick(rq);
}

/* Models build_perf_domains(): see linux/sched.h. */
int sched_energy_init(void)
{
	unsigned int cpu, i, cost = 0;
	unsigned long cap0 = arch_scale_cpu_capacity(0);
	bool asym = false;

	rd_nr_pd = 0;
	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		struct cpufreq_policy *pol = cpufreq_cpu_get(cpu);
		struct em_perf_domain *pd;

		if (!cpu_active(cpu))
			continue;
		if (arch_scale_cpu_capacity(cpu) != cap0)
			asym = true;
		if (!pol || !pol->governor || strcmp(pol->governor->name, "schedutil")) {
			pr_err("sched_energy_set: CPU%u: EAS needs the schedutil governor (has %s)\n",
			       cpu, pol && pol->governor ? pol->governor->name : "no cpufreq policy");
			return -EINVAL;
		}
		pd = em_cpu_get(cpu);
		if (!pd) {
			pr_err("sched_energy_set: CPU%u: no energy model (the cpu node needs "
			       "dynamic-power-coefficient and the OPPs a voltage)\n", cpu);
			return -EINVAL;
		}
		for (i = 0; i < rd_nr_pd && rd_pd[i] != pd; i++)
			;
		if (i == rd_nr_pd) {
			rd_pd[rd_nr_pd++] = pd;
			cost += pd->nr_perf_states;
		}
	}
	if (!asym) {
		pr_err("sched_energy_set: all CPUs have the same capacity: EAS needs asymmetric "
		       "capacities (capacity-dmips-mhz)\n");
		return -EINVAL;
	}
	/* EM_MAX_COMPLEXITY: nr_pd x (nr_cpus + nr_states) <= 2048. */
	if (rd_nr_pd * (nr_cpu_ids + cost) > 2048) {
		pr_err("sched_energy_set: energy model too complex\n");
		return -EINVAL;
	}
	eas_on = true;
	rd_overutilized = false;
	for (i = 0; i < rd_nr_pd; i++)
		pr_info("sched: EAS perf domain %u: CPUs 0x%x, %u states\n", i, rd_pd[i]->cpus,
			rd_pd[i]->nr_perf_states);
	pr_info("sched_energy_set: starting EAS\n");
	return 0;
}

/* Models select_task_rq_fair() (wake-affine + select_idle_sibling, in
 * short), inside the HMP domain when HMP is on. */
static int select_task_rq_fair(struct task_struct *p, int prev_cpu, bool new_task)
{
	u32 allowed = p->cpus_allowed & sched_active_mask(), dom;
	unsigned int cpu, best = (unsigned int)prev_cpu;
	unsigned int best_nr = ~0u;

	if (eas_on && allowed)
		return select_task_rq_eas(p, prev_cpu, new_task, allowed);
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

	/* find_busiest_group(): with EAS and nothing over-utilised, the
	 * placement is the energy model's: no balancing. */
	if (eas_on && !rd_overutilized)
		return;
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
		p->migrate_reason = "balance";
		move_queued_task(src, this, p);
		this->nr_balance_pulls++;
	}
	double_rq_unlock(this, src);
	arch_local_irq_restore(flags);
}

/* Models trigger_load_balance() -> run_rebalance_domains() from the tick. */
void fair_balance_tick(struct rq *rq)
{
	if (eas_on)
		eas_balance_tick(rq);
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
