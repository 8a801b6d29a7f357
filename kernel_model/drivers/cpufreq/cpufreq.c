// SPDX-License-Identifier: GPL-2.0-only
/*
 * cpufreq.c - the CPU frequency scaling core (drivers/cpufreq/cpufreq.c).
 *
 * One driver at a time; policies are created when it registers, one per
 * group of online CPUs its ->init puts together (a cluster, or a logical CPU
 * under IKS). Transitions are synchronous: PRECHANGE, ->target_index (which
 * may wait for the hardware), POSTCHANGE, as for a driver without
 * CPUFREQ_ASYNC_NOTIFICATION.
 */
#include <stdio.h>
#include <string.h>

#include "linux/cpufreq.h"
#include "blsim/test_hooks.h"

static struct cpufreq_driver *cpufreq_driver;
static struct cpufreq_policy policies[NR_CPUS];
static struct cpufreq_policy *cpufreq_cpu_data[NR_CPUS];
static unsigned int nr_policies;
static struct notifier_block *transition_chain;
static struct notifier_block *policy_chain;
static struct cpufreq_governor *governor_list;
static char default_governor[16] = "performance";

void cpufreq_governors_reset_for_test(void);

void (*cpufreq_frequency_trace)(unsigned int cpu, unsigned int khz);
void (*cpufreq_transition_trace)(unsigned int cpu, unsigned int old_khz, unsigned int new_khz,
				 u64 request_ns, u64 done_ns, int ret);

/* ---- notifiers -------------------------------------------------------------- */

/* Models notifier_chain_register(): sorted by priority, highest first. */
static void chain_add(struct notifier_block **head, struct notifier_block *nb)
{
	while (*head && (*head)->priority >= nb->priority)
		head = &(*head)->next;
	nb->next = *head;
	*head = nb;
}

/* Models notifier_chain_unregister(). */
static int chain_del(struct notifier_block **head, struct notifier_block *nb)
{
	for (; *head; head = &(*head)->next)
		if (*head == nb) {
			*head = nb->next;
			return 0;
		}
	return -ENOENT;
}

/* Models cpufreq_register_notifier(). */
int cpufreq_register_notifier(struct notifier_block *nb, unsigned int list)
{
	if (list == CPUFREQ_TRANSITION_NOTIFIER)
		chain_add(&transition_chain, nb);
	else if (list == CPUFREQ_POLICY_NOTIFIER)
		chain_add(&policy_chain, nb);
	else
		return -EINVAL;
	return 0;
}

/* Models cpufreq_unregister_notifier(). */
int cpufreq_unregister_notifier(struct notifier_block *nb, unsigned int list)
{
	if (list == CPUFREQ_TRANSITION_NOTIFIER)
		return chain_del(&transition_chain, nb);
	if (list == CPUFREQ_POLICY_NOTIFIER)
		return chain_del(&policy_chain, nb);
	return -EINVAL;
}

/* Models srcu_notifier_call_chain() on cpufreq_transition_notifier_list. */
static void notify_transition(unsigned long val, struct cpufreq_freqs *freqs)
{
	struct notifier_block *nb;

	for (nb = transition_chain; nb; nb = nb->next)
		nb->notifier_call(nb, val, freqs);
}

/* ---- transitions -------------------------------------------------------------- */

/* Models cpufreq_freq_transition_begin(): PRECHANGE to every listener. */
void cpufreq_freq_transition_begin(struct cpufreq_policy *policy, struct cpufreq_freqs *freqs)
{
	freqs->policy = policy;
	if (!policy->request_ns)
		policy->request_ns = hw_now_ns();
	notify_transition(CPUFREQ_PRECHANGE, freqs);
}

/* Models cpufreq_notify_post_transition() + trace_cpu_frequency(). */
static void notify_post(struct cpufreq_policy *policy, struct cpufreq_freqs *freqs)
{
	unsigned int cpu;

	notify_transition(CPUFREQ_POSTCHANGE, freqs);
	policy->cur = freqs->new_freq;
	if (cpufreq_frequency_trace)
		for (cpu = 0; cpu < NR_CPUS; cpu++)
			if (policy->cpus & BIT(cpu))
				cpufreq_frequency_trace(cpu, freqs->new_freq);
}

