/*
 * asm/mcpm.h - Multi-Cluster Power Management (arch/arm/include/asm/mcpm.h).
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

/* The kernel's reset entry: what the SPC's BX_ADDR mailboxes point at. */
void mcpm_entry_point(void);

/* Where a CPU goes once mcpm_entry_point is done; NULL = wait in wfe. */
void mcpm_set_entry_vector(unsigned cpu, unsigned cluster, void (*ptr)(void));
/* An MMIO write done by mcpm_entry_point before anything else (0 = none). */
void mcpm_set_early_poke(unsigned cpu, unsigned cluster,
			 unsigned long poke_phys_addr, unsigned long poke_val);

bool mcpm_is_available(void);
int mcpm_cpu_power_up(unsigned int cpu, unsigned int cluster);
/* Never returns while MCPM is available: the CPU is off, or re-enters
 * through mcpm_entry_point (a power_up raced ahead). */
void mcpm_cpu_power_down(void);
int mcpm_wait_for_cpu_powerdown(unsigned int cpu, unsigned int cluster);
void mcpm_cpu_suspend(void);
int mcpm_cpu_powered_up(void);
int mcpm_loopback(void (*cache_disable)(void));

struct mcpm_platform_ops {
	int (*cpu_powerup)(unsigned int cpu, unsigned int cluster);
	int (*cluster_powerup)(unsigned int cluster);
	void (*cpu_suspend_prepare)(unsigned int cpu, unsigned int cluster);
	void (*cpu_powerdown_prepare)(unsigned int cpu, unsigned int cluster);
	void (*cluster_powerdown_prepare)(unsigned int cluster);
	void (*cpu_cache_disable)(void);
	void (*cluster_cache_disable)(void);
	void (*cpu_is_up)(unsigned int cpu, unsigned int cluster);
	void (*cluster_is_up)(unsigned int cluster);
	int (*wait_for_powerdown)(unsigned int cpu, unsigned int cluster);
};

int mcpm_platform_register(const struct mcpm_platform_ops *ops);
int mcpm_sync_init(void (*power_up_setup)(unsigned int affinity_level));

/* ---- the race-avoidance state (cluster-pm-race-avoidance.txt) ---------- */

#define CPU_DOWN 0x11
#define CPU_COMING_UP 0x12
#define CPU_UP 0x13
#define CPU_GOING_DOWN 0x14

#define CLUSTER_DOWN 0x21
#define CLUSTER_UP 0x22
#define CLUSTER_GOING_DOWN 0x23

#define INBOUND_NOT_COMING_UP 0x31
#define INBOUND_COMING_UP 0x32

#ifdef __cplusplus
#define KM_ALIGNAS(n) alignas(n)
#else
#define KM_ALIGNAS(n) _Alignas(n)
#endif

struct mcpm_sync_struct {
	struct {
		KM_ALIGNAS(__CACHE_WRITEBACK_GRANULE) volatile u8 cpu;
	} cpus[MAX_CPUS_PER_CLUSTER];
	KM_ALIGNAS(__CACHE_WRITEBACK_GRANULE) volatile u8 cluster;
	KM_ALIGNAS(__CACHE_WRITEBACK_GRANULE) volatile u8 inbound;
};

struct sync_struct {
	struct mcpm_sync_struct clusters[MAX_NR_CLUSTERS];
};

extern struct sync_struct mcpm_sync;

/* The low-level race-avoidance helpers, for backends that need them. */
void __mcpm_cpu_going_down(unsigned int cpu, unsigned int cluster);
void __mcpm_cpu_down(unsigned int cpu, unsigned int cluster);
void __mcpm_outbound_leave_critical(unsigned int cluster, int state);
bool __mcpm_outbound_enter_critical(unsigned int cpu, unsigned int cluster);
int __mcpm_cluster_state(unsigned int cluster);

/* sync_cache_w / sync_cache_r: make a shared object visible to / from CPUs
 * whose caches are off (__sync_cache_range_w / _r). */
#define sync_cache_w(ptr) hw_cache_clean_range((ptr), sizeof(*(ptr)))
#define sync_cache_r(ptr) hw_cache_inv_range((ptr), sizeof(*(ptr)))

/* ---- test support: not in upstream ---------------------------------------
 * mcpm_cpu_use_count is static upstream; it is visible here only so that
 * invariant checkers can read it. mcpm_fault_inject deliberately breaks the
 * race avoidance so a test can prove its checks catch the breakage: it must
 * stay MCPM_FAULT_NONE outside tests. mcpm_reset_for_test() forgets the
 * registered backend and all state, so one process can run many machines.
 */
extern volatile u32 mcpm_cpu_use_count[MAX_NR_CLUSTERS][MAX_CPUS_PER_CLUSTER];
enum mcpm_fault {
	MCPM_FAULT_NONE,
	/* __mcpm_outbound_enter_critical never backs out for an inbound CPU. */
	MCPM_FAULT_IGNORE_INBOUND,
	/* vlock_trylock lets every voter that saw the lock free win. */
	MCPM_FAULT_VLOCK_TWO_WINNERS,
	/* __mcpm_outbound_enter_critical takes a CPU still CPU_GOING_DOWN
	 * for CPU_DOWN (does not wait for it). */
	MCPM_FAULT_GOING_DOWN_AS_DOWN,
};
extern volatile int mcpm_fault_inject;
void mcpm_reset_for_test(void);

#ifdef __cplusplus
}
#endif

#endif
