/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hw_test_hooks.h - observation points for invariant checkers (not hardware).
 *
 * Kernel-model code calls hw_test_hook() at the moments a checker needs to
 * see that hardware alone cannot show (who became first man, who entered the
 * last-man critical section, ...). A hook takes no simulated time and must
 * not change behaviour. kmodel carries a weak no-op definition (in
 * arch/arm/common/mcpm_entry.c), so blsim needs nothing; tests/unit/fake_hw.c
 * defines the strong one and forwards the events to the test's observer.
 */
#ifndef BLSIM_HW_TEST_HOOKS_H
#define BLSIM_HW_TEST_HOOKS_H

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif

#endif
