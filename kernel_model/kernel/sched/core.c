// SPDX-License-Identifier: GPL-2.0-only
/*
 * core.c - the scheduler core (kernel/sched/core.c): runqueues and their
 * locks, try_to_wake_up, the schedule loop of every CPU, the tick, and the
 * hotplug hooks. The classes are in deadline.c, rt.c and fair.c.
 *
 * How a CPU runs tasks: its idle thread's context loops in schedule_loop().
 * It picks a task (highest class first) and calls the task's body, which
 * runs until it blocks, exits or sees need_resched(); then the loop puts the
 * task back (or deactivates it if it blocked) and picks again. Interrupts
 * cut the body's work at the exact cycle (hw_run), so a wake-up or the tick
 * preempts a task where a real kernel would: at the return from interrupt.
 *
 * The costs of the scheduler's own code are charged as kernel instructions
 * at the points where it runs (SCHED_COST_* below): assumptions, listed in
 * docs/fidelity-sched.md, that add a few microseconds per context switch.
 */
#include "linux/cpufreq.h"
#include "linux/kthread.h"
#include "linux/workqueue.h"
#include "trace/events.h"

#include "kernel/sched/sched.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Instructions of kernel code per operation (ARM Linux: a context switch is
 * a few microseconds on an A15, a wake-up about one). */
#define SCHED_COST_SWITCH  2500   /* __schedule + context_switch + switch_to */
#define SCHED_COST_WAKEUP  1200   /* try_to_wake_up: select_task_rq + enqueue */
#define SCHED_COST_TICK     600   /* scheduler_tick's accounting */

struct rq runqueues[NR_CPUS];
static struct task_struct *all_tasks, **all_tail = &all_tasks;
static int next_pid = 1;
static bool hmp_on;
static bool sched_smp_ready;

/* The task last switched in on each CPU (NULL: idle), for sched_switch. */
static struct task_struct *last_task[NR_CPUS];
static const char *last_state[NR_CPUS];

unsigned long rq_lock_irqsave(struct rq *rq)
{
	unsigned long flags = arch_local_irq_save();

	arch_spin_lock(&rq->lock);
	return flags;
}

void rq_unlock_irqrestore(struct rq *rq, unsigned long flags)
{
	arch_spin_unlock(&rq->lock);
	arch_local_irq_restore(flags);
}

/* Models double_rq_lock(): lower CPU first, so two CPUs pulling from each
 * other cannot deadlock. IRQs must already be off. */
void double_rq_lock(struct rq *a, struct rq *b)
{
	if (a == b) {
		arch_spin_lock(&a->lock);
	} else if (a->cpu < b->cpu) {
		arch_spin_lock(&a->lock);
		arch_spin_lock(&b->lock);
	} else {
		arch_spin_lock(&b->lock);
		arch_spin_lock(&a->lock);
	}
}

void double_rq_unlock(struct rq *a, struct rq *b)
{
	arch_spin_unlock(&a->lock);
	if (a != b)
		arch_spin_unlock(&b->lock);
}

/* Models update_rq_clock(). */
void update_rq_clock(struct rq *rq)
{
	rq->clock = ktime_get_ns();
}

struct task_struct *get_current(void)
{
	return this_rq()->curr;
}

bool need_resched(void)
{
	return this_rq()->need_resched;
}

const char *trace_current_comm(void)
{
	struct task_struct *p = this_rq()->curr;

	return p ? p->comm : "<idle>";
}

int trace_current_pid(void)
{
	struct task_struct *p = this_rq()->curr;

	return p ? p->pid : 0;
}

bool sched_hmp_enabled(void)
{
	return hmp_on;
}

bool cpu_active(unsigned int cpu)
{
	return cpu < nr_cpu_ids && cpu_online(cpu) && cpu_rq(cpu)->online;
}

u32 sched_active_mask(void)
{
	u32 m = 0;
	unsigned int cpu;

	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (cpu_active(cpu))
			m |= 1u << cpu;
	return m;
}

bool task_allowed_on(const struct task_struct *p, unsigned int cpu)
{
	return (p->cpus_allowed >> cpu) & 1u;
}

bool sched_cpu_busy(unsigned int cpu)
{
	return cpu_rq(cpu)->nr_running > 0;
}

/* Models resched_curr(): set TIF_NEED_RESCHED; a remote CPU gets an IPI
 * (an idle one in WFI wakes on it). */