/* Models cpufreq_freq_transition_end(): POSTCHANGE; on failure, announce
 * the return to the old frequency, as upstream. Records the latency. */
void cpufreq_freq_transition_end(struct cpufreq_policy *policy, struct cpufreq_freqs *freqs,
				 int transition_failed)
{
	u64 done, req = policy->request_ns;

	notify_post(policy, freqs);
	if (transition_failed) {
		unsigned int t = freqs->old_freq;

		freqs->old_freq = freqs->new_freq;
		freqs->new_freq = t;
		notify_transition(CPUFREQ_PRECHANGE, freqs);
		notify_post(policy, freqs);
	}
	done = hw_now_ns();
	cpufreq_stats_record_transition(policy, policy->cur, done - req, transition_failed != 0);
	if (cpufreq_transition_trace)
		cpufreq_transition_trace(policy->cpu, transition_failed ? freqs->new_freq : freqs->old_freq,
					 policy->cur, req, done, transition_failed);
	policy->request_ns = 0;
}

/* Models __target_index(). */
static int __target_index(struct cpufreq_policy *policy, unsigned int index)
{
	struct cpufreq_freqs freqs = {
		.policy = policy,
		.old_freq = policy->cur,
		.new_freq = policy->freq_table[index].frequency,
	};
	int ret;

	cpufreq_freq_transition_begin(policy, &freqs);
	ret = cpufreq_driver->target_index(policy, index);
	if (ret)
		pr_err("cpufreq: %s: Failed to change cpu frequency: %d\n", __func__, ret);
	cpufreq_freq_transition_end(policy, &freqs, ret);
	return ret;
}

/* Models __cpufreq_driver_target(). */
int __cpufreq_driver_target(struct cpufreq_policy *policy, unsigned int target_freq,
			    unsigned int relation)
{
	int index;

	if (!cpufreq_driver)
		return -ENODEV;
	if (target_freq > policy->max)
		target_freq = policy->max;
	if (target_freq < policy->min)
		target_freq = policy->min;
	if (target_freq == policy->cur)
		return 0;
	index = cpufreq_frequency_table_target(policy, target_freq, relation);
	if (index < 0)
		return index;
	if (policy->freq_table[index].frequency == policy->cur)
		return 0;
	policy->request_ns = hw_now_ns();
	return __target_index(policy, (unsigned int)index);
}

/* Models cpufreq_driver_target(). */
int cpufreq_driver_target(struct cpufreq_policy *policy, unsigned int target_freq,
			  unsigned int relation)
{
	int ret;

	arch_spin_lock(&policy->lock);
	ret = __cpufreq_driver_target(policy, target_freq, relation);
	arch_spin_unlock(&policy->lock);
	return ret;
}

/* ---- policy lookups -------------------------------------------------------------- */

/* Models cpufreq_cpu_get(). */
struct cpufreq_policy *cpufreq_cpu_get(unsigned int cpu)
{
	return cpu < NR_CPUS ? cpufreq_cpu_data[cpu] : NULL;
}

/* Models cpufreq_quick_get(). */
unsigned int cpufreq_quick_get(unsigned int cpu)
{
	struct cpufreq_policy *p = cpufreq_cpu_get(cpu);

	return p ? p->cur : 0;
}

/* Models cpufreq_get(). */
unsigned int cpufreq_get(unsigned int cpu)
{
	if (!cpufreq_driver || !cpufreq_driver->get || !cpufreq_cpu_get(cpu))
		return 0;
	return cpufreq_driver->get(cpu);
}

unsigned int cpufreq_nr_policies(void)
{
	return nr_policies;
}

struct cpufreq_policy *cpufreq_policy_by_index(unsigned int i)
{
	return i < nr_policies ? &policies[i] : NULL;
}

/* ---- generic driver helpers ---------------------------------------------------------- */

/* Models cpufreq_generic_init(). */
void cpufreq_generic_init(struct cpufreq_policy *policy, struct cpufreq_frequency_table *table,
			  unsigned int transition_latency_ns)
{
	policy->freq_table = table;
	policy->cpuinfo.transition_latency = transition_latency_ns;
	policy->cpus = cpu_possible_bits;
}

