/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pelt.c - per-entity load tracking (kernel/sched/pelt.c): geometric series
 * over 1024 us periods with y^32 = 1/2, for each task and for each CPU's
 * fair runqueue. util is invariant: a contribution is scaled by the CPU's
 * current frequency / top frequency and by its capacity (so 1024 is the
 * biggest CPU flat out), as with arch_scale_freq_capacity and
 * arch_scale_cpu_capacity upstream.
 *
 * runnable_avg is the unweighted, unscaled runnable ratio (0..1024): the
 * "load_avg_ratio" ARM's big.LITTLE MP (HMP) patches migrate on.
 */
#include "kernel/sched/sched.h"

#define LOAD_AVG_PERIOD 32
#define LOAD_AVG_MAX 47742   /* the series' limit: sum of 1024 * y^n */

/* runnable_avg_yN_inv[n] = y^n * 2^32, computed once (upstream: a table). */
static u32 yN_inv[LOAD_AVG_PERIOD];

void pelt_init(void)
{
	/* y = 2^(-1/32); successive products in 64-bit fixed point, exact to
	 * the table's last bit. */
	const u64 y = 0xfa83b2da;     /* y * 2^32 */
	u64 v = 0xffffffffull;
	int n;

	for (n = 0; n < LOAD_AVG_PERIOD; n++) {
		yN_inv[n] = (u32)v;
		v = (v * y) >> 32;
	}
}

/* Models decay_load(): val * y^n. */
static u64 decay_load(u64 val, u64 n)
{
	if (n > LOAD_AVG_PERIOD * 63)
		return 0;
	val >>= n / LOAD_AVG_PERIOD;
	n %= LOAD_AVG_PERIOD;
	return (u64)(((unsigned __int128)val * yN_inv[n]) >> 32);
}

/* Models __accumulate_pelt_segments(): the end of the first period (d1),
 * the full periods between (decayed), the start of the current one (d3). */
static u32 accumulate_segments(u64 periods, u32 d1, u32 d3)
{
	u32 c1 = (u32)decay_load(d1, periods);
	u32 c2 = LOAD_AVG_MAX - (u32)decay_load(LOAD_AVG_MAX, periods) - 1024;

	return c1 + c2 + d3;
}

/* Every sum loses y^periods of its weight. */
static void age_sums(struct sched_avg *sa, u64 periods)
{
	sa->load_sum = decay_load(sa->load_sum, periods);
	sa->runnable_sum = decay_load(sa->runnable_sum, periods);
	sa->util_sum = decay_load(sa->util_sum, periods);
}

/* Models ___update_load_sum() + ___update_load_avg(). scale is the
 * frequency x capacity factor (0..1024) for util. */
static void update_avg(struct sched_avg *sa, u64 now, bool runnable, bool running,
		       unsigned long scale)
{
	u64 delta, periods;
	u32 contrib, divider;

	if (now <= sa->last_update_time) {
		sa->last_update_time = now < sa->last_update_time ? sa->last_update_time : now;
		return;
	}
	delta = (now - sa->last_update_time) >> 10;   /* ~us, as upstream */
	if (!delta)
		return;
	sa->last_update_time += delta << 10;
	/* Whole 1024-us periods crossed since the last period boundary. */
	periods = (delta + sa->period_contrib) / 1024;
	delta = (delta + sa->period_contrib) % 1024;
	if (periods != 0) {
		age_sums(sa, periods);
		contrib = accumulate_segments(periods, 1024 - sa->period_contrib, (u32)delta);
	} else {
		/* Still inside the same period: only the new time counts. */
		contrib = (u32)(delta - sa->period_contrib);
	}
	sa->period_contrib = (u32)delta;
	if (runnable) {
		sa->load_sum += contrib;
		sa->runnable_sum += contrib;
	}
	if (running)
		sa->util_sum += ((u64)contrib * scale) >> SCHED_CAPACITY_SHIFT;
	divider = LOAD_AVG_MAX - 1024 + sa->period_contrib;
	sa->runnable_avg = (unsigned long)(sa->runnable_sum * SCHED_CAPACITY_SCALE / divider);
	sa->load_avg = sa->runnable_avg;
	sa->util_avg = (unsigned long)(sa->util_sum * SCHED_CAPACITY_SCALE / divider);
}

static unsigned long util_scale(unsigned int cpu)
{
	return (arch_scale_freq_capacity(cpu) * arch_scale_cpu_capacity(cpu)) >> SCHED_CAPACITY_SHIFT;
}

/* Models update_load_avg() for a task's entity. */
void update_task_pelt(struct task_struct *p, u64 now, unsigned int cpu, bool runnable, bool running)
{
	update_avg(&p->se.avg, now, runnable, running, running ? util_scale(cpu) : 0);
}

/* Models update_cfs_rq_load_avg(). */
void update_cfs_rq_pelt(struct rq *rq, u64 now, bool running)
{
	update_avg(&rq->cfs.avg, now, running, running, running ? util_scale(rq->cpu) : 0);
}

/* Models attach_entity_load_avg(): the task's utilisation joins the CPU's. */
void pelt_attach(struct rq *rq, struct task_struct *p)
{
	rq->cfs.avg.util_sum += p->se.avg.util_sum;
	rq->cfs.avg.util_avg += p->se.avg.util_avg;
}

/* Models detach_entity_load_avg(). */
void pelt_detach(struct rq *rq, struct task_struct *p)
{
	struct sched_avg *sa = &rq->cfs.avg;

	sa->util_sum = sa->util_sum > p->se.avg.util_sum ? sa->util_sum - p->se.avg.util_sum : 0;
	sa->util_avg = sa->util_avg > p->se.avg.util_avg ? sa->util_avg - p->se.avg.util_avg : 0;
}

/* The utilisation a signal would show at now if nothing ran since its
 * last update (whole periods only): how upstream's blocked-load updates
 * and sync_entity_load_avg() see an idle CPU or a sleeping task. */
unsigned long pelt_util_at(const struct sched_avg *sa, u64 now)
{
	u64 periods;

	if (now <= sa->last_update_time)
		return sa->util_avg;
	periods = (((now - sa->last_update_time) >> 10) + sa->period_contrib) / 1024;
	return (unsigned long)decay_load(sa->util_avg, periods);
}
