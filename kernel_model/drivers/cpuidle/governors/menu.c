/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * menu.c - the "menu" cpuidle governor, modelled on
 * drivers/cpuidle/governors/menu.c of v3.13..v4.16, the generation TC2 ran,
 * before the tick-stop rework.
 *
 * It guesses how long the coming idle period will last and takes the
 * deepest enabled state that pays off within the guess and wakes up fast
 * enough. The guess is the smaller of:
 *  - the time to the next timer event, scaled by a factor learnt per bin
 *    (bins are decades of that time) from how long idle really lasted;
 *  - the mean of the last eight idle periods, when they were regular
 *    (small spread), after dropping the longest ones if that helps.
 * The wake-up limit is the PM QoS CPU_DMA_LATENCY value, tightened to
 * guess / busy_factor for CPUs with I/O waiters.
 *
 * Simplification: the model has no I/O wait accounting, so nr_iowait is 0:
 * the I/O half of the bins stays unused and the busy factor is 1.
 */
#include <string.h>

#include "linux/cpuidle.h"
#include "linux/tick.h"

enum {
	BINS = 12,		/* 6 decades, without and with I/O waiters */
	RECENT_SHIFT = 3,
	RECENT = 1 << RECENT_SHIFT,	/* idle periods remembered */
	FIXED_ONE = 1024,	/* 1.0 in the factor's fixed point */
	AGING = 8,		/* a new sample weighs 1/AGING in the factor */
	LONG_SLEEP_US = 50000,	/* longer sleeps count as a perfect guess */
};

struct menu_cpu {
	int chosen;		/* the state picked, then the one entered */
	bool learn_pending;	/* the last idle period is not learnt yet */
	unsigned int timer_us;	/* time to the next timer at selection */
	unsigned int guess_us;	/* the expected idle time */
	unsigned int bin;	/* which factor was used */
	unsigned int factor[BINS];	/* FIXED_ONE * AGING = 1.0 */
	unsigned int recent[RECENT];	/* the last idle periods, us */
	int next_slot;
};

static struct menu_cpu menu_cpus[NR_CPUS];

/* nr_iowait_cpu(): no task waits for I/O in the model yet. */
static unsigned long nr_iowait_cpu(unsigned int cpu)
{
	(void)cpu;
	return 0;
}

/* The factor bin of a timer distance: its decade (<10 us, <100 us, ...,
 * >= 100 ms), in the upper half when I/O is pending. */
/* upstream: which_bucket */
static unsigned int bin_of(unsigned int us, unsigned long iowaiters)
{
	unsigned int decade = 0, limit = 10;

	while (decade < 5 && us >= limit) {
		decade++;
		limit *= 10;
	}
	return (iowaiters ? BINS / 2 : 0) + decade;
}

/* How much shorter the wake-up must be when I/O waiters are pending. */
/* upstream: performance_multiplier */
static unsigned int busy_factor(unsigned long iowaiters)
{
	return 1 + 10 * (unsigned int)iowaiters;
}

/* Mean and variance of the remembered periods not above `cap`; returns how
 * many there were, and the largest of them in *largest. */
static unsigned int spread_below(const struct menu_cpu *mc, unsigned int cap,
				 unsigned int *mean, u64 *var, unsigned int *largest)
{
	unsigned int n = 0, k, top = 0;
	u64 total = 0, sq = 0;

	for (k = 0; k < RECENT; k++) {
		if (mc->recent[k] > cap)
			continue;
		total += mc->recent[k];
		n++;
		if (mc->recent[k] > top)
			top = mc->recent[k];
	}
	*mean = (unsigned int)(total / n);
	for (k = 0; k < RECENT; k++) {
		if (mc->recent[k] <= cap) {
			s64 d = (s64)mc->recent[k] - *mean;

			sq += (u64)(d * d);
		}
	}
	*var = sq / n;
	*largest = top;
	return n;
}

/*
 * The recent idle periods' mean if they are regular: variance at most
 * 400 us^2 (spread within 20 us), or the mean above six standard
 * deviations with at least three quarters of the periods kept. Otherwise
 * the longest periods are dropped and the test repeated, as long as more
 * than three quarters remain. UINT32_MAX: no regular pattern.
 */
/* upstream: get_typical_interval */
static unsigned int repeating_interval(const struct menu_cpu *mc)
{
	unsigned int cap = UINT32_MAX;

	for (;;) {
		unsigned int mean, largest;
		u64 var;
		unsigned int kept = spread_below(mc, cap, &mean, &var, &largest);
		bool enough = kept * 4 >= RECENT * 3;

		if (var <= UINT64_MAX / 36 &&
		    (var <= 400 || (enough && (u64)mean * mean > var * 36)))
			return mean;
		if (kept * 4 <= RECENT * 3)
			return UINT32_MAX;
		cap = largest - 1;
	}
}

