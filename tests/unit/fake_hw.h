/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fake_hw.h - a fake machine implementing all of hw.h without SystemC, for
 * unit and stress tests of kernel_model.
 *
 * Cores are coroutines (ucontext). Each core has a local clock; every hw.h
 * call costs a randomised amount of simulated time (seeded PRNG, with
 * occasional long stalls), and the core whose clock is earliest runs next
 * (ties broken by the PRNG). A call's effect (a load, a store, an MMIO
 * access) happens when it completes, after every other core has run up to
 * that time: the interleavings are those of real timing, and the seed
 * picks one. Same seed, same run.
 *
 * Devices (TC2 addresses by default): SCC/SPC at 0x7fff0000 (reset-on-WFI
 * when a core's WAKE_INT_MASK bit is set, cluster power-off when all its
 * cores are in reset and PWRDN_EN is set, wake-up on a pending interrupt
 * for a core in reset whose mask bit is set), CCI-400 at 0x2c090000 (snoop
 * control per slave interface, change-pending status), GIC-400 distributor
 * 0x2c001000 + CPU interface 0x2c002000 (banked SGI/PPI state, SGIR,
 * IAR/EOIR, priorities, targets). A core leaving reset runs fake firmware:
 * it reads its SPC BX_ADDR mailbox and jumps there, or waits in WFI.
 *
 * Usage:
 *   struct fake_hw_config cfg; fake_hw_default_config(&cfg); cfg.seed = 42;
 *   fake_hw_create(&cfg);
 *   fake_hw_start_core(0, boot_main, NULL, true);  // core 0 runs boot_main
 *   fake_hw_run(UINT64_MAX);                      // until idle/stop/panic
 *   ... inspect fake_hw_* state ...
 *   fake_hw_destroy();
 */
#ifndef BLSIM_FAKE_HW_H
#define BLSIM_FAKE_HW_H

#include <stdbool.h>
#include <stdint.h>

#include "hw.h"
#include "blsim/test_hooks.h"
#include "regs/tc2_scc.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FAKE_MAX_CLUSTERS 2
#define FAKE_MAX_CPUS_PER_CLUSTER 3
#define FAKE_MAX_CORES (FAKE_MAX_CLUSTERS * FAKE_MAX_CPUS_PER_CLUSTER)
#define FAKE_NR_IRQS 160

/* TC2 addresses (also what the fake DT says). */
#define FAKE_SCC_BASE 0x7fff0000u
#define FAKE_SPC_BASE (FAKE_SCC_BASE + SCC_SPC_OFFSET)
#define FAKE_CCI_BASE 0x2c090000u
#define FAKE_GICD_BASE 0x2c001000u
#define FAKE_GICC_BASE 0x2c002000u
#define FAKE_SCC_IRQ (32 + 95)

struct fake_hw_config {
	uint64_t seed;
	unsigned int nr_clusters;                          /* 1..2 */
	unsigned int cpus_per_cluster[FAKE_MAX_CLUSTERS];  /* 1..3 */
	uint32_t part[FAKE_MAX_CLUSTERS];                  /* MIDR part number */
	unsigned int cci_port_of_cluster[FAKE_MAX_CLUSTERS]; /* slave-if index */
	/* Secondaries start powered, in the firmware holding pen (as TC2's
	 * boot monitor leaves them); if false they start in reset and every
	 * cluster but core 0's is powered off with its CCI port disabled. */
	bool secondaries_in_firmware;
	/* Costs (ns) before jitter; jitter multiplies by [1-j, 1+j]. */
	double jitter;
	double stall_prob;           /* chance that a call stalls ... */
	uint32_t stall_max_ns;       /* ... for up to this long */
	uint32_t mmio_ns, mem_cached_ns, mem_uncached_ns, barrier_ns;
	uint32_t core_powerup_ns, cluster_powerup_ns, cci_change_ns;
	uint32_t ctx_save_ns;
	int log_level;               /* hw_printk prints levels <= this */
};

void fake_hw_default_config(struct fake_hw_config *cfg);
/* Build a machine (destroying any previous one). */
void fake_hw_create(const struct fake_hw_config *cfg);
void fake_hw_destroy(void);
/* Use this DT instead of the built-in TC2-like one (caller keeps it alive). */
void fake_hw_set_fdt(const void *fdt);

/* Power core on (if it is not) and make it run fn(arg) on a fresh entry
 * stack instead of firmware; caches_on: SCTLR.C and ACTLR.SMP set, as the
 * boot CPU's are when the kernel starts. Call from the host only. */
void fake_hw_start_core(unsigned int core, void (*fn)(void *), void *arg, bool caches_on);

