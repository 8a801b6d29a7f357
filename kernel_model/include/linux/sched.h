/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * linux/sched.h - tasks and the scheduler's entry points (include/linux/sched.h,
 * kernel/sched/). The scheduler model is in kernel/sched/: core.c (runqueues,
 * wake-ups, the schedule loop), fair.c (CFS), rt.c, deadline.c, pelt.c and
 * hmp.c (big.LITTLE up/down migration when all cores are visible).
 *
 * A task here is a kernel structure plus a "user" body (struct task_ops):
 * the body runs on the CPU the scheduler gives it, from the CPU's own
 * context, until it blocks, finishes or is told to yield (need_resched).
 * It resumes where it stopped the next time it is picked, so a task needs
 * no stack of its own: it is a state machine driven by schedule().
 */
#ifndef KM_LINUX_SCHED_H
#define KM_LINUX_SCHED_H

#include "linux/kernel.h"
#include "linux/tick.h"

#define TASK_COMM_LEN 16

/* p->state (task_struct::__state upstream). */
#define TASK_RUNNING        0
#define TASK_INTERRUPTIBLE  1
#define TASK_DEAD           64

/* Policies, as in include/uapi/linux/sched.h. */
#define SCHED_NORMAL   0
#define SCHED_FIFO     1
#define SCHED_RR       2
#define SCHED_IDLE     5
#define SCHED_DEADLINE 6

/* Priorities (include/linux/sched/prio.h): 0..99 RT (lower is higher),
 * 100..139 for nice -20..19; deadline tasks are -1. */
#define MAX_RT_PRIO    100
#define MAX_PRIO       140
#define DEFAULT_PRIO   120
#define NICE_TO_PRIO(n) ((n) + DEFAULT_PRIO)
#define MAX_DL_PRIO    0

#define SCHED_CAPACITY_SHIFT 10
#define SCHED_CAPACITY_SCALE (1ul << SCHED_CAPACITY_SHIFT)

/* Per-entity load tracking (include/linux/sched.h struct sched_avg). */
struct sched_avg {
	u64 last_update_time;  /* ns */
	u64 load_sum;          /* runnable time, decayed (load_avg = weight * ratio) */
	u64 runnable_sum;      /* runnable time, decayed, unweighted */
	u64 util_sum;          /* running time, decayed, capacity-invariant */
	u32 period_contrib;    /* us into the current 1024 us period */
	unsigned long load_avg;
	unsigned long runnable_avg;  /* 0..1024: the runnable ratio (HMP's load) */
	unsigned long util_avg;      /* 0..1024 on the biggest CPU at top frequency */
	/* util_est (v5.10, kept under --sched eas only): a task's util_avg
	 * when it last went to sleep and its moving average; a CPU's sum of
	 * its queued tasks' estimates. */
	unsigned long util_est_enqueued, util_est_ewma;
};

struct sched_entity {
	unsigned long weight;   /* from nice: sched_prio_to_weight */
	u64 vruntime;
	u64 exec_start;         /* rq clock when it last started running */
	u64 sum_exec_runtime;
	u64 prev_sum_exec_runtime; /* at the last pick: for the slice check */
	struct sched_avg avg;
};

struct sched_rt_entity {
	u64 time_slice;         /* SCHED_RR: ns left of the slice */
};

struct sched_dl_entity {
	u64 dl_runtime, dl_deadline, dl_period; /* the reservation, ns */
	s64 runtime;            /* ns left in this period */
	u64 deadline;           /* absolute, ns */
	bool dl_throttled;      /* out of runtime until the replenishment */
	struct hrtimer dl_timer;
	unsigned int timer_cpu;
};

struct task_struct;
struct rq;

/* The body of a task (its user-space program). run() executes from where it
 * stopped until the task blocks (it set p->state and armed a wake-up),
 * exits (TASK_DEAD) or need_resched() is true. */
struct task_ops {
	void (*run)(struct task_struct *p);
};

struct task_stats {
	u64 wakeups;                 /* sched_wakeup events */
	u64 nvcsw, nivcsw;           /* voluntary / involuntary context switches */
	u64 migrations;
	u64 wakeup_lat_n, wakeup_lat_sum, wakeup_lat_min, wakeup_lat_max;  /* wake-up -> running, ns */
	u64 *wakeup_lat;             /* every sample, for percentiles (not kernel state) */
	u64 wakeup_lat_kept, wakeup_lat_cap;
	u64 up_migrations, down_migrations;                  /* HMP */
	u64 placements[4];           /* wake-ups placed, by cluster (MPIDR Aff1) */
};

