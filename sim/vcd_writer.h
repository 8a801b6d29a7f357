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

#include "sim/spool_file.h"
#include "sim/writer_thread.h"

class Platform;

// Value changes are streamed to a spool in the output folder as the run goes
// (memory stays flat); stage() writes waves.vcd whole, with the header and
// the $dumpvars of every signal declared by then. Without open() changes are
// not recorded. The simulation thread only appends (signal, time, value)
// records; a writer thread (sim/writer_thread.h), started at the first
// change, merges each timestamp's changes and formats them, in order.
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
  // The changes a Compute works out, each made at the time of the record
  // it was given, in the order set() is called.
  class Computed {
   public:
    void set(int id, uint64_t v) { w_.apply(id, ps_, v); }

   private:
    friend class VcdWriter;
    Computed(VcdWriter& w, uint64_t ps) : w_(w), ps_(ps) {}
    VcdWriter& w_;
    const uint64_t ps_;
  };
  // Records changes made now whose values f works out from data: f runs
  // on the writer thread, in the changes' order, on the n bytes (at most
  // kMaxData) the caller writes at the pointer returned, at once, before
  // any other change, and sets each signal through out. data is not
  // aligned: f copies out what it reads. For values that cost more to
  // work out than their inputs cost to copy, or several signals that one
  // record can carry: f must read nothing but data and what keep() holds.
  // Without open(), null.
  using Compute = void (*)(const void* data, Computed& out);
  static constexpr size_t kMaxData = 128;
  void* change_now_computed(Compute f, size_t n);
  // Holds p until the writer is gone: state a Compute works on.
  void keep(std::shared_ptr<void> p) { kept_.push_back(std::move(p)); }

  // Writes dir/.waves.vcd.tmp whole; publish() renames it to waves.vcd.
  // end_ps is the time of the final timestamp (run's end). False with errno.
  bool stage(uint64_t end_ps);
  bool publish() { return out_.publish(); }
  const std::string& path() const { return out_.path(); }
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
  void* record(uint64_t ps, size_t n);  // room for a change record of n bytes, at ps
  void write_chunk(std::string_view chunk);  // on the writer thread
  void apply(int id, uint64_t ps, uint64_t v);  // on the writer thread
  void flush_block();  // the pending changes of time t_ to the body
  std::string head() const;

  std::vector<Signal> signals_;
  std::vector<uint64_t> cur_;   // value dumped last, per signal
  std::vector<int> slot_;       // index in pending_ of the signal's change at t_, or -1
  std::vector<std::pair<int, uint64_t>> pending_;  // changes at t_, first-change order
  uint64_t t_ = 0, last_ts_ = 0;  // pending time; last timestamp dumped
  std::string block_;
  std::string top_ = "blsim";
  SpoolFile out_;
  bool open_ = false;
  uint64_t last_ps_ = 0;  // the simulation thread's: the last change's time
  std::vector<std::shared_ptr<void>> kept_;  // keep()'s
  WriterThread writer_;   // last: joined before the members it writes die
};

void attach_platform_vcd(VcdWriter& w, Platform& p);
