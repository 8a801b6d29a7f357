/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * linux/cpuidle.h - the CPU idle framework (include/linux/cpuidle.h,
 * drivers/cpuidle/{cpuidle,driver,governor,sysfs,dt_idle_states}.c,
 * governors/{menu,ladder}.c, cpuidle-big_little.c), configured as on TC2:
 * CONFIG_CPU_IDLE_MULTIPLE_DRIVERS, no coupled states.
 *
 * Units as upstream's 3.x/4.x generation: exit_latency, target_residency and
 * last_residency in microseconds; the per-state time is kept in ns here and
 * shown in us in the sysfs view.
 *
 * Simplifications (docs/fidelity-cpuidle.md): cpumasks are u32 bitmaps of
 * logical CPUs; no locks (registration happens at boot on one CPU, and the
 * per-CPU data is touched only by its own CPU); no sysfs objects, but a
 * text dump and a struct accessor of the same attributes.
 */
#ifndef KM_LINUX_CPUIDLE_H
#define KM_LINUX_CPUIDLE_H

#include "linux/kernel.h"
#include "linux/smp.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CPUIDLE_NAME_LEN 16
#define CPUIDLE_STATE_MAX 10
#define CPUIDLE_DESC_LEN 32

/* Idle state flags (upstream values). */
#define CPUIDLE_FLAG_NONE 0x00
#define CPUIDLE_FLAG_POLLING 0x01
#define CPUIDLE_FLAG_COUPLED 0x02
#define CPUIDLE_FLAG_TIMER_STOP 0x04  /* the local timer stops in this state */

struct cpuidle_device;
struct cpuidle_driver;

struct cpuidle_state {
	char name[CPUIDLE_NAME_LEN], desc[CPUIDLE_DESC_LEN];
	unsigned int flags, exit_latency;   /* exit_latency in us */
	int power_usage;                /* mW */
	unsigned int target_residency;  /* us */
	bool disabled;                  /* disabled on all CPUs */
	/* Returns the index of the state entered (negative: none); called
	 * and returns with IRQs disabled. */
	int (*enter)(struct cpuidle_device *cdev, struct cpuidle_driver *cdrv,
		     int idx);
};

struct cpuidle_state_usage {
	bool disable;                   /* sysfs stateK/disable */
	u64 usage;                      /* times entered */
	u64 time_ns;                    /* total residency (sysfs: us) */
	u64 rejected;                   /* enter() returned an error */
};

struct cpuidle_device {
	bool registered;
	bool enabled;
	unsigned int cpu;
	int last_residency;             /* us, of the last idle period */
	int last_state_idx;
	struct cpuidle_state_usage states_usage[CPUIDLE_STATE_MAX];
	int open_state;                 /* state being entered now, or -1 */
	u64 open_since_ns;              /* when it was entered */
};

struct cpuidle_driver {
	const char *name;
	unsigned int refcnt;            /* cpuidle_driver_ref(); devices hold one */
	bool bctimer;                   /* a state needs the broadcast timer */
	struct cpuidle_state states[CPUIDLE_STATE_MAX];
	int state_count, safe_state_index;
	u32 cpumask;                    /* logical CPUs; 0 = all possible */
};

/* ---- drivers (driver.c) --------------------------------------------------- */

/* 0; -EINVAL (NULL, no states); -EBUSY (a CPU of cdrv->cpumask already has
 * another driver: nothing is changed). */
int cpuidle_register_driver(struct cpuidle_driver *cdrv);
/* 0; -EBUSY while the driver is referenced (devices registered on it, or
 * cpuidle_driver_ref()): it stays registered. Upstream returns void after
 * a WARN_ON in that case; the model reports the refusal. */
int cpuidle_unregister_driver(struct cpuidle_driver *cdrv);
/* The 3.9-era per-CPU API: register / unregister drv for one CPU only. */
int cpuidle_register_cpu_driver(struct cpuidle_driver *cdrv, int cpu);
int cpuidle_unregister_cpu_driver(struct cpuidle_driver *cdrv, int cpu);
/* The calling CPU's driver, a device's driver, a CPU's driver (NULL: none). */
struct cpuidle_driver *cpuidle_get_driver(void);
struct cpuidle_driver *cpuidle_get_cpu_driver(struct cpuidle_device *cdev);
struct cpuidle_driver *cpuidle_driver_of_cpu(unsigned int cpu);
/* Reference the calling CPU's driver (NULL: none) / drop the reference. */
struct cpuidle_driver *cpuidle_driver_ref(void);
void cpuidle_driver_unref(void);

/* ---- devices (cpuidle.c) -------------------------------------------------- */

/* The per-CPU device that cpuidle_register() uses (per_cpu(cpuidle_dev)). */
struct cpuidle_device *cpuidle_device_of_cpu(unsigned int cpu);
/* 0; -EINVAL (NULL, or no driver for cdev->cpu); -EBUSY (registered). */
int cpuidle_register_device(struct cpuidle_device *cdev);
void cpuidle_unregister_device(struct cpuidle_device *cdev);
int cpuidle_enable_device(struct cpuidle_device *cdev);
void cpuidle_disable_device(struct cpuidle_device *cdev);
/* Register drv, then a device for every CPU of cdrv->cpumask; on any error
 * everything is undone. coupled_cpus is ignored (no coupled states). */
