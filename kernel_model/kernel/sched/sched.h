/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kernel/sched/sched.h - the runqueue and the scheduling classes
 * (kernel/sched/sched.h), shared by core.c and the class files.
 *
 * Simplification: each class keeps its runnable tasks in one sorted list
 * (by vruntime, priority or deadline) instead of an rbtree or priority
 * array: the workloads have tens of tasks, and the order of picks is the
 * same.
 */
#ifndef KM_KERNEL_SCHED_SCHED_H
#define KM_KERNEL_SCHED_SCHED_H

#include "asm/spinlock.h"
#include "linux/sched.h"
#include "linux/smp.h"

/* Enqueue / dequeue flags (kernel/sched/sched.h). */
#define ENQUEUE_WAKEUP  0x01
#define ENQUEUE_MIGRATED 0x02
#define ENQUEUE_INITIAL 0x04   /* a new task: START_DEBIT placement */
#define DEQUEUE_SLEEP   0x01

struct cfs_rq {
	struct task_struct *head;   /* sorted by vruntime; curr is not in it */
	unsigned int nr_running;    /* including curr if it is fair */
	unsigned long load_weight;  /* sum of the queued weights (incl. curr) */
	u64 min_vruntime;
	struct sched_avg avg;       /* the CPU's fair utilisation (sum of its tasks') */
};

struct rt_rq {
	struct task_struct *head;   /* sorted by prio, FIFO within a prio */
	unsigned int rt_nr_running;
};

struct dl_rq {
	struct task_struct *head;   /* sorted by absolute deadline */
	unsigned int dl_nr_running;
};

struct rq {
	arch_spinlock_t lock;
	unsigned int cpu;
	bool online;
	volatile bool need_resched;
	unsigned int nr_running;
	struct task_struct *curr;   /* NULL: idle */
	struct cfs_rq cfs;
	struct dl_rq dl;
	struct rt_rq rt;
	u64 clock;                  /* ns, updated under the lock */
	u64 next_balance;           /* ns */
	u64 nr_switches;
	u64 nr_balance_pulls;
	/* EAS (v5.10 rq->misfit_task_load): the running fair task does not
	 * fit this CPU's capacity (0: it does, or nothing runs). */
	unsigned long misfit_task_load;
};

struct sched_class {
	const char *name;
	/* The list operations; fl carries ENQUEUE_* / DEQUEUE_* bits. */
	void (*enqueue_task)(struct rq *q, struct task_struct *t, int fl);
	void (*dequeue_task)(struct rq *q, struct task_struct *t, int fl);
	/* t has just been queued on q: does q's running task have to yield? */
	void (*check_preempt_curr)(struct rq *q, struct task_struct *t);
	/* Detach the head of the class's list as the new curr, or NULL. */
	struct task_struct *(*pick_next_task)(struct rq *q);
	/* The outgoing curr t returns to the list when it is still runnable. */
	void (*put_prev_task)(struct rq *q, struct task_struct *t);
	void (*task_tick)(struct rq *q, struct task_struct *t);
	/* Target CPU for t on wake-up or fork (fresh != false). */
	int (*select_task_rq)(struct task_struct *t, int last_cpu, bool fresh);
	void (*update_curr)(struct rq *q);
	void (*yield_task)(struct rq *q);
	const struct sched_class *next;
};

extern const struct sched_class dl_sched_class, rt_sched_class, fair_sched_class;
extern struct rq runqueues[NR_CPUS];
#define cpu_rq(cpu) (&runqueues[(cpu)])
#define this_rq() cpu_rq(smp_processor_id())

/* Locking: irqs off, then the rq's ticket lock (raw_spin_rq_lock_irqsave).
 * Two runqueues are always taken in CPU order (double_rq_lock). */
unsigned long rq_lock_irqsave(struct rq *rq);
void rq_unlock_irqrestore(struct rq *rq, unsigned long flags);
void double_rq_lock(struct rq *a, struct rq *b);
void double_rq_unlock(struct rq *a, struct rq *b);

void update_rq_clock(struct rq *rq);
void resched_curr(struct rq *rq);
/* Queue / unqueue through the task's class and keep nr_running. */
void activate_task(struct rq *q, struct task_struct *t, int fl);
void deactivate_task(struct rq *q, struct task_struct *t, int fl);
/* Move a queued, not running task from its rq to dst (both locked). */
void move_queued_task(struct rq *src, struct rq *dst, struct task_struct *p);
bool task_allowed_on(const struct task_struct *p, unsigned int cpu);
bool cpu_active(unsigned int cpu);
/* The number of logical CPUs the scheduler may use (cpu_active_mask). */
u32 sched_active_mask(void);
bool sched_hmp_enabled(void);

static inline bool task_has_rt_policy(const struct task_struct *p)
{
	return p->policy == SCHED_FIFO || p->policy == SCHED_RR;
}
static inline bool task_has_dl_policy(const struct task_struct *p)
{
	return p->policy == SCHED_DEADLINE;
}

/* Sorted-list helpers shared by the classes. */
void task_list_insert(struct task_struct **head, struct task_struct *p,
		      bool (*before)(const struct task_struct *a, const struct task_struct *b));
void task_list_remove(struct task_struct **head, struct task_struct *p);
/* Take the first task off a list (pick_next_task of every class). */
struct task_struct *task_list_pop(struct task_struct **head);
/* Models update_curr_common(): charge rq->curr the time since exec_start;
 * returns it (0 if rq->curr is not of class c). rq locked, clock updated. */
u64 update_curr_common(struct rq *rq, const struct sched_class *c);

/* fair.c */
extern const unsigned long sched_prio_to_weight[40];
void init_cfs_rq(struct cfs_rq *cfs);
void fair_balance_tick(struct rq *rq);
void fair_newidle_balance(struct rq *rq);
void fair_migrate_vruntime(struct task_struct *p, struct rq *src, struct rq *dst);
/* fair.c: Energy Aware Scheduling (--sched eas). */
bool sched_energy_enabled(void);
/* pelt.c */
void pelt_init(void);
unsigned long pelt_util_at(const struct sched_avg *sa, u64 now);
/* Models update_load_avg() for a task: running / runnable since the last
 * update on cpu. */
void update_task_pelt(struct task_struct *p, u64 now, unsigned int cpu, bool runnable, bool running);
/* Models update_cfs_rq_load_avg(): the rq's own signal, running = a fair
 * task ran since the last update. */
void update_cfs_rq_pelt(struct rq *rq, u64 now, bool running);
void pelt_attach(struct rq *q, struct task_struct *t);
void pelt_detach(struct rq *q, struct task_struct *t);
/* deadline.c */
void dl_task_setup(struct task_struct *p);
/* hmp.c */
/* Models hmp_select_task_rq_fair(): the cluster a waking fair task should
 * run on, as a CPU mask (0 = no HMP decision). */
u32 hmp_select_domain(struct task_struct *p, unsigned int prev_cpu);
/* Models hmp_force_up_migration() from the tick: a fair task running on a
 * LITTLE CPU above the up threshold moves to an idle big CPU. */
void hmp_tick(struct rq *rq);
/* Where the running task of each CPU must go at its next schedule point
 * (the stopper's active migration), -1: nowhere. */
extern int sched_migrate_target[NR_CPUS];
void resched_cpu(unsigned int cpu);
u64 sched_longest_wait(unsigned int cpu, u64 since_ns);
bool cpu_is_big(unsigned int cpu);

#endif
