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

bool cpuidle_off;

static struct cpuidle_device cpuidle_dev[NR_CPUS];
static struct cpuidle_device *cpuidle_devices[NR_CPUS];

void cpuidle_driver_reset_for_test(void);
void cpuidle_governor_reset_for_test(void);

/* Weak defaults (no broadcast code linked in): kernel/time/tick-broadcast.c
 * defines the strong ones, which hand the CPU's next event to the SP804. */
/* Models tick_broadcast_enter() (tick_broadcast_oneshot_control(ENTER)). */
__attribute__((weak)) int tick_broadcast_enter(void)
{
	return 0;
}

/* Models tick_broadcast_exit() (tick_broadcast_oneshot_control(EXIT)). */
__attribute__((weak)) void tick_broadcast_exit(void)
{
}

/* Models the trace_cpu_idle tracepoint (a no-op until a tracer links in). */
__attribute__((weak)) void trace_cpu_idle(unsigned int state, unsigned int cpu)
{
	(void)state;
	(void)cpu;
}

/* The per-CPU device of cpu (per_cpu(cpuidle_dev, cpu)). */
struct cpuidle_device *cpuidle_device_of_cpu(unsigned int cpu)
{
	return cpu < NR_CPUS ? &cpuidle_dev[cpu] : NULL;
}

/* Models arm_cpuidle_simple_enter(): cpu_do_idle() = dsb; wfi. */
int arm_cpuidle_simple_enter(struct cpuidle_device *dev,
			     struct cpuidle_driver *drv, int index)
{
	(void)dev;
	(void)drv;
	dsb();
	wfi();
	return index;
}

/* Models default_idle_call(): arch_cpu_idle (dsb; wfi), IRQs back on. */
static void default_idle_call(void)
{
	dsb();
	wfi();
	arch_local_irq_enable();
}

/* Models cpuidle_not_available(). */
static bool cpuidle_not_available(struct cpuidle_driver *drv,
				  struct cpuidle_device *dev)
{
	return cpuidle_off || !drv || !dev || !dev->enabled ||
	       !cpuidle_curr_governor;
}

/* Models find_deepest_state() as used for a refused broadcast: the deepest
 * enabled state within latency_req without the flags in forbidden. */
static int find_deepest_state(struct cpuidle_driver *drv,
			      struct cpuidle_device *dev, unsigned int latency_req,
			      unsigned int forbidden)
{
	int i, ret = -1;

	for (i = 0; i < drv->state_count; i++) {
		struct cpuidle_state *s = &drv->states[i];

		if (s->disabled || dev->states_usage[i].disable ||
		    s->exit_latency > latency_req || (s->flags & forbidden))
			continue;
		ret = i;
	}
	return ret;
}

/* Models cpuidle_enter_state(): enter, time the residency, count it. The
 * state is entered with IRQs disabled; they are enabled on the way out,
 * which is where the interrupt that woke the CPU is taken. */
int cpuidle_enter_state(struct cpuidle_device *dev, struct cpuidle_driver *drv,
			int index)
{
	struct cpuidle_state *target = &drv->states[index];
	bool broadcast = !!(target->flags & CPUIDLE_FLAG_TIMER_STOP);
	int entered_state;
	u64 time_start, time_end, diff;

	/*
	 * Race avoided (tick_broadcast_enter returns -EBUSY): the CPU that owns
	 * the broadcast device cannot stop its local timer, or nobody would
	 * wake the others: it takes the deepest state that keeps its timer.
	 */
	if (broadcast && tick_broadcast_enter()) {
		index = find_deepest_state(drv, dev, (unsigned)cpuidle_governor_latency_req(dev->cpu),
					   CPUIDLE_FLAG_TIMER_STOP);
		if (index < 0) {
			default_idle_call();
			return -EBUSY;
		}
		target = &drv->states[index];
		broadcast = false;
	}

	trace_cpu_idle((unsigned)index, dev->cpu);
	time_start = ktime_get_ns();
	dev->open_state = index;
	dev->open_since_ns = time_start;
	entered_state = target->enter(dev, drv, index);
	dev->open_state = -1;
	time_end = ktime_get_ns();
	trace_cpu_idle(PWR_EVENT_EXIT, dev->cpu);

	if (broadcast) {
		if (WARN_ON(!arch_irqs_disabled()))
			arch_local_irq_disable();
		tick_broadcast_exit();
	}
	arch_local_irq_enable();

	if (entered_state >= 0) {
		diff = time_end - time_start;
		/* Clamped as upstream's int last_residency (us). */
		dev->last_residency = diff / 1000 > 0x7fffffffu ? 0x7fffffff : (int)(diff / 1000);
		dev->states_usage[entered_state].time_ns += diff;
		dev->states_usage[entered_state].usage++;
	} else {
		dev->last_residency = 0;
		dev->states_usage[index].rejected++;
	}
	return entered_state;
}

