// SPDX-License-Identifier: GPL-2.0-only
/* mcpm_checker.c - MCPM invariant checks on fake_hw events (see .h). */
#include "mcpm_checker.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "asm/mcpm.h"

static void violation(struct mcpm_checker *ck, const struct fake_hw_event *ev, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (ck->violations++)
		return;
	n = snprintf(ck->first_violation, sizeof(ck->first_violation), "@%llu ns (event %d, core %d): ",
		     (unsigned long long)ev->now_ns, (int)ev->kind, ev->core);
	va_start(ap, fmt);
	vsnprintf(ck->first_violation + n, sizeof(ck->first_violation) - (size_t)n, fmt, ap);
	va_end(ap);
}

void mcpm_checker_init(struct mcpm_checker *ck)
{
	unsigned int cl;

	memset(ck, 0, sizeof(*ck));
	for (cl = 0; cl < FAKE_MAX_CLUSTERS; cl++) {
		ck->set_up[cl] = cl == fake_hw_cluster_of(0);
		ck->vlock_holder[cl] = -1;
	}
}

static void check_running_cores(struct mcpm_checker *ck, const struct fake_hw_event *ev)
{
	unsigned int cl, cpu;

	for (cl = 0; cl < fake_hw_nr_clusters(); cl++)
		for (cpu = 0; fake_hw_core_of(cl, cpu) >= 0; cpu++) {
			unsigned int core = (unsigned int)fake_hw_core_of(cl, cpu);

			if (fake_hw_core_in_reset(core))
				continue;
			if (!fake_hw_core_dcache_on(core) && !fake_hw_core_smp_on(core))
				continue;
			if (!fake_hw_cluster_powered(cl))
				violation(ck, ev, "I1: core %u runs with caches on in powered-off cluster %u",
					  core, cl);
			else if (!fake_hw_cci_snoops_on(cl))
				violation(ck, ev, "I1: core %u runs with caches on in cluster %u whose CCI port is off",
					  core, cl);
		}
}

static void check_power_off(struct mcpm_checker *ck, const struct fake_hw_event *ev, unsigned int cl)
{
	unsigned int cpu;

	if (mcpm_sync.clusters[cl].cluster != CLUSTER_DOWN)
		violation(ck, ev, "I2: cluster %u powered off in MCPM state %#x", cl,
			  mcpm_sync.clusters[cl].cluster);
	for (cpu = 0; cpu < MAX_CPUS_PER_CLUSTER; cpu++)
		if (mcpm_sync.clusters[cl].cpus[cpu].cpu != CPU_DOWN)
			violation(ck, ev, "I2: cluster %u powered off while cpu %u is in state %#x", cl, cpu,
				  mcpm_sync.clusters[cl].cpus[cpu].cpu);
	if (fake_hw_cci_snoops_on(cl))
		violation(ck, ev, "I2: cluster %u powered off with its CCI port on", cl);
	if (ev->a)
		violation(ck, ev, "I2: cluster %u powered off with %u dirty L2 lines", cl, ev->a);
}