void resched_curr(struct rq *rq)
{
	if (rq->need_resched)
		return;
	rq->need_resched = true;
	if (rq->cpu != smp_processor_id())
		smp_send_ipi(rq->cpu, IPI_RESCHEDULE);
}

/* Models resched_cpu(): the workqueue wakes a kworker, which runs ahead of
 * tasks in this model (kworkers are not tasks, see workqueue.c). */
void resched_cpu(unsigned int cpu)
{
	struct rq *rq = cpu_rq(cpu);

	rq->need_resched = true;
	if (cpu != smp_processor_id())
		smp_send_ipi(cpu, IPI_RESCHEDULE);
}

/* Sorted insertion: p goes after every task that is not after it, so equal
 * keys keep FIFO order. */
void task_list_insert(struct task_struct **head, struct task_struct *p,
		      bool (*before)(const struct task_struct *a, const struct task_struct *b))
{
	while (*head && !before(p, *head))
		head = &(*head)->run_next;
	p->run_next = *head;
	*head = p;
}

void task_list_remove(struct task_struct **head, struct task_struct *p)
{
	while (*head && *head != p)
		head = &(*head)->run_next;
	if (*head)
		*head = p->run_next;
	p->run_next = NULL;
}

struct task_struct *task_list_pop(struct task_struct **head)
{
	struct task_struct *p = *head;

	if (p) {
		*head = p->run_next;
		p->run_next = NULL;
	}
	return p;
}

u64 update_curr_common(struct rq *rq, const struct sched_class *c)
{
	struct task_struct *curr = rq->curr;
	u64 delta;

	if (!curr || curr->sched_class != c)
		return 0;
	delta = rq->clock > curr->se.exec_start ? rq->clock - curr->se.exec_start : 0;
	curr->se.exec_start = rq->clock;
	curr->se.sum_exec_runtime += delta;
	return delta;
}

/* Models activate_task() -> enqueue_task(). */
void activate_task(struct rq *rq, struct task_struct *p, int flags)
{
	p->sched_class->enqueue_task(rq, p, flags);
	p->on_rq = 1;
	rq->nr_running++;
}

/* Models deactivate_task() -> dequeue_task(). */
void deactivate_task(struct rq *rq, struct task_struct *p, int flags)
{
	p->sched_class->dequeue_task(rq, p, flags);
	p->on_rq = 0;
	rq->nr_running--;
}

static void trace_migrate(struct task_struct *p, unsigned int from, unsigned int to)
{
	trace_event("sched_migrate_task", "comm=%s pid=%d prio=%d orig_cpu=%u dest_cpu=%u",
		    p->comm, p->pid, p->prio, from, to);
	/* v5.10's sched_migrate_task has no reason: under EAS, blsim's own
	 * event says who moved it (energy, wakeup, fork, balance, misfit,
	 * fallback; other: HMP's or affinity's move). */
	if (sched_energy_enabled())
		trace_event("blsim_sched_migrate_reason", "comm=%s pid=%d orig_cpu=%u dest_cpu=%u reason=%s",
			    p->comm, p->pid, from, to, p->migrate_reason ? p->migrate_reason : "other");
	p->migrate_reason = NULL;
}

/* Models set_task_cpu(): the PELT signals follow the task. Both rqs locked. */
static void set_task_cpu(struct task_struct *p, unsigned int cpu)
{
	if (p->cpu == cpu) {
		p->migrate_reason = NULL;
		return;
	}
	trace_migrate(p, p->cpu, cpu);
	if (p->sched_class == &fair_sched_class) {
		pelt_detach(cpu_rq(p->cpu), p);
		pelt_attach(cpu_rq(cpu), p);
		fair_migrate_vruntime(p, cpu_rq(p->cpu), cpu_rq(cpu));
	}
	/* HMP's counters: a move between clusters, whoever decided it. */
	if (hmp_on && cpu_is_big(p->cpu) != cpu_is_big(cpu)) {
		if (cpu_is_big(cpu))
			p->stats.up_migrations++;
		else
			p->stats.down_migrations++;
	}
	p->cpu = cpu;
	p->stats.migrations++;
}

/* Models move_queued_task(): both rqs locked, p queued and not running. */
void move_queued_task(struct rq *src, struct rq *dst, struct task_struct *p)
{
	deactivate_task(src, p, 0);
	set_task_cpu(p, dst->cpu);
	activate_task(dst, p, ENQUEUE_MIGRATED);
	if (!dst->curr)
		resched_curr(dst);
	else
		p->sched_class->check_preempt_curr(dst, p);
}

