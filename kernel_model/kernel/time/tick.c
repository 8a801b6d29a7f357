// SPDX-License-Identifier: GPL-2.0-only
/*
 * tick.c - per-CPU one-shot timers and the periodic tick with NO_HZ idle
 * (kernel/time/hrtimer.c, tick-sched.c, in short).
 *
 * Simplification: one sorted list of timers per CPU in place of hrtimer's
 * red-black tree and the timer wheel; same behaviour for the handful of
 * timers the model arms. The tick starts HZ periodic when a CPU comes up; in
 * idle it keeps running while cpuidle picks the shallowest state and is
 * stopped (NO_HZ_IDLE) when it picks a deeper one (cpuidle.c), as since
 * Linux 4.17 (tick_nohz_idle_stop_tick / _retain_tick); it is restarted on
 * idle exit when a task is to run.
 *
 * Housekeeping: a real idle kernel still wakes for periodic work that is
 * not tied to any task. One pinned timer per CPU stands for it (see
 * housekeeping_* below), at the period the DT's /cpus
 * blsim,housekeeping-period-us gives (0: none, a "perfect" idle).
 */
#include <libfdt.h>

#include "linux/interrupt.h"
#include "linux/smp.h"
#include "linux/tick.h"
#include "linux/sched.h"
#include "linux/workqueue.h"

volatile u64 jiffies;

struct tick_cpu {
	struct hrtimer *head;     /* sorted by expiry */
	struct hrtimer sched_timer;
	struct hrtimer housekeeping_timer;
	struct work_struct housekeeping_work;
	bool tick_stopped;
	u64 programmed;           /* what the clock event device holds */
};
static struct tick_cpu tick_cpus[NR_CPUS];

static struct tick_cpu *this_tick(void)
{
	return &tick_cpus[smp_processor_id()];
}

/* Models ktime_get(): the generic timer's counter in ns. */
u64 ktime_get_ns(void)
{
	u64 cnt = read_cntpct();
	u32 frq = read_cntfrq();

	/* 64-bit arithmetic while the product fits (the first ~12 minutes at
	 * 24 MHz): the same quotient, without a 128-bit division per read. */
	if (cnt <= UINT64_MAX / 1000000000u)
		return cnt * 1000000000u / frq;
	return (u64)((unsigned __int128)cnt * 1000000000u / frq);
}

/* Program the clock event device for the earliest timer (tick_program_event). */
static void tick_program(struct tick_cpu *tc)
{
	u64 next = tc->head ? tc->head->expires_ns : U64_MAX;

	if (next == tc->programmed)
		return;
	tc->programmed = next;
	if (next == U64_MAX)
		clockevents_shutdown();
	else
		clockevents_program_event(next);
}

static void enqueue(struct tick_cpu *tc, struct hrtimer *t)
{
	struct hrtimer **p = &tc->head;

	while (*p && (*p)->expires_ns <= t->expires_ns)
		p = &(*p)->next;
	t->next = *p;
	*p = t;
	t->queued = true;
}

/* Models hrtimer_cancel(). */
void hrtimer_cancel(struct hrtimer *t)
{
	struct tick_cpu *tc = this_tick();
	struct hrtimer **p = &tc->head;

	while (*p && *p != t)
		p = &(*p)->next;
	if (*p)
		*p = t->next;
	t->queued = false;
	tick_program(tc);
}

/* Models hrtimer_start() with HRTIMER_MODE_ABS on the local CPU. */
void hrtimer_start(struct hrtimer *t, u64 expires_ns)
{
	unsigned long flags = arch_local_irq_save();
	struct tick_cpu *tc = this_tick();

	if (t->queued)
		hrtimer_cancel(t);
	t->expires_ns = expires_ns;
	enqueue(tc, t);
	tick_program(tc);
	arch_local_irq_restore(flags);
}

u64 tick_cpu_next_event(unsigned int cpu)
{
	return cpu < NR_CPUS ? tick_cpus[cpu].programmed : U64_MAX;
}

/* Models tick_nohz_get_sleep_length(): the next timer event as if the
 * tick were stopped (the tick itself does not count). */