/* Models cpufreq_generic_frequency_table_verify(). */
int cpufreq_generic_frequency_table_verify(struct cpufreq_policy *policy)
{
	if (!policy->freq_table)
		return -ENODEV;
	return cpufreq_frequency_table_verify(policy, policy->freq_table);
}

/* ---- governors --------------------------------------------------------------------------- */

/* Models find_governor(). */
struct cpufreq_governor *cpufreq_find_governor(const char *name)
{
	struct cpufreq_governor *g;

	for (g = governor_list; g; g = g->next)
		if (!strcmp(g->name, name))
			return g;
	return NULL;
}

/* Models cpufreq_register_governor(). */
int cpufreq_register_governor(struct cpufreq_governor *gov)
{
	if (!gov || !gov->name)
		return -EINVAL;
	if (cpufreq_find_governor(gov->name))
		return -EEXIST;
	gov->next = governor_list;
	governor_list = gov;
	return 0;
}

/* Models cpufreq_unregister_governor(). */
void cpufreq_unregister_governor(struct cpufreq_governor *gov)
{
	struct cpufreq_governor **p;

	for (p = &governor_list; *p; p = &(*p)->next)
		if (*p == gov) {
			*p = gov->next;
			return;
		}
}

/* Models cpufreq_exit_governor() after cpufreq_stop_governor(). */
static void stop_governor(struct cpufreq_policy *policy)
{
	struct cpufreq_governor *g = policy->governor;

	if (!g)
		return;
	if (policy->governor_running && g->stop)
		g->stop(policy);
	policy->governor_running = false;
	if (g->exit)
		g->exit(policy);
	policy->governor = NULL;
}

/* Models cpufreq_init_governor() + cpufreq_start_governor(). */
static int start_governor(struct cpufreq_policy *policy, struct cpufreq_governor *g)
{
	int ret;

	if (g->max_transition_latency &&
	    policy->cpuinfo.transition_latency > g->max_transition_latency) {
		pr_warn("cpufreq: %s governor failed, too long transition latency of HW (%u ns)\n",
			g->name, policy->cpuinfo.transition_latency);
		return -EINVAL;
	}
	policy->governor = g;
	if (g->init) {
		ret = g->init(policy);
		if (ret) {
			policy->governor = NULL;
			return ret;
		}
	}
	if (g->start) {
		ret = g->start(policy);
		if (ret) {
			if (g->exit)
				g->exit(policy);
			policy->governor = NULL;
			return ret;
		}
	}
	policy->governor_running = true;
	if (g->limits) {
		arch_spin_lock(&policy->lock);
		g->limits(policy);
		arch_spin_unlock(&policy->lock);
	}
	return 0;
}

/* Models store_scaling_governor() for every policy. */
int cpufreq_set_governor(const char *name)
{
	struct cpufreq_governor *g;
	unsigned int i;
	int ret = 0;

	cpufreq_register_builtin_governors();
	g = name ? cpufreq_find_governor(name) : NULL;
	if (!g) {
		pr_err("cpufreq: unknown governor '%s' (known: performance, powersave, "
		       "userspace, ondemand, conservative, schedutil)\n", name ? name : "(null)");
		return -EINVAL;
	}
	snprintf(default_governor, sizeof(default_governor), "%s", g->name);
	for (i = 0; i < nr_policies; i++) {
		struct cpufreq_policy *p = &policies[i];

		if (!p->in_use || p->governor == g)
			continue;
		stop_governor(p);
		if (start_governor(p, g))
			ret = -EINVAL;
	}
	return ret;
}

const char *cpufreq_default_governor_name(void)
{
	return default_governor;
}

/* Models the governor's sysfs tunable store, by name. */
int cpufreq_set_tunable(const char *gov, const char *name, unsigned long value)
{
	struct cpufreq_governor *g;
	int ret;

	cpufreq_register_builtin_governors();
	g = gov ? cpufreq_find_governor(gov) : NULL;
	if (!g) {
		pr_err("cpufreq: unknown governor '%s' in tunable '%s.%s'\n",
		       gov ? gov : "(null)", gov ? gov : "(null)", name ? name : "(null)");
		return -EINVAL;
	}
	if (!g->set_tunable) {
		pr_err("cpufreq: governor '%s' has no tunable '%s'\n", g->name, name ? name : "(null)");
		return -EINVAL;
	}
	ret = g->set_tunable(name ? name : "", value);
	if (ret == -ENOENT) {
		pr_err("cpufreq: governor '%s' has no tunable '%s'\n", g->name, name ? name : "(null)");
		return -EINVAL;
	}
	if (ret) {
		pr_err("cpufreq: %s.%s: value %lu out of range\n", g->name, name, value);
		return -EINVAL;
	}
	return 0;
}

