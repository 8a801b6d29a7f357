// SPDX-License-Identifier: GPL-2.0-only
/*
 * hmp.c - big.LITTLE up/down migration for the "all cores visible" mode
 * (--switcher none): ARM's big.LITTLE MP patch set (the HMP scheduler of
 * Linaro's LSK kernels, kernel/sched/fair.c CONFIG_SCHED_HMP), in short.
 *
 * The policy: a fair task whose runnable ratio (runnable_avg, 0..1024)
 * is above hmp_up_threshold belongs on a big CPU; below
 * hmp_down_threshold on a LITTLE one; in between it stays where it is.
 * Wake-ups are placed in the task's domain (hmp_select_task_rq_fair);
 * the tick moves a running LITTLE task over the threshold to an idle big
 * CPU (hmp_force_up_migration, the active migration of the stopper).
 * Load balancing stays inside a cluster (fair.c).
 *
 * Thresholds are the patch set's defaults (700 / 512). Simplified: no
 * frequency-invariant load scaling, no hmp_up_prio filter, no idle pull.
 */
#include "kernel/sched/sched.h"

unsigned int hmp_up_threshold = 700;
unsigned int hmp_down_threshold = 512;

bool cpu_is_big(unsigned int cpu)
{
	return topology_core_dmips(cpu) >= 1024;
}

static u32 domain_mask(bool big)
{
	u32 m = 0;
	unsigned int cpu;

	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (cpu_active(cpu) && cpu_is_big(cpu) == big)
			m |= 1u << cpu;
	return m;
}

/* Models hmp_select_task_rq_fair(). */
u32 hmp_select_domain(struct task_struct *p, unsigned int prev_cpu)
{
	unsigned long load = p->se.avg.runnable_avg;
	bool big = cpu_is_big(prev_cpu);

	(void)p;
	if (!big && load > hmp_up_threshold)
		big = true;
	else if (big && load < hmp_down_threshold)
		big = false;
	return domain_mask(big);
}

/* Models hmp_force_up_migration() for this CPU's running task. */
void hmp_tick(struct rq *rq)
{
	struct task_struct *p = rq->curr;
	unsigned int cpu;

	if (!p || p->sched_class != &fair_sched_class || cpu_is_big(rq->cpu))
		return;
	if (p->se.avg.runnable_avg <= hmp_up_threshold)
		return;
	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		if (!cpu_active(cpu) || !cpu_is_big(cpu) || !task_allowed_on(p, cpu))
			continue;
		if (cpu_rq(cpu)->nr_running)
			continue;
		sched_migrate_target[rq->cpu] = (int)cpu;
		resched_curr(rq);
		return;
	}
}