/* Models select_fallback_rq(): an allowed active CPU, or (affinity broken,
 * as upstream does when every allowed CPU went away) any active one. */
static unsigned int select_fallback_rq(struct task_struct *p)
{
	u32 active = sched_active_mask();
	u32 ok = active & p->cpus_allowed;

	p->migrate_reason = "fallback";
	if (!ok) {
		pr_warn("sched: %s[%d]: no allowed CPU is online, affinity broken\n", p->comm, p->pid);
		p->cpus_allowed = active;
		ok = active;
	}
	return (unsigned int)__builtin_ctz(ok ? ok : 1u);
}

/* Models select_task_rq(): the class's choice, checked. */
static unsigned int select_task_rq(struct task_struct *p, bool new_task)
{
	int cpu = p->sched_class->select_task_rq(p, (int)p->cpu, new_task);

	if (cpu < 0 || !cpu_active((unsigned int)cpu) || !task_allowed_on(p, (unsigned int)cpu))
		cpu = (int)select_fallback_rq(p);
	/* Placements per cluster (stats.json tasks[].placements). */
	p->stats.placements[MPIDR_AFFINITY_LEVEL(cpu_logical_map((unsigned int)cpu), 1) & 3]++;
	return (unsigned int)cpu;
}

/* Models ttwu_do_activate(): enqueue on cpu and maybe preempt its task.
 * IRQs off; takes the locks. */
static void ttwu_queue(struct task_struct *p, unsigned int cpu, int flags)
{
	struct rq *src = cpu_rq(p->cpu), *dst = cpu_rq(cpu);

	double_rq_lock(src, dst);
	set_task_cpu(p, cpu);
	update_rq_clock(dst);
	p->state = TASK_RUNNING;
	if (flags & ENQUEUE_WAKEUP)
		p->wake_ns = dst->clock;      /* sched_wakeup_new is not a wake-up */
	activate_task(dst, p, flags);
	if (!dst->curr)
		resched_curr(dst);     /* wake an idle CPU */
	else
		p->sched_class->check_preempt_curr(dst, p);
	double_rq_unlock(src, dst);
}

/* Models try_to_wake_up(). */
int wake_up_process(struct task_struct *p)
{
	unsigned long flags = arch_local_irq_save();
	struct rq *rq = cpu_rq(p->cpu);
	unsigned int cpu;

	arch_spin_lock(&rq->lock);
	if (p->state == TASK_RUNNING || p->state == TASK_DEAD) {
		arch_spin_unlock(&rq->lock);
		arch_local_irq_restore(flags);
		return 0;
	}
	if (p->on_rq) {
		/* ttwu_runnable(): it is still queued on its CPU, which has not yet
		 * got round to dequeuing it: it just keeps running. */
		p->state = TASK_RUNNING;
		p->stats.wakeups++;
		arch_spin_unlock(&rq->lock);
		arch_local_irq_restore(flags);
		return 1;
	}
	arch_spin_unlock(&rq->lock);
	hw_run(SCHED_COST_WAKEUP, HW_WORK_KERNEL);
	cpu = select_task_rq(p, false);
	trace_event("sched_waking", "comm=%s pid=%d prio=%d target_cpu=%03u",
		    p->comm, p->pid, p->prio, cpu);
	ttwu_queue(p, cpu, ENQUEUE_WAKEUP);
	p->stats.wakeups++;
	trace_event("sched_wakeup", "comm=%s pid=%d prio=%d target_cpu=%03u",
		    p->comm, p->pid, p->prio, cpu);
	arch_local_irq_restore(flags);
	return 1;
}

