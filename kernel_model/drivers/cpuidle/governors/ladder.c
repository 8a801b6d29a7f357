/*
 * ladder.c - the residency ladder governor (drivers/cpuidle/governors/
 * ladder.c): climb one state after PROMOTION_COUNT idle periods longer than
 * the current state's exit latency, step down after DEMOTION_COUNT periods
 * shorter than it; a latency limit below the current state's exit latency
 * steps down at once.
 */
#include "linux/cpuidle.h"

#define PROMOTION_COUNT 4
#define DEMOTION_COUNT 1

struct ladder_device_state {
	struct {
		u32 promotion_count;
		u32 demotion_count;
		u32 promotion_time;   /* us */
		u32 demotion_time;    /* us */
	} threshold;
	struct {
		int promotion_count;
		int demotion_count;
	} stats;
};

struct ladder_device {
	struct ladder_device_state states[CPUIDLE_STATE_MAX];
	int last_state_idx;
};

static struct ladder_device ladder_devices[NR_CPUS];

/* Models ladder_do_selection(). */
static void ladder_do_selection(struct ladder_device *ldev, int old_idx, int new_idx)
{
	ldev->states[old_idx].stats.promotion_count = 0;
	ldev->states[old_idx].stats.demotion_count = 0;
	ldev->last_state_idx = new_idx;
}

static bool state_off(struct cpuidle_driver *drv, struct cpuidle_device *dev, int i)
{
	return drv->states[i].disabled || dev->states_usage[i].disable;
}

/* Models ladder_select_state(). */
static int ladder_select_state(struct cpuidle_driver *drv,
			       struct cpuidle_device *dev, bool *stop_tick)
{
	struct ladder_device *ldev = &ladder_devices[dev->cpu];
	struct ladder_device_state *last_state;
	int last_residency, last_idx = ldev->last_state_idx;
	s32 latency_req = cpuidle_governor_latency_req(dev->cpu);

	*stop_tick = true;
	/* A very strict latency requirement: the shallowest state. */
	if (latency_req == 0) {
		ladder_do_selection(ldev, last_idx, 0);
		return 0;
	}

	last_state = &ldev->states[last_idx];
	last_residency = dev->last_residency - (int)drv->states[last_idx].exit_latency;

	/* Consider promotion. */
	if (last_idx < drv->state_count - 1 && !state_off(drv, dev, last_idx + 1) &&
	    last_residency > (int)last_state->threshold.promotion_time &&
	    drv->states[last_idx + 1].exit_latency <= (u32)latency_req) {
		last_state->stats.promotion_count++;
		last_state->stats.demotion_count = 0;
		if (last_state->stats.promotion_count >=
		    (int)last_state->threshold.promotion_count) {
			ladder_do_selection(ldev, last_idx, last_idx + 1);
			return last_idx + 1;
		}
	}

	/* Consider demotion: the current state became unusable. */
	if (last_idx > 0 && (state_off(drv, dev, last_idx) ||
			     drv->states[last_idx].exit_latency > (u32)latency_req)) {
		int i;

		for (i = last_idx - 1; i > 0; i--)
			if (drv->states[i].exit_latency <= (u32)latency_req)
				break;
		ladder_do_selection(ldev, last_idx, i);
		return i;
	}

	/* Consider demotion: idle periods too short for this state. */
	if (last_idx > 0 && last_residency < (int)last_state->threshold.demotion_time) {
		last_state->stats.demotion_count++;
		last_state->stats.promotion_count = 0;
		if (last_state->stats.demotion_count >=
		    (int)last_state->threshold.demotion_count) {
			ladder_do_selection(ldev, last_idx, last_idx - 1);
			return last_idx - 1;
		}
	}

	/* Otherwise remain at the current state. */
	return last_idx;
}

/* Models ladder_enable_device(): thresholds from the exit latencies. */
static int ladder_enable_device(struct cpuidle_driver *drv, struct cpuidle_device *dev)
{
	struct ladder_device *ldev = &ladder_devices[dev->cpu];
	int i;

	ldev->last_state_idx = 0;
	for (i = 0; i < drv->state_count; i++) {
		struct cpuidle_state *state = &drv->states[i];
		struct ladder_device_state *lstate = &ldev->states[i];

		lstate->stats.promotion_count = 0;
		lstate->stats.demotion_count = 0;
		lstate->threshold.promotion_count = PROMOTION_COUNT;
		lstate->threshold.demotion_count = DEMOTION_COUNT;
		lstate->threshold.promotion_time = 0;
		lstate->threshold.demotion_time = 0;
		if (i < drv->state_count - 1)
			lstate->threshold.promotion_time = state->exit_latency;
		if (i > 0)
			lstate->threshold.demotion_time = state->exit_latency;
	}
	return 0;
}

/* Models ladder_reflect(): the state really entered. */
static void ladder_reflect(struct cpuidle_device *dev, int index)
{
	if (index > 0)
		ladder_devices[dev->cpu].last_state_idx = index;
}

static struct cpuidle_governor ladder_governor = {
	.name = "ladder",
	.rating = 10,
	.enable = ladder_enable_device,
	.select = ladder_select_state,
	.reflect = ladder_reflect,
};

/* Models init_ladder() (postcore_initcall). */
int init_ladder(void)
{
	return cpuidle_register_governor(&ladder_governor);
}
