/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * driver.c - cpuidle driver registration with one driver pointer per CPU
 * (drivers/cpuidle/driver.c, CONFIG_CPU_IDLE_MULTIPLE_DRIVERS).
 *
 * big.LITTLE needs this: A15 and A7 CPUs have different idle states, so
 * each logical CPU points at the driver of its type. No lock: upstream's
 * cpuidle_driver_lock serialises registrations, which in the model all run
 * on the boot CPU in zero simulated time between two hw.h calls.
 */
#include "linux/cpuidle.h"
#include "blsim/test_hooks.h"

static struct cpuidle_driver *cpuidle_drivers[NR_CPUS];

static u32 possible_mask(void)
{
	return cpu_possible_bits & ((nr_cpu_ids >= 32) ? ~0u : ((1u << nr_cpu_ids) - 1));
}

/* Models __cpuidle_get_cpu_driver(). */
static struct cpuidle_driver *__cpuidle_get_cpu_driver(unsigned int cpu)
{
	return cpu < NR_CPUS ? cpuidle_drivers[cpu] : NULL;
}

/* Models __cpuidle_set_driver(): all or nothing over cdrv->cpumask. */
static int __cpuidle_set_driver(struct cpuidle_driver *cdrv)
{
	unsigned int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		struct cpuidle_driver *old;

		if (!(cdrv->cpumask & (1u << cpu)))
			continue;
		old = __cpuidle_get_cpu_driver(cpu);
		if (old && old != cdrv)
			return -EBUSY;
	}
	for (cpu = 0; cpu < NR_CPUS; cpu++)
		if (cdrv->cpumask & (1u << cpu))
			cpuidle_drivers[cpu] = cdrv;
	return 0;
}

/* Models __cpuidle_unset_driver(). */
static void __cpuidle_unset_driver(struct cpuidle_driver *cdrv)
{
	unsigned int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++)
		if ((cdrv->cpumask & (1u << cpu)) && cpuidle_drivers[cpu] == cdrv)
			cpuidle_drivers[cpu] = NULL;
}

/* Models __cpuidle_driver_init(): refcount, default mask, broadcast need. */
static void __cpuidle_driver_init(struct cpuidle_driver *cdrv)
{
	int i;

	cdrv->refcnt = 0;
	if (!cdrv->cpumask)
		cdrv->cpumask = possible_mask();
	cdrv->bctimer = false;
	for (i = 0; i < cdrv->state_count; i++)
		if (cdrv->states[i].flags & CPUIDLE_FLAG_TIMER_STOP)
			cdrv->bctimer = true;
}

/* Models __cpuidle_register_driver(). */
static int __cpuidle_register_driver(struct cpuidle_driver *cdrv)
{
	u32 mask_given;
	int ret;

	if (!cdrv || !cdrv->state_count || cdrv->state_count > CPUIDLE_STATE_MAX)
		return -EINVAL;
	if (cpuidle_off)
		return -ENODEV;
	/* A refused registration must leave cdrv as it was. */
	mask_given = cdrv->cpumask;
	__cpuidle_driver_init(cdrv);
	ret = __cpuidle_set_driver(cdrv);
	if (ret) {
		cdrv->cpumask = mask_given;
		return ret;
	}
	/*
	 * Upstream: on_each_cpu_mask(cpuidle_setup_broadcast_timer, ON) when
	 * cdrv->bctimer. The model's broadcast hook is per entry
	 * (tick_broadcast_enter/exit); nothing to switch on here.
	 */
	return 0;
}

/* Models cpuidle_register_driver(). */
int cpuidle_register_driver(struct cpuidle_driver *cdrv)
{
	return __cpuidle_register_driver(cdrv);
}

/* Models cpuidle_unregister_driver() (+ __cpuidle_unregister_driver). */
int cpuidle_unregister_driver(struct cpuidle_driver *cdrv)
{
	if (!cdrv)
		return -EINVAL;
	if (cdrv->refcnt > 0) {
		pr_warn("cpuidle: driver %s is in use (%u references), not unregistered\n",
			cdrv->name, cdrv->refcnt);
		return -EBUSY;
	}
	__cpuidle_unset_driver(cdrv);
	return 0;
}

/* Models the 3.9-era cpuidle_register_cpu_driver(): cdrv for one CPU. */
int cpuidle_register_cpu_driver(struct cpuidle_driver *cdrv, int cpu)
{
	if (!cdrv || cpu < 0 || cpu >= NR_CPUS || !cpu_possible((unsigned)cpu))
		return -EINVAL;
	/* The mask is the union of the CPUs cdrv was registered for. */
	if (cdrv->cpumask && __cpuidle_get_cpu_driver((unsigned)cpu) == cdrv)
		return 0;
	if (__cpuidle_get_cpu_driver((unsigned)cpu))
		return -EBUSY;
	if (!cdrv->state_count || cdrv->state_count > CPUIDLE_STATE_MAX)
		return -EINVAL;
	if (cpuidle_off)
		return -ENODEV;
	if (!cdrv->cpumask) {
		unsigned int refcnt = cdrv->refcnt;

		cdrv->cpumask = 1u << cpu;
		__cpuidle_driver_init(cdrv);
		cdrv->refcnt = refcnt;
	} else {
		cdrv->cpumask |= 1u << cpu;
	}
	cpuidle_drivers[cpu] = cdrv;
	return 0;
}

/* Models the 3.9-era cpuidle_unregister_cpu_driver(). */
int cpuidle_unregister_cpu_driver(struct cpuidle_driver *cdrv, int cpu)
{
	struct cpuidle_device *dev;

	if (!cdrv || cpu < 0 || cpu >= NR_CPUS || cpuidle_drivers[cpu] != cdrv)
		return -EINVAL;
	dev = cpuidle_device_of_cpu((unsigned)cpu);
	if (dev && dev->registered) {
		pr_warn("cpuidle: driver %s is in use on cpu%d, not unregistered\n",
			cdrv->name, cpu);
		return -EBUSY;
	}
	cpuidle_drivers[cpu] = NULL;
	cdrv->cpumask &= ~(1u << cpu);
	return 0;
}

/* Models cpuidle_get_driver(): the calling CPU's driver. */
struct cpuidle_driver *cpuidle_get_driver(void)
{
	return __cpuidle_get_cpu_driver(smp_processor_id());
}

/* Models cpuidle_get_cpu_driver(). */
struct cpuidle_driver *cpuidle_get_cpu_driver(struct cpuidle_device *dev)
{
	if (!dev)
		return NULL;
	return __cpuidle_get_cpu_driver(dev->cpu);
}

/* Models __cpuidle_get_cpu_driver() for callers outside the core. */
struct cpuidle_driver *cpuidle_driver_of_cpu(unsigned int cpu)
{
	return __cpuidle_get_cpu_driver(cpu);
}

/* Models cpuidle_driver_ref(). */
struct cpuidle_driver *cpuidle_driver_ref(void)
{
	struct cpuidle_driver *cdrv = cpuidle_get_driver();

	if (cdrv)
		cdrv->refcnt++;
	return cdrv;
}

/* Models cpuidle_driver_unref(). */
void cpuidle_driver_unref(void)
{
	struct cpuidle_driver *cdrv = cpuidle_get_driver();

	if (cdrv && !WARN_ON(cdrv->refcnt <= 0))
		cdrv->refcnt--;
}

/* Test support: no driver on any CPU. */
void cpuidle_driver_reset_for_test(void)
{
	unsigned int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++)
		cpuidle_drivers[cpu] = NULL;
}