/* Models __setscheduler_params() + __setscheduler_prio(). */
static void set_sched_params(struct task_struct *p, unsigned int policy, int nice_or_rtprio,
			     u64 dl_runtime, u64 dl_deadline, u64 dl_period)
{
	p->policy = policy;
	p->rt_priority = 0;
	p->static_prio = DEFAULT_PRIO;
	switch (policy) {
	case SCHED_DEADLINE:
		p->prio = MAX_DL_PRIO - 1;
		p->dl.dl_runtime = dl_runtime;
		p->dl.dl_deadline = dl_deadline;
		p->dl.dl_period = dl_period;
		p->sched_class = &dl_sched_class;
		dl_task_setup(p);
		break;
	case SCHED_FIFO:
	case SCHED_RR:
		p->rt_priority = (unsigned int)nice_or_rtprio;
		p->prio = MAX_RT_PRIO - 1 - nice_or_rtprio;
		p->rt.time_slice = 100000000ull;   /* sched_rr_timeslice: 100 ms */
		p->sched_class = &rt_sched_class;
		break;
	case SCHED_IDLE:
		p->static_prio = NICE_TO_PRIO(19);
		p->prio = p->static_prio;
		p->se.weight = 3;                  /* WEIGHT_IDLEPRIO */
		p->sched_class = &fair_sched_class;
		break;
	default:
		p->static_prio = NICE_TO_PRIO(nice_or_rtprio);
		p->prio = p->static_prio;
		p->se.weight = sched_prio_to_weight[p->static_prio - MAX_RT_PRIO];
		p->sched_class = &fair_sched_class;
		break;
	}
	p->normal_prio = p->prio;
}

/* Models copy_process() + sched_fork() + wake_up_new_task(). */
struct task_struct *sched_create_task(const char *comm, const struct task_ops *ops, void *user,
				      unsigned int policy, int nice_or_rtprio,
				      u64 dl_runtime, u64 dl_deadline, u64 dl_period,
				      u32 cpus_allowed)
{
	struct task_struct *p = calloc(1, sizeof(*p));
	unsigned long flags;
	unsigned int cpu;

	if (!p)
		hw_panic("sched: out of memory for a task");
	p->pid = next_pid++;
	strncpy(p->comm, comm, TASK_COMM_LEN - 1);
	p->ops = ops;
	p->user = user;
	p->cpus_allowed = cpus_allowed ? cpus_allowed : (1u << nr_cpu_ids) - 1;
	p->cpu = smp_processor_id();
	p->state = TASK_RUNNING;
	p->stats.wakeup_lat_min = U64_MAX;
	p->uclamp_min = 0;
	p->uclamp_max = SCHED_CAPACITY_SCALE;
	set_sched_params(p, policy, nice_or_rtprio, dl_runtime, dl_deadline, dl_period);
	/* init_entity_runnable_average(): a new task starts half busy, so that
	 * it is neither ignored nor sent to a big CPU on its first wake-up. */
	p->se.avg.util_avg = 0;
	p->se.avg.runnable_avg = SCHED_CAPACITY_SCALE / 2;
	p->se.avg.runnable_sum = (u64)p->se.avg.runnable_avg * 47742 / SCHED_CAPACITY_SCALE;
	p->se.avg.last_update_time = ktime_get_ns();
	*all_tail = p;
	all_tail = &p->next_task;

	flags = arch_local_irq_save();
	cpu = select_task_rq(p, true);
	p->state = TASK_INTERRUPTIBLE;   /* not yet runnable: ttwu_queue makes it */
	ttwu_queue(p, cpu, ENQUEUE_INITIAL);
	trace_event("sched_wakeup_new", "comm=%s pid=%d prio=%d target_cpu=%03u",
		    p->comm, p->pid, p->prio, cpu);
	arch_local_irq_restore(flags);
	return p;
}

/* Requeue p in its new class; p is queued or blocked, not running. */
static void apply_sched_params(struct rq *rq, struct task_struct *p, unsigned int policy,
			       int nice_or_rtprio, u64 dl_runtime, u64 dl_deadline, u64 dl_period)
{
	bool queued = p->on_rq;

	if (queued)
		deactivate_task(rq, p, 0);
	set_sched_params(p, policy, nice_or_rtprio, dl_runtime, dl_deadline, dl_period);
	if (queued) {
		activate_task(rq, p, 0);
		if (rq->curr)
			p->sched_class->check_preempt_curr(rq, p);
	}
}

/* Models sched_setattr_nocheck() / sched_setattr(). On the running task the
 * change lands at its next schedule point, which is forced now (upstream
 * requeues it in place: same effect at the next pick). */
