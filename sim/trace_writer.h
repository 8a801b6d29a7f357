/* SPDX-License-Identifier: GPL-2.0-only */
// trace_writer.h - trace.txt: the run's events in ftrace's text format.
//
// The kernel model's tracepoints (GlueSetup::trace_writer: cpu_idle, cpu_frequency,
// cpu_migrate_*, later sched_*) are kept as the kernel emitted them; the
// simulator adds what only the hardware models know, with the kernel's own
// event names: power_domain_target for every core and cluster power-state
// change, one cpu_frequency per core at time 0 (the boot frequency, which a
// trace started on a running system would only learn at the first change),
// and cpu_frequency from the cluster clocks for a cluster whose cpufreq
// driver emitted none (once per settled frequency: the clock's stop during
// a PLL relock is not a frequency). The text is what /sys/kernel/tracing/trace
// prints with the nop tracer (Linux 4.x layout: 4 irq-info flag columns,
// pid in 5 columns), in time order (events come in simulated time order, so
// the file is that order).
//
// The simulation thread only checks set_events() and appends a compact
// record per line; a writer thread (sim/writer_thread.h) formats the text
// and trace.dat's binary record from it, in the same order. Lines are
// streamed to a spool in the output folder as they come (memory stays flat
// however long the run); stage() writes trace.txt whole, with
// the header that needs the final line count. Without open() nothing is
// recorded. set_events() chooses which events are kept, as ftrace's
// set_event does.
#pragma once

#include <cstdarg>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sim/hw_glue.h"
#include "sim/spool_file.h"
#include "sim/text_memo.h"
#include "sim/trace_dat.h"
#include "sim/writer_thread.h"

class Platform;

class TraceWriter {
 public:
  // Starts recording into dir (which must exist). False with errno.
  bool open(const std::string& dir);
  bool is_open() const { return writer_.running(); }
  // The events to record, as ftrace's set_event takes them: a list of
  // comma-separated names, SYSTEM:NAME, or globs of either (sched_*,
  // power:*, sched). Empty: all. False with *why naming the first
  // entry that matches no event blsim writes.
  bool set_events(const std::string& list, std::string* why);
  // Every event name blsim can write, with its ftrace system ("power:cpu_idle").
  static std::vector<std::string> event_names();
  // A kernel tracepoint as a TraceRecord (fill_trace_record()).
  void add(const TraceRecord& r);
  // A kernel tracepoint (hw_trace_event, installed as
  // GlueSetup::trace_writer) with its arguments still in ap, which is
  // read: add()'s line, packed straight into the writer's chunk, without
  // a TraceRecord between (~17k a simulated second of mp3-short under IKS).
  void kernel_event(uint64_t ns, unsigned cpu, unsigned core, const char* comm, int pid,
                    const char* event, const char* fmt, va_list ap);
  // Hooks the core, cluster power-domain and clock listeners of p. Call once,
  // before the simulation starts and after set_events() (the power lines
  // are hooked only if wanted); initial states are not events. end_ns:
  // when the run is expected to end (0: unknown), for the guess of
  // trace.txt's head (maybe_go_direct()).
  void attach(Platform& p, uint64_t end_ns = 0);

  // Waits for the writer thread to have formatted every line: after it,
  // stage() and write_dat() may run on two threads at once.
  void finish() { writer_.finish(); }
  // Writes dir/.trace.txt.tmp whole; publish() renames it to trace.txt.
  // nr_cpus goes to the header's #P:. False with errno.
  bool stage(unsigned nr_cpus);
  bool publish() { return out_.publish(); }
  const std::string& path() const { return out_.path(); }
  // trace.dat (sim/trace_dat.h): the same events as trace.txt, into f,
  // or into a file renamed to f_path (the path f was opened at).
  bool write_dat(FILE* f, unsigned nr_cpus, const std::string* f_path = nullptr) {
    writer_.finish();
    return dat_.write(f, nr_cpus, kernel_freq_, f_path);
  }

  // One line as ftrace prints it (no newline).
  static std::string format_line(const TraceRecord& r, const char* flags);

