// SPDX-License-Identifier: GPL-2.0-only
/*
 * cpu_pm.c - CPU and cluster power-management notifiers (kernel/cpu_pm.c,
 * the 3.x generation contemporary with the TC2 drivers).
 *
 * The chain is walked without a lock: registration happens at boot on one
 * CPU, before any CPU can enter a low-power state, and a walk only reads it.
 * Upstream's rwlock protects a chain that may change at run time (modules);
 * nothing registers at run time in the model.
 */
#include "linux/cpu_pm.h"
#include "blsim/test_hooks.h"

static struct notifier_block *cpu_pm_chain;

/* Models cpu_pm_register_notifier() (raw_notifier_chain_register). */
int cpu_pm_register_notifier(struct notifier_block *nb)
{
	struct notifier_block **p;

	if (!nb || !nb->notifier_call)
		return -EINVAL;
	for (p = &cpu_pm_chain; *p; p = &(*p)->next)
		if (*p == nb)
			return -EEXIST;
	/* Sorted by priority, higher first; equal priorities in order. */
	for (p = &cpu_pm_chain; *p && (*p)->priority >= nb->priority; p = &(*p)->next)
		;
	nb->next = *p;
	*p = nb;
	return 0;
}

/* Models cpu_pm_unregister_notifier() (raw_notifier_chain_unregister). */
int cpu_pm_unregister_notifier(struct notifier_block *nb)
{
	struct notifier_block **p;

	for (p = &cpu_pm_chain; *p; p = &(*p)->next) {
		if (*p == nb) {
			*p = nb->next;
			nb->next = NULL;
			return 0;
		}
	}
	return -ENOENT;
}

/* Models __cpu_pm_notify() (__raw_notifier_call_chain): call at most
 * nr_to_call notifiers (-1: all); *nr_calls counts those called. */
static int __cpu_pm_notify(enum cpu_pm_event event, int nr_to_call, int *nr_calls)
{
	struct notifier_block *nb = cpu_pm_chain;
	int ret = NOTIFY_DONE;

	while (nb && nr_to_call) {
		struct notifier_block *next = nb->next;

		ret = nb->notifier_call(nb, (unsigned long)event, NULL);
		if (nr_calls)
			(*nr_calls)++;
		if (ret & NOTIFY_STOP_MASK)
			break;
		nb = next;
		nr_to_call--;
	}
	return notifier_to_errno(ret);
}

/* Models the common body of cpu_pm_enter() / cpu_cluster_pm_enter(): on a
 * refusal, tell the ones already notified (not the refuser) that it failed. */
static int cpu_pm_enter_event(enum cpu_pm_event enter, enum cpu_pm_event failed)
{
	int nr_calls = 0;
	int ret = __cpu_pm_notify(enter, -1, &nr_calls);

	if (ret)
		__cpu_pm_notify(failed, nr_calls - 1, NULL);
	return ret;
}

/* Models cpu_pm_enter(): CPU_PM_ENTER, called with IRQs disabled. */
int cpu_pm_enter(void)
{
	return cpu_pm_enter_event(CPU_PM_ENTER, CPU_PM_ENTER_FAILED);
}

/* Models cpu_pm_exit(): CPU_PM_EXIT. */
int cpu_pm_exit(void)
{
	return __cpu_pm_notify(CPU_PM_EXIT, -1, NULL);
}

/* Models cpu_cluster_pm_enter(): CPU_CLUSTER_PM_ENTER (the last CPU of a
 * power domain, after its own cpu_pm_enter). */
int cpu_cluster_pm_enter(void)
{
	return cpu_pm_enter_event(CPU_CLUSTER_PM_ENTER, CPU_CLUSTER_PM_ENTER_FAILED);
}

/* Models cpu_cluster_pm_exit(): CPU_CLUSTER_PM_EXIT. */
int cpu_cluster_pm_exit(void)
{
	return __cpu_pm_notify(CPU_CLUSTER_PM_EXIT, -1, NULL);
}

/* Test support (no upstream counterpart): an empty chain. */
void cpu_pm_reset_for_test(void)
{
	cpu_pm_chain = NULL;
}
