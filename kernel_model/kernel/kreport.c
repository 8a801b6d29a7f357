// SPDX-License-Identifier: GPL-2.0-only
/*
 * kernel/kreport.c - blsim/kreport.h: the kernel's state as the simulator
 * may see it, copied out of the subsystems into plain structures (what
 * sysfs and debugfs files would show on a board).
 */
#include <errno.h>
#include <string.h>

#include "blsim/kreport.h"
#include "linux/cpufreq.h"
#include "linux/cpuidle.h"
#include "linux/interrupt.h"
#include "linux/smp.h"
#include "linux/tick.h"

_Static_assert(KREPORT_NR_IPI_TYPES == NR_IPI, "kreport: IPI types out of step with smp.h");
_Static_assert(KREPORT_CPUFREQ_MAX_STATES == CPUFREQ_STATS_MAX_STATES, "kreport: cpufreq table size");
_Static_assert(KREPORT_IDLE_MAX_STATES == CPUIDLE_STATE_MAX, "kreport: cpuidle state count");
_Static_assert(KREPORT_IDLE_NAME_LEN == CPUIDLE_NAME_LEN, "kreport: cpuidle name length");

int kreport_set_cpufreq_governor(const char *name)
{
	return cpufreq_set_governor(name);
}

int kreport_set_cpufreq_tunable(const char *assignment)
{
	return cpufreq_set_tunable_str(assignment);
}

unsigned int kreport_nr_cpus(void)
{
	return nr_cpu_ids;
}

uint64_t kreport_idle_ns(unsigned int cpu, uint64_t now_ns)
{
	return get_cpu_idle_time_at(cpu, now_ns);
}

unsigned int kreport_irq_count(unsigned int irq)
{
	return kstat_irqs(irq);
}

const char *kreport_ipi_name(unsigned int type)
{
	static const char *const names[NR_IPI] = {
		[IPI_WAKEUP] = "wakeup",	   [IPI_TIMER] = "timer",
		[IPI_RESCHEDULE] = "reschedule", [IPI_CALL_FUNC] = "call_function",
		[IPI_CPU_STOP] = "cpu_stop",	   [IPI_COMPLETION] = "completion",
	};
	return type < NR_IPI ? names[type] : "?";
}

unsigned int kreport_ipis_sent(unsigned int cpu, unsigned int type)
{
	return cpu < NR_CPUS && type < NR_IPI ? ipi_sent[cpu][type] : 0;
}

unsigned int kreport_ipis_received(unsigned int cpu, unsigned int type)
{
	return cpu < NR_CPUS && type < NR_IPI ? ipi_count[cpu][type] : 0;
}

unsigned int kreport_cpufreq_nr_policies(void)
{
	return cpufreq_nr_policies();
}

int kreport_read_cpufreq(unsigned int index, uint64_t now_ns, struct kreport_cpufreq *out)
{
	const struct cpufreq_policy *pol;
	struct cpufreq_stats s;

	if (index >= cpufreq_nr_policies() || cpufreq_stats_snapshot(index, now_ns, &s))
		return -EINVAL;
	pol = cpufreq_policy_by_index(index);
	memset(out, 0, sizeof(*out));
	out->policy_cpu = pol->cpu;
	out->related_cpus = pol->related_cpus;
	out->cur_khz = pol->cur;
	out->start_ns = s.start_time;
	out->state_num = s.state_num;
	memcpy(out->freq_khz, s.freq_table, sizeof(out->freq_khz));
	memcpy(out->time_in_state_ns, s.time_in_state, sizeof(out->time_in_state_ns));
	memcpy(out->trans_table, s.trans_table, sizeof(out->trans_table));
	out->total_trans = s.total_trans;
	out->failed_trans = s.failed_trans;
	out->latency_count = s.latency_count;
	out->latency_sum_ns = s.latency_sum;
	out->latency_min_ns = s.latency_min;
	out->latency_max_ns = s.latency_max;
	return 0;
}

int kreport_cpufreq_policy_of(unsigned int cpu)
{
	for (unsigned int i = 0; i < cpufreq_nr_policies(); i++)
		if (cpufreq_policy_by_index(i)->related_cpus & (1u << cpu))
			return (int)i;
	return -1;
}

int kreport_read_cpuidle(unsigned int cpu, uint64_t now_ns, struct kreport_cpuidle *out)
{
	struct cpuidle_cpu_stats st;

	if (cpuidle_get_cpu_stats_at(cpu, now_ns, &st))
		return -ENODEV;
	memset(out, 0, sizeof(*out));
	out->driver = st.driver;
	out->state_count = st.state_count;
	for (int i = 0; i < st.state_count; i++) {
		memcpy(out->states[i].name, st.states[i].name, KREPORT_IDLE_NAME_LEN);
		out->states[i].usage = st.states[i].usage;
		out->states[i].time_ns = st.states[i].time_ns;
	}
	return 0;
}

int kreport_cpuidle_sysfs(char *buf, size_t len)
{
	return cpuidle_sysfs_dump(buf, len);
}
