/* SPDX-License-Identifier: GPL-2.0-only */
// switch_log.h - every cluster switch, step by step, for stats.json.
//
// The kernel model reports the steps it performs (hw_switch_step); the
// simulator adds what only the hardware knows: the outbound's cache flushes,
// its CCI port being disabled, the core being reset and, for a last man,
// the cluster's power-off. A switch starts at the bL_switch_request() call
// and ends when the outbound (core or cluster) is powered off.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

extern "C" {
#include "blsim/switch_steps.h"
}

class JsonWriter;

struct SwitchStep {
  switch_step name;
  unsigned core = 0;
  uint64_t start_ns = 0, end_ns = 0;
  bool open = true;
};

struct SwitchRecord {
  unsigned cpu = 0;
  int outbound_core = -1, inbound_core = -1;
  unsigned from_cluster = 0, to_cluster = 0;
  uint64_t requested_ns = 0, end_ns = 0;
  std::string cause;   // who asked: "cpufreq", "event", "callback"
  bool last_man = false, powering_down = false, complete = false;
  // The longest a task runnable on the logical CPU waited for a run of its
  // switcher thread during this switch (the thread's sleeps excluded).
  uint64_t task_wait_ns = 0;
  std::vector<SwitchStep> steps;
  // SwitchLog::drop_steps() took them: this record can no longer be
  // written, only the text made of it before.
  bool steps_taken = false;
  uint64_t step_ns(switch_step name) const;  // duration, 0 if absent
};

class SwitchLog {
 public:
  // core_cluster: cluster id of each platform core.
  explicit SwitchLog(std::vector<unsigned> core_cluster) : cluster_of_(std::move(core_cluster)) {}

  void kernel_step(uint64_t ns, unsigned core, unsigned cpu, switch_step step, bool end);
  // A switch of cpu was requested (the kernel's cause: "cpufreq", ...).
  void request(uint64_t ns, unsigned cpu, const char* cause);
  void flush(uint64_t ns, unsigned core, bool all, bool end);
  void core_reset(uint64_t ns, unsigned core);
  void cluster_off(uint64_t ns, unsigned cluster);
  void cci_port_off(uint64_t ns, unsigned cluster);
  // A run of cpu's switcher thread made a task wait wait_ns: kept, if the
  // longest, by cpu's latest switch (in flight or finished).
  void task_wait(unsigned cpu, uint64_t wait_ns);

  // Finished switches, in end order (only ever appended to).
  const std::deque<SwitchRecord>& done() const { return done_; }
  // The earliest requested_ns that a switch not finished yet has or can get
  // from the requests made so far; UINT64_MAX if there is none.
  uint64_t earliest_unfinished_ns() const;

  // A finished switch that nothing will change any more: its task_wait_ns
  // (task_wait()) goes to a later switch of its CPU now.
  bool settled(const SwitchRecord& s) const;
  // Settled switch s (one of done()'s) as bytes, for its text to be made
  // on another thread (StatsCollector): all that element_json() reads,
  // nothing that points into this log. packed_size(s) bytes to pack();
  // unpack() makes them a record again (into's memory reused) and says how
  // many it read.
  static size_t packed_size(const SwitchRecord& s);
  static void pack(const SwitchRecord& s, char* out);
  static size_t unpack(const char* in, SwitchRecord* into);
  // Once s is packed: its steps, most of what a switch keeps (~0.6 of
  // ~0.9 KiB; without them a long run's memory grows ~4x slower), go back
  // to the log for a later switch to fill, and s keeps the rest, which is
  // what the switches still in flight and write_json()'s order read. s can
  // then be written only from its text (write_json()'s ahead).
  void drop_steps(const SwitchRecord& s);

  // energy_j(t0_ns, t1_ns): energy of all rails in [t0, t1] (null if absent).
  using EnergyBetween = std::function<double(uint64_t t0_ns, uint64_t t1_ns)>;
  // schema: stats.json's version (1: each step an object; 2: a name table
  // "switch_steps" and each step an array [step, core, start, duration]).
  // ahead: the JSON text of the first switches in request order, made
  // before by element_json() (on another thread, during the run), written
  // as they are; it is not used unless those are the switches it names.
  // first(j, n) writes the first n texts as one value of j, joined by
  // kElementSeparator as YAJL would join them (stats.json's are copied
  // from their spool by the kernel); false if it wrote nothing (they are
  // then rendered here instead) or failed on the way (with the document
  // unfinished: write_json() fails).
  struct Ahead {
    std::vector<const SwitchRecord*> switches;
    std::function<bool(JsonWriter& j, size_t n, bool* wrote)> first;
  };
  // Between two elements of switches[] as YAJL beautifies it: a comma, a
  // newline and the elements' indent (two levels).
  static constexpr const char* kElementSeparator = ",\n    ";
  // False, with the document unfinished, if a switch whose steps were
  // taken has no text in ahead.
  bool write_json(JsonWriter& j, const EnergyBetween& energy_j = nullptr, int schema = 2,
                  const Ahead* ahead = nullptr) const;
  // Switch s with its energy_j as it stands in write_json()'s switches[]
  // (indented for that depth).
  static std::string element_json(const SwitchRecord& s, double energy_j, int schema);

 private:
  SwitchRecord* open_for_cpu(unsigned cpu);
  SwitchRecord* powering_down_on(unsigned core);
  void begin(SwitchRecord& s, switch_step name, unsigned core, uint64_t ns);
  void end(SwitchRecord& s, switch_step name, uint64_t ns);
  void requests_taken(unsigned cpu);
  void open_switch(uint64_t ns, unsigned core, unsigned cpu);
  void abort_switch(unsigned cpu);
  SwitchRecord* record_of(unsigned core, unsigned cpu);
  void inbound_resumed(SwitchRecord& s, uint64_t ns, unsigned core);
  void finish(SwitchRecord& s, uint64_t ns);

  std::vector<unsigned> cluster_of_;
  std::vector<SwitchRecord> open_;        // switches in flight
  std::deque<SwitchRecord> done_;         // finished, in end order (never moved)
  struct Pending { unsigned cpu; uint64_t ns; std::string cause; };
  std::vector<Pending> pending_requests_;   // made, not yet taken by the thread
  std::vector<Pending> taken_requests_;     // taken by the thread's current iteration
  std::vector<Pending> mine_;               // open_switch()'s, kept for its room
  // Steps of switches handed over (drop_steps()), for the next switches:
  // a switch's steps are then allocated once, not once per switch, and
  // freed on the thread that uses them again.
  std::vector<std::vector<SwitchStep>> spare_steps_;
  // Move cpu's requests from one list to another.
  static void take_requests(std::vector<Pending>& from, unsigned cpu, std::vector<Pending>& into);
};
