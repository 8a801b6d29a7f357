/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ladder.c - the "ladder" cpuidle governor, modelled on
 * drivers/cpuidle/governors/ladder.c. Each CPU stands on one rung (idle
 * state). It climbs one rung after UP_AFTER idle periods in a row that
 * outlasted the current rung's exit latency, and steps down one rung after
 * DOWN_AFTER periods that fell short of it. A latency limit that the
 * current rung breaks sends it down at once, to the deepest rung allowed.
 */
#include "linux/cpuidle.h"

enum {
	UP_AFTER = 4,	/* long idle periods in a row before climbing */
	DOWN_AFTER = 1,	/* short idle periods in a row before stepping down */
};

/* What one rung needs to be left, and how close it is to that. */
struct rung {
	u32 up_after, down_after;	/* periods needed (thresholds) */
	u32 up_above_us, down_below_us;	/* residency limits (thresholds) */
	int long_runs, short_runs;	/* counts so far */
};

struct ladder_cpu {
	struct rung rung[CPUIDLE_STATE_MAX];
	int at;		/* the rung last chosen or entered */
};

static struct ladder_cpu ladder_cpus[NR_CPUS];

/* Moves a CPU from rung `from` to rung `to`; the rung left starts over. */
/* upstream: ladder_do_selection */
static int move_to(struct ladder_cpu *lc, int from, int to)
{
	lc->rung[from].long_runs = 0;
	lc->rung[from].short_runs = 0;
	lc->at = to;
	return to;
}

static bool rung_unusable(struct cpuidle_driver *drv, struct cpuidle_device *dev, int n)
{
	return drv->states[n].disabled || dev->states_usage[n].disable;
}

/* May the CPU climb from rung `at`, given how long it just stayed idle? */
static bool may_climb(struct cpuidle_driver *drv, struct cpuidle_device *dev,
		      const struct rung *r, int at, int stayed_us, s32 limit_us)
{
	int above = at + 1;

	if (above >= drv->state_count || rung_unusable(drv, dev, above))
		return false;
	return stayed_us > (int)r->up_above_us && drv->states[above].exit_latency <= (u32)limit_us;
}

/* The deepest rung below `at` whose exit latency meets the limit; rung 0
 * when none does. */
static int deepest_allowed_below(struct cpuidle_driver *drv, int at, s32 limit_us)
{
	int n = at - 1;

	while (n > 0 && drv->states[n].exit_latency > (u32)limit_us)
		n--;
	return n;
}

/* Picks the state for this idle period, moving at most one rung. */
static int ladder_select_state(struct cpuidle_driver *drv, struct cpuidle_device *dev,
			       bool *stop_tick)
{
	struct ladder_cpu *lc = &ladder_cpus[dev->cpu];
	int at = lc->at;
	s32 limit_us = cpuidle_governor_latency_req(dev->cpu);
	struct rung *r;
	int stayed_us;

	*stop_tick = true;
	if (limit_us == 0) /* no exit latency tolerated at all: rung 0 */
		return move_to(lc, at, 0);

	r = &lc->rung[at];
	/* The time really spent idle, without the way out of the state. */
	stayed_us = dev->last_residency - (int)drv->states[at].exit_latency;

	if (may_climb(drv, dev, r, at, stayed_us, limit_us)) {
		r->short_runs = 0;
		if (++r->long_runs >= (int)r->up_after)
			return move_to(lc, at, at + 1);
	}

	if (at == 0)
		return 0;

	/* This rung was switched off, or breaks the limit: leave it now. */
	if (rung_unusable(drv, dev, at) || drv->states[at].exit_latency > (u32)limit_us)
		return move_to(lc, at, deepest_allowed_below(drv, at, limit_us));

	if (stayed_us < (int)r->down_below_us) {
		r->long_runs = 0;
		if (++r->short_runs >= (int)r->down_after)
			return move_to(lc, at, at - 1);
	}
	return at;
}

/* A fresh start on rung 0. A rung's exit latency is both what an idle period
 * must beat to climb from it and what it must reach not to step down (the
 * top rung cannot climb, rung 0 cannot step down: their limits stay 0). */
static int ladder_enable_device(struct cpuidle_driver *drv, struct cpuidle_device *dev)
{
	struct ladder_cpu *lc = &ladder_cpus[dev->cpu];
	int n, top = drv->state_count - 1;

	lc->at = 0;
	for (n = 0; n <= top; n++) {
		u32 exit_us = drv->states[n].exit_latency;

		lc->rung[n] = (struct rung){
			.up_after = UP_AFTER,
			.down_after = DOWN_AFTER,
			.up_above_us = n < top ? exit_us : 0,
			.down_below_us = n > 0 ? exit_us : 0,
		};
	}
	return 0;
}

/* The state really entered (the driver may have picked a shallower one);
 * a CPU that ended up in state 0 keeps the rung it was on. */
static void ladder_reflect(struct cpuidle_device *dev, int entered)
{
	struct ladder_cpu *lc = &ladder_cpus[dev->cpu];

	if (entered != 0)
		lc->at = entered;
}

static struct cpuidle_governor ladder_gov = {
	.select = ladder_select_state,
	.reflect = ladder_reflect,
	.enable = ladder_enable_device,
	.name = "ladder",
	.rating = 10,	/* below menu's 20: menu wins when both are built */
};

/* init_ladder (a postcore_initcall upstream). */
int init_ladder(void)
{
	return cpuidle_register_governor(&ladder_gov);
}
