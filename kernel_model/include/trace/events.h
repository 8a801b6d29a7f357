/* SPDX-License-Identifier: GPL-2.0-only */
/* trace/events.h - the kernel's tracepoints the model emits (include/trace/
 * events/power.h, sched.h), printed as ftrace prints them. */
#ifndef KM_TRACE_EVENTS_H
#define KM_TRACE_EVENTS_H

#include "linux/kernel.h"

/* The task running on the calling CPU, for the trace line's task-pid
 * column (the scheduler model provides it; "<idle>"-0 until it does). */
const char *trace_current_comm(void);
int trace_current_pid(void);

unsigned int smp_processor_id(void);

#define trace_event(event, ...)                                              \
	hw_trace_event(smp_processor_id(), trace_current_comm(),           \
		       trace_current_pid(), event, __VA_ARGS__)

/* power:cpu_idle: state is the idle state index, or PWR_EVENT_EXIT. */
#ifndef PWR_EVENT_EXIT
#define PWR_EVENT_EXIT 4294967295u
#endif
#define trace_cpu_idle_event(state, cpu) \
	trace_event("cpu_idle", "state=%u cpu_id=%u", (unsigned)(state), (unsigned)(cpu))
/* power:cpu_frequency: state is the new frequency in kHz. */
#define trace_cpu_frequency(khz, cpu) \
	trace_event("cpu_frequency", "state=%u cpu_id=%u", (unsigned)(khz), (unsigned)(cpu))
/* The cpufreq core's cpufreq_frequency_trace hook. */
void trace_cpufreq_frequency(unsigned int cpu, unsigned int khz);
/* power:cpu_migrate_begin/finish/current (bL switcher): timestamp in ns
 * and the MPIDR of the CPU the logical CPU is leaving / now on. */
#define trace_cpu_migrate_begin(ts, mpidr) \
	trace_event("cpu_migrate_begin", "timestamp=%llu cpu_hwid=0x%08X", \
		    (unsigned long long)(ts), (unsigned)(mpidr))
#define trace_cpu_migrate_finish(ts, mpidr) \
	trace_event("cpu_migrate_finish", "timestamp=%llu cpu_hwid=0x%08X", \
		    (unsigned long long)(ts), (unsigned)(mpidr))
#define trace_cpu_migrate_current(ts, mpidr) \
	trace_event("cpu_migrate_current", "timestamp=%llu cpu_hwid=0x%08X", \
		    (unsigned long long)(ts), (unsigned)(mpidr))

#endif
