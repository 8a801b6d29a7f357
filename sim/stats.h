/* SPDX-License-Identifier: GPL-2.0-only */
// stats.h - stats.json (schema blsim-stats/2, or /1 on request) from a finished run.
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

class Platform;
class SwitchLog;
class JsonWriter;

struct RunInfo {
  std::string version, dtb, workload, switcher, sched, cpufreq_governor, cpuidle_governor;
  std::vector<std::string> sets, dts;  // --set and --dt as given, in command-line order
  bool early_poke = true;  // not --lockstep: it changes no result (run_ahead_test.cc)
  uint64_t seed = 0, duration_ns = 0, simulated_ns = 0;
  bool host_stats = false;
  double host_seconds = 0;
  int stats_schema = 2;  // --stats-schema: 1 writes each switch step as an object
};

// Residency of each frequency of a clock domain, kept from elaboration on.
class FreqResidency {
 public:
  explicit FreqResidency(uint64_t initial_hz);
  void change(uint64_t new_hz);
  std::map<uint64_t, uint64_t> ps_by_khz() const;  // up to now; 0 kHz = stopped

 private:
  uint64_t hz_;
  uint64_t since_ps_ = 0;
  std::map<uint64_t, uint64_t> ps_;
};

class TaskEnergy;
class JsonWriter;

class StatsCollector {
 public:
  StatsCollector(Platform& p, const SwitchLog& switches);
  ~StatsCollector();
  std::string to_json(const RunInfo& info) const;
  // Where tasks[] gets each task's energy (null: no workload).
  void set_task_energy(TaskEnergy* t) { task_energy_ = t; }
  // The same text streamed to out (stats.json can be large: every switch).
  void write_json(FILE* out, const RunInfo& info) const;
  // Between slices of simulated time: takes the energy of the switches that
  // ended, so that the energy models need keep only the history that the
  // switches still in flight will ask about.
  void collect();

 private:
  void write(JsonWriter& j, const RunInfo& info) const;
  void write_tasks(JsonWriter& j) const;
  Platform& p_;
  TaskEnergy* task_energy_ = nullptr;
  const SwitchLog& switches_;
  std::vector<std::unique_ptr<FreqResidency>> freq_;  // per cluster, config order
  // Energy of each cluster in a switch's [requested_ns, end_ns], taken by
  // collect() once that cluster's model was updated past end_ns: the same
  // numbers energy_between() gives at the end.
  struct SwitchEnergy {
    std::vector<double> j;
    std::vector<char> have;
  };
  std::map<std::pair<uint64_t, uint64_t>, SwitchEnergy> switch_energy_;
  std::vector<size_t> next_switch_;  // per cluster: first done switch not taken
  double switch_energy(uint64_t t0_ns, uint64_t t1_ns) const;
};