struct task_struct {
	int pid;
	char comm[TASK_COMM_LEN];
	volatile long state;
	int on_rq;              /* queued on a runqueue (or running) */
	int on_cpu;             /* running now on its CPU */
	unsigned int cpu;       /* the runqueue it is (or was last) on */
	int prio, static_prio, normal_prio;
	unsigned int rt_priority;
	unsigned int policy;
	const struct sched_class *sched_class;
	struct sched_entity se;
	struct sched_rt_entity rt;
	struct sched_dl_entity dl;
	u32 cpus_allowed;       /* logical CPUs, a bitmask (cpus_mask) */
	unsigned int uclamp_min, uclamp_max;  /* util clamps, 0..1024 */
	struct task_struct *run_next;  /* the class's runqueue list */
	struct hrtimer sleep_timer;    /* nanosleep's hrtimer_sleeper */
	unsigned int sleep_timer_cpu;
	u64 wake_ns;            /* when it was last woken, for the latency */
	const char *migrate_reason;  /* why its next move happens (EAS trace) */
	const struct task_ops *ops;
	void *user;             /* the body's own data */
	struct task_stats stats;
	struct {                /* sched_setscheduler on the running task */
		bool set;
		unsigned int policy;
		int prio;
		u64 dl_runtime, dl_deadline, dl_period;
	} pending_attr;
	struct task_struct *next_task;  /* all tasks, by pid */
};

/* ---- entry points ---------------------------------------------------------- */

/* Models sched_init(): runqueues for every possible CPU. */
void sched_init(void);
/* Models sched_init_smp(): the scheduler knows the online CPUs from here on;
 * hmp is true when both clusters are visible (no switcher): up/down migration. */
void sched_init_smp(bool hmp);
/* Models copy_process() + sched_fork() + wake_up_new_task(): a new task of
 * the given policy, runnable on `cpus_allowed` (0 = every CPU). */
struct task_struct *sched_create_task(const char *comm, const struct task_ops *ops, void *user,
				      unsigned int policy, int nice_or_rtprio,
				      u64 dl_runtime, u64 dl_deadline, u64 dl_period,
				      u32 cpus_allowed);
/* Models sched_setattr_nocheck() / sched_setattr() on a task (the caller). */
int sched_setattr_nocheck(struct task_struct *p, unsigned int policy, int nice_or_rtprio,
		       u64 dl_runtime, u64 dl_deadline, u64 dl_period);
/* Models sched_setattr() with SCHED_FLAG_UTIL_CLAMP: the task's clamps
 * (-1 = leave as is). 0 or -EINVAL. */
int sched_set_uclamp(struct task_struct *p, int util_min, int util_max);
/* Models sched_setaffinity() -> __set_cpus_allowed_ptr(). 0 or -EINVAL. */
int set_cpus_allowed_ptr(struct task_struct *p, u32 mask);
/* Models try_to_wake_up(): 1 if p was woken, 0 if it was already running. */
int wake_up_process(struct task_struct *p);
/* The calling task gives up the CPU in state `state` (set_current_state +
 * schedule() from a blocking call): the body must return to schedule()
 * right after. TASK_RUNNING = sched_yield(). */
void sched_block_current(long state);
/* Models schedule_hrtimeout(): block until the absolute time expires_ns. */
void sched_sleep_until(u64 expires_ns);
/* Models do_exit(): the calling task ends when its body returns. */
void sched_exit_current(void);

/* Models build_perf_domains() for --sched eas (kernel/sched/topology.c,
 * v5.10): one perf domain per energy-model domain; EAS needs asymmetric
 * capacities, schedutil on every policy and an energy model for every
 * CPU. 0, or -EINVAL with a pr_err saying which is missing. After
 * sched_init_smp(false) and cpufreq's registration. */
int sched_energy_init(void);

/* The task running on this CPU, or NULL for idle (current). */
struct task_struct *get_current(void);
#define current get_current()
/* Models need_resched() / TIF_NEED_RESCHED of this CPU. */
bool need_resched(void);

/* Models scheduler_tick(): from the periodic tick on every CPU. */
void scheduler_tick(void);
/* Models scheduler_ipi(): the IPI_RESCHEDULE handler. */
void scheduler_ipi(void);
/* Models __schedule() in a loop with the idle task: what a CPU runs for
 * ever once it is up (do_idle when nothing is runnable). */
void schedule_loop(void (*idle)(void));
/* Hotplug: models sched_cpu_dying()/migrate_tasks(): move every task off
 * the dying CPU (called on it, before it goes offline). */
void sched_cpu_dying(unsigned int cpu);
/* Models sched_cpu_activate(): the CPU takes tasks again. */
void sched_cpu_activate(unsigned int cpu);
/* This CPU has runnable tasks (for the tick on idle exit). */
bool sched_cpu_busy(unsigned int cpu);

/* ---- capacity (drivers/base/arch_topology.c) ----------------------------- */

/* arch_scale_cpu_capacity(): capacity of a logical CPU at its top frequency. */
unsigned long arch_scale_cpu_capacity(unsigned int cpu);
/* arch_scale_freq_capacity(): current / top frequency of its policy, 0..1024. */
unsigned long arch_scale_freq_capacity(unsigned int cpu);
/* Models topology_parse_cpu_capacity() + topology_normalize_cpu_scale(). */
void topology_init_cpu_capacity(const void *fdt);
/* The capacity-dmips-mhz of the physical core a logical CPU runs on. */
unsigned long topology_core_dmips(unsigned int cpu);

/* ---- for the statistics after the run ------------------------------------- */

struct task_struct *sched_first_task(void);
unsigned long sched_cpu_util_avg(unsigned int cpu);
/* Context switches and idle-pulls per CPU, for stats.json. */
u64 sched_nr_switches(unsigned int cpu);
u64 sched_nr_balance_pulls(unsigned int cpu);

#endif
