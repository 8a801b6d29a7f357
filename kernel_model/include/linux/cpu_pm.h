/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * linux/cpu_pm.h - CPU and cluster low-power notifiers (include/linux/cpu_pm.h,
 * kernel/cpu_pm.c).
 *
 * Code that saves and restores per-CPU hardware state across a power-down
 * (the GIC CPU interface, VFP, the PMU) registers a notifier here; the idle
 * driver and the switcher call cpu_pm_enter() before the CPU may lose its
 * state and cpu_pm_exit() after it is back. Callbacks run on the CPU that
 * changes state, with IRQs disabled.
 */
#ifndef KM_LINUX_CPU_PM_H
#define KM_LINUX_CPU_PM_H

#include "linux/kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- a minimal notifier chain (include/linux/notifier.h) ---------------- */
#ifndef KM_NOTIFIER_BLOCK_DEFINED
#define KM_NOTIFIER_BLOCK_DEFINED
#define NOTIFY_DONE 0x0000
#define NOTIFY_OK 0x0001
#define NOTIFY_STOP_MASK 0x8000
#define NOTIFY_BAD (NOTIFY_STOP_MASK | 0x0002)
#define NOTIFY_STOP (NOTIFY_OK | NOTIFY_STOP_MASK)

struct notifier_block {
	int (*notifier_call)(struct notifier_block *nb, unsigned long action,
			     void *data);
	struct notifier_block *next;
	int priority;   /* higher runs first, as upstream */
};

/* Models notifier_from_errno() / notifier_to_errno(). */
static inline int notifier_from_errno(int err)
{
	return err ? (NOTIFY_STOP_MASK | (NOTIFY_OK - err)) : NOTIFY_OK;
}
static inline int notifier_to_errno(int ret)
{
	ret &= ~NOTIFY_STOP_MASK;
	return ret > NOTIFY_OK ? NOTIFY_OK - ret : 0;
}
#endif

/* What a CPU PM notifier is told: one CPU, or a whole cluster (its power
 * domain), about to power down, having given up on it, or back up. */
enum cpu_pm_event {
	CPU_PM_ENTER = 0,			/* this CPU goes down */
	CPU_PM_ENTER_FAILED = 1,		/* ... and did not */
	CPU_PM_EXIT = 2,			/* this CPU is back */
	CPU_CLUSTER_PM_ENTER = 3,		/* the cluster goes down */
	CPU_CLUSTER_PM_ENTER_FAILED = 4,	/* ... and did not */
	CPU_CLUSTER_PM_EXIT = 5,		/* the cluster is back */
};

/* 0, or -EINVAL (NULL / no callback), -EEXIST (already registered). */
int cpu_pm_register_notifier(struct notifier_block *blk);
/* 0, or -ENOENT if nb was not registered. */
int cpu_pm_unregister_notifier(struct notifier_block *blk);

/* Each returns 0 or the errno of the first notifier that refused; on a
 * refusal of an *_enter, the notifiers already called are told
 * CPU_PM_ENTER_FAILED / CPU_CLUSTER_PM_ENTER_FAILED, as upstream. */
int cpu_pm_exit(void);
int cpu_pm_enter(void);
int cpu_cluster_pm_exit(void);	/* before cpu_pm_exit */
int cpu_cluster_pm_enter(void);	/* after cpu_pm_enter, last man only */

/* The ARMv7 notifiers besides the GIC's (arch/arm/kernel/cpu_pm_notifiers.c). */
void arm_cpu_pm_notifiers_init(void);

#ifdef __cplusplus
}
#endif

#endif