/* Models cpuidle_select(): ask the current governor. */
int cpuidle_select(struct cpuidle_driver *drv, struct cpuidle_device *dev,
		   bool *stop_tick)
{
	bool dummy = true;

	return cpuidle_curr_governor->select(drv, dev, stop_tick ? stop_tick : &dummy);
}

/* Models cpuidle_enter() (no coupled states). */
int cpuidle_enter(struct cpuidle_driver *drv, struct cpuidle_device *dev,
		  int index)
{
	return cpuidle_enter_state(dev, drv, index);
}

/* Models cpuidle_reflect(): tell the governor what was entered. */
void cpuidle_reflect(struct cpuidle_device *dev, int index)
{
	if (cpuidle_curr_governor && cpuidle_curr_governor->reflect && index >= 0)
		cpuidle_curr_governor->reflect(dev, index);
}

/* Models kernel/sched/idle.c cpuidle_idle_call(). */
int cpuidle_idle_call(void)
{
	unsigned int cpu = smp_processor_id();
	struct cpuidle_device *dev = cpu < NR_CPUS ? cpuidle_devices[cpu] : NULL;
	struct cpuidle_driver *drv = cpuidle_get_cpu_driver(dev);
	bool stop_tick = true;
	int next_state, entered_state;

	if (WARN_ON(!arch_irqs_disabled()))
		arch_local_irq_disable();
	/* need_resched(): no scheduler model yet, so never. */
	if (cpuidle_not_available(drv, dev)) {
		tick_nohz_idle_stop_tick();
		default_idle_call();
		return -ENODEV;
	}
	next_state = cpuidle_select(drv, dev, &stop_tick);
	if (next_state < 0 || next_state >= drv->state_count)
		next_state = 0;
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
	if ((stop_tick && next_state > 0) || tick_nohz_tick_stopped())
		tick_nohz_idle_stop_tick();
	entered_state = cpuidle_enter(drv, dev, next_state);
	cpuidle_reflect(dev, entered_state);
	if (WARN_ON(arch_irqs_disabled()))
		arch_local_irq_enable();
	return entered_state;
}

/* Models __cpuidle_device_init(): zeroed counters. */
static void __cpuidle_device_init(struct cpuidle_device *dev)
{
	int i;

	for (i = 0; i < CPUIDLE_STATE_MAX; i++) {
		struct cpuidle_state_usage *u = &dev->states_usage[i];

		u->usage = u->time_ns = u->rejected = 0;
	}
	dev->last_residency = 0;
	dev->last_state_idx = 0;
	dev->open_state = -1;
}

/* Models cpuidle_enable_device(): let the governor set up its data. */
int cpuidle_enable_device(struct cpuidle_device *dev)
{
	struct cpuidle_driver *drv;
	int ret;

	if (!dev)
		return -EINVAL;
	if (dev->enabled)
		return 0;
	if (!cpuidle_curr_governor)
		return -EIO;
	drv = cpuidle_get_cpu_driver(dev);
	if (!drv)
		return -EIO;
	if (!dev->registered)
		return -EINVAL;
	if (cpuidle_curr_governor->enable) {
		ret = cpuidle_curr_governor->enable(drv, dev);
		if (ret)
			return ret;
	}
	dev->enabled = true;
	return 0;
}