/* Models the governor's sysfs tunable show, by name. */
int cpufreq_get_tunable(const char *gov, const char *name, unsigned long *value)
{
	struct cpufreq_governor *g;

	cpufreq_register_builtin_governors();
	g = gov ? cpufreq_find_governor(gov) : NULL;
	if (!g || !g->get_tunable || g->get_tunable(name, value))
		return -EINVAL;
	return 0;
}

/* The front end's "--set gov.tunable=value". */
int cpufreq_set_tunable_str(const char *s)
{
	char gov[32], name[48];
	const char *dot = s ? strchr(s, '.') : NULL;
	const char *eq = dot ? strchr(dot, '=') : NULL;
	unsigned long v = 0;
	const char *p;

	if (!dot || !eq || dot == s || eq == dot + 1 || !eq[1] ||
	    (size_t)(dot - s) >= sizeof(gov) || (size_t)(eq - dot - 1) >= sizeof(name)) {
		pr_err("cpufreq: bad tunable setting '%s' (want GOVERNOR.TUNABLE=VALUE)\n",
		       s ? s : "(null)");
		return -EINVAL;
	}
	for (p = eq + 1; *p; p++) {
		if (*p < '0' || *p > '9') {
			pr_err("cpufreq: bad value in '%s' (want a non-negative integer)\n", s);
			return -EINVAL;
		}
		v = v * 10 + (unsigned long)(*p - '0');
	}
	memcpy(gov, s, (size_t)(dot - s));
	gov[dot - s] = 0;
	memcpy(name, dot + 1, (size_t)(eq - dot - 1));
	name[eq - dot - 1] = 0;
	return cpufreq_set_tunable(gov, name, v);
}

/* ---- limits ---------------------------------------------------------------------------------- */

/* Models cpufreq_set_policy() for new scaling_min/max_freq values. */
int cpufreq_update_limits(unsigned int cpu, unsigned int min_khz, unsigned int max_khz)
{
	struct cpufreq_policy *p = cpufreq_cpu_get(cpu);
	unsigned int old_min, old_max;
	int ret;

	if (!p)
		return -EINVAL;
	if (min_khz && max_khz && min_khz > max_khz)
		return -EINVAL;
	arch_spin_lock(&p->lock);
	old_min = p->min;
	old_max = p->max;
	p->user_min = min_khz;
	p->user_max = max_khz;
	p->min = min_khz ? min_khz : p->cpuinfo.min_freq;
	p->max = max_khz ? max_khz : p->cpuinfo.max_freq;
	ret = cpufreq_driver->verify ? cpufreq_driver->verify(p)
				     : cpufreq_frequency_table_verify(p, p->freq_table);
	if (ret) {
		p->min = old_min;
		p->max = old_max;
	} else if (p->governor_running && p->governor->limits) {
		p->governor->limits(p);
	}
	arch_spin_unlock(&p->lock);
	return ret;
}

/* ---- driver registration -------------------------------------------------------------------- */