int cpuidle_register(struct cpuidle_driver *cdrv, const u32 *coupled_cpus);
int cpuidle_unregister(struct cpuidle_driver *cdrv);

/* ---- the idle path (cpuidle.c) -------------------------------------------- */

/*
 * Models kernel/sched/idle.c cpuidle_idle_call(): called by the idle loop
 * with IRQs disabled; selects a state with the governor, enters it, lets
 * the governor reflect, and returns with IRQs enabled (the interrupt that
 * woke the CPU has been taken). Returns the index of the state entered, or
 * -ENODEV when cpuidle is not available on this CPU (no driver, device or
 * governor, or cpuidle_off): then it did the default idle (dsb; wfi) itself,
 * as upstream's default_idle_call(). A negative index returned by a state's
 * enter() (the state refused) is returned as is.
 */
int cpuidle_idle_call(void);
int cpuidle_select(struct cpuidle_driver *cdrv, struct cpuidle_device *cdev,
		   bool *tick_off);
int cpuidle_enter(struct cpuidle_driver *cdrv, struct cpuidle_device *cdev,
		  int idx);
int cpuidle_enter_state(struct cpuidle_device *cdev, struct cpuidle_driver *cdrv,
			int idx);
void cpuidle_reflect(struct cpuidle_device *cdev, int idx);
/* cpuidle.off=1 on the command line. */
extern bool cpuidle_off;

/* Models the ARM common WFI state (arm_cpuidle_simple_enter): dsb; wfi. */
int arm_cpuidle_simple_enter(struct cpuidle_device *cdev,
			     struct cpuidle_driver *cdrv, int idx);
#define ARM_CPUIDLE_WFI_STATE {                 \
	.name = "WFI",                          \
	.desc = "ARM WFI",                      \
	.flags = CPUIDLE_FLAG_NONE,             \
	.exit_latency = 1,                      \
	.power_usage = 0x7fffffff,              \
	.target_residency = 1,                  \
	.enter = arm_cpuidle_simple_enter,      \
}

/*
 * Tick broadcast (kernel/time/tick-broadcast.c): a state with
 * CPUIDLE_FLAG_TIMER_STOP stops the CPU's local (generic) timer, so the
 * CPU's next event is handed to the broadcast timer before entry. Called
 * with IRQs disabled. tick_broadcast_enter() returns 0, or -EBUSY if this
 * CPU cannot stop its timer (it owns the broadcast device): the core then
 * picks the deepest state without TIMER_STOP. cpuidle.c refers to both
 * weakly: without tick-broadcast.c linked in, entry needs no broadcast.
 */
int tick_broadcast_enter(void);
void tick_broadcast_exit(void);

/* Trace points trace_cpu_idle(state, cpu) on entry and
 * trace_cpu_idle(PWR_EVENT_EXIT, cpu) on exit (kernel/trace.c: ftrace
 * "cpu_idle" events); cpuidle.c refers to it weakly, and traces nothing
 * without it. */
#define PWR_EVENT_EXIT (~0u)
void trace_cpu_idle(unsigned int state, unsigned int cpu);

/* ---- governors (governor.c, governors/) ----------------------------------- */

struct cpuidle_governor {
	char name[CPUIDLE_NAME_LEN];
	unsigned int rating;            /* the highest registered one wins */
	struct cpuidle_governor *next;  /* registration list */
	int (*enable)(struct cpuidle_driver *cdrv, struct cpuidle_device *cdev);
	void (*disable)(struct cpuidle_driver *cdrv, struct cpuidle_device *cdev);
	int (*select)(struct cpuidle_driver *cdrv, struct cpuidle_device *cdev,
		      bool *tick_off);
	void (*reflect)(struct cpuidle_device *cdev, int idx);
};

extern struct cpuidle_governor *cpuidle_curr_governor;
/* 0; -EINVAL (NULL or no select); -EEXIST (name taken). The highest rated
 * governor becomes current (menu 20 > ladder 10). */
int cpuidle_register_governor(struct cpuidle_governor *g);
int cpuidle_switch_governor(struct cpuidle_governor *gov);
struct cpuidle_governor *cpuidle_find_governor(const char *name);
/* The command line's cpuidle.governor= / sysfs current_governor: 0, or
 * -EINVAL for an unknown name. */
int cpuidle_switch_governor_by_name(const char *name);
/* The governors' initcalls (postcore_initcall upstream). */
int init_menu(void);
int init_ladder(void);

/*
 * PM QoS CPU_DMA_LATENCY (kernel/power/qos.c, in short): the global limit,
 * in us, on the exit latency of the idle state chosen. Default
 * PM_QOS_CPU_DMA_LAT_DEFAULT_VALUE (2000 s: no limit); 0 = only the
 * shallowest state. Set it directly or with pm_qos_set_cpu_dma_latency().
 */