int sched_setattr_nocheck(struct task_struct *p, unsigned int policy, int nice_or_rtprio,
		       u64 dl_runtime, u64 dl_deadline, u64 dl_period)
{
	struct rq *rq = cpu_rq(p->cpu);
	unsigned long flags;

	if (policy == SCHED_DEADLINE && (!dl_runtime || dl_runtime > dl_deadline ||
					 dl_deadline > dl_period))
		return -EINVAL;
	flags = rq_lock_irqsave(rq);
	if (p->on_cpu) {
		p->pending_attr.set = true;
		p->pending_attr.policy = policy;
		p->pending_attr.prio = nice_or_rtprio;
		p->pending_attr.dl_runtime = dl_runtime;
		p->pending_attr.dl_deadline = dl_deadline;
		p->pending_attr.dl_period = dl_period;
		rq->need_resched = true;
	} else {
		apply_sched_params(rq, p, policy, nice_or_rtprio, dl_runtime, dl_deadline, dl_period);
	}
	rq_unlock_irqrestore(rq, flags);
	return 0;
}

/* Models __sched_setscheduler()'s uclamp part (__setscheduler_uclamp). */
int sched_set_uclamp(struct task_struct *p, int util_min, int util_max)
{
	unsigned int mn = util_min >= 0 ? (unsigned int)util_min : p->uclamp_min;
	unsigned int mx = util_max >= 0 ? (unsigned int)util_max : p->uclamp_max;

	if (mn > SCHED_CAPACITY_SCALE || mx > SCHED_CAPACITY_SCALE || mn > mx)
		return -EINVAL;
	p->uclamp_min = mn;
	p->uclamp_max = mx;
	return 0;
}

/* Models uclamp_rq_util_with(): the CPU's clamps are the highest of its
 * runnable tasks' (max aggregation, as the rq's uclamp buckets give). */
static unsigned long uclamp_rq_util(struct rq *rq, unsigned long util)
{
	unsigned int lo = 0, hi = 0;
	const struct task_struct *lists[] = {rq->cfs.head, rq->rt.head, rq->dl.head, rq->curr};
	unsigned int i;
	bool any = false;

	for (i = 0; i < ARRAY_SIZE(lists); i++) {
		const struct task_struct *p;

		for (p = lists[i]; p; p = i == 3 ? NULL : p->run_next) {
			lo = max(lo, p->uclamp_min);
			hi = max(hi, p->uclamp_max);
			any = true;
		}
	}
	if (!any)
		return util;    /* idle: no clamp (the blocked utilisation decays) */
	if (util < lo)
		util = lo;
	if (util > hi)
		util = hi;
	return util;
}

/* Models __set_cpus_allowed_ptr(): a running or queued task on a CPU it
 * may no longer use moves at its next schedule point. */
int set_cpus_allowed_ptr(struct task_struct *p, u32 mask)
{
	mask &= (1u << nr_cpu_ids) - 1;
	if (!mask)
		return -EINVAL;
	p->cpus_allowed = mask;
	if (!task_allowed_on(p, p->cpu) && p->on_rq)
		resched_curr(cpu_rq(p->cpu));
	return 0;
}

/* Models set_current_state(state) + schedule() from a blocking call. */
void sched_block_current(long state)
{
	struct task_struct *p = current;
	struct rq *rq = this_rq();

	if (!p)
		hw_panic("sched: blocking outside a task");
	if (state == TASK_RUNNING) {
		/* sched_yield(): do_sched_yield(). */
		unsigned long flags = rq_lock_irqsave(rq);

		if (p->sched_class->yield_task)
			p->sched_class->yield_task(rq);
		rq_unlock_irqrestore(rq, flags);
	} else {
		p->state = state;
	}
	rq->need_resched = true;
}

static void sleep_timer_fn(struct hrtimer *t)
{
	wake_up_process(container_of(t, struct task_struct, sleep_timer));
}

/* Models schedule_hrtimeout_range(HRTIMER_MODE_ABS): the timer is armed on
 * the sleeping CPU and wakes the task wherever it is to run next. */
void sched_sleep_until(u64 expires_ns)
{
	struct task_struct *p = current;

	p->sleep_timer.function = sleep_timer_fn;
	p->sleep_timer_cpu = smp_processor_id();
	sched_block_current(TASK_INTERRUPTIBLE);
	hrtimer_start(&p->sleep_timer, expires_ns);
}

void sched_exit_current(void)
{
	struct task_struct *p = current;

	if (p)
		p->state = TASK_DEAD;
	this_rq()->need_resched = true;
}

/* Models scheduler_ipi(). */
void scheduler_ipi(void)
{
	this_rq()->need_resched = true;
}

/* Models scheduler_tick(): account the running task, let its class preempt
 * it, and trigger the periodic load balance. */