/* Learns from the idle period that just ended (done at the next select, so
 * the exit path stays short). */
/* upstream: menu_update */
static void menu_learn(struct cpuidle_driver *drv, struct cpuidle_device *dev)
{
	struct menu_cpu *mc = &menu_cpus[dev->cpu];
	unsigned int exit_us = drv->states[mc->chosen].exit_latency;
	unsigned int slept = dev->last_residency > 0 ? (unsigned int)dev->last_residency : 0;
	unsigned int f;

	/* The residency counts the way out too; take it off. When it is not
	 * clearly longer than that, assume the CPU barely got in: halve it. */
	slept = slept > 2 * exit_us ? slept - exit_us : slept / 2;
	/* Never learn a factor above 1.0. */
	slept = min(slept, mc->timer_us);

	f = mc->factor[mc->bin];
	f -= f / AGING;
	if (mc->timer_us == 0 || slept >= LONG_SLEEP_US)
		f += FIXED_ONE;
	else
		f += (unsigned int)((u64)FIXED_ONE * slept / mc->timer_us);
	/* With AGING 1 a factor could reach 0 and no guess would ever grow
	 * again; keep it positive. */
	if (AGING == 1 && f == 0)
		f = 1;
	mc->factor[mc->bin] = f;

	mc->recent[mc->next_slot] = slept;
	mc->next_slot = (mc->next_slot + 1) % RECENT;
}

/* Time to the next timer event in us, saturated at UINT32_MAX. On idle
 * entry the tick is already stopped (tick_nohz_idle_enter), so this is
 * what tick_nohz_get_sleep_length() gives. */
static unsigned int us_to_next_timer(void)
{
	u64 at = tick_next_event_ns();
	u64 now = ktime_get_ns();
	u64 us;

	if (at <= now)
		return 0;
	us = (at - now) / 1000;
	return at == U64_MAX || us >= UINT32_MAX ? UINT32_MAX : (unsigned int)us;
}

static bool usable(const struct cpuidle_driver *drv, const struct cpuidle_device *dev,
		   int n, unsigned int guess_us, u32 limit_us)
{
	const struct cpuidle_state *st = &drv->states[n];

	return !st->disabled && !dev->states_usage[n].disable &&
	       st->target_residency <= guess_us && st->exit_latency <= limit_us;
}

static int menu_select(struct cpuidle_driver *drv, struct cpuidle_device *dev,
		       bool *stop_tick)
{
	struct menu_cpu *mc = &menu_cpus[dev->cpu];
	s32 qos_us = cpuidle_governor_latency_req(dev->cpu);
	unsigned long iowaiters;
	unsigned int pattern_us;
	u32 limit_us;
	int n;

	*stop_tick = true;
	if (mc->learn_pending) {
		menu_learn(drv, dev);
		mc->learn_pending = false;
	}

	mc->chosen = 0;
	if (qos_us == 0) /* no wake-up latency tolerated: state 0 */
		return 0;

	mc->timer_us = us_to_next_timer();
	iowaiters = nr_iowait_cpu(dev->cpu);
	mc->bin = bin_of(mc->timer_us, iowaiters);
	/* timer * factor, in 64 bits, rounded to the nearest us. */
	mc->guess_us = (unsigned int)(((u64)mc->timer_us * mc->factor[mc->bin] +
				       FIXED_ONE * AGING / 2) / (FIXED_ONE * AGING));
	pattern_us = min(repeating_interval(mc), mc->timer_us);
	mc->guess_us = min(mc->guess_us, pattern_us);

	limit_us = min((u32)qos_us, mc->guess_us / busy_factor(iowaiters));

	/* The deepest state that fits; state 0 (WFI) when none does. */
	for (n = 0; n < drv->state_count; n++) {
		if (usable(drv, dev, n, mc->guess_us, limit_us))
			mc->chosen = n;
	}
	return mc->chosen;
}

static void menu_reflect(struct cpuidle_device *dev, int index)
{
	struct menu_cpu *mc = &menu_cpus[dev->cpu];

	mc->chosen = index;
	mc->learn_pending = index >= 0;
}

/* A fresh CPU: no history, every factor at 1.0. */
static int menu_enable_device(struct cpuidle_driver *drv, struct cpuidle_device *dev)
{
	struct menu_cpu *mc = &menu_cpus[dev->cpu];
	int b;

	(void)drv;
	memset(mc, 0, sizeof(*mc));
	for (b = 0; b < BINS; b++)
		mc->factor[b] = FIXED_ONE * AGING;
	return 0;
}

static struct cpuidle_governor menu_gov = {
	.select = menu_select,
	.reflect = menu_reflect,
	.enable = menu_enable_device,
	.name = "menu",
	.rating = 20,	/* above ladder's 10: the default when both exist */
};

/* init_menu (a postcore_initcall upstream). */
int init_menu(void)
{
	return cpuidle_register_governor(&menu_gov);
}
