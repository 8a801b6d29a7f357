/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * blsim/kreport.h - what the simulator may learn about the kernel model, and
 * the few things it may set before boot: blsim's sysfs and debugfs.
 *
 * sim/ reads the kernel only through this header (and the workload door,
 * blsim/workload.h); it never includes linux/ or asm/ headers. Everything
 * here is plain C data: no kernel structure escapes, so the kernel model
 * can change its internals without touching the simulator.
 *
 * The readers take no simulated time and call no hw.h primitive: they may
 * run on the host side after sc_start() returns (now_ns is the end of the
 * run, hw_now_ns() then). The two settings are the writes a user would make
 * to scaling_governor and to a governor's tunables before starting a test;
 * they are refused with -EINVAL and a kernel log line that says why.
 */
#ifndef BLSIM_KREPORT_H
#define BLSIM_KREPORT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- boot and pre-boot settings ----------------------------------------- */

/* The kernel image's entry point, where the boot firmware jumps. */
void stext(void);
/* scaling_governor of every policy, before boot: 0 or -EINVAL. */
int kreport_set_cpufreq_governor(const char *name);
/* "governor.tunable=value" (blsim's --set): 0 or -EINVAL. */
int kreport_set_cpufreq_tunable(const char *assignment);

/* ---- CPUs, interrupts, IPIs ----------------------------------------------- */

unsigned int kreport_nr_cpus(void);           /* nr_cpu_ids */
/* Idle time of a logical CPU up to now_ns (get_cpu_idle_time_us's view,
 * including an idle period still open). */
uint64_t kreport_idle_ns(unsigned int cpu, uint64_t now_ns);
/* Interrupts handled by GIC INTID, all CPUs together (kstat_irqs). */
unsigned int kreport_irq_count(unsigned int irq);
#define KREPORT_NR_IPI_TYPES 6
/* The name stats.json gives an IPI type: "wakeup", "timer", ... */
const char *kreport_ipi_name(unsigned int type);
/* IPIs of a type sent to / received by a logical CPU. */
unsigned int kreport_ipis_sent(unsigned int cpu, unsigned int type);
unsigned int kreport_ipis_received(unsigned int cpu, unsigned int type);

/* ---- cpufreq (policy attributes and cpufreq_stats) ------------------------ */

#define KREPORT_CPUFREQ_MAX_STATES 24

struct kreport_cpufreq {
	unsigned int policy_cpu;
	uint32_t related_cpus;                   /* bit n: logical CPU n */
	unsigned int cur_khz;
	uint64_t start_ns;                       /* policy created: stats count from here */
	unsigned int state_num;
	unsigned int freq_khz[KREPORT_CPUFREQ_MAX_STATES];          /* table order */
	uint64_t time_in_state_ns[KREPORT_CPUFREQ_MAX_STATES];
	unsigned int trans_table[KREPORT_CPUFREQ_MAX_STATES][KREPORT_CPUFREQ_MAX_STATES];
	unsigned int total_trans, failed_trans;
	/* Transition latency, request -> POSTCHANGE. */
	unsigned int latency_count;
	uint64_t latency_sum_ns, latency_min_ns, latency_max_ns;
};

unsigned int kreport_cpufreq_nr_policies(void);
/* Policy index -> its attributes and statistics accounted up to now_ns:
 * 0, or -EINVAL if there is no such policy. */
int kreport_read_cpufreq(unsigned int index, uint64_t now_ns, struct kreport_cpufreq *out);
/* The policy that manages a logical CPU, or -1. */
int kreport_cpufreq_policy_of(unsigned int cpu);

/* ---- cpuidle (cpuN/cpuidle in sysfs) --------------------------------------- */

#define KREPORT_IDLE_MAX_STATES 10
#define KREPORT_IDLE_NAME_LEN 16

struct kreport_cpuidle {
	const char *driver;                      /* cpuN/cpuidle/driver/name */
	int state_count;
	struct {
		char name[KREPORT_IDLE_NAME_LEN];
		uint64_t usage, time_ns;
	} states[KREPORT_IDLE_MAX_STATES];
};

/* A CPU's states with the one it is in at now_ns counted as if it left it
 * then: 0, or -ENODEV if cpuidle has no device for the CPU. */
int kreport_read_cpuidle(unsigned int cpu, uint64_t now_ns, struct kreport_cpuidle *out);
/* The whole cpuidle sysfs view, "path = value" lines, snprintf-style. */
int kreport_cpuidle_sysfs(char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif
