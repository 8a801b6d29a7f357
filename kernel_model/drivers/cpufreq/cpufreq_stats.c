// SPDX-License-Identifier: GPL-2.0-only
/*
 * cpufreq_stats.c - per-policy frequency statistics
 * (drivers/cpufreq/cpufreq_stats.c): time_in_state, total_trans,
 * trans_table, plus the model's per-transition latency (request ->
 * POSTCHANGE). Times come from hw_now_ns(): statistics only, no cost.
 */
#include <string.h>

#include "linux/cpufreq.h"

static struct cpufreq_stats stats_pool[NR_CPUS];
static bool stats_used[NR_CPUS];

/* Models freq_table_get_index(). */
static int freq_table_get_index(const struct cpufreq_stats *stats, unsigned int freq)
{
	unsigned int i;

	for (i = 0; i < stats->state_num; i++)
		if (stats->freq_table[i] == freq)
			return (int)i;
	return -1;
}

/* Models cpufreq_stats_update(): charge the time since the last update to
 * the current state. */
static void cpufreq_stats_update(struct cpufreq_stats *stats, u64 now)
{
	if (stats->last_index < stats->state_num && now > stats->last_time)
		stats->time_in_state[stats->last_index] += now - stats->last_time;
	if (now > stats->last_time)
		stats->last_time = now;
}

/* Models cpufreq_stats_create_table(): one state per distinct table
 * frequency (the IKS merged table has a duplicate), in table order. */
void cpufreq_stats_create_table(struct cpufreq_policy *policy)
{
	const struct cpufreq_frequency_table *pos;
	struct cpufreq_stats *stats = NULL;
	unsigned int i;
	int idx;

	for (i = 0; i < NR_CPUS; i++)
		if (!stats_used[i]) {
			stats_used[i] = true;
			stats = &stats_pool[i];
			break;
		}
	if (!stats)
		return;
	memset(stats, 0, sizeof(*stats));
	cpufreq_for_each_valid_entry(pos, policy->freq_table) {
		if (freq_table_get_index(stats, pos->frequency) >= 0)
			continue;
		if (stats->state_num == CPUFREQ_STATS_MAX_STATES) {
			pr_warn("cpufreq_stats: CPU%u: more than %u frequencies, rest not counted\n",
				policy->cpu, CPUFREQ_STATS_MAX_STATES);
			break;
		}
		stats->freq_table[stats->state_num++] = pos->frequency;
	}
	stats->start_time = stats->last_time = hw_now_ns();
	idx = freq_table_get_index(stats, policy->cur);
	stats->last_index = idx < 0 ? ~0u : (unsigned int)idx;
	stats->latency_min = ~0ull;
	policy->stats = stats;
}

/* Models cpufreq_stats_free_table(). */
void cpufreq_stats_free_table(struct cpufreq_policy *policy)
{
	if (!policy->stats)
		return;
	stats_used[policy->stats - stats_pool] = false;
	policy->stats = NULL;
}

/* Models cpufreq_stats_record_transition(), plus the latency record. */
void cpufreq_stats_record_transition(struct cpufreq_policy *policy, unsigned int new_freq,
				     u64 latency_ns, bool failed)
{
	struct cpufreq_stats *stats = policy->stats;
	int new_index;

	if (!stats)
		return;
	stats->latency_count++;
	stats->latency_sum += latency_ns;
	stats->latency_last = latency_ns;
	if (latency_ns > stats->latency_max)
		stats->latency_max = latency_ns;
	if (latency_ns < stats->latency_min)
		stats->latency_min = latency_ns;
	if (failed)
		stats->failed_trans++;
	new_index = freq_table_get_index(stats, new_freq);
	if (new_index < 0 || (unsigned int)new_index == stats->last_index)
		return;
	cpufreq_stats_update(stats, hw_now_ns());
	if (stats->last_index < stats->state_num)
		stats->trans_table[stats->last_index][new_index]++;
	stats->last_index = (unsigned int)new_index;
	stats->total_trans++;
}

/* Models show_time_in_state() & co: a consistent copy up to now_ns. */
int cpufreq_stats_snapshot(unsigned int policy_index, u64 now_ns, struct cpufreq_stats *out)
{
	struct cpufreq_policy *p = cpufreq_policy_by_index(policy_index);

	if (!p || !p->stats)
		return -EINVAL;
	*out = *p->stats;
	cpufreq_stats_update(out, now_ns);
	if (!out->latency_count)
		out->latency_min = 0;
	return 0;
}

/* Models cpufreq_stats_clear_table(). */
void cpufreq_stats_reset(unsigned int policy_index, u64 now_ns)
{
	struct cpufreq_policy *p = cpufreq_policy_by_index(policy_index);
	struct cpufreq_stats *s;

	if (!p || !p->stats)
		return;
	s = p->stats;
	memset(s->time_in_state, 0, sizeof(s->time_in_state));
	memset(s->trans_table, 0, sizeof(s->trans_table));
	s->total_trans = 0;
	s->latency_sum = s->latency_max = s->latency_last = 0;
	s->latency_min = ~0ull;
	s->latency_count = s->failed_trans = 0;
	s->start_time = s->last_time = now_ns;
}
