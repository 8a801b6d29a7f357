/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * linux/cpufreq.h - the CPU frequency scaling core, its drivers and
 * governors (include/linux/cpufreq.h upstream, in short).
 *
 * Frequencies are kHz, times ns. CPU masks are plain bitmasks of logical
 * CPUs (NR_CPUS <= 32), as in linux/smp.h.
 *
 * Model differences from upstream (see docs/fidelity-cpufreq.md):
 *  - a policy's rwsem / transition wait is a ticket spinlock held across
 *    the driver's ->target_index (the holder may wait for the SPC; another
 *    CPU that wants the same policy spins instead of sleeping);
 *  - governor tunables are one set per governor, shared by all policies;
 *  - the sampling timers of every policy run on the CPU that started the
 *    governor (upstream: per-CPU deferrable timers / scheduler hooks).
 */
#ifndef KM_LINUX_CPUFREQ_H
#define KM_LINUX_CPUFREQ_H

#include "asm/spinlock.h"
#include "linux/kernel.h"
#include "linux/smp.h"
#include "linux/tick.h"
#include "linux/workqueue.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- frequency tables (freq_table.c) ------------------------------------ */

#define CPUFREQ_ENTRY_INVALID (~0u)
#define CPUFREQ_TABLE_END (~1u)
#define CPUFREQ_ETERNAL (~0u)   /* transition latency unknown */

struct cpufreq_frequency_table {
	unsigned int flags;
	unsigned int driver_data;  /* driver specific (e.g. the cluster) */
	unsigned int frequency;    /* kHz, or CPUFREQ_ENTRY_INVALID / _TABLE_END */
};

#define CPUFREQ_RELATION_L 0  /* the first OPP not below the target */
#define CPUFREQ_RELATION_H 1  /* the last OPP not above the target */
#define CPUFREQ_RELATION_C 2  /* the OPP nearest the target */

/* Visits each entry of a table, skipping the invalid ones. */
#define cpufreq_for_each_valid_entry(e, tbl)                                 \
	for ((e) = (tbl); (e)->frequency != CPUFREQ_TABLE_END; (e)++)        \
		if ((e)->frequency == CPUFREQ_ENTRY_INVALID) {} else

struct cpufreq_policy;

/* Models cpufreq_frequency_table_cpuinfo(): cpuinfo and limits from table. */
int cpufreq_frequency_table_cpuinfo(struct cpufreq_policy *pol,
				    struct cpufreq_frequency_table *tbl);
/* Models cpufreq_frequency_table_verify(): clamp min/max into cpuinfo and
 * make sure one table frequency lies within them. */
int cpufreq_frequency_table_verify(struct cpufreq_policy *pol,
				   struct cpufreq_frequency_table *tbl);
/* Models cpufreq_frequency_table_target(): index of the entry of
 * policy->freq_table that best meets target_freq under relation, among the
 * entries within [policy->min, policy->max]; -EINVAL if none. The table may
 * be unsorted (the IKS merged table is). */
int cpufreq_frequency_table_target(struct cpufreq_policy *pol,
				   unsigned int khz, unsigned int relation);
/* Models cpufreq_table_count_valid_entries(). */
unsigned int cpufreq_table_count_valid_entries(const struct cpufreq_frequency_table *tbl);

/* ---- policies -------------------------------------------------------------- */

struct cpufreq_cpuinfo {
	unsigned int max_freq;
	unsigned int min_freq;
	unsigned int transition_latency;  /* ns, or CPUFREQ_ETERNAL */
};

struct cpufreq_governor;
struct cpufreq_stats;

struct cpufreq_policy {
	unsigned int cpu;           /* the CPU that manages this policy */
	u32 cpus;                   /* online CPUs of related_cpus */
	u32 related_cpus;           /* CPUs sharing the clock (online or not) */
	unsigned int min, max, cur; /* kHz */
	unsigned int user_min, user_max;  /* limits asked for (cpufreq_update_limits) */
	struct cpufreq_cpuinfo cpuinfo;
	struct cpufreq_frequency_table *freq_table;
	struct cpufreq_governor *governor;
	void *governor_data;
	bool governor_running;
	unsigned int last_index;    /* table index of cur, or -1u */
	arch_spinlock_t lock;       /* upstream: policy->rwsem */
	u64 request_ns;             /* when the transition in flight was asked for */
	struct cpufreq_stats *stats;
	void *driver_data;
	bool in_use;
};

/* ---- transition notifiers -------------------------------------------------- */

#define CPUFREQ_TRANSITION_NOTIFIER 0
#define CPUFREQ_POLICY_NOTIFIER 1
#define CPUFREQ_PRECHANGE 0
#define CPUFREQ_POSTCHANGE 1

struct cpufreq_freqs {
	struct cpufreq_policy *policy;
	unsigned int old_freq;   /* upstream: old */
	unsigned int new_freq;   /* upstream: new (a C++ keyword: the tests include this) */
	unsigned int flags;
};

