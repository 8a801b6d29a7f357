// SPDX-License-Identifier: GPL-2.0-only
/*
 * cpufreq_governor.c - what ondemand and conservative share
 * (drivers/cpufreq/cpufreq_governor.c): load from idle time, the sampling
 * machinery, start/stop/limits. See cpufreq_governor.h for how sampling is
 * modelled (hrtimer in IRQ context -> work in process context).
 */
#include <string.h>

#include "cpufreq_governor.h"
#include "blsim/test_hooks.h"

#define NSEC_PER_USEC 1000ull

static struct policy_dbs_info dbs_pool[NR_CPUS];

/* ---- the sampler: timer (IRQ) -> work (process) -> re-arm ------------------ */

/* Models dbs_update_util_handler()/irq_work: IRQ context, only queues the
 * work; the frequency change waits for hardware and cannot run here. */
static void gov_timer_fn(struct hrtimer *t)
{
	struct gov_timer *gt = container_of(t, struct gov_timer, t);
	struct gov_sampler *s = gt->owner;

	if (!s->active || gt != &s->timer[s->cur_timer])
		return;
	schedule_work(&s->work);
}

/* Arm the current timer delay_us from now, on this CPU. */
static void gov_sampler_arm(struct gov_sampler *s, unsigned int delay_us)
{
	hrtimer_start(&s->timer[s->cur_timer].t, ktime_get_ns() + delay_us * NSEC_PER_USEC);
}

/* Models dbs_work_handler(): process context, under the policy lock. */
static void gov_work_fn(struct work_struct *w)
{
	struct gov_sampler *s = container_of(w, struct gov_sampler, work);
	unsigned int delay;

	if (!s->active)
		return;
	arch_spin_lock(&s->policy->lock);
	delay = s->sample(s);
	arch_spin_unlock(&s->policy->lock);
	if (s->active)
		gov_sampler_arm(s, delay ? delay : 1);
}

/* Models gov_set_update_util(): start sampling on the calling CPU. */
void gov_sampler_start(struct gov_sampler *s, unsigned int first_delay_us)
{
	unsigned int cpu = smp_processor_id();

	if (s->timer[s->cur_timer].t.queued && s->timer_cpu != cpu)
		s->cur_timer ^= 1;
	s->timer[0].owner = s->timer[1].owner = s;
	s->timer[0].t.function = s->timer[1].t.function = gov_timer_fn;
	s->work.func = gov_work_fn;
	s->timer_cpu = cpu;
	s->active = true;
	gov_sampler_arm(s, first_delay_us);
}

/* Models gov_clear_update_util(): a timer on another CPU fires once more
 * and finds the sampler inactive. */
void gov_sampler_stop(struct gov_sampler *s)
{
	s->active = false;
	if (s->timer_cpu == smp_processor_id())
		hrtimer_cancel(&s->timer[s->cur_timer].t);
}

/* ---- load ---------------------------------------------------------------------- */

/* Models cpufreq_policy_transition_delay_us(). */
unsigned int cpufreq_policy_transition_delay_us(struct cpufreq_policy *policy)
{
	unsigned int latency = policy->cpuinfo.transition_latency / NSEC_PER_USEC;

	if (policy->cpuinfo.transition_latency == CPUFREQ_ETERNAL)
		return TRANSITION_DELAY_MAX_US;
	if (latency)
		return min(latency * LATENCY_MULTIPLIER, TRANSITION_DELAY_MAX_US);
	return LATENCY_MULTIPLIER;
}

unsigned int dbs_sampling_rate_us(struct policy_dbs_info *pd)
{
	unsigned int r = pd->gov->sampling_rate_us ? *pd->gov->sampling_rate_us : 0;

	return r ? r : cpufreq_policy_transition_delay_us(pd->policy);
}

/* Models dbs_update(). */
unsigned int dbs_update(struct policy_dbs_info *pd)
{
	struct cpufreq_policy *policy = pd->policy;
	u64 sampling_ns = (u64)dbs_sampling_rate_us(pd) * pd->rate_mult * NSEC_PER_USEC;
	unsigned int max_load = 0, idle_periods = ~0u, j;

	for (j = 0; j < NR_CPUS; j++) {
		u64 cur_wall, cur_idle, elapsed, idle;
		unsigned int load;

		if (!(policy->related_cpus & BIT(j)) || !cpu_online(j))
			continue;
		cur_idle = get_cpu_idle_time_ns(j, &cur_wall);
		elapsed = cur_wall - pd->prev_wall[j];
		idle = cur_idle > pd->prev_idle[j] ? cur_idle - pd->prev_idle[j] : 0;
		pd->prev_wall[j] = cur_wall;
		pd->prev_idle[j] = cur_idle;
		if (idle > elapsed)
			idle = elapsed;
		if (!elapsed) {
			load = pd->prev_load[j];   /* called twice in a row */
		} else if (sampling_ns && elapsed > 2 * sampling_ns && pd->prev_load[j]) {
			/*
			 * A window much longer than the sampling period means
			 * the CPU sat idle and something has just woken it: the
			 * window's load would read near zero however heavy the
			 * new work is. Upstream takes the previous window's load
			 * once, to give a bursty task a fast start, and clears
			 * it so that the next window is measured again (it must
			 * not stick at a high frequency). With the model's
			 * sampling timer, which is not deferrable, such long
			 * windows arise only when the sampling work itself is
			 * held up (fidelity-cpufreq.md).
			 */
			load = pd->prev_load[j];
			pd->prev_load[j] = 0;
		} else {
			load = (unsigned int)(100 * (elapsed - idle) / elapsed);
			pd->prev_load[j] = load;
		}
		if (load > max_load)
			max_load = load;
		if (sampling_ns && elapsed > 2 * sampling_ns) {
			u64 periods = elapsed / sampling_ns;

			if (periods < idle_periods)
				idle_periods = (unsigned int)periods;
		}
	}
	pd->idle_periods = idle_periods;
	pd->last_load = max_load;
	return max_load;
}

