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

/* Models __cpuidle_set_driver(): all or nothing over drv->cpumask. */
static int __cpuidle_set_driver(struct cpuidle_driver *drv)
{
	unsigned int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		struct cpuidle_driver *old;

		if (!(drv->cpumask & (1u << cpu)))
			continue;
		old = __cpuidle_get_cpu_driver(cpu);
		if (old && old != drv)
			return -EBUSY;
	}
	for (cpu = 0; cpu < NR_CPUS; cpu++)
		if (drv->cpumask & (1u << cpu))
			cpuidle_drivers[cpu] = drv;
	return 0;
}

/* Models __cpuidle_unset_driver(). */
static void __cpuidle_unset_driver(struct cpuidle_driver *drv)
{
	unsigned int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++)
		if ((drv->cpumask & (1u << cpu)) && cpuidle_drivers[cpu] == drv)
			cpuidle_drivers[cpu] = NULL;
}

/* Models __cpuidle_driver_init(): refcount, default mask, broadcast need. */
static void __cpuidle_driver_init(struct cpuidle_driver *drv)
{
	int i;

	drv->refcnt = 0;
	if (!drv->cpumask)
		drv->cpumask = possible_mask();
	drv->bctimer = false;
	for (i = 0; i < drv->state_count; i++)
		if (drv->states[i].flags & CPUIDLE_FLAG_TIMER_STOP)
			drv->bctimer = true;
}

/* Models __cpuidle_register_driver(). */
static int __cpuidle_register_driver(struct cpuidle_driver *drv)
{
	u32 mask_given;
	int ret;

	if (!drv || !drv->state_count || drv->state_count > CPUIDLE_STATE_MAX)
		return -EINVAL;
	if (cpuidle_off)
		return -ENODEV;
	/* A refused registration must leave drv as it was. */
	mask_given = drv->cpumask;
	__cpuidle_driver_init(drv);
	ret = __cpuidle_set_driver(drv);
	if (ret) {
		drv->cpumask = mask_given;
		return ret;
	}
	/*
	 * Upstream: on_each_cpu_mask(cpuidle_setup_broadcast_timer, ON) when
	 * drv->bctimer. The model's broadcast hook is per entry
	 * (tick_broadcast_enter/exit); nothing to switch on here.
	 */
	return 0;
}

/* Models cpuidle_register_driver(). */
int cpuidle_register_driver(struct cpuidle_driver *drv)
{
	return __cpuidle_register_driver(drv);
}

/* Models cpuidle_unregister_driver() (+ __cpuidle_unregister_driver). */
int cpuidle_unregister_driver(struct cpuidle_driver *drv)
{
	if (!drv)
		return -EINVAL;
	if (drv->refcnt > 0) {
		pr_warn("cpuidle: driver %s is in use (%u references), not unregistered\n",
			drv->name, drv->refcnt);
		return -EBUSY;
	}
	__cpuidle_unset_driver(drv);
	return 0;
}

/* Models the 3.9-era cpuidle_register_cpu_driver(): drv for one CPU. */
int cpuidle_register_cpu_driver(struct cpuidle_driver *drv, int cpu)
{
	if (!drv || cpu < 0 || cpu >= NR_CPUS || !cpu_possible((unsigned)cpu))
		return -EINVAL;
	/* The mask is the union of the CPUs drv was registered for. */
	if (drv->cpumask && __cpuidle_get_cpu_driver((unsigned)cpu) == drv)
		return 0;
	if (__cpuidle_get_cpu_driver((unsigned)cpu))
		return -EBUSY;
	if (!drv->state_count || drv->state_count > CPUIDLE_STATE_MAX)
		return -EINVAL;
	if (cpuidle_off)
		return -ENODEV;
	if (!drv->cpumask) {
		unsigned int refcnt = drv->refcnt;

		drv->cpumask = 1u << cpu;
		__cpuidle_driver_init(drv);
		drv->refcnt = refcnt;
	} else {
		drv->cpumask |= 1u << cpu;
	}
	cpuidle_drivers[cpu] = drv;
	return 0;
}

/* Models the 3.9-era cpuidle_unregister_cpu_driver(). */
int cpuidle_unregister_cpu_driver(struct cpuidle_driver *drv, int cpu)
{
	struct cpuidle_device *dev;

	if (!drv || cpu < 0 || cpu >= NR_CPUS || cpuidle_drivers[cpu] != drv)
		return -EINVAL;
	dev = cpuidle_device_of_cpu((unsigned)cpu);
	if (dev && dev->registered) {
		pr_warn("cpuidle: driver %s is in use on cpu%d, not unregistered\n",
			drv->name, cpu);
		return -EBUSY;
	}
	cpuidle_drivers[cpu] = NULL;
	drv->cpumask &= ~(1u << cpu);
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
	struct cpuidle_driver *drv = cpuidle_get_driver();

	if (drv)
		drv->refcnt++;
	return drv;
}

/* Models cpuidle_driver_unref(). */
void cpuidle_driver_unref(void)
{
	struct cpuidle_driver *drv = cpuidle_get_driver();

	if (drv && !WARN_ON(drv->refcnt <= 0))
		drv->refcnt--;
}

/* Test support: no driver on any CPU. */
void cpuidle_driver_reset_for_test(void)
{
	unsigned int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++)
		cpuidle_drivers[cpu] = NULL;
}