void scheduler_tick(void)
{
	struct rq *rq = this_rq();
	struct task_struct *p;

	if (!sched_smp_ready)
		return;
	arch_spin_lock(&rq->lock);
	update_rq_clock(rq);
	p = rq->curr;
	if (p)
		p->sched_class->task_tick(rq, p);
	update_cfs_rq_pelt(rq, rq->clock, p && p->sched_class == &fair_sched_class);
	arch_spin_unlock(&rq->lock);
	if (p)
		hw_run(SCHED_COST_TICK, HW_WORK_KERNEL);
	if (rq->clock >= rq->next_balance) {
		rq->next_balance = rq->clock + TICK_NSEC;
		fair_balance_tick(rq);       /* trigger_load_balance -> rebalance_domains */
		if (hmp_on)
			hmp_tick(rq);
	}
}

/* Models pick_next_task(): the highest class with a task. rq locked. */
static struct task_struct *pick_next_task(struct rq *rq)
{
	const struct sched_class *class;

	for (class = &dl_sched_class; class; class = class->next) {
		struct task_struct *p = class->pick_next_task(rq);

		if (p)
			return p;
	}
	return NULL;
}

static const char *prev_state_str(const struct task_struct *p, bool preempted)
{
	if (p->state == TASK_DEAD)
		return "X";
	if (p->state != TASK_RUNNING)
		return "S";
	return preempted ? "R+" : "R";
}

/* The comm of cpu's idle task, which this model has no task_struct for:
 * named once per CPU, as init_idle() names the real one, not at every
 * switch to or from idle (an snprintf each, ~25k a minute of mp3-short,
 * paid even when no tracer keeps the line). */
static const char *idle_comm(unsigned int cpu)
{
	static char comm[NR_CPUS][TASK_COMM_LEN];

	if (!comm[cpu][0])
		snprintf(comm[cpu], TASK_COMM_LEN, "swapper/%u", cpu);
	return comm[cpu];
}

/* The sched_switch line and the CONTEXTIDR write (PID_IN_CONTEXTIDR) when a
 * CPU changes task; the energy meters attribute core energy by it. */
static void trace_switch(unsigned int cpu, struct task_struct *next)
{
	struct task_struct *prev = last_task[cpu];
	const char *idle;

	if (prev == next)
		return;
	idle = idle_comm(cpu);
	/* Emitted in prev's context, as __schedule's tracepoint is. */
	hw_trace_event(cpu, prev ? prev->comm : "<idle>", prev ? prev->pid : 0, "sched_switch",
		    "prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%s ==> next_comm=%s next_pid=%d next_prio=%d",
		    prev ? prev->comm : idle, prev ? prev->pid : 0, prev ? prev->prio : 120,
		    prev ? last_state[cpu] : "R", next ? next->comm : idle,
		    next ? next->pid : 0, next ? next->prio : 120);
	/* __schedule's switch_count: only when prev != next. */
	if (prev && last_state[cpu][0] != 'R')
		prev->stats.nvcsw++;
	else if (prev)
		prev->stats.nivcsw++;
	last_task[cpu] = next;
	hw_write_contextidr(next ? (u32)next->pid : 0);
	cpu_rq(cpu)->nr_switches++;
}

/* The task stops running: back on its list, dequeued if it blocked or
 * exited, or moved if HMP or its affinity asks. rq locked. */
static void put_prev(struct rq *rq, struct task_struct *p)
{
	unsigned int cpu = rq->cpu;
	bool preempted = p->state == TASK_RUNNING;

	update_rq_clock(rq);
	if (p->sched_class->update_curr)
		p->sched_class->update_curr(rq);
	update_cfs_rq_pelt(rq, rq->clock, p->sched_class == &fair_sched_class);
	p->sched_class->put_prev_task(rq, p);
	p->on_cpu = 0;
	rq->curr = NULL;
	last_state[cpu] = prev_state_str(p, preempted);
	if (!preempted) {
		if (p->on_rq)
			deactivate_task(rq, p, DEQUEUE_SLEEP);
		if (p->state == TASK_DEAD)
			update_task_pelt(p, rq->clock, cpu, false, false);
	}
	if (p->pending_attr.set) {
		p->pending_attr.set = false;
		apply_sched_params(rq, p, p->pending_attr.policy, p->pending_attr.prio,
				   p->pending_attr.dl_runtime, p->pending_attr.dl_deadline,
				   p->pending_attr.dl_period);
	}
}

/* A runnable task that may not stay here (affinity, HMP up-migration)
 * moves before the CPU picks again. rq locked, IRQs off. */
