/*
 * trace.c - the current task for trace lines. Until the scheduler model
 * runs tasks, every CPU runs its idle task (swapper, shown "<idle>"-0).
 */
#include "trace/events.h"

__attribute__((weak)) const char *trace_current_comm(void)
{
	return "<idle>";
}

__attribute__((weak)) int trace_current_pid(void)
{
	return 0;
}

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