u64 tick_next_event_ns(void)
{
	struct tick_cpu *tc = this_tick();
	struct hrtimer *t = tc->head;

	while (t && t == &tc->sched_timer)
		t = t->next;
	return t ? t->expires_ns : U64_MAX;
}

/* Timers handed over by a dying CPU, merged by their new CPU's interrupt. */
static struct hrtimer *volatile incoming[NR_CPUS];

/* Models hrtimers_cpu_dying(): on the dying CPU, every timer but the tick
 * moves to CPU `to`, whose timer interrupt (IPI_TIMER) takes them in. A
 * task sleeping here would otherwise never wake. */
void hrtimers_migrate_to(unsigned int to)
{
	struct tick_cpu *tc = this_tick();
	unsigned long flags = arch_local_irq_save();
	struct hrtimer *t, *moved = NULL;

	while ((t = tc->head)) {
		tc->head = t->next;
		/* The tick, and the housekeeping timer (upstream cancels the
		 * per-CPU periodic work of a CPU going down, e.g.
		 * vmstat_cpu_down_prep; it is re-armed when the CPU is up). */
		if (t == &tc->sched_timer || t == &tc->housekeeping_timer) {
			t->queued = false;
			continue;
		}
		t->next = moved;
		moved = t;
	}
	while (moved) {
		t = moved;
		moved = t->next;
		t->next = incoming[to];
		incoming[to] = t;
	}
	tick_program(tc);
	arch_local_irq_restore(flags);
	smp_send_ipi(to, IPI_TIMER);
}

/* Models hrtimer_interrupt(): run every expired timer, reprogram. */
void tick_handle_event(void)
{
	struct tick_cpu *tc = this_tick();
	u64 now = ktime_get_ns();

	while (incoming[smp_processor_id()]) {
		struct hrtimer *t = incoming[smp_processor_id()];

		incoming[smp_processor_id()] = t->next;
		enqueue(tc, t);
	}
	tc->programmed = U64_MAX;
	while (tc->head && tc->head->expires_ns <= now) {
		struct hrtimer *t = tc->head;

		tc->head = t->next;
		t->queued = false;
		t->function(t);
	}
	tick_program(tc);
}

/* Models the switcher's clockevents_program_event(tdev, next_event) on the
 * inbound: the outbound's timer held this CPU's next event. */
void tick_resume_local(void)
{
	struct tick_cpu *tc = this_tick();

	tc->programmed = U64_MAX - 1;   /* force a write to the new core's timer */
	tick_program(tc);
}

/* Models tick_sched_timer(): jiffies on the boot CPU, the scheduler's
 * tick, then the next tick. */
static void tick_sched_timer(struct hrtimer *t)
{
	if (smp_processor_id() == 0)
		jiffies++;
	scheduler_tick();
	hrtimer_start(t, t->expires_ns + TICK_NSEC);
}

/*
 * Periodic housekeeping. What wakes an otherwise idle kernel is per-CPU
 * periodic work; the most frequent of it upstream is vmstat_update, every
 * sysctl_stat_interval = HZ (1 s, mm/vmstat.c), on every CPU, queued with
 * round_jiffies_relative(), which lands it on a whole second plus a skew of
 * 3 jiffies per CPU (kernel/time/timer.c) so that CPUs do not wake
 * together. Upstream queues it as deferrable work: on a board where nothing
 * else wakes the CPU it may wait longer. The model takes it as a wake-up of
 * its own (the conservative side: more wake-ups, more idle energy). The
 * period is /cpus blsim,housekeeping-period-us (default 1 s; 0: none).
 * The work itself: HOUSEKEEPING_INSTRUCTIONS of kernel code (assumed: a
 * pass over a few hundred per-CPU counters, refresh_cpu_vm_stats).
 */
#define HOUSEKEEPING_DEFAULT_US 1000000u
#define HOUSEKEEPING_INSTRUCTIONS 5000u
#define HOUSEKEEPING_SKEW_JIFFIES 3u

static u64 housekeeping_period_ns;
static bool housekeeping_read;

