// SPDX-License-Identifier: GPL-2.0-only
// trace_dat.h - trace.dat: the events of trace.txt in trace-cmd's binary
// format, for trace-cmd report, KernelShark and the tools built on
// libtraceevent (LISA reads either).
//
// The file is trace-cmd's version 6 layout (man 5 trace-cmd.dat.v6): the
// header page and event header descriptions, one format description per
// event blsim writes (its fields and print format, as the kernel's
// tracefs "format" files give them), a kallsyms line for the address of
// tracing_mark_write (the markers' print event names it), the saved
// cmdlines (pid -> task name), then one flyrecord of ring-buffer pages per
// CPU, each record a compressed entry header (type_len:5, time_delta:27)
// and the event's binary fields. Written with our own encoder, not
// libtracecmd: its output API (tracecmd_output_create and friends) is not
// in the headers Debian's libtracecmd-dev installs (trace-cmd.h declares
// the reading side only), and reads formats from a live tracefs. The test
// reads the file back with trace-cmd report and libtracecmd.
//
// The events are kept in memory until the end of the run (16 bytes plus
// the event's 16 to 64: the per-CPU streams must be written one after the
// other), then written whole by write().
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

class TraceDat {
 public:
  // One event as trace.txt prints it: time in ns, CPU column, task, the
  // event's text name and fields, the irq-info flags ("d..1" or "....").
  // held >= 0: a clock model line of that cluster, left out at write() if
  // drop(held) says so. Unknown events and unparsable fields are not kept.
  void add(uint64_t ns, unsigned cpu, const char* comm, int pid, const char* event,
           const char* fields, const char* flags, int held);
  // The whole file into f; nr_cpus flyrecords (events on higher CPUs are
  // left out). False on a write error.
  bool write(FILE* f, unsigned nr_cpus, const std::vector<bool>& drop_cluster) const;

 private:
  std::string cpu_pages(unsigned c, const std::vector<bool>& drop_cluster) const;
  // Per CPU, its records one after the other: u64 ns, i32 held, u32
  // length, then the event's bytes (common fields first).
  std::vector<std::string> cpus_;
  std::map<int, std::string> comms_;  // pid -> first name seen
  std::string buf_;
};