struct notifier_block {
	/* val: CPUFREQ_PRECHANGE / CPUFREQ_POSTCHANGE; data: cpufreq_freqs */
	int (*notifier_call)(struct notifier_block *blk, unsigned long val, void *data);
	struct notifier_block *next;
	int priority;               /* higher first, as upstream notifier chains */
};

/* Models cpufreq_register_notifier(): 0, or -EINVAL (unknown list). */
int cpufreq_register_notifier(struct notifier_block *blk, unsigned int list);
int cpufreq_unregister_notifier(struct notifier_block *blk, unsigned int list);

/* ---- drivers ------------------------------------------------------------------ */

#define CPUFREQ_STICKY (1u << 0)              /* stay registered if every ->init fails */
#define CPUFREQ_HAVE_GOVERNOR_PER_POLICY (1u << 3)
#define CPUFREQ_NEED_INITIAL_FREQ_CHECK (1u << 5)

struct cpufreq_driver {
	const char *name;
	unsigned int flags;
	int (*init)(struct cpufreq_policy *pol);
	int (*exit)(struct cpufreq_policy *pol);
	int (*verify)(struct cpufreq_policy *pol);
	/* Switch to freq_table[index]; runs in process context, may wait. */
	int (*target_index)(struct cpufreq_policy *pol, unsigned int index);
	unsigned int (*get)(unsigned int cpu);  /* kHz now, 0 if unknown */
};

/* Models cpufreq_register_driver(): creates one policy per group of online
 * CPUs the driver's ->init puts together, and starts the default governor
 * on each. -EEXIST if a driver is registered, -ENODEV if every ->init failed
 * and the driver is not CPUFREQ_STICKY. Call on a CPU (process context). */
int cpufreq_register_driver(struct cpufreq_driver *driver);
/* Models cpufreq_unregister_driver(). */
int cpufreq_unregister_driver(struct cpufreq_driver *driver);
/* Models cpufreq_generic_init(): table, cpus and latency in one go. */
void cpufreq_generic_init(struct cpufreq_policy *pol,
			  struct cpufreq_frequency_table *tbl,
			  unsigned int transition_latency_ns);
/* Models cpufreq_generic_frequency_table_verify(). */
int cpufreq_generic_frequency_table_verify(struct cpufreq_policy *pol);

/* Models cpufreq_cpu_get(): the policy of a CPU, or NULL. */
struct cpufreq_policy *cpufreq_cpu_get(unsigned int cpu);
/* Models cpufreq_quick_get(): policy->cur of cpu, 0 if none. */
unsigned int cpufreq_quick_get(unsigned int cpu);
/* Models cpufreq_get(): ask the driver. */
unsigned int cpufreq_get(unsigned int cpu);

/* Models __cpufreq_driver_target(): clamp to the limits, pick the table
 * entry by relation, notify PRECHANGE, call ->target_index, notify
 * POSTCHANGE. Caller holds policy->lock. Process context only. */
int __cpufreq_driver_target(struct cpufreq_policy *pol,
			    unsigned int khz, unsigned int relation);
/* Models cpufreq_driver_target(): the same, taking policy->lock. */
int cpufreq_driver_target(struct cpufreq_policy *pol,
			  unsigned int khz, unsigned int relation);
/* Models cpufreq_freq_transition_begin()/end() (for drivers that change the
 * frequency outside __cpufreq_driver_target). */
void cpufreq_freq_transition_begin(struct cpufreq_policy *pol,
				   struct cpufreq_freqs *fr);
void cpufreq_freq_transition_end(struct cpufreq_policy *pol,
				 struct cpufreq_freqs *fr, int transition_failed);

/* Models the scaling_min_freq / scaling_max_freq stores (cpufreq_set_policy):
 * new user limits on the policy of cpu, then the governor's ->limits.
 * 0 for "no limit" on either. -EINVAL: no policy or min > max. */
int cpufreq_update_limits(unsigned int cpu, unsigned int min_khz, unsigned int max_khz);

/* ---- governors ----------------------------------------------------------------- */

struct cpufreq_governor {
	const char *name;
	int (*init)(struct cpufreq_policy *pol);
	void (*exit)(struct cpufreq_policy *pol);
	int (*start)(struct cpufreq_policy *pol);
	void (*stop)(struct cpufreq_policy *pol);
	void (*limits)(struct cpufreq_policy *pol);
	/* Tunables by name: 0, or -EINVAL for an unknown name / bad value. */
	int (*set_tunable)(const char *name, unsigned long value);
	int (*get_tunable)(const char *name, unsigned long *value);
	/* Longest transition latency the governor accepts (0: any). */
	unsigned int max_transition_latency;
	struct cpufreq_governor *next;
};