/* The DT's period, read once (the simulator range-checks the property and
 * announces its default). No DT (unit tests): no housekeeping. */
static void housekeeping_read_dt(void)
{
	const void *fdt = hw_fdt();
	u32 us = HOUSEKEEPING_DEFAULT_US;
	int node, len;
	const fdt32_t *p;

	housekeeping_read = true;
	if (!fdt)
		return;
	node = fdt_path_offset(fdt, "/cpus");
	p = node >= 0 ? fdt_getprop(fdt, node, "blsim,housekeeping-period-us", &len) : NULL;
	if (p && len >= (int)sizeof(*p))
		us = fdt32_to_cpu(*p);
	housekeeping_period_ns = (u64)us * 1000u;
}

/* The first expiry after now on this CPU's grid: k periods plus its skew. */
static u64 housekeeping_next(unsigned int cpu, u64 now)
{
	u64 skew = (u64)cpu * HOUSEKEEPING_SKEW_JIFFIES * TICK_NSEC;
	u64 k = now >= skew ? (now - skew) / housekeeping_period_ns + 1 : 1;

	return k * housekeeping_period_ns + skew;
}

static void housekeeping_work_fn(struct work_struct *w)
{
	(void)w;
	hw_run(HOUSEKEEPING_INSTRUCTIONS, HW_WORK_KERNEL);
}

static void housekeeping_timer_fn(struct hrtimer *t)
{
	struct tick_cpu *tc = this_tick();

	schedule_work(&tc->housekeeping_work);
	hrtimer_start(t, housekeeping_next(smp_processor_id(), t->expires_ns));
}

/* Models tick_setup_sched_timer(): start this CPU's periodic tick; and arm
 * its housekeeping (vmstat_cpu_online: the CPU's periodic work). */
void tick_init_cpu(void)
{
	struct tick_cpu *tc = this_tick();

	tc->programmed = U64_MAX;
	tc->sched_timer.function = tick_sched_timer;
	tc->tick_stopped = false;
	hrtimer_start(&tc->sched_timer, ktime_get_ns() + TICK_NSEC);
	if (!housekeeping_read)
		housekeeping_read_dt();
	if (housekeeping_period_ns) {
		tc->housekeeping_timer.function = housekeeping_timer_fn;
		tc->housekeeping_work.func = housekeeping_work_fn;
		hrtimer_start(&tc->housekeeping_timer,
			      housekeeping_next(smp_processor_id(), ktime_get_ns()));
	}
}

/* Models tick_nohz_idle_enter(): the CPU is idle; whether the tick stops
 * is decided after cpuidle's choice (tick_nohz_idle_stop_tick). */
void tick_nohz_idle_enter(void)
{
}

/* Models tick_nohz_idle_stop_tick(): an idle CPU needs no tick. */
void tick_nohz_idle_stop_tick(void)
{
	struct tick_cpu *tc = this_tick();

	if (tc->tick_stopped)
		return;
	hrtimer_cancel(&tc->sched_timer);
	tc->tick_stopped = true;
}

/* Models tick_nohz_tick_stopped(). */
bool tick_nohz_tick_stopped(void)
{
	return this_tick()->tick_stopped;
}

/* Models tick_nohz_idle_exit() -> tick_nohz_restart_sched_tick(): account
 * the idle jiffies; restart the tick, on the jiffy grid, if the CPU leaves
 * its idle loop: a task is to run here, or the idle task was rescheduled
 * (need_resched). The model's do_idle returns after every wake-up; only
 * these are upstream's exits from the idle loop. */
void tick_nohz_idle_exit(void)
{
	struct tick_cpu *tc = this_tick();
	unsigned int cpu = smp_processor_id();
	u64 now = ktime_get_ns();

	if (cpu == 0)
		jiffies = now / TICK_NSEC;
	if (tc->tick_stopped && (sched_cpu_busy(cpu) || need_resched())) {
		tc->tick_stopped = false;
		hrtimer_start(&tc->sched_timer, (now / TICK_NSEC + 1) * TICK_NSEC);
	}
}