static void migrate_if_needed(struct rq *rq, struct task_struct *p, int want)
{
	unsigned int dst;

	if (!p->on_rq || p->state != TASK_RUNNING)
		return;
	if (want >= 0 && cpu_active((unsigned int)want) && task_allowed_on(p, (unsigned int)want))
		dst = (unsigned int)want;
	else if (!task_allowed_on(p, rq->cpu) || !cpu_active(rq->cpu))
		dst = select_fallback_rq(p);
	else
		return;
	if (dst == rq->cpu)
		return;
	arch_spin_unlock(&rq->lock);
	double_rq_lock(rq, cpu_rq(dst));
	if (p->on_rq && !p->on_cpu && p->cpu == rq->cpu)
		move_queued_task(rq, cpu_rq(dst), p);
	double_rq_unlock(rq, cpu_rq(dst));
	arch_spin_lock(&rq->lock);
}

/* HMP's forced migration target for the running task, set by hmp_tick(). */
int sched_migrate_target[NR_CPUS] = {-1, -1, -1, -1, -1, -1, -1, -1};

/* Keeps one wake-up latency sample for stats.json's percentiles (blsim's
 * bookkeeping, not the kernel's: no time is charged for it). A sample that
 * finds no memory is left out of the percentiles, not of min/avg/max. */
static void keep_wakeup_lat(struct task_stats *st, u64 lat)
{
	if (st->wakeup_lat_kept == st->wakeup_lat_cap) {
		u64 cap = st->wakeup_lat_cap ? 2 * st->wakeup_lat_cap : 64;
		u64 *grown = realloc(st->wakeup_lat, (size_t)cap * sizeof *grown);

		if (!grown)
			return;
		st->wakeup_lat = grown;
		st->wakeup_lat_cap = cap;
	}
	st->wakeup_lat[st->wakeup_lat_kept++] = lat;
}

/* Models __schedule() for ever, with do_idle() as the idle task. */
void schedule_loop(void (*idle)(void))
{
	for (;;) {
		unsigned int cpu = smp_processor_id();
		struct rq *rq = cpu_rq(cpu);
		struct task_struct *p;
		unsigned long flags;

		if (rq->online && kthread_run_pending())
			continue;   /* a woken kthread (the switcher's) runs first */
		if (work_pending_here() || !rq->online) {
			idle();     /* kworkers and hotplug run from the idle loop */
			continue;
		}
		flags = rq_lock_irqsave(rq);
		rq->need_resched = false;
		update_rq_clock(rq);
		/* The CPU's signal up to now: nothing fair ran since put_prev. */
		update_cfs_rq_pelt(rq, rq->clock, false);
		p = pick_next_task(rq);
		if (p) {
			rq->curr = p;
			p->on_cpu = 1;
			p->se.exec_start = rq->clock;
			p->se.prev_sum_exec_runtime = p->se.sum_exec_runtime;
			if (p->wake_ns) {
				u64 lat = rq->clock - p->wake_ns;

				p->stats.wakeup_lat_n++;
				p->stats.wakeup_lat_sum += lat;
				if (lat < p->stats.wakeup_lat_min)
					p->stats.wakeup_lat_min = lat;
				if (lat > p->stats.wakeup_lat_max)
					p->stats.wakeup_lat_max = lat;
				keep_wakeup_lat(&p->stats, lat);
				p->wake_ns = 0;
			}
		}
		rq_unlock_irqrestore(rq, flags);
		if (!p) {
			fair_newidle_balance(rq);
			if (rq->nr_running)
				continue;
			trace_switch(cpu, NULL);
			idle();
			continue;
		}
		trace_switch(cpu, p);
		hw_run(SCHED_COST_SWITCH, HW_WORK_KERNEL);
		if (!rq->need_resched)
			p->ops->run(p);
		/* The body may have moved with its CPU (the switcher): same
		 * logical CPU, so the same rq. */
		flags = rq_lock_irqsave(rq);
		put_prev(rq, p);
		migrate_if_needed(rq, p, sched_migrate_target[cpu]);
		sched_migrate_target[cpu] = -1;
		rq_unlock_irqrestore(rq, flags);
	}
}

/* The longest a task queued (runnable, not running) on cpu's runqueue has
 * waited since max(since_ns, its wake-up): what a kthread that ran from
 * since_ns until now cost the tasks. */