#define PM_QOS_CPU_DMA_LAT_DEFAULT_VALUE (2000 * 1000 * 1000)
extern s32 pm_qos_cpu_dma_latency_us;
void pm_qos_set_cpu_dma_latency(s32 us);
/* Models cpuidle_governor_latency_req(): the limit that applies to cpu. */
s32 cpuidle_governor_latency_req(unsigned int cpu);

/* ---- DT idle states (dt_idle_states.c) ------------------------------------ */

/* of_device_id for idle states: compatible -> the state's enter(). */
struct cpuidle_state_match {
	const char *compatible;
	int (*enter)(struct cpuidle_device *cdev, struct cpuidle_driver *cdrv,
		     int idx);
};
/*
 * Models dt_init_idle_driver(cdrv, matches, start_idx), with the FDT passed
 * in: parse the `cpu-idle-states` phandles of the first CPU of
 * cdrv->cpumask (checking every CPU of the mask lists the same ones) into
 * drv->states[start_idx..]. Returns the number of DT states (0: none, the
 * driver is untouched), or -EINVAL (bad state node: pr_err names the node
 * and the property; the driver is untouched). The CPU's node is found by
 * its `reg` = cpu_logical_map(cpu).
 */
int dt_init_idle_driver(struct cpuidle_driver *cdrv, const void *fdt,
			const struct cpuidle_state_match *matches,
			unsigned int start_idx);
/* The /cpus node of a logical CPU (reg == cpu_logical_map(cpu)), or <0. */
int cpuidle_fdt_cpu_node(const void *fdt, unsigned int cpu);

/* ---- the big.LITTLE driver (cpuidle-big_little.c) ------------------------- */

/*
 * Models bl_idle_init() (device_initcall): on "arm,vexpress,v2p-ca15_a7" /
 * exynos5420 / exynos5800 machines with MCPM, registers "big_idle" for the
 * CPUs whose DT compatible is arm,cortex-a15 and "little_idle" for
 * arm,cortex-a7 ones (upstream: the MIDR part number of each CPU), with
 * states from the DT or the built-in table. Run on the boot CPU after
 * smp_init(). 0, -ENODEV (not such a machine), -EUNATCH (no MCPM), -EINVAL
 * (bad DT idle state: nothing registered), -EBUSY (a CPU has a driver).
 */
int bl_idle_init(const void *fdt);
/* The two drivers, for inspection (NULL before bl_idle_init). */
struct cpuidle_driver *bl_idle_big_driver_get(void);
struct cpuidle_driver *bl_idle_little_driver_get(void);

/* ---- the sysfs view (sysfs.c) --------------------------------------------- */

struct cpuidle_state_stats {
	char name[CPUIDLE_NAME_LEN], desc[CPUIDLE_DESC_LEN];
	unsigned int latency_us;        /* exit_latency */
	unsigned int residency_us;      /* target_residency */
	unsigned int flags;
	bool disable;
	u64 usage;
	u64 time_us;
	u64 time_ns;
	u64 rejected;
};
struct cpuidle_cpu_stats {
	unsigned int cpu;
	const char *driver;             /* cpuN/cpuidle/driver/name */
	const char *governor;           /* cpuidle/current_governor */
	int state_count;
	struct cpuidle_state_stats states[CPUIDLE_STATE_MAX];
};
/* Fill *st for a CPU with a registered device: 0, or -ENODEV. */
int cpuidle_get_cpu_stats(unsigned int cpu, struct cpuidle_cpu_stats *st);
/* The same with the state a CPU is in at now_ns counted as if it left it
 * then (one more usage, its time so far): for the run's statistics, which
 * would otherwise miss a state that lasts to the end of the run. */
int cpuidle_get_cpu_stats_at(unsigned int cpu, u64 now_ns, struct cpuidle_cpu_stats *st);
/* Models wake_up_all_idle_cpus() (kernel/sched/idle.c here). */
void wake_up_all_idle_cpus(void);
/*
 * Write the sysfs view, one attribute a line, "path = value\n":
 *   cpuidle/current_governor = menu
 *   cpuN/cpuidle/driver/name = big_idle
 *   cpuN/cpuidle/stateK/{name,desc,latency,residency,usage,time,rejected,disable} = ...
 * for every CPU with a registered device. snprintf semantics: returns the
 * length the whole text needs (write at most len bytes, NUL-terminated).
 */
int cpuidle_sysfs_dump(char *buf, size_t len);
/* Same for one CPU (nothing written if it has no device). */
int cpuidle_sysfs_dump_cpu(unsigned int cpu, char *buf, size_t len);
/* The sysfs stateK/disable attribute: 0, -ENODEV, -EINVAL. */
int cpuidle_state_set_disable(unsigned int cpu, int index, bool disable);

#ifdef __cplusplus
}
#endif

#endif
