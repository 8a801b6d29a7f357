/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * blsim/switch_steps.h - the steps of a cluster switch, in one list.
 *
 * The kernel model reports the steps it performs with hw_switch_step(); the
 * simulator adds the ones only the hardware sees (the outbound's cache
 * cleans, its CCI port, its core and cluster powering off). stats.json's
 * switches[].steps[] names each step by the string given here, and
 * docs/anatomy-of-a-switch.md explains them in this order: a step is added,
 * renamed or dropped here and nowhere else.
 */
#ifndef BLSIM_SWITCH_STEPS_H
#define BLSIM_SWITCH_STEPS_H

/* X(ID, "name"): reported by the kernel model (K) or the simulator (S). */
#define SWITCH_STEPS(X)                                                     \
	X(REQUEST, "request")                       /* S: request .. vectors gated */ \
	X(REQUEST_TAKEN, "request_taken")           /* K: the thread took it */      \
	X(ENTRY_VECTORS_GATED, "entry_vectors_gated") /* K */                        \
	X(ABORTED, "aborted")                       /* K: the inbound never came */  \
	X(INBOUND_POWER_UP, "inbound_power_up")     /* K */                          \
	X(WAIT_INBOUND_ALIVE, "wait_inbound_alive") /* K: early poke */              \
	X(BLACKOUT, "blackout")                     /* K */                          \
	X(GIC_MIGRATE, "gic_migrate")               /* K */                          \
	X(TICK_SUSPEND, "tick_suspend")             /* K */                          \
	X(CPU_PM_ENTER, "cpu_pm_enter")             /* K */                          \
	X(LOGICAL_MAP_FLIP, "logical_map_flip")     /* K */                          \
	X(CONTEXT_SAVE, "context_save")             /* K */                          \
	X(INBOUND_RELEASED, "inbound_released")     /* K */                          \
	X(OUTBOUND_WAIT_HANDSHAKE, "outbound_wait_handshake") /* K */                \
	X(INBOUND_RESUMED, "inbound_resumed")       /* K */                          \
	X(CPU_PM_EXIT, "cpu_pm_exit")               /* K */                          \
	X(OUTBOUND_POWER_DOWN, "outbound_power_down") /* K */                        \
	X(OUTBOUND_L1_CLEAN, "outbound_l1_clean")   /* S: flush_cache_louis */       \
	X(OUTBOUND_L1_L2_CLEAN, "outbound_l1_l2_clean") /* S: flush_cache_all */     \
	X(CCI_PORT_DISABLED, "cci_port_disabled")   /* S */                          \
	X(OUTBOUND_CORE_OFF, "outbound_core_off")   /* S */                          \
	X(OUTBOUND_CLUSTER_OFF, "outbound_cluster_off") /* S: last man */            \
	X(CLUSTER_RENDEZVOUS, "cluster_rendezvous") /* K: cluster mode */            \
	X(OUTBOUND_FLUSH_TO_MEMORY, "outbound_flush_to_memory") /* K: no coherency */

enum switch_step {
#define SWITCH_STEP_ID(id, name) SWITCH_STEP_##id,
	SWITCH_STEPS(SWITCH_STEP_ID)
#undef SWITCH_STEP_ID
	SWITCH_STEP_NR
};

static inline const char *switch_step_name(enum switch_step step)
{
	static const char *const names[SWITCH_STEP_NR] = {
#define SWITCH_STEP_NAME(id, name) name,
		SWITCH_STEPS(SWITCH_STEP_NAME)
#undef SWITCH_STEP_NAME
	};
	return (unsigned int)step < SWITCH_STEP_NR ? names[step] : "?";
}

#endif