static void check_hook(struct mcpm_checker *ck, const struct fake_hw_event *ev)
{
	unsigned int cl = (unsigned int)ev->cluster;

	if (cl >= FAKE_MAX_CLUSTERS)
		return;
	switch (ev->hook) {
	case HW_TEST_VLOCK_WON:
		if (ck->vlock_holder[cl] >= 0)
			violation(ck, ev, "I4: core %d won cluster %u's vlock held by core %d",
				  ev->core, cl, ck->vlock_holder[cl]);
		ck->vlock_holder[cl] = ev->core;
		break;
	case HW_TEST_VLOCK_UNLOCK:
		if (ck->vlock_holder[cl] == ev->core)
			ck->vlock_holder[cl] = -1;
		break;
	case HW_TEST_MCPM_FIRST_MAN_SETUP:
		ck->first_men[cl]++;
		if (ck->set_up[cl])
			violation(ck, ev, "I4: second first man (core %d) for cluster %u already set up",
				  ev->core, cl);
		if (ck->in_teardown[cl])
			violation(ck, ev, "I4: core %d sets cluster %u up during its teardown", ev->core, cl);
		if (!fake_hw_cluster_powered(cl))
			violation(ck, ev, "I4: cluster %u set up while powered off", cl);
		break;
	case HW_TEST_MCPM_CLUSTER_UP:
		ck->set_up[cl] = 1;
		if (!fake_hw_cci_snoops_on(cl))
			violation(ck, ev, "I5: cluster %u marked CLUSTER_UP with its CCI port off", cl);
		break;
	case HW_TEST_MCPM_LAST_MAN:
		ck->last_men[cl]++;
		if (ck->in_teardown[cl])
			violation(ck, ev, "I4: second last man (core %d) for cluster %u", ev->core, cl);
		if (!ck->set_up[cl])
			violation(ck, ev, "I4: last man (core %d) for cluster %u that is not set up",
				  ev->core, cl);
		ck->in_teardown[cl] = 1;
		/* The last man starts the teardown only once every other CPU
		 * of the cluster is CPU_DOWN: one UP would run in the dying
		 * cluster, one still GOING_DOWN may yet touch its caches.
		 * CPU_COMING_UP counts as down: a CPU may raise it after the
		 * last man read its CPU_DOWN, and it then sees the cluster
		 * GOING_DOWN and waits for the teardown before touching
		 * anything (upstream's own race note; the stress runs show it). */
		{
			unsigned int cpu;

			for (cpu = 0; cpu < MAX_CPUS_PER_CLUSTER; cpu++) {
				int st = mcpm_sync.clusters[cl].cpus[cpu].cpu;

				if ((int)cpu != (int)ev->a && st != CPU_DOWN && st != CPU_COMING_UP)
					violation(ck, ev, "I4: last man (core %d) tears down cluster %u while its cpu %u is %s",
						  ev->core, cl, cpu, st == CPU_UP ? "up" :
						  st == CPU_GOING_DOWN ? "going down" : "coming up");
			}
		}
		break;
	case HW_TEST_MCPM_LAST_MAN_ABORT:
		ck->aborts[cl]++;
		break;
	case HW_TEST_MCPM_CLUSTER_DOWN:
		if (!ck->in_teardown[cl])
			violation(ck, ev, "I4: CLUSTER_DOWN for cluster %u without a last man", cl);
		ck->in_teardown[cl] = 0;
		ck->set_up[cl] = 0;
		break;
	case HW_TEST_MCPM_CPU_UP:
	case HW_TEST_MCPM_CPU_ENTRY:
		/*
		 * The state byte may legitimately read CLUSTER_GOING_DOWN here:
		 * a last man that stored it before our CPU_UP will see us and
		 * back out. What must never be: a teardown done or entered.
		 */
		if (!ck->set_up[cl] || ck->in_teardown[cl])
			violation(ck, ev, "I5: inbound core %d enters cluster %u that is %s", ev->core, cl,
				  ck->in_teardown[cl] ? "being torn down" : "torn down");
		if (!fake_hw_cluster_powered(cl) || !fake_hw_cci_snoops_on(cl))
			violation(ck, ev, "I5: inbound core %d enters cluster %u with power/CCI off",
				  ev->core, cl);
		break;
	default:
		break;
	}
}

void mcpm_checker_observe(const struct fake_hw_event *ev, void *arg)
{
	struct mcpm_checker *ck = arg;

	ck->events++;
	switch (ev->kind) {
	case FAKE_EV_CLUSTER_POWER_OFF:
		ck->power_downs[ev->cluster]++;
		check_power_off(ck, ev, (unsigned int)ev->cluster);
		break;
	case FAKE_EV_CLUSTER_POWER_ON:
		ck->power_ups[ev->cluster]++;
		break;
	case FAKE_EV_CORE_RESET:
		if (ev->a)
			violation(ck, ev, "I3: core %d reset with %u dirty L1 lines", ev->core, ev->a);
		break;
	case FAKE_EV_KERNEL_HOOK:
		check_hook(ck, ev);
		break;
	case FAKE_EV_STORE: {
		const volatile char *p = ev->addr;
		const volatile char *lo = (const volatile char *)mcpm_cpu_use_count;

		if (p >= lo && p < lo + sizeof(mcpm_cpu_use_count)) {
			u32 v = *(const volatile u32 *)p;

			if ((s32)v < 0 || v > 2)
				violation(ck, ev, "I6: use count %d", (int)(s32)v);
		}
		break;
	}
	default:
		break;
	}
	check_running_cores(ck, ev);
	if (ck->next)
		ck->next(ev, ck->next_arg);
}
