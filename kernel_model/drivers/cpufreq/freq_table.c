// SPDX-License-Identifier: GPL-2.0-only
/*
 * freq_table.c - frequency table helpers (drivers/cpufreq/freq_table.c).
 * The lookups handle unsorted tables, as the pre-4.8 generic
 * cpufreq_frequency_table_target did: the IKS merged table is unsorted.
 */
#include "linux/cpufreq.h"

/* Models cpufreq_table_count_valid_entries(). */
unsigned int cpufreq_table_count_valid_entries(const struct cpufreq_frequency_table *table)
{
	const struct cpufreq_frequency_table *pos;
	unsigned int n = 0;

	if (!table)
		return 0;
	cpufreq_for_each_valid_entry(pos, table)
		n++;
	return n;
}

/* Models cpufreq_frequency_table_cpuinfo(). */
int cpufreq_frequency_table_cpuinfo(struct cpufreq_policy *policy,
				    struct cpufreq_frequency_table *table)
{
	const struct cpufreq_frequency_table *pos;
	unsigned int min_freq = ~0u, max_freq = 0;

	cpufreq_for_each_valid_entry(pos, table) {
		if (pos->frequency < min_freq)
			min_freq = pos->frequency;
		if (pos->frequency > max_freq)
			max_freq = pos->frequency;
	}
	if (max_freq == 0)
		return -EINVAL;
	policy->min = policy->cpuinfo.min_freq = min_freq;
	policy->max = policy->cpuinfo.max_freq = max_freq;
	return 0;
}

/* Models cpufreq_verify_within_limits() + cpufreq_frequency_table_verify(). */
int cpufreq_frequency_table_verify(struct cpufreq_policy *policy,
				   struct cpufreq_frequency_table *table)
{
	const struct cpufreq_frequency_table *pos;
	unsigned int next_larger = ~0u;
	bool found = false;

	if (policy->min < policy->cpuinfo.min_freq)
		policy->min = policy->cpuinfo.min_freq;
	if (policy->max > policy->cpuinfo.max_freq)
		policy->max = policy->cpuinfo.max_freq;
	if (policy->min > policy->max)
		policy->min = policy->max;
	cpufreq_for_each_valid_entry(pos, table) {
		if (pos->frequency >= policy->min && pos->frequency <= policy->max) {
			found = true;
			break;
		}
		if (pos->frequency > policy->max && pos->frequency < next_larger)
			next_larger = pos->frequency;
	}
	/* No frequency within the limits: raise max to the next one above. */
	if (!found) {
		if (next_larger == ~0u)
			return -EINVAL;
		policy->max = next_larger;
	}
	return 0;
}

/* Models cpufreq_frequency_table_target() (the generic, unsorted search). */
int cpufreq_frequency_table_target(struct cpufreq_policy *policy,
				   unsigned int target_freq, unsigned int relation)
{
	const struct cpufreq_frequency_table *table = policy->freq_table, *pos;
	int optimal = -1, suboptimal = -1;
	unsigned int opt_f = 0, sub_f = 0;

	if (!table)
		return -EINVAL;
	switch (relation) {
	case CPUFREQ_RELATION_H:
		opt_f = 0;        /* highest <= target */
		sub_f = ~0u;      /* else lowest above */
		break;
	case CPUFREQ_RELATION_L:
		opt_f = ~0u;      /* lowest >= target */
		sub_f = 0;        /* else highest below */
		break;
	case CPUFREQ_RELATION_C:
		opt_f = ~0u;      /* distance of the closest */
		break;
	default:
		return -EINVAL;
	}
	for (pos = table; pos->frequency != CPUFREQ_TABLE_END; pos++) {
		unsigned int f = pos->frequency;
		int i = (int)(pos - table);

		if (f == CPUFREQ_ENTRY_INVALID)
			continue;
		if (f < policy->min || f > policy->max)
			continue;
		switch (relation) {
		case CPUFREQ_RELATION_H:
			if (f <= target_freq) {
				if (optimal < 0 || f > opt_f) {
					opt_f = f;
					optimal = i;
				}
			} else if (f < sub_f) {
				sub_f = f;
				suboptimal = i;
			}
			break;
		case CPUFREQ_RELATION_L:
			if (f >= target_freq) {
				if (f < opt_f) {
					opt_f = f;
					optimal = i;
				}
			} else if (suboptimal < 0 || f > sub_f) {
				sub_f = f;
				suboptimal = i;
			}
			break;
		case CPUFREQ_RELATION_C: {
			unsigned int d = f > target_freq ? f - target_freq : target_freq - f;

			/* A tie goes to the lower frequency (cpufreq_table_find_index_ac). */
			if (d < opt_f || (d == opt_f && f < table[optimal].frequency)) {
				opt_f = d;
				optimal = i;
			}
			break;
		}
		}
	}
	if (optimal >= 0)
		return optimal;
	if (suboptimal >= 0)
		return suboptimal;
	return -EINVAL;
}
