// SPDX-License-Identifier: GPL-2.0-only
/*
 * cpuidle.c - the cpuidle core (drivers/cpuidle/cpuidle.c) and the idle
 * loop's entry into it (kernel/sched/idle.c cpuidle_idle_call).
 *
 * Per-CPU devices live in a static array (per_cpu(cpuidle_dev)); each CPU
 * touches only its own device on the idle path, so, as upstream, no lock.
 * A registered device holds a reference on its driver (upstream: the
 * module reference taken in __cpuidle_register_device), which is what
 * makes cpuidle_unregister_driver() refuse a driver in use.
 */
#include "linux/cpuidle.h"
#include "linux/tick.h"
#include "blsim/test_hooks.h"

bool cpuidle_off;

static struct cpuidle_device cpuidle_dev[NR_CPUS];
static struct cpuidle_device *cpuidle_devices[NR_CPUS];

void cpuidle_driver_reset_for_test(void);
void cpuidle_governor_reset_for_test(void);

/*
 * kernel/time/tick-broadcast.c (which hands the CPU's next event to the
 * SP804) and kernel/trace.c define these. blsim links both; a unit test may
 * link neither, and cpuidle then runs as a kernel without broadcast or
 * tracing would: entry needs no broadcast, no event is traced. Weak
 * references, not weak no-op bodies here: a body blsim never runs has no
 * profile counts while its callers have, which the profile-guided build
 * (CMakeLists.txt) cannot compile under -Werror.
 */
extern int tick_broadcast_enter(void) __attribute__((weak));
extern void tick_broadcast_exit(void) __attribute__((weak));
extern void trace_cpu_idle(unsigned int state, unsigned int cpu) __attribute__((weak));

/* The per-CPU device of cpu (per_cpu(cpuidle_dev, cpu)). */
struct cpuidle_device *cpuidle_device_of_cpu(unsigned int cpu)
{
	return cpu < NR_CPUS ? &cpuidle_dev[cpu] : NULL;
}

/* Models arm_cpuidle_simple_enter(): cpu_do_idle() = dsb; wfi. */
int arm_cpuidle_simple_enter(struct cpuidle_device *cdev,
			     struct cpuidle_driver *cdrv, int idx)
{
	(void)cdev;
	(void)cdrv;
	dsb();
	wfi();
	return idx;
}

/* Models default_idle_call(): arch_cpu_idle (dsb; wfi), IRQs back on. */
static void default_idle_call(void)
{
	dsb();
	wfi();
	arch_local_irq_enable();
}

/* Models cpuidle_not_available(). */
static bool cpuidle_not_available(struct cpuidle_driver *cdrv,
				  struct cpuidle_device *cdev)
{
	return cpuidle_off || !cdrv || !cdev || !cdev->enabled ||
	       !cpuidle_curr_governor;
}

/* Models find_deepest_state() as used for a refused broadcast: the deepest
 * enabled state within latency_req without the flags in forbidden. */
static int find_deepest_state(struct cpuidle_driver *cdrv,
			      struct cpuidle_device *cdev, unsigned int lat_limit,
			      unsigned int skip_flags)
{
	int i, rc = -1;

	for (i = 0; i < cdrv->state_count; i++) {
		struct cpuidle_state *s = &cdrv->states[i];

		if (s->disabled || cdev->states_usage[i].disable ||
		    s->exit_latency > lat_limit || (s->flags & skip_flags))
			continue;
		rc = i;
	}
	return rc;
}

/* Models cpuidle_enter_state(): enter, time the residency, count it. The
 * state is entered with IRQs disabled; they are enabled on the way out,
 * which is where the interrupt that woke the CPU is taken. */
int cpuidle_enter_state(struct cpuidle_device *cdev, struct cpuidle_driver *cdrv,
			int idx)
{
	struct cpuidle_state *st = &cdrv->states[idx];
	bool bc_needed = !!(st->flags & CPUIDLE_FLAG_TIMER_STOP);
	int got;
	u64 t_in, t_out, slept;

	/*
	 * Race avoided (tick_broadcast_enter returns -EBUSY): the CPU that owns
	 * the broadcast device cannot stop its local timer, or nobody would
	 * wake the others: it takes the deepest state that keeps its timer.
	 */
	if (bc_needed && tick_broadcast_enter && tick_broadcast_enter()) {
		idx = find_deepest_state(cdrv, cdev, (unsigned)cpuidle_governor_latency_req(cdev->cpu),
					   CPUIDLE_FLAG_TIMER_STOP);
		if (idx < 0) {
			default_idle_call();
			return -EBUSY;
		}
		st = &cdrv->states[idx];
		bc_needed = false;
	}

	if (trace_cpu_idle)
		trace_cpu_idle((unsigned)idx, cdev->cpu);
	t_in = ktime_get_ns();
	cdev->open_state = idx;
	cdev->open_since_ns = t_in;
	got = st->enter(cdev, cdrv, idx);
	cdev->open_state = -1;
	t_out = ktime_get_ns();
	if (trace_cpu_idle)
		trace_cpu_idle(PWR_EVENT_EXIT, cdev->cpu);

	if (bc_needed) {
		if (WARN_ON(!arch_irqs_disabled()))
			arch_local_irq_disable();
		if (tick_broadcast_exit)
			tick_broadcast_exit();
	}
	arch_local_irq_enable();

	if (got >= 0) {
		slept = t_out - t_in;
		/* Clamped as upstream's int last_residency (us). */
		cdev->last_residency = slept / 1000 > 0x7fffffffu ? 0x7fffffff : (int)(slept / 1000);
		cdev->states_usage[got].time_ns += slept;
		cdev->states_usage[got].usage++;
	} else {
		cdev->last_residency = 0;
		cdev->states_usage[idx].rejected++;
	}
	return got;
}

