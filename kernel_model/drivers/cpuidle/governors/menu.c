/*
 * menu.c - the menu idle governor (drivers/cpuidle/governors/menu.c, the
 * v3.13..v4.16 generation that TC2 ran, before the tick-stop rework).
 *
 * Three inputs, as upstream:
 *  1. energy break-even: the predicted idle time is the time to the next
 *     timer event, times a correction factor learnt per bucket (order of
 *     magnitude of that time) from how long idle periods really lasted;
 *  2. the repeating-interval detector: if the last 8 idle periods have a
 *     small standard deviation, their average is the prediction when lower;
 *  3. latency: the PM QoS CPU_DMA_LATENCY limit, and an interactivity limit
 *     of predicted / performance_multiplier.
 * The deepest state whose target residency fits the prediction and whose
 * exit latency fits the limits is chosen.
 *
 * Simplification: no scheduler model yet, so nr_iowait is 0 (the iowait
 * buckets are never used and the performance multiplier is 1).
 */
#include <string.h>

#include "linux/cpuidle.h"
#include "linux/tick.h"

#define BUCKETS 12
#define INTERVAL_SHIFT 3
#define INTERVALS (1u << INTERVAL_SHIFT)
#define RESOLUTION 1024
#define DECAY 8
#define MAX_INTERESTING 50000

struct menu_device {
	int last_state_idx;
	int needs_update;
	unsigned int next_timer_us;
	unsigned int predicted_us;
	unsigned int bucket;
	unsigned int correction_factor[BUCKETS];
	unsigned int intervals[INTERVALS];
	int interval_ptr;
};

static struct menu_device menu_devices[NR_CPUS];

/* Models nr_iowait_cpu(): no tasks wait for I/O in the model yet. */
static unsigned long nr_iowait_cpu(unsigned int cpu)
{
	(void)cpu;
	return 0;
}

/* Models which_bucket(). */
static unsigned int which_bucket(unsigned int duration, unsigned long nr_iowaiters)
{
	unsigned int bucket = 0;

	/* Two groups of stats: with and without I/O pending. */
	if (nr_iowaiters)
		bucket = BUCKETS / 2;
	if (duration < 10)
		return bucket;
	if (duration < 100)
		return bucket + 1;
	if (duration < 1000)
		return bucket + 2;
	if (duration < 10000)
		return bucket + 3;
	if (duration < 100000)
		return bucket + 4;
	return bucket + 5;
}

/* Models performance_multiplier(): 1 + 10 per I/O waiter. */
static unsigned int performance_multiplier(unsigned long nr_iowaiters)
{
	return 1 + 10 * (unsigned int)nr_iowaiters;
}

/* Models get_typical_interval(): the average of the last INTERVALS idle
 * periods if their spread is small, discarding upward outliers down to
 * 3/4 of the samples; UINT32_MAX if there is no typical interval. */
static unsigned int get_typical_interval(struct menu_device *data)
{
	unsigned int i, divisor, max, thresh = UINT32_MAX, avg;
	u64 sum, variance;

again:
	max = 0;
	sum = 0;
	divisor = 0;
	for (i = 0; i < INTERVALS; i++) {
		unsigned int value = data->intervals[i];

		if (value <= thresh) {
			sum += value;
			divisor++;
			if (value > max)
				max = value;
		}
	}
	avg = (unsigned int)(divisor == INTERVALS ? sum >> INTERVAL_SHIFT : sum / divisor);

	variance = 0;
	for (i = 0; i < INTERVALS; i++) {
		unsigned int value = data->intervals[i];

		if (value <= thresh) {
			s64 diff = (s64)value - avg;

			variance += (u64)(diff * diff);
		}
	}
	variance = divisor == INTERVALS ? variance >> INTERVAL_SHIFT : variance / divisor;

	/*
	 * Typical when the standard deviation is small (<= 20 us) or small
	 * against the average (avg > 6 * stddev), with at least 3/4 of the
	 * samples kept.
	 */
	if (variance <= UINT64_MAX / 36) {
		if (((u64)avg * avg > variance * 36 && divisor * 4 >= INTERVALS * 3) ||
		    variance <= 400)
			return avg;
	}
	/* Drop the largest samples and retry, down to 3/4 of them. */
	if (divisor * 4 <= INTERVALS * 3)
		return UINT32_MAX;
	thresh = max - 1;
	goto again;
}

