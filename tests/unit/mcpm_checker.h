/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mcpm_checker.h - MCPM invariants, checked at every state change of the
 * fake machine (install mcpm_checker_observe as the fake_hw observer).
 *
 *  I1 no CPU runs with caches/coherency on in a cluster whose power or CCI
 *     port is off;
 *  I2 a cluster is powered off only when all its CPUs are CPU_DOWN, its
 *     state CLUSTER_DOWN, its CCI port off and its L2 clean;
 *  I3 a core is reset only with a clean L1;
 *  I4 exactly one last man per teardown and one first man per set-up,
 *     strictly alternating; one vlock winner at a time;
 *  I5 an inbound CPU never enters the kernel (CPU_UP, entry jump) in a
 *     cluster that is not set up (state, power, CCI port);
 *  I6 use counts stay in 0..2 (never negative).
 */
#ifndef BLSIM_MCPM_CHECKER_H
#define BLSIM_MCPM_CHECKER_H

#include <stdint.h>

#include "fake_hw.h"

#ifdef __cplusplus
extern "C" {
#endif

struct mcpm_checker {
	uint64_t violations;
	char first_violation[512];
	uint64_t events;
	uint64_t first_men[FAKE_MAX_CLUSTERS], last_men[FAKE_MAX_CLUSTERS];
	uint64_t aborts[FAKE_MAX_CLUSTERS];
	uint64_t power_ups[FAKE_MAX_CLUSTERS], power_downs[FAKE_MAX_CLUSTERS];
	int set_up[FAKE_MAX_CLUSTERS];      /* 1: set up, 0: torn down */
	int in_teardown[FAKE_MAX_CLUSTERS]; /* a last man is in the critical section */
	int vlock_holder[FAKE_MAX_CLUSTERS];
	/* Chained observer, called after the checks (may be NULL). */
	void (*next)(const struct fake_hw_event *ev, void *arg);
	void *next_arg;
};

/* Boot cluster (core 0's) starts set up, every other torn down. */
void mcpm_checker_init(struct mcpm_checker *ck);
void mcpm_checker_observe(const struct fake_hw_event *ev, void *arg);

#ifdef __cplusplus
}
#endif

#endif