/* Models cpuidle_select(): ask the current governor. */
int cpuidle_select(struct cpuidle_driver *cdrv, struct cpuidle_device *cdev,
		   bool *tick_off)
{
	bool unused = true;

	return cpuidle_curr_governor->select(cdrv, cdev, tick_off ? tick_off : &unused);
}

/* Models cpuidle_enter() (no coupled states). */
int cpuidle_enter(struct cpuidle_driver *cdrv, struct cpuidle_device *cdev,
		  int idx)
{
	return cpuidle_enter_state(cdev, cdrv, idx);
}

/* Models cpuidle_reflect(): tell the governor what was entered. */
void cpuidle_reflect(struct cpuidle_device *cdev, int idx)
{
	if (cpuidle_curr_governor && cpuidle_curr_governor->reflect && idx >= 0)
		cpuidle_curr_governor->reflect(cdev, idx);
}

/* Models kernel/sched/idle.c cpuidle_idle_call(). */
int cpuidle_idle_call(void)
{
	unsigned int cpu = smp_processor_id();
	struct cpuidle_device *cdev = cpu < NR_CPUS ? cpuidle_devices[cpu] : NULL;
	struct cpuidle_driver *cdrv = cpuidle_get_cpu_driver(cdev);
	bool tick_off = true;
	int pick, got;

	if (WARN_ON(!arch_irqs_disabled()))
		arch_local_irq_disable();
	/* need_resched(): no scheduler model yet, so never. */
	if (cpuidle_not_available(cdrv, cdev)) {
		tick_nohz_idle_stop_tick();
		default_idle_call();
		return -ENODEV;
	}
	pick = cpuidle_select(cdrv, cdev, &tick_off);
	if (pick < 0 || pick >= cdrv->state_count)
		pick = 0;
	/*
	 * The tick until NOHZ stops it: upstream's menu (4.17+) keeps the tick
	 * while its prediction is under a tick, so a CPU whose history says
	 * "short" wakes each tick, learns, and stops the tick once it goes
	 * deep. The model's governors always ask to stop it; the core keeps it
	 * while the choice is the shallowest state (WFI: target residency far
	 * below a tick) and stops it for any deeper state. Effect: a freshly
	 * kicked CPU wakes every 10 ms until menu's history fills (8 idle
	 * periods), then sleeps deep; upstream would also keep the tick for a
	 * deep state predicted under 10 ms (cluster-sleep, 2-2.5 ms targets).
	 */
	if ((tick_off && pick > 0) || tick_nohz_tick_stopped())
		tick_nohz_idle_stop_tick();
	got = cpuidle_enter(cdrv, cdev, pick);
	cpuidle_reflect(cdev, got);
	if (WARN_ON(arch_irqs_disabled()))
		arch_local_irq_enable();
	return got;
}

/* Models __cpuidle_device_init(): zeroed counters. */
static void __cpuidle_device_init(struct cpuidle_device *cdev)
{
	int i;

	for (i = 0; i < CPUIDLE_STATE_MAX; i++) {
		struct cpuidle_state_usage *u = &cdev->states_usage[i];

		u->usage = u->time_ns = u->rejected = 0;
	}
	cdev->last_residency = 0;
	cdev->last_state_idx = 0;
	cdev->open_state = -1;
}

/* Models cpuidle_enable_device(): let the governor set up its data. */
int cpuidle_enable_device(struct cpuidle_device *cdev)
{
	struct cpuidle_driver *cdrv;
	int rc;

	if (!cdev)
		return -EINVAL;
	if (cdev->enabled)
		return 0;
	if (!cpuidle_curr_governor)
		return -EIO;
	cdrv = cpuidle_get_cpu_driver(cdev);
	if (!cdrv)
		return -EIO;
	if (!cdev->registered)
		return -EINVAL;
	if (cpuidle_curr_governor->enable) {
		rc = cpuidle_curr_governor->enable(cdrv, cdev);
		if (rc)
			return rc;
	}
	cdev->enabled = true;
	return 0;
}

