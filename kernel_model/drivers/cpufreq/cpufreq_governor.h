/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cpufreq_governor.h - the common part of the sampling ("dbs") governors,
 * ondemand and conservative (drivers/cpufreq/cpufreq_governor.h).
 *
 * Sampling: a per-policy hrtimer on the CPU that started the governor
 * fires every sampling period (IRQ context) and queues the policy's work;
 * the work (process context, the CPU's kworker = its idle loop here)
 * computes the load from get_cpu_idle_time_ns() over the period, asks for a
 * frequency (which may wait for the SPC), and re-arms the timer.
 */
#ifndef KM_CPUFREQ_GOVERNOR_H
#define KM_CPUFREQ_GOVERNOR_H

#include "linux/cpufreq.h"

/* Upstream defaults (cpufreq_governor.h, cpufreq_ondemand.c). */
#define DEF_FREQUENCY_UP_THRESHOLD 80
#define MAX_FREQUENCY_UP_THRESHOLD 100
#define MIN_FREQUENCY_UP_THRESHOLD 1
#define DEF_SAMPLING_DOWN_FACTOR 1
#define MAX_SAMPLING_DOWN_FACTOR 100000
#define LATENCY_MULTIPLIER 1000
#define TRANSITION_DELAY_MAX_US 10000u

struct policy_dbs_info;

/* The per-governor part (upstream struct dbs_governor). */
struct dbs_governor {
	struct cpufreq_governor gov;
	/* Evaluate the load, maybe change frequency; return the delay to the
	 * next sample, µs. Called with policy->lock held, process context. */
	unsigned int (*gov_dbs_update)(struct policy_dbs_info *pd);
	void (*start)(struct policy_dbs_info *pd);
	/* The governor's tunables (one set for all policies in this model). */
	unsigned int *sampling_rate_us;   /* 0: not set yet, use the default */
	unsigned int *sampling_down_factor;
	unsigned int *up_threshold;
	bool *ignore_nice_load;
};

/* A periodic sampler for governors that are not dbs (schedutil): the same
 * timer -> work -> re-arm machinery with a callback. */
struct gov_sampler;
struct gov_timer {
	struct hrtimer t;
	struct gov_sampler *owner;
};
struct gov_sampler {
	/* Two timers, alternated when a restart happens on another CPU than
	 * the one where the old timer may still be queued (tick.c can only
	 * cancel a timer on the CPU it was started on). */
	struct gov_timer timer[2];
	unsigned int cur_timer, timer_cpu;
	struct work_struct work;
	volatile bool active;
	struct cpufreq_policy *policy;
	/* Process context, policy->lock held; returns next delay µs. */
	unsigned int (*sample)(struct gov_sampler *s);
};
void gov_sampler_start(struct gov_sampler *s, unsigned int first_delay_us);
void gov_sampler_stop(struct gov_sampler *s);

/* Per-policy governor state (upstream struct policy_dbs_info + the
 * governor-specific cpu_dbs_info it embeds). */
struct policy_dbs_info {
	struct cpufreq_policy *policy;
	struct dbs_governor *gov;
	struct gov_sampler sampler;
	unsigned int rate_mult;
	unsigned int idle_periods;
	u64 prev_idle[NR_CPUS], prev_wall[NR_CPUS];
	unsigned int prev_load[NR_CPUS];
	unsigned int last_load;        /* %, for tests and stats */
	unsigned int samples;
	/* ondemand */
	unsigned int freq_lo, freq_lo_delay_us, freq_hi_delay_us;
	bool sub_sample;
	/* conservative */
	unsigned int requested_freq, down_skip;
	bool in_use;
};

/* Models dbs_update(): the highest load (%) over the policy's CPUs since
 * the previous call. */
unsigned int dbs_update(struct policy_dbs_info *pd);
/* Models cpufreq_policy_transition_delay_us(): the default sampling period. */
unsigned int cpufreq_policy_transition_delay_us(struct cpufreq_policy *policy);
/* The sampling rate in force for this policy (tunable, else default), µs. */
unsigned int dbs_sampling_rate_us(struct policy_dbs_info *pd);

/* Governor callbacks shared by ondemand and conservative. */
int cpufreq_dbs_governor_init(struct cpufreq_policy *pol);
void cpufreq_dbs_governor_exit(struct cpufreq_policy *pol);
int cpufreq_dbs_governor_start(struct cpufreq_policy *pol);
void cpufreq_dbs_governor_stop(struct cpufreq_policy *pol);
void cpufreq_dbs_governor_limits(struct cpufreq_policy *pol);

/* The governor state of a policy, NULL if no dbs governor runs it. */
struct policy_dbs_info *cpufreq_dbs_info(struct cpufreq_policy *policy);


extern struct dbs_governor od_dbs_gov;
extern struct dbs_governor cs_dbs_gov;
extern struct cpufreq_governor cpufreq_gov_performance;
extern struct cpufreq_governor cpufreq_gov_powersave;
extern struct cpufreq_governor cpufreq_gov_userspace;
extern struct cpufreq_governor schedutil_gov;

void od_reset_tunables(void);
void cs_reset_tunables(void);
void sugov_reset_tunables(void);

#endif