/* ---- governor callbacks -------------------------------------------------------------- */

struct policy_dbs_info *cpufreq_dbs_info(struct cpufreq_policy *policy)
{
	struct policy_dbs_info *pd = policy->governor_data;

	return pd >= dbs_pool && pd < dbs_pool + NR_CPUS ? pd : NULL;
}

/* The sampler's callback: one sample of a dbs governor. */
static unsigned int dbs_sample(struct gov_sampler *s)
{
	struct policy_dbs_info *pd = container_of(s, struct policy_dbs_info, sampler);

	pd->samples++;
	return pd->gov->gov_dbs_update(pd);
}

/* Models cpufreq_dbs_governor_init(). */
int cpufreq_dbs_governor_init(struct cpufreq_policy *policy)
{
	unsigned int i;

	for (i = 0; i < NR_CPUS; i++) {
		struct policy_dbs_info *pd = &dbs_pool[i];

		/* A slot whose old timer may still fire on another CPU is busy. */
		if (pd->in_use || pd->sampler.timer[0].t.queued || pd->sampler.timer[1].t.queued)
			continue;
		memset(pd, 0, sizeof(*pd));
		pd->in_use = true;
		pd->policy = policy;
		pd->gov = container_of(policy->governor, struct dbs_governor, gov);
		pd->sampler.policy = policy;
		pd->sampler.sample = dbs_sample;
		policy->governor_data = pd;
		return 0;
	}
	return -ENOMEM;
}

/* Models cpufreq_dbs_governor_exit(). */
void cpufreq_dbs_governor_exit(struct cpufreq_policy *policy)
{
	struct policy_dbs_info *pd = cpufreq_dbs_info(policy);

	if (pd)
		pd->in_use = false;
	policy->governor_data = NULL;
}

/* Models cpufreq_dbs_governor_start(). */
int cpufreq_dbs_governor_start(struct cpufreq_policy *policy)
{
	struct policy_dbs_info *pd = cpufreq_dbs_info(policy);
	unsigned int j;

	if (!pd)
		return -EINVAL;
	pd->rate_mult = 1;
	pd->sub_sample = false;
	for (j = 0; j < NR_CPUS; j++)
		if (policy->related_cpus & BIT(j)) {
			pd->prev_idle[j] = get_cpu_idle_time_ns(j, &pd->prev_wall[j]);
			pd->prev_load[j] = 0;
		}
	if (pd->gov->start)
		pd->gov->start(pd);
	gov_sampler_start(&pd->sampler, dbs_sampling_rate_us(pd));
	return 0;
}

/* Models cpufreq_dbs_governor_stop(). */
void cpufreq_dbs_governor_stop(struct cpufreq_policy *policy)
{
	struct policy_dbs_info *pd = cpufreq_dbs_info(policy);

	if (pd)
		gov_sampler_stop(&pd->sampler);
}

/* Models cpufreq_dbs_governor_limits() (policy->lock held). */
void cpufreq_dbs_governor_limits(struct cpufreq_policy *policy)
{
	if (policy->max < policy->cur)
		__cpufreq_driver_target(policy, policy->max, CPUFREQ_RELATION_H);
	else if (policy->min > policy->cur)
		__cpufreq_driver_target(policy, policy->min, CPUFREQ_RELATION_L);
}

/* Models __cpufreq_driver_target() called from a governor. */
int cpufreq_governor_target(struct cpufreq_policy *policy, unsigned int freq, unsigned int relation)
{
	return __cpufreq_driver_target(policy, freq, relation);
}

/* ---- built-in governors (each one's module_init) ---------------------------------------------- */

static bool builtins_registered;

/* Models the governors' module_init calls. */
void cpufreq_register_builtin_governors(void)
{
	if (builtins_registered)
		return;
	builtins_registered = true;
	cpufreq_register_governor(&cpufreq_gov_performance);
	cpufreq_register_governor(&cpufreq_gov_powersave);
	cpufreq_register_governor(&cpufreq_gov_userspace);
	cpufreq_register_governor(&od_dbs_gov.gov);
	cpufreq_register_governor(&cs_dbs_gov.gov);
	cpufreq_register_governor(&schedutil_gov);
}

/* Test support: default tunables, empty pools. */
void cpufreq_governors_reset_for_test(void)
{
	memset(dbs_pool, 0, sizeof(dbs_pool));
	od_reset_tunables();
	cs_reset_tunables();
	sugov_reset_tunables();
}
