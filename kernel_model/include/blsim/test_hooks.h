/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * blsim/test_hooks.h - the kernel model's only door for tests (not hardware,
 * not upstream).
 *
 * Three kinds of hook live here and nowhere else:
 * - observation points: kernel-model code calls hw_test_hook() at the moments
 *   an invariant checker needs to see and hardware alone cannot show (who
 *   became first man, who entered the last-man critical section, ...). A hook
 *   takes no simulated time and must not change behaviour. kmodel carries a
 *   weak no-op definition (arch/arm/common/mcpm_entry.c), so blsim needs
 *   nothing; tests/unit/fake_hw.c defines the strong one and forwards the
 *   events to the test's observer.
 * - fault injection: mcpm_fault_inject deliberately breaks MCPM's race
 *   avoidance so a test can prove its checks catch the breakage. It must stay
 *   MCPM_FAULT_NONE outside tests.
 * - resets: each *_reset_for_test() forgets one subsystem's registered
 *   drivers and state, so one unit-test process can boot many machines.
 *
 * blsim itself (sim/) never includes this header.
 */
#ifndef BLSIM_TEST_HOOKS_H
#define BLSIM_TEST_HOOKS_H

#ifdef __cplusplus
extern "C" {
#endif

/* ---- observation points ---------------------------------------------------- */
enum hw_test_event {
	HW_TEST_VLOCK_WON,            /* cpu won cluster's first-man vlock */
	HW_TEST_VLOCK_UNLOCK,         /* cpu is releasing it */
	HW_TEST_MCPM_FIRST_MAN_SETUP, /* first man starts cluster setup */
	HW_TEST_MCPM_CLUSTER_UP,      /* first man wrote CLUSTER_UP */
	HW_TEST_MCPM_CPU_UP,          /* mcpm_entry_point wrote CPU_UP */
	HW_TEST_MCPM_CPU_ENTRY,       /* about to jump to the entry vector */
	HW_TEST_MCPM_CPU_GOING_DOWN,  /* __mcpm_cpu_going_down */
	HW_TEST_MCPM_CPU_DOWN,        /* __mcpm_cpu_down */
	HW_TEST_MCPM_LAST_MAN,        /* entered the teardown critical section */
	HW_TEST_MCPM_LAST_MAN_ABORT,  /* __mcpm_outbound_enter_critical backed out */
	HW_TEST_MCPM_CLUSTER_DOWN,    /* last man wrote CLUSTER_DOWN */
	HW_TEST_EVENT_NR
};

void hw_test_hook(enum hw_test_event ev, unsigned int cpu, unsigned int cluster);

/* ---- fault injection (arch/arm/common/mcpm_entry.c, vlock.c) ---------------- */
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

/* ---- resets, one per subsystem (the file that defines each) ------------------ */
void mcpm_reset_for_test(void);           /* arch/arm/common/mcpm_entry.c */
void cpu_suspend_reset_for_test(void);    /* arch/arm/kernel/suspend.c */
void tc2_pm_reset_for_test(void);         /* arch/arm/mach-vexpress/tc2_pm.c */
void ve_spc_free_irq_for_test(void);      /* arch/arm/mach-vexpress/spc.c */
void cci_reset_for_test(void);            /* drivers/bus/arm-cci.c */
void cpufreq_reset_for_test(void);        /* drivers/cpufreq/cpufreq.c */
void bL_cpufreq_reset_for_test(void);     /* drivers/cpufreq/arm_big_little.c */
void cpuidle_reset_for_test(void);        /* drivers/cpuidle/ */
void bl_idle_reset_for_test(void);        /* drivers/cpuidle/cpuidle-big_little.c */
void cpu_pm_reset_for_test(void);         /* kernel/cpu_pm.c */
void em_reset_for_test(void);             /* kernel/power/energy_model.c */

#ifdef __cplusplus
}
#endif

#endif
