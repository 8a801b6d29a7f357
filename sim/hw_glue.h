/* SPDX-License-Identifier: GPL-2.0-only */
// hw_glue.h - kernel_model's hw.h implemented on the SystemC models.
//
// Each physical core's SC_THREAD runs the C code. The glue knows, from the
// SystemC process that is running, which core makes a call; it turns MMIO
// into TLM transactions from that core, work into clock cycles, WFI/WFE into
// waits on the core's wake-up events, and takes interrupts at the end of a
// call when they are pending and unmasked.
#pragma once

#include <cstdint>
#include <exception>
#include <functional>
#include <string>
#include <vector>

#include "sim/trace_args.h"

class Core;
class GenericTimer;

struct GlueCore {
  Core* core = nullptr;
  GenericTimer* timer = nullptr;
  std::function<uint32_t()> mailbox;  // the resume address the firmware reads
};

struct GlueMark {
  uint64_t ns;
  unsigned core;
  std::string event;
};

class SwitchLog;
struct wl_setup;

// One ftrace event from the kernel model (hw_trace_event).
struct TraceRecord {
  uint64_t ns;
  unsigned cpu;        // logical CPU
  unsigned core;       // physical core it ran on
  std::string comm;
  int pid;
  std::string_view event;  // a string literal of the kernel model (hw.h)
  // The fields: fmt's arguments as pack_trace_args() keeps them
  // (sim/trace_args.h), or, with fmt null, their text.
  std::string fields;
  const char* fmt = nullptr;
  // The fields as text, printed now if they are still arguments.
  std::string fields_text() const;
};

class TraceWriter;

// r as hw_trace_event() makes it of a tracepoint: the fields packed
// (sim/trace_args.h), or, for a format that cannot be kept so, their
// text. ap is read.
void fill_trace_record(TraceRecord& r, uint64_t ns, unsigned cpu, unsigned core, const char* comm,
                       int pid, const char* event, const char* fmt, va_list ap);

struct GlueSetup {
  std::vector<GlueCore> cores;
  const void* fdt = nullptr;
  unsigned boot_core = 0;
  uint64_t dram_base = 0, dram_size = 0;
  void (*kernel_entry)(void) = nullptr;  // where the boot loader jumps
  bool echo_console = false;             // printk to stderr as it happens
  SwitchLog* switch_log = nullptr;       // where hw_switch_step goes
  // A core's data cache clean (flush_cache_louis / _all) begins or ends:
  // an observer of cache maintenance (the switch log), null if none.
  std::function<void(uint64_t ns, unsigned core, bool all, bool end)> on_cache_clean;
  // Where hw_trace_event goes: straight into trace.txt's writer, or, for
  // another listener, as a TraceRecord (trace, unused if trace_writer is set).
  TraceWriter* trace_writer = nullptr;
  std::function<void(const TraceRecord&)> trace;
  const struct wl_setup* workload = nullptr;      // hw_workload(); null: none
  // A CONTEXTIDR write (the task a core switches to, 0 = idle).
  std::function<void(unsigned core, uint32_t pid)> contextidr;
};

// Installs the firmware on every core; call after elaboration of the cores.
void glue_init(const GlueSetup& s);
// Boot timeline (hw_mark) and the kernel log (printk), for the reporters.
const std::vector<GlueMark>& glue_marks();
const std::string& glue_console();
// A kernel panic or a model error inside a core's thread stops the simulation;
// this holds it (empty if none). main() rethrows it after sc_start returns.
std::exception_ptr glue_failure();
