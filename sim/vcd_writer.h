/* SPDX-License-Identifier: GPL-2.0-only */
// vcd_writer.h - waves.vcd: the hardware's clocks, voltages and power states
// as an IEEE 1364 value change dump, for GTKWave.
//
// VcdWriter is a generic recorder: declare integer signals (scope, name,
// width), record changes at picosecond times ($timescale 1 ps), get the file.
// attach_platform_vcd() declares and hooks the platform's signals, under a
// top scope named for the board (PlatformConfig::board: tc2, exynos5422)
// and one scope per cluster:
//   B.clusterN.clusterN_freq_khz     cluster clock, kHz (0: stopped, PLL relock)
//   B.clusterN.clusterN_voltage_uv   Vcore rail, uV, at each ramp start and end
//                                    (linear in between; the dump steps)
//   B.clusterN.clusterN_power_state  power domain: 0 off, 1 powering-up, 2 on,
//                                    3 powering-down
//   B.clusterN.clusterN_power_uw     the rail's power from the energy model
//   B.clusterN.clusterN_cci_snoop    1 while the cluster's CCI slave interface
//                                    has snoops enabled
//   B.clusterN.coreI_state           core I of the cluster: 0 off, 1 reset,
//                                    2 run, 3 wfi, 4 wfe
// gtkw() is GTKWave's save file (waves.gtkw) that shows them all on open.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "models/power/energy_model.h"
#include "sim/spool_file.h"
#include "sim/writer_thread.h"

class Platform;

// Value changes are streamed to a spool in the output folder as the run goes
// (memory stays flat); stage() writes waves.vcd whole, with the header and
// the $dumpvars of every signal declared by then. Without open() changes are
// not recorded. The simulation thread only appends (signal, time, value)
// records; a writer thread (sim/writer_thread.h), its own, started at the
// first change, or another output's it rides on (ride_on()), merges each
// timestamp's changes and formats them, in order.
class VcdWriter {
 public:
  // Starts recording into dir (which must exist). False with errno.
  bool open(const std::string& dir);
  bool is_open() const { return open_; }
  // The name of the top scope ("blsim" unless set).
  void set_top(const std::string& name) { top_ = name; }
  // Declares a signal; returns its handle. Declare every signal before the
  // first change of any (the writer thread reads the declarations).
  int add_signal(const std::string& scope, const std::string& name, unsigned width,
                 uint64_t initial);
  // Records that signal id takes value v at time ps. Times never go back
  // (from one change to the next, whatever the signal): they are simulated
  // time. Within one timestamp the last change of a signal wins.
  void change(int id, uint64_t ps, uint64_t v);
  // Records at the current SystemC time.
  void change_now(int id, uint64_t v);
  // Rides on host, another output's writer thread, instead of starting a
  // thread of its own: each change goes into host's stream as a byte, tag,
  // and the record, in order with host's own records, and host's handler
  // gives the record after the tag back to take(). Call it once every
  // signal is declared, before any change (a logic_error after one): the
  // body starts then. Finish host before stage().
  void ride_on(WriterThread& host, char tag);
  // On host's thread: applies the record at p, kRecordBytes long.
  static constexpr size_t kRecordBytes = 24;
  void take(const char* p);
  // On the writer's thread (its own or the one it rides on): sets signal
  // id to v at ps, as a change recorded at ps would. For values worked out
  // there, from records another output made (VcdEnergy).
  void set_at(int id, uint64_t ps, uint64_t v) {
    if (open_) apply(id, ps, v);
  }

  // Writes dir/.waves.vcd.tmp whole; publish() renames it to waves.vcd.
  // end_ps is the time of the final timestamp (run's end). False with errno.
  bool stage(uint64_t end_ps);
  bool publish() { return out_.publish(); }
  const std::string& path() const { return out_.path(); }
  // The value signal id was declared with.
  uint64_t initial(int id) const { return signals_.at(static_cast<size_t>(id)).initial; }
  // GTKWave's save file listing every signal (a comment row before each
  // scope: its label in labels, else its name), zoomed to show 0..end_ps.
  std::string gtkw(const std::map<std::string, std::string>& labels, uint64_t end_ps) const;

 private:
  struct Signal {
    std::string scope, name, code;
    unsigned width;
    uint64_t initial;
  };
  struct Change;
  void start();  // at the first change, or ride_on()
  void write_chunk(std::string_view chunk);  // on the writer thread
  void apply(int id, uint64_t ps, uint64_t v);  // on the writer thread
  void flush_block();  // the pending changes of time t_ to the body
  std::string head() const;

  std::vector<Signal> signals_;
  std::vector<uint64_t> cur_;   // value dumped last, per signal
  std::vector<int> slot_;       // index in pending_ of the signal's change at t_, or -1
  std::vector<std::pair<int, uint64_t>> pending_;  // changes at t_, first-change order
  uint64_t t_ = 0, last_ts_ = 0;  // pending time; last timestamp dumped
  std::string top_ = "blsim";
  SpoolFile out_;
  bool open_ = false;
  uint64_t last_ps_ = 0;  // the simulation thread's: the last change's time
  WriterThread* host_ = nullptr;  // ride_on()'s, else null
  char tag_ = 0;
  bool started_ = false;  // the body started: at the first change, or ride_on()
  WriterThread writer_;   // last: joined before the members it writes die
};

// A cluster's rail power and its cores' states follow the cluster's
// energy model. The stats thread hears every change of every model anyway
// (StatsCollector::carry(), sim/stats.h) and applies it to the model's
// follower there (ClusterEnergy::follower_copy()), and the VCD rides on
// that thread: so the simulation thread tells each change once, and the
// follower that integrates it also gives the rail's power after it, bit
// for bit as the model would, and tells from a core's change whether the
// core's state changed. Every change of a core's state reaches its
// cluster's model (sim/platform.cc); a change of the core's work alone
// repeats its state.
class VcdEnergy {
 public:
  // On the thread the VCD rides on: applies ch, a change of cluster c
  // (Platform::clusters()'s order) at its at_ps, to the cluster's follower
  // model, and sets the cluster's signals from it.
  void changed(size_t c, ClusterEnergy& model, const ClusterEnergy::Change& ch);
  void changed(size_t c, ClusterEnergy& model, const ClusterEnergy::CoreChange& ch);
  // Whether cluster c's signals start as model stands now (its rail's
  // power, its cores' states): the follower the changes will go to must
  // not have heard one the waves have not.
  bool starts_as(size_t c, const ClusterEnergy& model) const;

 private:
  friend std::unique_ptr<VcdEnergy> attach_platform_vcd(VcdWriter&, Platform&);
  struct Cluster {
    int power = -1;          // clusterN_power_uw
    std::vector<int> state;  // coreI_state, by the model's core index
  };
  explicit VcdEnergy(VcdWriter& w) : w_(w) {}
  template <typename C>
  void apply(const Cluster& cl, ClusterEnergy& model, const C& ch);
  VcdWriter& w_;
  std::vector<Cluster> clusters_;
};

// Declares and hooks the platform's signals in w. What it returns must
// hear every change of the clusters' energy models, with their followers
// (StatsCollector::carry()): nothing else records the rail powers and the
// cores' states.
[[nodiscard]] std::unique_ptr<VcdEnergy> attach_platform_vcd(VcdWriter& w, Platform& p);