/* Models cpuidle_disable_device(). */
void cpuidle_disable_device(struct cpuidle_device *cdev)
{
	struct cpuidle_driver *cdrv = cpuidle_get_cpu_driver(cdev);

	if (!cdev || !cdev->enabled)
		return;
	if (!cdrv || !cpuidle_curr_governor)
		return;
	cdev->enabled = false;
	if (cpuidle_curr_governor->disable)
		cpuidle_curr_governor->disable(cdrv, cdev);
}

/* Models cpuidle_register_device() (+ __cpuidle_register_device). */
int cpuidle_register_device(struct cpuidle_device *cdev)
{
	struct cpuidle_driver *cdrv;

	if (!cdev || cdev->cpu >= NR_CPUS)
		return -EINVAL;
	if (cdev->registered)
		return -EBUSY;
	cdrv = cpuidle_get_cpu_driver(cdev);
	if (!cdrv)
		return -EINVAL;   /* upstream: try_module_get(drv->owner) fails */
	__cpuidle_device_init(cdev);
	cdrv->refcnt++;            /* the module reference */
	cpuidle_devices[cdev->cpu] = cdev;
	cdev->registered = true;
	/* cpuidle_add_sysfs(): the view is generated from the device. */
	cpuidle_enable_device(cdev);  /* -EIO without a governor: enabled later */
	return 0;
}

/* Models cpuidle_unregister_device(). */
void cpuidle_unregister_device(struct cpuidle_device *cdev)
{
	struct cpuidle_driver *cdrv;

	if (!cdev || !cdev->registered)
		return;
	cdrv = cpuidle_get_cpu_driver(cdev);
	cpuidle_disable_device(cdev);
	cpuidle_devices[cdev->cpu] = NULL;
	cdev->registered = false;
	if (cdrv && !WARN_ON(cdrv->refcnt == 0))
		cdrv->refcnt--;
}

/* Models cpuidle_unregister(): devices first, then the driver. */
int cpuidle_unregister(struct cpuidle_driver *cdrv)
{
	unsigned int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		struct cpuidle_device *cdev = &cpuidle_dev[cpu];

		if ((cdrv->cpumask & (1u << cpu)) && cdev->registered &&
		    cpuidle_get_cpu_driver(cdev) == cdrv)
			cpuidle_unregister_device(cdev);
	}
	return cpuidle_unregister_driver(cdrv);
}

/*
 * The install kick: CPUs that went idle before this driver existed sleep in
 * the idle loop's plain WFI (default_idle_call) and would stay there until
 * something wakes them. Upstream's cpuidle_install_idle_handler() only
 * flips `initialized`; on a real board the rest of boot (timers, work,
 * RCU) soon wakes every CPU, which then idles through cpuidle. The model's
 * boot has none of that traffic, so the kick upstream gives on the way out
 * (cpuidle_uninstall_idle_handler: wake_up_all_idle_cpus) is given here on
 * the way in: every idle CPU wakes once and re-enters idle through the new
 * driver and governor.
 */
static void cpuidle_install_idle_handler(void)
{
	wake_up_all_idle_cpus();
}

/* Models cpuidle_register(): the driver for cdrv->cpumask, then a device
 * for each CPU of it; any failure undoes everything. */
int cpuidle_register(struct cpuidle_driver *cdrv, const u32 *coupled_cpus)
{
	unsigned int cpu;
	int rc;

	(void)coupled_cpus;
	rc = cpuidle_register_driver(cdrv);
	if (rc) {
		pr_err("cpuidle: failed to register driver %s (%d)\n",
		       cdrv ? cdrv->name : "(null)", rc);
		return rc;
	}
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		struct cpuidle_device *cdev = &cpuidle_dev[cpu];

		if (!(cdrv->cpumask & (1u << cpu)))
			continue;
		cdev->cpu = cpu;
		rc = cpuidle_register_device(cdev);
		if (!rc)
			continue;
		pr_err("cpuidle: failed to register cpuidle device for cpu%u (%d)\n",
		       cpu, rc);
		cpuidle_unregister(cdrv);
		return rc;
	}
	cpuidle_install_idle_handler();
	return rc;
}

/* Test support: every device, driver pointer, governor forgotten. */
void cpuidle_reset_for_test(void)
{
	unsigned int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		struct cpuidle_device *cdev = &cpuidle_dev[cpu];

		*cdev = (struct cpuidle_device){ .cpu = cpu, .open_state = -1 };
		cpuidle_devices[cpu] = NULL;
	}
	cpuidle_off = false;
	cpuidle_driver_reset_for_test();
	cpuidle_governor_reset_for_test();
}