/* Models cpufreq_register_governor(): -EEXIST if the name is taken. */
int cpufreq_register_governor(struct cpufreq_governor *gov);
void cpufreq_unregister_governor(struct cpufreq_governor *gov);
/* The governors built into the model (each file's module_init). Idempotent;
 * the functions below call it. */
void cpufreq_register_builtin_governors(void);
struct cpufreq_governor *cpufreq_find_governor(const char *name);

/* Select the governor of every policy (scaling_governor). Before the driver
 * is registered it only sets the default (host side is fine then); after, it
 * stops/starts governors and must run on a CPU. -EINVAL + pr_err naming it
 * if unknown. The default is "performance" (CPU_FREQ_DEFAULT_GOV_PERFORMANCE). */
int cpufreq_set_governor(const char *name);
const char *cpufreq_default_governor_name(void);
/* Set a governor tunable by name ("ondemand", "up_threshold", 80). Takes
 * effect at the governor's next sample. -EINVAL + pr_err naming the governor
 * or tunable if unknown or the value is out of range. Host side is fine. */
int cpufreq_set_tunable(const char *gov, const char *name, unsigned long value);
int cpufreq_get_tunable(const char *gov, const char *name, unsigned long *value);
/* Parse "gov.tunable=value" (the --set syntax): as cpufreq_set_tunable,
 * -EINVAL with a pr_err on malformed text. */
int cpufreq_set_tunable_str(const char *assignment);

/* Governor helpers (cpufreq_governor.c). */
/* Models __cpufreq_driver_target() called from a governor's work. */
int cpufreq_governor_target(struct cpufreq_policy *pol, unsigned int freq,
			    unsigned int relation);

/* userspace governor: models store_scaling_setspeed(); on a CPU. */
int cpufreq_userspace_set_speed(unsigned int cpu, unsigned int khz);

/* schedutil: utilisation of a CPU, 0..capacity (1024 = the biggest CPU at
 * its top frequency), filled in by the scheduler model. NULL: schedutil
 * falls back to the idle-time load (1024 * busy fraction). */
extern unsigned long (*sched_cpu_util)(unsigned int cpu);
/* Capacity of a CPU at its top frequency (arch_scale_cpu_capacity); NULL:
 * 1024 for all. */
extern unsigned long (*sched_cpu_capacity)(unsigned int cpu);

/* ---- statistics (cpufreq_stats.c) and tracing ------------------------------------ */

#define CPUFREQ_STATS_MAX_STATES 24

struct cpufreq_stats {
	unsigned int state_num;
	unsigned int freq_table[CPUFREQ_STATS_MAX_STATES];   /* kHz, table order */
	u64 time_in_state[CPUFREQ_STATS_MAX_STATES];         /* ns */
	unsigned int trans_table[CPUFREQ_STATS_MAX_STATES][CPUFREQ_STATS_MAX_STATES]; /* [from][to] */
	unsigned int total_trans;
	unsigned int last_index;
	u64 last_time;                                       /* ns (hw_now_ns) */
	u64 start_time;                                      /* policy creation */
	/* Transition latency, request -> POSTCHANGE, ns. */
	u64 latency_sum, latency_min, latency_max, latency_last;
	unsigned int latency_count;
	unsigned int failed_trans;
};

/* Policies for the front end: index 0 .. cpufreq_nr_policies()-1. */
unsigned int cpufreq_nr_policies(void);
struct cpufreq_policy *cpufreq_policy_by_index(unsigned int i);
/* A copy of a policy's statistics with time_in_state accounted up to now_ns
 * (pass hw_now_ns() at the end of the run). No hw.h call: host side is
 * fine. -EINVAL if no such policy. */
int cpufreq_stats_snapshot(unsigned int policy_index, u64 now_ns, struct cpufreq_stats *out);
/* Models cpufreq_stats_clear_table() (the "reset" file). */
void cpufreq_stats_reset(unsigned int policy_index, u64 now_ns);
/* Internal to the core: set up / account / free a policy's stats. */
void cpufreq_stats_create_table(struct cpufreq_policy *pol);
void cpufreq_stats_free_table(struct cpufreq_policy *pol);
void cpufreq_stats_record_transition(struct cpufreq_policy *pol, unsigned int new_freq,
				     u64 latency_ns, bool failed);

/* trace_cpu_frequency(): called at every POSTCHANGE for each CPU of the
 * policy, with the new frequency (virtual under IKS). NULL: no trace. */
extern void (*cpufreq_frequency_trace)(unsigned int cpu, unsigned int khz);
/* Per transition: policy->cpu, old and new kHz, when it was requested and
 * when POSTCHANGE came (ns, hw_now_ns), and the driver's return value. */
extern void (*cpufreq_transition_trace)(unsigned int cpu, unsigned int old_khz,
					unsigned int new_khz, u64 request_ns, u64 done_ns,
					int ret);

#ifdef __cplusplus
}
#endif

#endif
