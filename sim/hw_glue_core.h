/* SPDX-License-Identifier: GPL-2.0-only */
// hw_glue_core.h - what the files implementing hw.h share: each core's
// glue state, which core is calling, and the primitives every hw.h call is
// made of (spend cycles, settle: restart after a power loss or take a
// pending interrupt, fail without unwinding the C stacks). Internal to
// sim/hw_glue.cc and sim/cpu_caches.cc.
#pragma once

#include <systemc>
#include <setjmp.h>
#include <ucontext.h>

#include <exception>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/cpu/core.h"
#include "sim/hw_glue.h"

namespace glue {

using namespace sc_core;  // a header internal to the glue's two files

constexpr size_t kFirmwareStack = 256 * 1024;

struct CoreState {
  GlueCore hw;
  bool irq_masked = true;  // CPSR.I is set out of reset
  bool in_irq = false;
  bool cold = true;        // the first reset release is the cold boot
  // Two firmware stacks used in turn: a reset can come while the core runs
  // on one (waiting in mcpm_entry_point), and the new firmware context must
  // not be built over the frames it is leaving.
  std::unique_ptr<char[]> fw_stack[2]{std::unique_ptr<char[]>(new char[kFirmwareStack]),
                                      std::unique_ptr<char[]>(new char[kFirmwareStack])};
  unsigned fw_next = 0;
  ucontext_t fw_ctx;
  // Per firmware stack: started once from fw_ctx; later restarts jump to
  // fw_top, the outermost frame's mark (restart_firmware).
  bool fw_started[2] = {false, false};
  jmp_buf fw_top[2];
};

// A call of hw_call_with_stack(), made on the other stack.
struct CallOnStack {
  int (*fn)(void*);
  void* arg;
  int ret;
  jmp_buf back;  // the caller's frame, where the call returns to
};

// A stack hw_call_with_stack() ran a call on. Its outermost frame stays
// (nothing returns into it) and marks where later calls on the stack
// start: `top`, as fw_top does for a firmware stack.
struct CallStack {
  const void* base = nullptr;
  bool started = false;
  jmp_buf top;
  CallOnStack* call = nullptr;  // the call the next entry makes
};

struct Glue {
  GlueSetup setup;
  std::vector<CoreState> cores;
  std::map<const sc_object*, unsigned> by_module;
  // Core threads seen so far and their core: cur() runs at every hw.h call.
  std::vector<std::pair<const sc_process_b*, unsigned>> by_process;
  void (*irq_handler)(void) = nullptr;
  std::vector<void (*)(void)> entries;  // synthetic address -> function
  std::vector<GlueMark> marks;
  std::string console;
  std::exception_ptr failure;
  ucontext_t fw_template;  // what context_on() starts from (sim/hw_glue.cc)
  TraceRecord trace_record;  // hw_trace_event's, reused
  std::vector<std::unique_ptr<CallStack>> call_stacks;  // one per stack (bL_switcher's: one per CPU)
};

extern Glue* g;

// The first call from each core thread (and any call from elsewhere: null).
[[gnu::noinline]] inline CoreState* running_core_slow(const sc_process_b* proc) {
  const sc_object* parent = sc_get_current_process_handle().get_parent_object();
  auto it = g->by_module.find(parent);
  if (it == g->by_module.end()) return nullptr;
  // A core's thread lives as long as the simulation: its address is its own.
  g->by_process.push_back({proc, it->second});
  return &g->cores[it->second];
}

// The last answer of running_core(): a thread makes many hw.h calls in a
// row, so this mostly saves the search below.
extern const sc_process_b* last_proc;
extern CoreState* last_core;

// The core whose thread is running; null outside core threads.
inline CoreState* running_core() {
  const sc_process_b* proc = sc_get_current_process_b();
  if (proc == last_proc) return last_core;
  for (const auto& [p, index] : g->by_process)
    if (p == proc) {
      last_proc = proc;
      return last_core = &g->cores[index];
    }
  return running_core_slow(proc);
}

[[noreturn, gnu::noinline]] inline void not_a_core() {
  throw std::logic_error("hw.h called outside a core thread");
}

inline CoreState& cur() {
  CoreState* c = running_core();
  if (!c) not_a_core();
  return *c;
}

// The calling core's local time (models/cpu/core.h); SystemC's time when
// called from elsewhere.
inline uint64_t local_ps() {
  const CoreState* c = running_core();
  return c ? c->hw.core->local_time().value() : sc_time_stamp().value();
}

// A failure inside a core's thread cannot unwind through the C stacks it runs
// on (they are not the thread's own), so it is recorded, the simulation is
// stopped, and the thread parks for good. A core first waits out its lead, so
// the run ends at the failing core's own time, not up to one lead before it.
[[noreturn]] inline void fail_and_park(std::exception_ptr e) {
  if (!g->failure) g->failure = e;
  if (CoreState* c = running_core()) c->hw.core->sync();
  sc_stop();
  static sc_event never;  // notified by no one
  for (;;) wait(never);
}

template <typename F>
auto guarded(F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (...) {
    fail_and_park(std::current_exception());
  }
}

[[noreturn]] void restart_firmware(CoreState& c);

void take_irq(CoreState& c);

// After every blocking primitive: a core that lost its state restarts in the
// firmware; an unmasked pending interrupt is taken now.
[[gnu::always_inline]] inline void settle(CoreState& c) {
  if (c.hw.core->power_lost()) restart_firmware(c);
  if (!c.irq_masked && !c.in_irq && c.hw.core->irq_pending()) take_irq(c);
}

inline void cycles(CoreState& c, uint64_t n) {
  guarded([&] { c.hw.core->run_cycles(n, false, nullptr); return 0; });
  if (c.hw.core->power_lost()) restart_firmware(c);
}

// Frees cpu_caches.cc's scratch buffers (a new machine starts clean).
void cpu_caches_reset();

}  // namespace glue
