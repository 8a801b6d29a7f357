// trace_writer.h - trace.txt: the run's events in ftrace's text format.
//
// The kernel model's tracepoints (GlueSetup::trace: cpu_idle, cpu_frequency,
// cpu_migrate_*, later sched_*) are kept as the kernel emitted them; the
// simulator adds what only the hardware models know, with the kernel's own
// event names: power_domain_target for every core and cluster power-state
// change, and cpu_frequency from the cluster clocks for a cluster whose
// cpufreq driver emitted none. The text is what /sys/kernel/tracing/trace
// prints with the nop tracer (Linux 4.x layout: 4 irq-info flag columns,
// pid in 5 columns), sorted by time, stable.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/hw_glue.h"

class Platform;

class TraceWriter {
 public:
  // Records sent by the kernel model (install as GlueSetup::trace).
  void add(const TraceRecord& r);
  // Hooks the core, cluster power-domain and clock listeners of p. Call once,
  // before the simulation starts; initial states are not events.
  void attach(Platform& p);

  // The whole file. nr_cpus goes to the header's #P:.
  std::string text(unsigned nr_cpus) const;

  // One line as ftrace prints it (no newline).
  static std::string format_line(const TraceRecord& r, const char* flags);

 private:
  struct Entry {
    TraceRecord r;
    bool model_freq = false;  // a cluster clock change (maybe dropped)
    int cluster = -1;
  };
  std::vector<Entry> entries_;
  std::vector<int> cluster_of_core_;
};