/* Models cpufreq_online() for a CPU without a policy. */
static int cpufreq_online(unsigned int cpu)
{
	struct cpufreq_policy *p = &policies[nr_policies];
	struct cpufreq_governor *g;
	unsigned int j;
	int ret;

	memset(p, 0, sizeof(*p));
	p->cpu = cpu;
	p->cpus = BIT(cpu);
	p->last_index = ~0u;
	ret = cpufreq_driver->init(p);
	if (ret) {
		pr_debug("cpufreq: %s: ->init failed for CPU%u: %d\n", cpufreq_driver->name, cpu, ret);
		return ret;
	}
	p->related_cpus = p->cpus;
	p->cpus &= cpu_online_bits;
	if (!p->freq_table || cpufreq_frequency_table_cpuinfo(p, p->freq_table)) {
		pr_err("cpufreq: %s: CPU%u: no valid frequency table\n", cpufreq_driver->name, cpu);
		if (cpufreq_driver->exit)
			cpufreq_driver->exit(p);
		return -EINVAL;
	}
	p->in_use = true;
	p->cur = cpufreq_driver->get ? cpufreq_driver->get(cpu) : 0;
	if (!p->cur)
		p->cur = p->cpuinfo.min_freq;
	for (j = 0; j < NR_CPUS; j++)
		if (p->cpus & BIT(j))
			cpufreq_cpu_data[j] = p;
	nr_policies++;
	cpufreq_stats_create_table(p);
	/* CPUFREQ_NEED_INITIAL_FREQ_CHECK: the clock may be at a rate that is
	 * not in the table; move to a table frequency. */
	if ((cpufreq_driver->flags & CPUFREQ_NEED_INITIAL_FREQ_CHECK) &&
	    cpufreq_frequency_table_target(p, p->cur, CPUFREQ_RELATION_L) >= 0) {
		int idx = cpufreq_frequency_table_target(p, p->cur, CPUFREQ_RELATION_L);

		if (p->freq_table[idx].frequency != p->cur) {
			pr_info("cpufreq: CPU%u: running at %u kHz, not in the table; "
				"moving to %u kHz\n", cpu, p->cur, p->freq_table[idx].frequency);
			arch_spin_lock(&p->lock);
			__cpufreq_driver_target(p, p->cur - 1, CPUFREQ_RELATION_L);
			arch_spin_unlock(&p->lock);
		}
	}
	g = cpufreq_find_governor(default_governor);
	if (g && start_governor(p, g))
		pr_warn("cpufreq: CPU%u: governor %s did not start\n", cpu, g->name);
	return 0;
}

/* Models cpufreq_register_driver(). */
int cpufreq_register_driver(struct cpufreq_driver *driver)
{
	unsigned int cpu;

	if (!driver || !driver->init || !driver->target_index)
		return -EINVAL;
	if (cpufreq_driver)
		return -EEXIST;
	cpufreq_register_builtin_governors();
	cpufreq_driver = driver;
	nr_policies = 0;
	memset(cpufreq_cpu_data, 0, sizeof(cpufreq_cpu_data));
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		if (!cpu_online(cpu) || cpufreq_cpu_data[cpu])
			continue;
		cpufreq_online(cpu);
	}
	if (!nr_policies && !(driver->flags & CPUFREQ_STICKY)) {
		pr_debug("cpufreq: %s: no CPU initialized for driver\n", driver->name);
		cpufreq_driver = NULL;
		return -ENODEV;
	}
	pr_info("cpufreq: driver %s up, %u policies, governor %s\n", driver->name,
		nr_policies, default_governor);
	return 0;
}

/* Models cpufreq_unregister_driver() (cpufreq_offline of every policy). */
int cpufreq_unregister_driver(struct cpufreq_driver *driver)
{
	unsigned int i;

	if (!cpufreq_driver || driver != cpufreq_driver)
		return -EINVAL;
	for (i = 0; i < nr_policies; i++) {
		struct cpufreq_policy *p = &policies[i];

		if (!p->in_use)
			continue;
		stop_governor(p);
		if (driver->exit)
			driver->exit(p);
		cpufreq_stats_free_table(p);
		p->in_use = false;
	}
	memset(cpufreq_cpu_data, 0, sizeof(cpufreq_cpu_data));
	nr_policies = 0;
	cpufreq_driver = NULL;
	return 0;
}

/* Test support. */
void cpufreq_reset_for_test(void)
{
	unsigned int i;

	for (i = 0; i < NR_CPUS; i++)
		cpufreq_stats_free_table(&policies[i]);
	memset(policies, 0, sizeof(policies));
	memset(cpufreq_cpu_data, 0, sizeof(cpufreq_cpu_data));
	nr_policies = 0;
	cpufreq_driver = NULL;
	transition_chain = NULL;
	policy_chain = NULL;
	snprintf(default_governor, sizeof(default_governor), "performance");
	cpufreq_frequency_trace = NULL;
	cpufreq_transition_trace = NULL;
	cpufreq_governors_reset_for_test();
}