/* Models cpuidle_disable_device(). */
void cpuidle_disable_device(struct cpuidle_device *dev)
{
	struct cpuidle_driver *drv = cpuidle_get_cpu_driver(dev);

	if (!dev || !dev->enabled)
		return;
	if (!drv || !cpuidle_curr_governor)
		return;
	dev->enabled = false;
	if (cpuidle_curr_governor->disable)
		cpuidle_curr_governor->disable(drv, dev);
}

/* Models cpuidle_register_device() (+ __cpuidle_register_device). */
int cpuidle_register_device(struct cpuidle_device *dev)
{
	struct cpuidle_driver *drv;

	if (!dev || dev->cpu >= NR_CPUS)
		return -EINVAL;
	if (dev->registered)
		return -EBUSY;
	drv = cpuidle_get_cpu_driver(dev);
	if (!drv)
		return -EINVAL;   /* upstream: try_module_get(drv->owner) fails */
	__cpuidle_device_init(dev);
	drv->refcnt++;            /* the module reference */
	cpuidle_devices[dev->cpu] = dev;
	dev->registered = true;
	/* cpuidle_add_sysfs(): the view is generated from the device. */
	cpuidle_enable_device(dev);  /* -EIO without a governor: enabled later */
	return 0;
}

/* Models cpuidle_unregister_device(). */
void cpuidle_unregister_device(struct cpuidle_device *dev)
{
	struct cpuidle_driver *drv;

	if (!dev || !dev->registered)
		return;
	drv = cpuidle_get_cpu_driver(dev);
	cpuidle_disable_device(dev);
	cpuidle_devices[dev->cpu] = NULL;
	dev->registered = false;
	if (drv && !WARN_ON(drv->refcnt == 0))
		drv->refcnt--;
}

/* Models cpuidle_unregister(): devices first, then the driver. */
int cpuidle_unregister(struct cpuidle_driver *drv)
{
	unsigned int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		struct cpuidle_device *dev = &cpuidle_dev[cpu];

		if ((drv->cpumask & (1u << cpu)) && dev->registered &&
		    cpuidle_get_cpu_driver(dev) == drv)
			cpuidle_unregister_device(dev);
	}
	return cpuidle_unregister_driver(drv);
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

/* Models cpuidle_register(): the driver for drv->cpumask, then a device
 * for each CPU of it; any failure undoes everything. */
int cpuidle_register(struct cpuidle_driver *drv, const u32 *coupled_cpus)
{
	unsigned int cpu;
	int ret;

	(void)coupled_cpus;
	ret = cpuidle_register_driver(drv);
	if (ret) {
		pr_err("cpuidle: failed to register driver %s (%d)\n",
		       drv ? drv->name : "(null)", ret);
		return ret;
	}
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		struct cpuidle_device *dev = &cpuidle_dev[cpu];

		if (!(drv->cpumask & (1u << cpu)))
			continue;
		dev->cpu = cpu;
		ret = cpuidle_register_device(dev);
		if (!ret)
			continue;
		pr_err("cpuidle: failed to register cpuidle device for cpu%u (%d)\n",
		       cpu, ret);
		cpuidle_unregister(drv);
		return ret;
	}
	cpuidle_install_idle_handler();
	return ret;
}

/* Test support: every device, driver pointer, governor forgotten. */
void cpuidle_reset_for_test(void)
{
	unsigned int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		struct cpuidle_device *dev = &cpuidle_dev[cpu];

		*dev = (struct cpuidle_device){ .cpu = cpu, .open_state = -1 };
		cpuidle_devices[cpu] = NULL;
	}
	cpuidle_off = false;
	cpuidle_driver_reset_for_test();
	cpuidle_governor_reset_for_test();
}