u64 sched_longest_wait(unsigned int cpu, u64 since_ns)
{
	u64 now = ktime_get_ns(), longest = 0;
	struct task_struct *p;

	for (p = all_tasks; p; p = p->next_task) {
		u64 from = p->wake_ns > since_ns ? p->wake_ns : since_ns;
		u64 fired = p->sleep_timer.expires_ns;

		/* Woken by its timer late (the timer IRQ held off while IRQs
		 * were off): it was due when the timer fired. */
		if (p->wake_ns && fired >= since_ns && fired < from)
			from = fired;

		if (p->cpu != cpu || !p->on_rq || p->on_cpu || p->state != TASK_RUNNING)
			continue;
		if (now > from && now - from > longest)
			longest = now - from;
	}
	return longest;
}

/* Models sched_cpu_dying() -> migrate_tasks(): on the dying CPU, from its
 * idle loop (nothing runs here any more), every queued task and the
 * CPU's timers go to the first active CPU. */
void sched_cpu_dying(unsigned int cpu)
{
	struct rq *rq = cpu_rq(cpu);
	unsigned long flags = arch_local_irq_save();

	rq->online = false;
	for (;;) {
		struct task_struct *p = NULL;
		const struct sched_class *class;
		unsigned int dst;

		arch_spin_lock(&rq->lock);
		for (class = &dl_sched_class; class && !p; class = class->next)
			p = class->pick_next_task(rq);
		if (p)
			p->sched_class->put_prev_task(rq, p);   /* back on its list */
		arch_spin_unlock(&rq->lock);
		if (!p)
			break;
		dst = select_fallback_rq(p);
		double_rq_lock(rq, cpu_rq(dst));
		move_queued_task(rq, cpu_rq(dst), p);
		double_rq_unlock(rq, cpu_rq(dst));
	}
	trace_switch(cpu, NULL);
	arch_local_irq_restore(flags);
	{
		u32 active = sched_active_mask();

		if (active)
			hrtimers_migrate_to((unsigned int)__builtin_ctz(active));
	}
}

/* Models sched_cpu_activate(). */
void sched_cpu_activate(unsigned int cpu)
{
	cpu_rq(cpu)->online = true;
}

/* Models sched_init(). */
void sched_init(void)
{
	unsigned int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		struct rq *rq = cpu_rq(cpu);

		memset(rq, 0, sizeof(*rq));
		rq->cpu = cpu;
		init_cfs_rq(&rq->cfs);
	}
	pelt_init();
	cpu_rq(0)->online = true;
}

static unsigned long sched_util_cb(unsigned int cpu)
{
	return sched_cpu_util_avg(cpu);
}

/* Models sched_init_smp(). */
void sched_init_smp(bool hmp)
{
	hmp_on = hmp;
	sched_smp_ready = true;
	sched_cpu_util = sched_util_cb;
	sched_cpu_capacity = arch_scale_cpu_capacity;
	if (hmp)
		pr_info("sched: HMP up/down migration between the clusters\n");
}

struct task_struct *sched_first_task(void)
{
	return all_tasks;
}

/* Models cpu_util_cfs(): the fair utilisation, at most the capacity. */
unsigned long sched_cpu_util_avg(unsigned int cpu)
{
	struct rq *rq = cpu_rq(cpu);
	unsigned long cap = arch_scale_cpu_capacity(cpu);
	unsigned long util;

	if (sched_smp_ready && cpu == smp_processor_id()) {
		unsigned long flags = rq_lock_irqsave(rq);

		update_rq_clock(rq);
		update_cfs_rq_pelt(rq, rq->clock, rq->curr && rq->curr->sched_class == &fair_sched_class);
		rq_unlock_irqrestore(rq, flags);
	}
	util = rq->cfs.avg.util_avg;
	/* The mainline kernel EAS models (v5.10) has util_est: schedutil sees
	 * the queued tasks' estimates too (cpu_util_cfs). */
	if (sched_energy_enabled())
		util = max(util, rq->cfs.avg.util_est_enqueued);
	util = uclamp_rq_util(rq, util);
	return util < cap ? util : cap;
}

u64 sched_nr_switches(unsigned int cpu)
{
	return cpu < NR_CPUS ? cpu_rq(cpu)->nr_switches : 0;
}

u64 sched_nr_balance_pulls(unsigned int cpu)
{
	return cpu < NR_CPUS ? cpu_rq(cpu)->nr_balance_pulls : 0;
}
