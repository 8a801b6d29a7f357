/* SPDX-License-Identifier: GPL-2.0-only */
// stats.h - stats.json (schema blsim-stats/2, or /1 on request) from a finished run.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <map>
#include <memory>
#include <string>
#include <string_view>
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

class ClusterEnergy;
class TaskEnergy;
class JsonWriter;
class VcdWriter;
class VcdEnergy;

// stats.json from the run: the switches with their energy, the energy of
// every rail, core and task, residencies and the kernel's counters.
//
// The energy is integrated on a thread of its own (the one that renders the
// switches' JSON during the run): the constructor gives each cluster's
// energy model a follower (ClusterEnergy::follower_copy()) and leaves the
// model only noting its changes, which go to that thread in order with the
// CONTEXTIDR writes (task energy) and collect()'s requests. The followers
// do there what the models would have done here, in the same order, so
// the numbers are the same bit for bit; they are read here after finish().

class StatsCollector {
 public:
  // schema: the stats.json version that write_json() will be asked for
  // (the switches rendered during the run are in it). The switches
  // rendered during the run go to it packed (SwitchLog::pack()), their
  // steps' room back to the log (SwitchLog::drop_steps()).
  StatsCollector(Platform& p, SwitchLog& switches, int schema = 2);
  ~StatsCollector();
  // tasks[] gives each task's energy (a run with a workload).
  void report_task_energy() { report_task_j_ = true; }
  // The kernel wrote pid into core's CONTEXTIDR now (SystemC's time is the
  // core's): the task meters move to it (sim/task_energy.h).
  void task_switch(unsigned core, uint32_t pid);
  // stats.json into out (it can be large: every switch), after finish().
  // False (errno EIO) if the switches rendered during the run cannot be
  // read back from their spool, or were rendered for another schema: their
  // steps are gone, so they cannot be rendered again.
  bool write_json(FILE* out, const RunInfo& info) const;
  // waves.vcd rides on the stats thread: its changes join this
  // collector's records, in order, and its rail powers and cores' states
  // are read from the energy models' followers there after each change
  // (energy, from attach_platform_vcd()). So the simulation thread tells
  // each change once, not once to each thread. Before the run
  // (VcdWriter::ride_on()); vcd is finished with finish().
  void carry(VcdWriter& vcd, std::unique_ptr<VcdEnergy> energy);
  // Between slices of simulated time: takes the energy of the switches that
  // ended, so that the energy models need keep only the history that the
  // switches still in flight will ask about, and hands the switches that
  // nothing will change any more to a thread that writes their JSON.
  void collect();
  // collect()'s bound for what it keeps of the switches handed to that
  // thread, from one call to the next: the entries of those requested
  // before it may go.
  class KeepBound {
   public:
    // Given the earliest unfinished switch's request, the first done one
    // not handed over yet (UINT64_MAX: none) and now: true, with the
    // bound in *from, if it moved past the last one.
    bool advance(uint64_t open_ns, uint64_t first_waiting_ns, uint64_t now_ns, uint64_t* from);

   private:
    uint64_t kept_from_ns_ = 0;  // entries before it are gone
  };
  // The switches' JSON made during the run goes to a hidden spool in dir
  // (the output folder); without it, write_json() makes it all.
  bool spool_ahead(const std::string& dir) { return ahead_spool_.open(dir, "stats.switches"); }
  // After the last collect(): waits for that thread (write_json() uses
  // what it wrote, and the energy it kept, only after this). Raises what
  // failed on it, as collect() does.
  void finish();
  // Removes the spool of the switches rendered during the run, once
  // write_json() has copied them (on the thread that wrote stats.json,
  // while trace.dat's copy still runs on another: not at the exit). A
  // write_json() after it fails, as one for another schema does.
  void drop_spool() {
    ahead_file_ = nullptr;  // the spool's own stream, closed with it
    ahead_spool_.discard();
  }

 private:
  bool write(JsonWriter& j, const RunInfo& info) const;
  void write_tasks(JsonWriter& j) const;
  Platform& p_;
  bool report_task_j_ = false;
  SwitchLog& switches_;
  std::vector<std::unique_ptr<FreqResidency>> freq_;  // per cluster, config order
  // ---- on the stats thread (read here after finish()) ----
  // Each cluster's energy model's follower, in the order of p_.clusters().
  std::vector<std::unique_ptr<ClusterEnergy>> energy_;
  std::unique_ptr<TaskEnergy> task_energy_;
  // Energy of each cluster in a switch's [requested_ns, end_ns], taken
  // when collect() saw that cluster's model updated past end_ns: the same
  // numbers energy_between() gives at the end.
  struct SwitchEnergy {
    std::vector<double> j;
    std::vector<char> have;
  };
  std::map<std::pair<uint64_t, uint64_t>, SwitchEnergy> switch_energy_;
  using Taken = std::map<std::pair<uint64_t, uint64_t>, SwitchEnergy>::const_iterator;
  double switch_energy(uint64_t t0_ns, uint64_t t1_ns) const;
  double switch_energy(Taken it, uint64_t t0_ns, uint64_t t1_ns) const;
  void follow(std::string_view chunk);  // the stats thread's work
  void follow_one(const char* record);
  template <typename C>
  void follow_change(uint32_t cluster, const C& change);
  static size_t record_size(const char* record);
  SwitchRecord handed_;  // the switch whose text is being made (its room reused)
  VcdWriter* vcd_ = nullptr;            // carry()'s
  std::unique_ptr<VcdEnergy> vcd_energy_;
  std::exception_ptr failure_;    // the stats thread's
  std::atomic<bool> failed_{false};  // failure_ is set
  void raise_failure() const;

  // ---- on the simulation thread ----
  void follow_energy();  // the followers, and the models only noting
  class EnergyTap;       // a model's changes to the stats thread
  std::vector<std::unique_ptr<EnergyTap>> taps_;
  template <typename Rec>
  void tell(const Rec& r) {  // to the stats thread, in order
    ahead_thread_.append(&r, sizeof r);
    ahead_thread_.commit();
  }
  std::vector<size_t> next_switch_;  // per cluster: first done switch not taken
  std::vector<uint64_t> forgot_ns_;  // per cluster: the last horizon told
  // Whether each cluster's energy of a switch was taken (by its
  // [requested_ns, end_ns], as switch_energy_).
  std::map<std::pair<uint64_t, uint64_t>, std::vector<char>> taken_;
  KeepBound kept_;  // hand_ahead(): how far the maps are pruned

  // stats.json's switches[] is most of it (5.5 of 7.5 MB for 60 s of
  // mp3-short, ~30 ms of JSON at the end): the switches that are settled
  // and whose energy is taken are rendered during the run, on a thread of
  // their own, in request order (a prefix of write_json()'s order: none
  // is handed over while one requested no later is still open).
  void hand_ahead();
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
  // The stats thread; last: joined before the members it writes die.
  WriterThread ahead_thread_;
};