/* Models menu_update(): learn from the idle period that just ended. */
static void menu_update(struct cpuidle_driver *drv, struct cpuidle_device *dev)
{
	struct menu_device *data = &menu_devices[dev->cpu];
	int last_idx = data->last_state_idx;
	struct cpuidle_state *target = &drv->states[last_idx];
	unsigned int measured_us = dev->last_residency > 0 ? (unsigned int)dev->last_residency : 0;
	unsigned int new_factor;

	/*
	 * The measured time includes the exit latency; we want when the
	 * wake-up began. If it is short, assume the state was barely reached.
	 */
	if (measured_us > 2 * target->exit_latency)
		measured_us -= target->exit_latency;
	else
		measured_us /= 2;

	/* Keep the correction factor at or below unity. */
	if (measured_us > data->next_timer_us)
		measured_us = data->next_timer_us;

	new_factor = data->correction_factor[data->bucket];
	new_factor -= new_factor / DECAY;
	if (data->next_timer_us > 0 && measured_us < MAX_INTERESTING)
		new_factor += (unsigned int)((u64)RESOLUTION * measured_us / data->next_timer_us);
	else
		/* Sleeps beyond MAX_INTERESTING count as perfect predictions. */
		new_factor += RESOLUTION;
	/* Never 0: always some estimated duration (matters only for DECAY 1). */
	if (DECAY == 1 && new_factor == 0)
		new_factor = 1;
	data->correction_factor[data->bucket] = new_factor;

	/* The repeating-pattern data. */
	data->intervals[data->interval_ptr++] = measured_us;
	if (data->interval_ptr >= (int)INTERVALS)
		data->interval_ptr = 0;
}

/* Models menu_select(). */
static int menu_select(struct cpuidle_driver *drv, struct cpuidle_device *dev,
		       bool *stop_tick)
{
	struct menu_device *data = &menu_devices[dev->cpu];
	s32 latency_req = cpuidle_governor_latency_req(dev->cpu);
	unsigned int interactivity_req, expected_interval;
	unsigned long nr_iowaiters;
	u64 next, now;
	int i;

	*stop_tick = true;
	if (data->needs_update) {
		menu_update(drv, dev);
		data->needs_update = 0;
	}

	/* A very strict latency requirement: the shallowest state. */
	if (latency_req == 0) {
		data->last_state_idx = 0;
		return 0;
	}

	/* tick_nohz_get_sleep_length(): the tick is stopped on idle entry
	 * (tick_nohz_idle_enter), so this is the next timer event. */
	next = tick_next_event_ns();
	now = ktime_get_ns();
	if (next == U64_MAX || (next > now && (next - now) / 1000 >= UINT32_MAX))
		data->next_timer_us = UINT32_MAX;
	else
		data->next_timer_us = next > now ? (unsigned int)((next - now) / 1000) : 0;

	nr_iowaiters = nr_iowait_cpu(dev->cpu);
	data->bucket = which_bucket(data->next_timer_us, nr_iowaiters);

	/* 64-bit product, rounded to nearest. */
	data->predicted_us = (unsigned int)(((u64)data->next_timer_us *
					     data->correction_factor[data->bucket] +
					     RESOLUTION * DECAY / 2) / (RESOLUTION * DECAY));

	expected_interval = get_typical_interval(data);
	expected_interval = min(expected_interval, data->next_timer_us);
	/* The lowest expected idle interval picks the state. */
	data->predicted_us = min(data->predicted_us, expected_interval);

	interactivity_req = data->predicted_us / performance_multiplier(nr_iowaiters);
	if ((u32)latency_req > interactivity_req)
		latency_req = (s32)interactivity_req;

	/* The deepest state satisfying every constraint; WFI at least. */
	data->last_state_idx = 0;
	for (i = 0; i < drv->state_count; i++) {
		struct cpuidle_state *s = &drv->states[i];

		if (s->disabled || dev->states_usage[i].disable)
			continue;
		if (s->target_residency > data->predicted_us)
			continue;
		if (s->exit_latency > (u32)latency_req)
			continue;
		data->last_state_idx = i;
	}
	return data->last_state_idx;
}

/* Models menu_reflect(): learn at the next select (off the exit path). */
static void menu_reflect(struct cpuidle_device *dev, int index)
{
	struct menu_device *data = &menu_devices[dev->cpu];

	data->last_state_idx = index;
	if (index >= 0)
		data->needs_update = 1;
}

/* Models menu_enable_device(): unity correction factors, no history. */
static int menu_enable_device(struct cpuidle_driver *drv, struct cpuidle_device *dev)
{
	struct menu_device *data = &menu_devices[dev->cpu];
	int i;

	(void)drv;
	memset(data, 0, sizeof(*data));
	/* Start with a unity factor in every bucket. */
	for (i = 0; i < BUCKETS; i++)
		data->correction_factor[i] = RESOLUTION * DECAY;
	return 0;
}

static struct cpuidle_governor menu_governor = {
	.name = "menu",
	.rating = 20,
	.enable = menu_enable_device,
	.select = menu_select,
	.reflect = menu_reflect,
};

/* Models init_menu() (postcore_initcall). */
int init_menu(void)
{
	return cpuidle_register_governor(&menu_governor);
}
