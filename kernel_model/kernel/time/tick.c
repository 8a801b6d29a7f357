/*
 * tick.c - per-CPU one-shot timers and the periodic tick with NO_HZ idle
 * (kernel/time/hrtimer.c, tick-sched.c, in short).
 *
 * Simplification: one sorted list of timers per CPU in place of hrtimer's
 * red-black tree and the timer wheel; same behaviour for the handful of
 * timers the model arms. The tick starts HZ periodic when a CPU comes up and
 * is stopped on idle entry (NO_HZ_IDLE) and restarted on idle exit when a
 * task is to run, so an idle CPU wakes only for a real timer or an IRQ.
 */
#include "linux/interrupt.h"
#include "linux/smp.h"
#include "linux/tick.h"
#include "linux/sched.h"

volatile u64 jiffies;

struct tick_cpu {
	struct hrtimer *head;     /* sorted by expiry */
	struct hrtimer sched_timer;
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

u64 tick_next_event_ns(void)
{
	struct tick_cpu *tc = this_tick();

	return tc->head ? tc->head->expires_ns : U64_MAX;
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
		if (t == &tc->sched_timer) {
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

/* Models tick_setup_sched_timer(): start this CPU's periodic tick. */
void tick_init_cpu(void)
{
	struct tick_cpu *tc = this_tick();

	tc->programmed = U64_MAX;
	tc->sched_timer.function = tick_sched_timer;
	tc->tick_stopped = false;
	hrtimer_start(&tc->sched_timer, ktime_get_ns() + TICK_NSEC);
}

/* Models tick_nohz_idle_stop_tick(): an idle CPU needs no tick. */
void tick_nohz_idle_enter(void)
{
	struct tick_cpu *tc = this_tick();

	if (tc->tick_stopped)
		return;
	hrtimer_cancel(&tc->sched_timer);
	tc->tick_stopped = true;
}

/* Models tick_nohz_idle_exit() -> tick_nohz_restart_sched_tick(): account
 * the idle jiffies; restart the tick, on the jiffy grid, if a task is to
 * run here. */
void tick_nohz_idle_exit(void)
{
	struct tick_cpu *tc = this_tick();
	unsigned int cpu = smp_processor_id();
	u64 now = ktime_get_ns();

	if (cpu == 0)
		jiffies = now / TICK_NSEC;
	if (tc->tick_stopped && sched_cpu_busy(cpu)) {
		tc->tick_stopped = false;
		hrtimer_start(&tc->sched_timer, (now / TICK_NSEC + 1) * TICK_NSEC);
	}
}
