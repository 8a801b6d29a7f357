// SPDX-License-Identifier: GPL-2.0-only
/*
 * trace.c - tracepoints called from more than one file (the current task of
 * a trace line comes from the scheduler, kernel/sched/core.c).
 */
#include "trace/events.h"

/* The cpuidle core's tracepoint (power:cpu_idle). */
void trace_cpu_idle(unsigned int state, unsigned int cpu)
{
	trace_cpu_idle_event(state, cpu);
}

/* power:cpu_frequency, fired by the cpufreq core at every POSTCHANGE. */
void trace_cpufreq_frequency(unsigned int cpu, unsigned int khz)
{
	trace_cpu_frequency(khz, cpu);
}
