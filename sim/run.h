/* SPDX-License-Identifier: GPL-2.0-only */
// run.h - one simulation run: options, and the run itself.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/dt_override.h"
#include "sim/events.h"

struct RunOptions {
  std::string dtb;
  std::string out;            // output folder; empty: no files
  std::string workload;       // rt-app JSON; empty: none
  std::vector<std::string> more_workloads;  // --workload again: merged after it (merge.py)
  uint64_t duration_ns = 100000000;  // 100 ms
  bool duration_set = false;  // --duration was given
  uint64_t seed = 1;
  bool console = false;       // echo the kernel log to stderr
  bool quiet = false;
  int progress = -1;          // progress line: -1 when stderr is a terminal, 0 never, 1 always
  bool host_stats = false;    // measured host time in stats.json
  int stats_schema = 2;       // stats.json: blsim-stats/2, or /1 (--stats-schema 1)
  bool lockstep = false;      // cores never run ahead of SystemC's time
  std::vector<ScriptedEvent> events;
  std::vector<DtOverride> dt_overrides;  // --dt, in order
  std::string switcher = "none";   // iks | cluster | none
  std::string sched = "hmp";       // hmp | eas (with switcher none)
  bool early_poke = true;
  std::string cpuidle_governor = "menu";  // menu | ladder | none
  std::string cpufreq_governor;           // empty: the kernel's default (performance)
  std::vector<std::string> tunables;      // "ondemand.up_threshold=80"
  bool cpuidle_sysfs = false;             // print the cpuidle sysfs view at the end
  std::string trace_events;               // --trace-events; empty: all
};

// Exit codes, documented in --help.
enum ExitCode {
  kExitOk = 0, kExitUsage = 1, kExitInput = 2, kExitSim = 3, kExitOutput = 4, kExitEvent = 5,
  kExitChanged = 6  // blsim compare: something moved more than the tolerance
};

// Runs the whole flow; prints errors on stderr; returns an ExitCode.
int blsim_run(const RunOptions& o);