 private:
  // held >= 0: a clock model line of that cluster (see held_).
  void line(uint64_t ns, unsigned cpu, std::string_view comm, int pid, std::string_view event,
            std::string_view fields, int held = -1);
  // The same, for an event already found in the table (ev, -1 unknown).
  // fmt set: fields are its packed arguments (sim/trace_args.h).
  void line(uint64_t ns, unsigned cpu, std::string_view comm, int pid, int ev,
            std::string_view fields, int held = -1, const char* fmt = nullptr,
            int decides = -1);
  // An index in the event table, -1 unknown (asked at every line).
  bool wanted(int event) const {
    return event >= 0 && !(static_cast<size_t>(event) < off_.size() && off_[event]);
  }
  // A kernel cpu_frequency line's cluster (trace_writer.cc).
  int kernel_reports(const char* fmt, std::string_view fields, unsigned cpu);
  // A kernel event ev of logical CPU cpu ran on core (core_of_cpu()).
  void note_cpu(int ev, unsigned cpu, unsigned core);
  // fmt: kCoreLine or kClusterLine (trace_writer.cc).
  void power_line(const char* fmt, unsigned id, unsigned state, unsigned cpu);
  void power_line_as_line(const char* fmt, unsigned id, unsigned state, unsigned cpu);
  struct LineHead;
  struct PowerHead;
  static LineHead power_head(const char* fmt, uint64_t ns, unsigned cpu);
  void write_chunk(std::string_view chunk);  // on the writer thread
  void write_line(const LineHead& h, const char* comm, const char* fields);
  void maybe_go_direct(uint64_t ns);           // on the writer thread
  static std::string head(uint64_t n, unsigned nr_cpus);
  // The physical core logical CPU cpu ran its last event on (the cluster a
  // kernel cpu_frequency line speaks for); cpu itself before any.
  unsigned core_of_cpu(unsigned cpu) const {
    return cpu < core_of_cpu_.size() && core_of_cpu_[cpu] >= 0 ? static_cast<unsigned>(core_of_cpu_[cpu]) : cpu;
  }
  // A cluster clock change, dropped if the kernel reports that cluster's
  // frequency itself (at any time in the run).
  void model_freq(uint64_t ns, unsigned core, unsigned cluster, const char* fields);
  bool kernel_freq(unsigned cluster) const {
    return cluster < kernel_freq_.size() && kernel_freq_[cluster];
  }

  // Written by the writer thread only (until writer_.finish()).
  SpoolFile out_;
  std::string line_;     // reused: no allocation per line
  // Lines' fields printed from their arguments, and trace.dat's record
  // for them, by event, format and arguments (printed()).
  struct Printed {
    std::string text;
    TraceDat::Body dat;
  };
  struct PrintedKey {
    const char* fmt;
    int event;
    bool operator==(const PrintedKey& o) const { return fmt == o.fmt && event == o.event; }
  };
  struct PrintedKeyHash {
    size_t operator()(const PrintedKey& k) const {
      return reinterpret_cast<uintptr_t>(k.fmt) ^ static_cast<size_t>(k.event) << 3;
    }
  };
  Printed& printed(int ev, const char* fmt, std::string_view args);
  TextMemo<PrintedKey, Printed, 512, PrintedKeyHash> printed_;
  // A line's head before the time, with what it was made from, for the
  // last kPrefixWays (comm, pid, flags) of each CPU column (prefix()).
  struct Prefix {
    int pid = 0;
    const char* flags = nullptr;
    size_t comm_len = 0;
    size_t len = 0;  // 0: none
    char comm[96];
    char text[192];  // kHeadRoom (trace_writer.cc)
  };
  static constexpr unsigned kPrefixWays = 4;
  struct PrefixSet {
    Prefix ways[kPrefixWays];
    unsigned next = 0;  // the way to take next (round robin)
  };
  std::string_view prefix(unsigned cpu, const char* comm, size_t comm_len, int pid, const char* flags);
  std::vector<PrefixSet> prefixes_;
  uint64_t lines_ = 0;
  std::string fields_;  // the simulation thread's, reused
  std::vector<int> cluster_of_core_;
  std::vector<int> core_of_cpu_;         // by logical CPU, -1 unknown
  std::vector<uint64_t> model_khz_;      // by core: last model cpu_frequency
  std::vector<bool> off_;                // by event index (kEvents): left out
  std::vector<bool> kernel_freq_;  // by cluster id: the kernel emitted cpu_frequency
  // Model cpu_frequency lines written while their cluster's kernel had not
  // reported yet: dropped at stage() if it did later.
  struct Held {
    uint64_t offset, length;
    unsigned cluster;
  };
  std::vector<Held> held_;  // writer thread's
  // Clusters the kernel reported (writer thread's), and how many are not.
  std::vector<bool> decided_;
  unsigned undecided_ = 0;
  uint64_t end_ns_ = 0;           // attach()'s: when the run should end, 0 unknown
  unsigned nr_cpus_ = 0;          // attach()'s: the platform's cores
  bool gave_up_direct_ = false;   // a go_direct() failed: trace.txt is copied at the end
  bool dat_live_tried_ = false;   // TraceDat::go_live() was asked (once)
  TraceDat dat_;            // writer thread's
  WriterThread writer_;     // last: joined before the members it writes die
};
