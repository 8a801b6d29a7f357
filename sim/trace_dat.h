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
// The events are encoded as they come and spooled to the output folder
// (a 24-byte head plus the event's 16 to 64 bytes; sim/spool_file.h), so
// memory stays flat however long the run. write() pages them per CPU: the
// per-CPU streams are written one after the other, each at an offset the
// header gives, so add() counts each CPU's pages as the records come and
// write() reads the spool once.
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sim/spool_file.h"

class TraceDat {
 public:
  TraceDat();
  ~TraceDat();
  // Starts the spool in dir (which must exist). False with errno.
  bool open(const std::string& dir);
  // One event as trace.txt prints it: time in ns, CPU column, task, the
  // event's text name and fields, the irq-info flags ("d..1" or "....").
  // held >= 0: a clock model line of that cluster, left out at write() if
  // drop(held) says so. Unknown events and unparsable fields are not kept.
  void add(uint64_t ns, unsigned cpu, const char* comm, int pid, const char* event,
           const char* fields, const char* flags, int held);
  // A record remembered for repeated lines. Its bytes after the common
  // fields (type, flags, pid) depend on the event's format and its fields
  // text alone; the common ones are made again for each line. add() keeps
  // these by format and text; a caller that already knows which lines
  // repeat (the trace writer's memo of printed fields, sim/trace_writer.h)
  // keeps them itself, so that a line is looked up once, not twice.
  struct Body {
    int format = -1;  // the format it was made for; -1: none yet
    bool ok = false;    // the text encoded (else the line is not kept)
    std::string bytes;  // the record, with the last line's common fields
  };
  // add() with the format found (format_index()) and the record the
  // caller keeps for fields: made from them if made for another format.
  void add(uint64_t ns, unsigned cpu, const char* comm, int pid, int format, const char* fields,
           const char* flags, int held, Body& body);
  // The format of an event's text name (-1: not one blsim encodes).
  static int format_index(const char* event);
  // The whole file into f; nr_cpus flyrecords (events on higher CPUs are
  // left out). f must be a file (the pages are written in place). False
  // on a read or write error. With f_path, the path f was opened at, the
  // file may be made elsewhere and renamed to f_path instead (go_live()):
  // f is then left empty, its file gone from the folder.
  bool write(FILE* f, unsigned nr_cpus, const std::vector<bool>& drop_cluster,
             const std::string* f_path = nullptr);
  // From now on the records are paged as they come, each CPU's into a
  // file of its own beside the spool, and write() only copies those after
  // the head: the paging was the longest stage after the simulation. The
  // records so far are paged first, less the held lines of the clusters
  // drop_cluster names, and the spool goes. Call it once no line will be
  // held again, with the nr_cpus write() will get. False with errno (the
  // spool goes on).
  //
  // CPU 0's pages go after room for the head as it would be now: if the
  // head still fits that room at the end (it grows only with the tasks'
  // names, cmdlines), write() given f_path writes the head in place, the
  // other CPUs' pages after CPU 0's, and renames that file: the copy of
  // CPU 0's pages (the most, ~60% of 60 s of mp3-short's 24.6 MB) was the
  // longest step after the simulation. Else they are copied like the rest.
  bool go_live(unsigned nr_cpus, const std::vector<bool>& drop_cluster);

 private:
  struct CpuPages;
  struct LiveCpu;
  class EncodeMemo;
  std::string file_head(unsigned nr_cpus) const;
  // Everything before the pages (file_head(), each CPU's offset and size
  // from bytes), padded to a page; *at: where each CPU's pages go.
  std::string pages_head(const std::vector<uint64_t>& bytes, std::vector<uint64_t>* at) const;
  static bool write_head(FILE* f, const std::string& head);
  bool write_live(FILE* f, unsigned nr_cpus, const std::string* f_path);
  bool assemble_in_cpu0(const std::string& head, const std::vector<uint64_t>& bytes,
                        const std::vector<uint64_t>& at, const std::string& f_path);
  void close_live();
  void count(uint64_t ns, uint32_t cpu, int32_t held, uint32_t len);
  bool counted(unsigned nr_cpus, const std::vector<bool>& drop_cluster,
               std::vector<uint64_t>* bytes) const;
  // The record of format fi for text, pid and flags: b's, made again if
  // made for another format. Null if text does not encode.
  const std::string* record(size_t fi, const char* text, int pid, const char* flags, Body& b);
  void keep(uint64_t ns, unsigned cpu, const char* comm, int pid, int held, const std::string& rec);
  // The records one after the other: RecordHead (ns, CPU, held, length),
  // then the event's bytes (common fields first).
  SpoolFile spool_;
  std::map<int, std::string> comms_;  // pid -> first name seen
  std::string tail_;                  // encode()'s scratch, reused
  std::unique_ptr<EncodeMemo> memo_;  // encode()'s results, by format and text
  std::vector<CpuPages> pages_;       // per CPU column, see count()
  std::string dir_;
  std::vector<LiveCpu> live_;  // by CPU, after go_live()
  uint64_t live_head_ = 0;     // where CPU 0's pages start in its file
  bool live_failed_ = false;   // a page not written, or a held line after go_live()
};
