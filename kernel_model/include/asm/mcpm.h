/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * asm/mcpm.h - Multi-Cluster Power Management, the interface of
 * arch/arm/include/asm/mcpm.h.
 *
 * The public API of arch/arm/common/mcpm_entry.c, the platform backend
 * interface, and the state shared with CPUs whose caches are off (mcpm_sync),
 * laid out as upstream: each state byte in a cache writeback granule of its
 * own, so that a non-coherent CPU's clean/invalidate of one byte never
 * disturbs another CPU's byte. See Documentation/arm/cluster-pm-race-avoidance.
 */
#ifndef KM_ASM_MCPM_H
#define KM_ASM_MCPM_H

#include "linux/kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MAX_CPUS_PER_CLUSTER 4
#define MAX_NR_CLUSTERS 2
#define __CACHE_WRITEBACK_GRANULE 64

/* ---- what a platform provides -------------------------------------------
 * Called by the MCPM core, the prepare steps and powerups with its use-count
 * lock held. Optional hooks may be NULL.
 */
/* The shapes of the hooks below. */
typedef void (*mcpm_flush_fn)(void);
typedef void (*mcpm_cpu_fn)(unsigned int core, unsigned int cl);
typedef void (*mcpm_setup_fn)(unsigned int affinity_level);

struct mcpm_platform_ops {
	/* power requests, from a running CPU */
	int (*cluster_powerup)(unsigned int cl);
	int (*cpu_powerup)(unsigned int core, unsigned int cl);
	/* a CPU leaving: arm the power controller, then caches and coherency */
	mcpm_cpu_fn cpu_suspend_prepare;
	mcpm_cpu_fn cpu_powerdown_prepare;
	mcpm_flush_fn cpu_cache_disable;
	void (*cluster_powerdown_prepare)(unsigned int cl);	/* last man only */
	mcpm_flush_fn cluster_cache_disable;			/* last man only */
	/* a CPU back in the kernel */
	void (*cluster_is_up)(unsigned int cl);
	mcpm_cpu_fn cpu_is_up;
	/* on a surviving CPU: wait until `core` has really stopped */
	int (*wait_for_powerdown)(unsigned int core, unsigned int cl);
};

int mcpm_platform_register(const struct mcpm_platform_ops *ops);
/* Boot-time state: the boot cluster and its online CPUs up. The hook runs
 * on every inbound CPU, with level 1 for a first man's cluster setup and 0
 * for the CPU itself. */
int mcpm_sync_init(mcpm_setup_fn power_up_setup);
bool mcpm_is_available(void);

/* ---- the API ------------------------------------------------------------- */

/* The kernel's reset entry: what the SPC's BX_ADDR mailboxes point at. */
void mcpm_entry_point(void);
/* Where a CPU goes once mcpm_entry_point is done; NULL = wait in wfe. */
void mcpm_set_entry_vector(unsigned core, unsigned cl, void (*ptr)(void));
/* An MMIO write done by mcpm_entry_point before anything else (0 = none). */
void mcpm_set_early_poke(unsigned core, unsigned cl, unsigned long poke_phys_addr,
			 unsigned long poke_val);

/* Any CPU: ask for (core, cl) to be powered (counted per CPU). */
int mcpm_cpu_power_up(unsigned int core, unsigned int cl);
/* The calling CPU, IRQs off. Never returns while MCPM is available: the CPU
 * is off, or re-enters through mcpm_entry_point (a power_up got in first). */
void mcpm_cpu_power_down(void);
/* mcpm_cpu_power_down after the backend's cpu_suspend_prepare. */
void mcpm_cpu_suspend(void);
/* First thing a CPU does once back in the kernel. */
int mcpm_cpu_powered_up(void);
/* On another CPU, after (core, cl) called mcpm_cpu_power_down. */
int mcpm_wait_for_cpu_powerdown(unsigned int core, unsigned int cl);
/* A full last-man/first-man round trip of the calling CPU, at boot. */
int mcpm_loopback(mcpm_flush_fn cache_disable);

/* ---- the race-avoidance state (cluster-pm-race-avoidance.txt) ----------
 * The values are upstream's (mcpm_head.S compares against them); distinct
 * ranges make a stray byte easy to spot in a dump. */
enum {
	CPU_DOWN = 0x11,
	CPU_COMING_UP = 0x12,
	CPU_UP = 0x13,
	CPU_GOING_DOWN = 0x14,
	CLUSTER_DOWN = 0x21,
	CLUSTER_UP = 0x22,
	CLUSTER_GOING_DOWN = 0x23,
	INBOUND_NOT_COMING_UP = 0x31,
	INBOUND_COMING_UP = 0x32,
};

#ifdef __cplusplus
#define KM_ALIGNAS(n) alignas(n)
#else
#define KM_ALIGNAS(n) _Alignas(n)
#endif

/* One state byte alone in its writeback granule. */
#define MCPM_STATE_BYTE KM_ALIGNAS(__CACHE_WRITEBACK_GRANULE) volatile u8

struct mcpm_sync_struct {
	struct {
		MCPM_STATE_BYTE cpu;
	} cpus[MAX_CPUS_PER_CLUSTER];
	MCPM_STATE_BYTE cluster;
	MCPM_STATE_BYTE inbound;
};

/* All of it, by cluster number (MPIDR Aff1). */
extern struct sync_struct {
	struct mcpm_sync_struct clusters[MAX_NR_CLUSTERS];
} mcpm_sync;

/* The low-level race-avoidance steps, for backends that need them, in the
 * order a last man uses them. */
void __mcpm_cpu_going_down(unsigned int core, unsigned int cl);
bool __mcpm_outbound_enter_critical(unsigned int core, unsigned int cl);
void __mcpm_outbound_leave_critical(unsigned int cl, int state);
void __mcpm_cpu_down(unsigned int core, unsigned int cl);
int __mcpm_cluster_state(unsigned int cl);

/* sync_cache_w / sync_cache_r: make a shared object visible to / from CPUs
 * whose caches are off (__sync_cache_range_w / _r). */
#define sync_cache_w(ptr) hw_cache_clean_range((ptr), sizeof(*(ptr)))
#define sync_cache_r(ptr) hw_cache_inv_range((ptr), sizeof(*(ptr)))

/* mcpm_cpu_use_count is static upstream; it is visible here only so that
 * invariant checkers can read it (fault injection and the reset are in
 * blsim/test_hooks.h). */
extern volatile u32 mcpm_cpu_use_count[MAX_NR_CLUSTERS][MAX_CPUS_PER_CLUSTER];

#ifdef __cplusplus
}
#endif

#endif