enum fake_hw_stop_reason {
	FAKE_HW_IDLE,       /* nothing can happen any more */
	FAKE_HW_TIME_LIMIT, /* simulated time reached until_ns */
	FAKE_HW_STOPPED,    /* fake_hw_stop() was called */
	FAKE_HW_PANIC,      /* hw_panic(): see fake_hw_panic_message() */
};
/* Run until until_ns of simulated time (or idle, stop, panic). Resumable. */
enum fake_hw_stop_reason fake_hw_run(uint64_t until_ns);
/* Ask fake_hw_run to return at the next scheduling point (any context). */
void fake_hw_stop(void);
const char *fake_hw_panic_message(void); /* NULL if no panic */

/* A host callback at a simulated time (runs in the scheduler: it may use
 * fake_hw_* but not hw.h). */
void fake_hw_at(uint64_t when_ns, void (*fn)(void *), void *arg);

/* Interrupts: post an interrupt as if a device (or, for an SGI, core src)
 * raised it. irq < 16: SGI to core; < 32: PPI of core; else SPI (core
 * ignored, routed by GICD_ITARGETSR). Any context. */
void fake_hw_post_irq(unsigned int core, unsigned int irq, unsigned int src);
/* An external event (as sev from outside any core): wakes every wfe. */
void fake_hw_send_event(void);
bool fake_hw_irq_pending(unsigned int core, unsigned int irq);
/* The default IRQ vector used when none is registered acknowledges and
 * drops the interrupt; this counts those per core. */
uint64_t fake_hw_dropped_irqs(unsigned int core);

/* ---- observation ---------------------------------------------------------- */
enum fake_core_state { FAKE_CORE_OFF, FAKE_CORE_RUN, FAKE_CORE_WFI, FAKE_CORE_WFE };

enum fake_hw_event_kind {
	FAKE_EV_CORE_POWER_ON,   /* core leaves reset */
	FAKE_EV_CORE_RESET,      /* core enters reset (powered off) */
	FAKE_EV_CLUSTER_POWER_ON,
	FAKE_EV_CLUSTER_POWER_OFF, /* sent before the L2 contents are lost */
	FAKE_EV_CCI_PORT,        /* a slave interface's snoop control written: a = value */
	FAKE_EV_CACHE_CTRL,      /* SCTLR.C / ACTLR.SMP of core changed */
	FAKE_EV_WFI_ENTER,
	FAKE_EV_WFI_EXIT,
	FAKE_EV_SPC_WRITE,       /* a = offset from SPC base, b = value */
	FAKE_EV_STORE,           /* hw_store / cmpxchg completed at addr */
	FAKE_EV_KERNEL_HOOK,     /* hw_test_hook(): hook, cpu = a, cluster */
	FAKE_EV_MARK,            /* hw_mark(): text */
	FAKE_EV_ENTRY_JUMP,      /* core jumps to an entry address: a */
};

struct fake_hw_event {
	enum fake_hw_event_kind kind;
	int core;            /* core the event is about (-1: none) */
	int cluster;         /* cluster it is about (-1: none) */
	uint32_t a, b;
	const volatile void *addr;
	enum hw_test_event hook;
	const char *text;
	uint64_t now_ns;
};

/* Called synchronously at every state change (not allowed to use hw.h). */
void fake_hw_set_observer(void (*fn)(const struct fake_hw_event *ev, void *arg), void *arg);

unsigned int fake_hw_nr_clusters(void);
unsigned int fake_hw_cluster_of(unsigned int core);
unsigned int fake_hw_cpu_of(unsigned int core);
int fake_hw_core_of(unsigned int cluster, unsigned int cpu); /* -1 if none */
uint32_t fake_hw_mpidr(unsigned int core);
int fake_hw_current_core(void); /* -1 outside any core */

enum fake_core_state fake_hw_core_state(unsigned int core);
bool fake_hw_core_in_reset(unsigned int core);
bool fake_hw_core_dcache_on(unsigned int core);
bool fake_hw_core_smp_on(unsigned int core);
bool fake_hw_core_irqs_masked(unsigned int core);
uint32_t fake_hw_l1_dirty_lines(unsigned int core);
uint32_t fake_hw_l2_dirty_lines(unsigned int cluster);
uint32_t fake_hw_l2_prefetch_ctl(unsigned int core);
bool fake_hw_cluster_powered(unsigned int cluster);
uint32_t fake_hw_cci_port_ctrl(unsigned int cluster); /* its slave-if's value */
bool fake_hw_cci_snoops_on(unsigned int cluster);
uint32_t fake_hw_spc_reg(uint32_t offset);
uint32_t fake_hw_gicc_ctlr(unsigned int core);

struct fake_hw_stats {
	uint64_t cluster_power_ups[FAKE_MAX_CLUSTERS];
	uint64_t cluster_power_downs[FAKE_MAX_CLUSTERS];
	uint64_t core_power_ons[FAKE_MAX_CORES];
	uint64_t core_resets[FAKE_MAX_CORES];
	uint64_t hw_calls;
	uint64_t switches;
};
const struct fake_hw_stats *fake_hw_stats(void);
uint64_t fake_hw_now(void); /* ns of simulated time */

#ifdef __cplusplus
}
#endif

#endif
