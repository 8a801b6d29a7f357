/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * arm_big_little.h - the generic ARM big.LITTLE cpufreq driver's interface
 * to its platform glue (drivers/cpufreq/arm_big_little.h): the glue gives
 * the OPPs and the transition latency of each cluster, and (model: in place
 * of the common clock framework) the cluster clock's set/get.
 */
#ifndef KM_ARM_BIG_LITTLE_H
#define KM_ARM_BIG_LITTLE_H

#include "linux/cpufreq.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MAX_CLUSTERS 2
#define A15_CLUSTER 0
#define A7_CLUSTER 1
#define BL_MAX_OPPS 32  /* the Exynos 5800 A15 has 19 */

/* Under IKS the A7's frequencies are halved into the merged virtual table. */
#define ACTUAL_FREQ(cluster, freq) ((cluster) == A7_CLUSTER ? (freq) << 1 : (freq))
#define VIRT_FREQ(cluster, freq) ((cluster) == A7_CLUSTER ? (freq) >> 1 : (freq))

struct bL_opp {
	u32 khz;
	u32 uv;
};

struct cpufreq_arm_bL_ops {
	const char *name;
	/* Transition latency of the cluster's clock, ns (CPUFREQ_ETERNAL: unknown). */
	unsigned int (*get_transition_latency)(u32 cluster);
	/* Fill at most max OPPs of a cluster, slowest first: count or -errno
	 * (upstream: fills the OPP library for the cluster's CPU devices). */
	int (*init_opp_table)(u32 cluster, struct bL_opp *opps, unsigned int max);
	void (*free_opp_table)(u32 cluster);
	/* The cluster clock (upstream: clk_set_rate / clk_get_rate on the CPU
	 * device's clock). kHz; set may wait for the hardware. */
	int (*clk_set_rate)(u32 cluster, u32 khz);
	u32 (*clk_get_rate)(u32 cluster);
};

/* Models bL_cpufreq_register(): -EBUSY if ops are registered already,
 * -ENODEV if ops lack init_opp_table/get_transition_latency/the clock,
 * else what cpufreq_register_driver returns. On a CPU, process context. */
int bL_cpufreq_register(const struct cpufreq_arm_bL_ops *ops);
/* Models bL_cpufreq_unregister(). */
void bL_cpufreq_unregister(const struct cpufreq_arm_bL_ops *ops);

/* IKS. The switcher calls bL_cpufreq_switcher_notify(true) once it has
 * paired the CPUs (BL_NOTIFY_POST_ENABLE) and (false) once it has undone it
 * (BL_NOTIFY_POST_DISABLE); the driver is unregistered, the flag set, and
 * the driver registered again with per-CPU policies on the merged table
 * (or per-cluster ones). On a CPU, process context. Before
 * bL_cpufreq_register it only sets the flag. */
extern bool bL_switching_enabled;
void bL_cpufreq_switcher_notify(bool enabled);
/* The switcher's entry point (arch/arm/common/bL_switcher.c): move logical
 * cpu to its counterpart in new_cluster_id. Weak: NULL when the switcher is
 * not linked in. */
extern int bL_switch_request(unsigned int cpu, unsigned int new_cluster_id) __attribute__((weak));

/* Introspection for tests and stats. cluster MAX_CLUSTERS = the merged table. */
const struct cpufreq_frequency_table *bL_freq_table(unsigned int cluster);
unsigned int bL_cluster_usage(unsigned int cluster);
unsigned int bL_cpu_physical_cluster(unsigned int cpu);
u32 bL_cpu_last_req_freq(unsigned int cpu);
u32 bL_clk_big_min(void);
u32 bL_clk_little_max(void);

/* Platform glue entry points (the platform drivers' probe). */
/* vexpress-spc-cpufreq.c: TC2, OPPs from the SPC; ve_spc_clk_init() first. */
int ve_spc_cpufreq_init(void);
/* Models ve_spc_cpufreq_remove(). */
void ve_spc_cpufreq_exit(void);
/* arm_big_little_dt.c: OPPs and clock-latency from the DT's cpu nodes.
 * Validates every cluster first: -EINVAL / -EEXIST with a pr_err naming the
 * node and property; -ENODEV if no cpu node has operating-points(-v2). */
int bL_dt_cpufreq_init(const void *fdt);
/* The DT parser alone (tests): the OPPs of the first cpu node of a cluster,
 * count or -errno; *latency_ns CPUFREQ_ETERNAL when the DT gives none. */
int bL_dt_read_cluster_opps(const void *fdt, u32 cluster, struct bL_opp *opps,
			    unsigned int max, unsigned int *latency_ns);

#ifdef __cplusplus
}
#endif

#endif
