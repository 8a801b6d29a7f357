/* SPDX-License-Identifier: GPL-2.0-only */
// stats.h - stats.json (schema blsim-stats/2, or /1 on request) from a finished run.
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sim/spool_file.h"
#include "sim/switch_log.h"
#include "sim/writer_thread.h"

class Platform;
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
  // schema: the stats.json version that write_json() will be asked for
  // (the switches rendered during the run are in it). The switches
  // rendered during the run give their steps to the rendering
  // (SwitchLog::take()).
  StatsCollector(Platform& p, SwitchLog& switches, int schema = 2);
  ~StatsCollector();
  // Where tasks[] gets each task's energy (null: no workload).
  void set_task_energy(TaskEnergy* t) { task_energy_ = t; }
  // stats.json into out (it can be large: every switch). False (errno EIO)
  // if the switches rendered during the run cannot be read back from
  // their spool, or were rendered for another schema: their steps are
  // gone, so they cannot be rendered again.
  bool write_json(FILE* out, const RunInfo& info) const;
  // Between slices of simulated time: takes the energy of the switches that
  // ended, so that the energy models need keep only the history that the
  // switches still in flight will ask about, and hands the switches that
  // nothing will change any more to a thread that writes their JSON.
  void collect();
  // The switches' JSON made during the run goes to a hidden spool in dir
  // (the output folder); without it, write_json() makes it all.
  bool spool_ahead(const std::string& dir) { return ahead_spool_.open(dir, "stats.switches"); }
  // After the last collect(): waits for that thread (write_json() uses
  // what it wrote only after this).
  void finish();

 private:
  bool write(JsonWriter& j, const RunInfo& info) const;
  void write_tasks(JsonWriter& j) const;
  Platform& p_;
  TaskEnergy* task_energy_ = nullptr;
  SwitchLog& switches_;
  std::vector<std::unique_ptr<FreqResidency>> freq_;  // per cluster, config order
  // Energy of each cluster in a switch's [requested_ns, end_ns], taken by
  // collect() once that cluster's model was updated past end_ns: the same
  // numbers energy_between() gives at the end.
  struct SwitchEnergy {
    std::vector<double> j;
    std::vector<char> have;
  };
  std::map<std::pair<uint64_t, uint64_t>, SwitchEnergy> switch_energy_;
  using Taken = std::map<std::pair<uint64_t, uint64_t>, SwitchEnergy>::const_iterator;
  std::vector<size_t> next_switch_;  // per cluster: first done switch not taken
  double switch_energy(uint64_t t0_ns, uint64_t t1_ns) const;
  double switch_energy(Taken it, uint64_t t0_ns, uint64_t t1_ns) const;

  // stats.json's switches[] is most of it (5.5 of 7.5 MB for 60 s of
  // mp3-short, ~30 ms of JSON at the end): the switches that are settled
  // and whose energy is taken are rendered during the run, on a thread of
  // their own, in request order (a prefix of write_json()'s order: none
  // is handed over while one requested no later is still open).
  void hand_ahead();
  void render_ahead(std::string_view chunk);  // on ahead_thread_'s thread
  int schema_;
  size_t done_seen_ = 0;                      // switches_.done() looked at
  std::vector<const SwitchRecord*> waiting_;  // done, not handed over; request order
  std::vector<const SwitchRecord*> ahead_;  // handed over, in order (their steps taken)
  // ahead_thread_'s: the texts, one after another (spooled, so that memory
  // does not grow with them: ~0.7 KiB a switch), and where each ends.
  SpoolFile ahead_spool_;
  std::vector<uint64_t> ahead_ends_;
  FILE* ahead_file_ = nullptr;  // after finish(): the spool, read from its start
  bool finished_ = false;
  WriterThread ahead_thread_;  // last: joined before the members it writes die
};
