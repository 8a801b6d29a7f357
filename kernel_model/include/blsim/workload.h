/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * blsim/workload.h - a loaded rt-app workload, as plain C11 data.
 *
 * sim/workload/rtapp_loader.cc fills a struct wl_program from an rt-app JSON
 * file (the grammar of rt-app's doc/tutorial.txt, see docs/workloads.md); the
 * simulated scheduler in kernel_model/ executes it. Everything here is owned
 * by the program and released by wl_program_free(); nothing points outside.
 *
 * Units: every time is in nanoseconds (rt-app writes microseconds; the loader
 * multiplies by 1000). Sizes are in bytes. Indices are 0-based; -1 = none.
 */
#ifndef BLSIM_WORKLOAD_H
#define BLSIM_WORKLOAD_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

enum wl_policy {
	WL_SCHED_OTHER = 0,
	WL_SCHED_IDLE,
	WL_SCHED_FIFO,
	WL_SCHED_RR,
	WL_SCHED_DEADLINE
};

/* Scheduling parameters: a task's initial ones, or a phase's changes. */
struct wl_sched {
	enum wl_policy policy;
	int priority;          /* FIFO/RR: rt priority 1..99 (default 10); else 0 */
	int nice;              /* OTHER/IDLE: -20..19 (rt-app's "priority"); else 0 */
	int64_t dl_runtime_ns; /* DEADLINE only; else 0 */
	int64_t dl_period_ns;  /* DEADLINE: default dl_runtime_ns */
	int64_t dl_deadline_ns;/* DEADLINE: default dl_period_ns */
	int util_min;          /* uclamp 0..1024; -1 = not set */
	int util_max;          /* uclamp 0..1024; -1 = not set */
};

/* Which fields of a phase's struct wl_sched the phase sets (rt-app: a phase
 * changes only what it names; the change lasts until another phase changes
 * it, across the task's loops too). A task's own wl_sched is always complete. */
#define WL_SCHED_SET_POLICY   (1u << 0) /* policy (and priority/nice reset to its default) */
#define WL_SCHED_SET_PRIO     (1u << 1) /* priority or nice, per the resulting policy */
#define WL_SCHED_SET_DL       (1u << 2) /* dl_runtime/period/deadline */
#define WL_SCHED_SET_UTIL_MIN (1u << 3)
#define WL_SCHED_SET_UTIL_MAX (1u << 4)

/* Event kinds, exactly rt-app's (doc/tutorial.txt "events"). */
enum wl_event_kind {
	WL_EV_RUN = 0,   /* duration_ns of work on the calibration CPU at top OPP */
	WL_EV_RUNTIME,   /* duration_ns of wall time spent running, whatever the CPU */
	WL_EV_SLEEP,     /* sleep duration_ns from now */
	WL_EV_TIMER,     /* res = timer; wake duration_ns (period) after its last expiry */
	WL_EV_SUSPEND,   /* res = cond, dep = mutex, both named after the queue */
	WL_EV_RESUME,    /* res = cond, dep = mutex of that queue; task = same-named task or -1 */
	WL_EV_LOCK,      /* res = mutex */
	WL_EV_UNLOCK,    /* res = mutex */
	WL_EV_WAIT,      /* res = cond ("ref"), dep = mutex ("mutex"), held by the caller */
	WL_EV_SIGNAL,    /* res = cond: wake the first waiter */
	WL_EV_BROADCAST, /* res = cond: wake all waiters (rt-app's "broad") */
	WL_EV_SYNC,      /* res = cond, dep = mutex: signal then wait, atomically */
	WL_EV_BARRIER,   /* res = barrier */
	WL_EV_MEM,       /* write bytes into the thread's memory buffer */
	WL_EV_IORUN,     /* write bytes to the I/O device */
	WL_EV_YIELD,     /* sched_yield() */
	WL_EV_FORK,      /* task = the task to start one more thread of */
	WL_EV__COUNT
};

enum wl_timer_mode {
	WL_TIMER_RELATIVE = 0, /* next expiry from the end of the current phase */
	WL_TIMER_ABSOLUTE      /* next expiry from the first use, whatever happened */
};

struct wl_event {
	enum wl_event_kind kind;
	char *key;             /* the key as written: "run", "run0", "broadcast" */
	int64_t duration_ns;   /* run, runtime, sleep: the duration; timer: the period */
	int64_t bytes;         /* mem, iorun */
	enum wl_timer_mode timer_mode; /* timer: this event's "mode" */
	int res;               /* index in wl_program.resources, or -1 */
	int dep;               /* second resource (the mutex of wait/sync/suspend/resume), or -1 */
	int task;              /* resume: task of that name or -1; fork: the task */
};

struct wl_phase {
	char *name;            /* key in "phases"; "" for the implicit single phase */
	int64_t loop;          /* times to run the phase; -1 = forever */
	uint32_t sched_set;    /* WL_SCHED_SET_*: what this phase changes */
	struct wl_sched sched; /* the new values of the fields named by sched_set */
	int ncpus;             /* 0: the task's affinity */
	int *cpus;             /* affinity for this phase, sorted, no duplicates */
	int nevents;           /* >= 1 */
	struct wl_event *events; /* in file order */
};

/* Threads a run may have, those created at start (the sum of the tasks'
 * instances, checked by the loader) and those forked later together: the
 * loader refuses more instances, and a fork beyond it stops the run with an
 * error (docs/workloads.md "Limits"). rt-app has no limit of its own; this
 * one bounds the host time and memory a self-forking task can take. */
#define WL_MAX_THREADS 4096

struct wl_task {
	char *name;            /* key in "tasks"; threads are name-0, name-1, ... */
	int instances;         /* threads created at start; 0 = only by fork */
	struct wl_sched sched; /* initial scheduling parameters */
	int ncpus;             /* 0: all CPUs */
	int *cpus;             /* affinity, sorted, no duplicates */
	int64_t delay_ns;      /* before the first phase */
	int64_t loop;          /* times to run the list of phases; -1 = forever */
	int nphases;           /* >= 1 */
	struct wl_phase *phases;
};

enum wl_resource_kind {
	WL_RES_MUTEX = 0,
	WL_RES_COND,           /* wait/signal/broad/sync and suspend/resume queues */
	WL_RES_TIMER,
	WL_RES_BARRIER
};

/* Named objects shared by events, found by (name, kind) as rt-app does: the
 * mutex "q" and the condition "q" are two resources. */
struct wl_resource {
	char *name;
	enum wl_resource_kind kind;
	int owner_task;        /* timer whose ref starts with "unique": the task that owns it,
				  one timer per thread instance; -1 = shared by all */
	int absolute;          /* timer: some use says "mode": "absolute" (rt-app's rule) */
	int barrier_users;     /* barrier: threads that meet there (sum, per use, of the
				  using task's instances, as rt-app counts) */
};

struct wl_program {
	char *source;          /* the file's name, for messages */
	int64_t duration_ns;   /* global.duration; 0 = until the run ends (-1 in rt-app) */
	int calib_cpu;         /* global.calibration "CPUn": n; -1 if calib_ns_per_loop */
	int64_t calib_ns_per_loop; /* global.calibration as an integer; 0 if calib_cpu */
	enum wl_policy default_policy;
	int ntasks;
	struct wl_task *tasks; /* in file order */
	int nresources;
	struct wl_resource *resources;
};

static inline const char *wl_event_kind_name(enum wl_event_kind k)
{
	static const char *const names[WL_EV__COUNT] = {
		"run", "runtime", "sleep", "timer", "suspend", "resume", "lock",
		"unlock", "wait", "signal", "broad", "sync", "barrier", "mem",
		"iorun", "yield", "fork"
	};
	return ((unsigned)k < (unsigned)WL_EV__COUNT) ? names[k] : "?";
}

static inline const char *wl_policy_name(enum wl_policy p)
{
	switch (p) {
	case WL_SCHED_OTHER: return "SCHED_OTHER";
	case WL_SCHED_IDLE: return "SCHED_IDLE";
	case WL_SCHED_FIFO: return "SCHED_FIFO";
	case WL_SCHED_RR: return "SCHED_RR";
	case WL_SCHED_DEADLINE: return "SCHED_DEADLINE";
	}
	return "?";
}

/* Releases everything the program owns and zeroes it; safe on a zeroed one. */
static inline void wl_program_free(struct wl_program *p)
{
	int t, ph, e, r;

	if (!p)
		return;
	for (t = 0; t < p->ntasks; t++) {
		struct wl_task *task = &p->tasks[t];
		for (ph = 0; ph < task->nphases; ph++) {
			struct wl_phase *phase = &task->phases[ph];
			for (e = 0; e < phase->nevents; e++)
				free(phase->events[e].key);
			free(phase->events);
			free(phase->cpus);
			free(phase->name);
		}
		free(task->phases);
		free(task->cpus);
		free(task->name);
	}
	free(p->tasks);
	for (r = 0; r < p->nresources; r++)
		free(p->resources[r].name);
	free(p->resources);
	free(p->source);
	memset(p, 0, sizeof *p);
}

/*
 * What the simulator hands the kernel model with the program (a simulator
 * service, like the DTB): the work calibration. A "run" of 1 us is
 * run_instr_per_us instructions of HW_WORK_INT, what the calibration CPU
 * executes in 1 us at its top OPP (rt-app's calibration loop, measured on
 * the platform model instead of timed; docs/workloads.md).
 */
struct wl_setup {
	const struct wl_program *prog;
	double run_instr_per_us;
};
/* NULL when the run has no workload. */
const struct wl_setup *hw_workload(void);

/* Per thread results, after (or during) the run: kernel_model/usr/rt-app.c. */
struct wl_thread_stats {
	const char *name;          /* thread name (task name, or name-N) */
	int task;                  /* index in wl_program.tasks */
	int pid;
	uint64_t activations;      /* phase loops completed (rt-app's log lines) */
	uint64_t run_ns;           /* wall time inside run events */
	uint64_t run_events;
	uint64_t period_n, period_sum_ns, period_min_ns, period_max_ns; /* loop start to start */
	uint64_t timer_n;          /* timer events */
	int64_t slack_sum_ns, slack_min_ns;   /* timer: next expiry - now, at the event */
	uint64_t missed;           /* timer events reached at or after their expiry */
	uint64_t wu_lat_n, wu_lat_sum_ns, wu_lat_max_ns;  /* timer expiry -> running */
	uint64_t cpu_ns;           /* sum_exec_runtime */
	uint64_t wakeups;          /* sched_wakeup events */
	uint64_t wakeup_lat_n, wakeup_lat_sum_ns, wakeup_lat_min_ns, wakeup_lat_max_ns;
	const uint64_t *wakeup_lat_ns;  /* the samples, in order (for percentiles) */
	uint64_t wakeup_lat_kept;       /* how many: wakeup_lat_n unless memory ran out */
	uint64_t nvcsw, nivcsw, migrations, up_migrations, down_migrations;
	uint64_t placements[4];   /* wake-up placements by cluster (MPIDR Aff1) */
	int finished;              /* ran all its loops */
};
int rtapp_nr_threads(void);
/* Fills *out for thread i; 0, or -1 if there is no such thread. */
int rtapp_thread_stats(int i, struct wl_thread_stats *out);

#ifdef __cplusplus
}
#endif

#endif /* BLSIM_WORKLOAD_H */
