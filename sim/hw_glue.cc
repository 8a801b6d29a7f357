// SPDX-License-Identifier: GPL-2.0-only
#include "sim/hw_glue.h"

#include <systemc>
#include <setjmp.h>
#include <ucontext.h>

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <stdexcept>

#include "models/common/report.h"
#include "models/cpu/core.h"
#include "models/timer/generic_timer.h"
#include "sim/asan_stacks.h"
#include "sim/switch_log.h"
#include "sim/trace_writer.h"

extern "C" {
#include "hw.h"
#include "blsim/workload.h"
}

using namespace sc_core;

// Left out of the profile of a profile-guided build (CMakeLists.txt): the
// functions a core's or a kernel context's code starts in. They are entered
// by makecontext or again by _longjmp, and a run ends inside them, so the
// profile's counts through them do not add up: GCC would see calls of
// hw_panic() that never happened, and warn. They run once per start.
#define BLSIM_NO_PROFILE [[gnu::no_profile_instrument_function]]

// A saved register context (opaque to the C side). A context that starts
// a function on a stack of its own (hw_ctx_init) is entered the first time
// from its ucontext; every other entry (switch, load, resume) jumps to
// where it was last left, saved by _setjmp in hw_ctx_switch or
// hw_ctx_suspend. _setjmp/_longjmp save no signal mask, so they make no
// system call, where getcontext/setcontext/swapcontext make one each
// (rt_sigprocmask: ~1,100 a simulated second under IKS and idle, 6% of a
// run's host time in a VM). blsim changes no signal mask while it
// simulates, so there is no mask to carry from one context to another.
struct hw_ctx {
  ucontext_t uc;
  jmp_buf jb;
  bool started = false;  // false: enter through uc, once
};

#include "sim/hw_glue_core.h"

namespace glue {

Glue* g;
const sc_process_b* last_proc;
CoreState* last_core;

}  // namespace glue

using namespace glue;

namespace {

constexpr uint32_t kEntryBase = 0x80008000u, kEntryStride = 0x40u;

// A context for makecontext() on stack: makecontext wants an initialised
// one, and a copy of the one taken at start-up does without getcontext's
// system call.
ucontext_t context_on(void* stack, size_t size) {
  ucontext_t uc = g->fw_template;
  uc.uc_stack.ss_sp = stack;
  uc.uc_stack.ss_size = size;
  uc.uc_link = nullptr;
  return uc;
}

}  // namespace

namespace glue {

void take_irq(CoreState& c) {
  // Exception entry: mask IRQs, run the vector, return (the handler acks and
  // EOIs at the GIC itself). Nested IRQs are not taken, as on ARMv7 Linux.
  c.in_irq = true;
  c.irq_masked = true;
  cycles(c, c.hw.core->params().irq_entry_cycles);
  if (!g->irq_handler) {
    fail_and_park(std::make_exception_ptr(
        std::runtime_error("kernel_model: IRQ taken before an IRQ handler was set")));
  }
  g->irq_handler();
  c.in_irq = false;
  c.irq_masked = false;
}

}  // namespace glue

namespace {

uint32_t entry_of(CoreState& c) {
  auto& cs = g->cores;
  const unsigned idx = static_cast<unsigned>(&c - &cs[0]);
  if (c.cold && idx == g->setup.boot_core) return hw_entry_address(g->setup.kernel_entry);
  return c.hw.mailbox ? c.hw.mailbox() : 0;
}

// The board's boot firmware, run on every release from reset: caches and
// coherency off, IRQs masked, then jump to the core's mailbox address. With
// none, wait in WFI and look again on each wake-up (TC2's holding pen).
BLSIM_NO_PROFILE void firmware_main(int idx) {
  CoreState& c = g->cores[static_cast<unsigned>(idx)];
  guarded([&] { c.hw.core->wait_reset_release(); return 0; });
  c.irq_masked = true;
  c.in_irq = false;
  c.hw.core->l1d().set_enabled(false);
  for (;;) {
    const uint32_t addr = entry_of(c);
    if (addr) {
      c.cold = false;
      hw_jump_to_entry(addr);
    }
    // WFI returns at once while an interrupt is pending; the pen then
    // polls its mailbox, which takes time (an SCC read), instead of
    // spinning in zero time.
    guarded([&] {
      if (c.hw.core->irq_pending()) c.hw.core->run_for(sc_time(1, SC_US));
      else c.hw.core->wait_for_interrupt();
      return 0;
    });
    if (c.hw.core->power_lost()) restart_firmware(c);
  }
}

// The outermost frame of a firmware stack. It marks the spot every later
// restart on this stack jumps back to: from there the firmware starts
// afresh, as from makecontext, without setcontext's system call.
BLSIM_NO_PROFILE void firmware_start(int idx, int stack) {
  CoreState& c = g->cores[static_cast<unsigned>(idx)];
  _setjmp(c.fw_top[stack]);
  firmware_main(idx);
}

}  // namespace

namespace glue {

void restart_firmware(CoreState& c) {
  // Whatever stack the core was running on is abandoned (its contents stay
  // in memory: a context saved there by cpu_suspend can still be resumed).
  const unsigned s = c.fw_next;
  c.fw_next ^= 1;
  asan_stack_fresh(c.fw_stack[s].get(), kFirmwareStack);
  if (c.fw_started[s]) _longjmp(c.fw_top[s], 1);
  c.fw_started[s] = true;
  c.fw_ctx = context_on(c.fw_stack[s].get(), kFirmwareStack);
  makecontext(&c.fw_ctx, reinterpret_cast<void (*)()>(firmware_start), 2,
              static_cast<int>(&c - &g->cores[0]), static_cast<int>(s));
  setcontext(&c.fw_ctx);
  std::abort();
}

}  // namespace glue

namespace {

uint64_t dram_addr(const volatile void* p) {
  const uint64_t off = (reinterpret_cast<uintptr_t>(p) & ~uintptr_t(3)) % g->setup.dram_size;
  return g->setup.dram_base + off;
}

// A normal-memory access: an L1 hit with caches on, a bus access otherwise.
// The caller reads or writes the value, then settles: the access completes
// before an interrupt is taken, as hw.h promises.
void mem_access(CoreState& c, const volatile void* p, unsigned len, bool write) {
  Core* core = c.hw.core;
  if (core->l1d().enabled()) {
    // A hit. The few lines the kernel model's shared variables dirty are
    // not counted: work (hw_run) dirties the cache, not bookkeeping.
    cycles(c, core->params().l1d.hit_cycles);
  } else {
    uint8_t buf[8] = {0};
    // The value itself lives in the kernel model's memory (the caller reads
    // or writes *p), so the bus access is timing-only: DRAM charges its
    // latency and bandwidth without a copy into or out of its pages.
    // Quiet: DRAM through the cluster port, the CCI (no shareable request)
    // and the bus neither waits nor notifies (Core::transact).
    guarded([&] {
      auto r = core->transact(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND,
                              dram_addr(p), buf, len, true, true);
      if (r != tlm::TLM_OK_RESPONSE)
        throw std::runtime_error(std::string(core->name()) + ": memory access failed");
      return 0;
    });
  }
  if (core->power_lost()) restart_firmware(c);
}

// The value is read / written when the access completes (hw.h); only then
// may an interrupt be taken, so a handler cannot slip between the two.
template <typename T>
T load(const volatile T* p) {
  CoreState& c = cur();
  mem_access(c, p, sizeof(T), false);
  const T v = *p;
  settle(c);
  return v;
}
template <typename T>
void store(volatile T* p, T v) {
  CoreState& c = cur();
  mem_access(c, p, sizeof(T), true);
  *p = v;
  settle(c);
}

uint32_t mmio(CoreState& c, phys_addr_t addr, uint32_t val, bool write) {
  uint32_t data = val;
  guarded([&] {
    auto r = c.hw.core->transact(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND,
                                 addr, reinterpret_cast<uint8_t*>(&data), 4);
    if (r != tlm::TLM_OK_RESPONSE) {
      char msg[160];
      snprintf(msg, sizeof msg, "%s: bus error on %s of 0x%08llx (%s)", c.hw.core->name(),
               write ? "write" : "read", (unsigned long long)addr,
               r == tlm::TLM_ADDRESS_ERROR_RESPONSE ? "no device at this address"
                                                    : "device refused the access");
      throw std::runtime_error(msg);
    }
    return 0;
  });
  settle(c);
  return data;
}

}  // namespace

// ---- set-up -------------------------------------------------------------------

void glue_init(const GlueSetup& s) {
  g = new Glue;
  last_proc = nullptr;
  last_core = nullptr;
  cpu_caches_reset();
  g->setup = s;
  getcontext(&g->fw_template);
  g->cores.resize(s.cores.size());
  for (unsigned i = 0; i < s.cores.size(); ++i) {
    CoreState& c = g->cores[i];
    c.hw = s.cores[i];
    g->by_module[c.hw.core] = i;
    c.hw.core->set_firmware([i] { restart_firmware(g->cores[i]); });
  }
}

const std::vector<GlueMark>& glue_marks() { return g->marks; }
const std::string& glue_console() { return g->console; }
std::exception_ptr glue_failure() { return g ? g->failure : nullptr; }

// ---- hw.h ---------------------------------------------------------------------

extern "C" {

uint32_t read_cpuid_mpidr(void) { return cur().hw.core->params().mpidr | 0x80000000u; }
uint32_t read_cpuid_part_number(void) { return cur().hw.core->params().part_number; }
unsigned int hw_core_index(void) { return cur().hw.core->params().index; }
unsigned int hw_nr_cores(void) { return static_cast<unsigned>(g->cores.size()); }
const void* hw_fdt(void) { return g->setup.fdt; }

uint32_t readl_relaxed(phys_addr_t addr) { return mmio(cur(), addr, 0, false); }
void writel_relaxed(uint32_t val, phys_addr_t addr) { mmio(cur(), addr, val, true); }
uint32_t readl(phys_addr_t addr) {
  uint32_t v = readl_relaxed(addr);
  dmb();
  return v;
}
void writel(uint32_t val, phys_addr_t addr) {
  dmb();
  writel_relaxed(val, addr);
}

uint8_t hw_load8(const volatile uint8_t* p) { return load(p); }
void hw_store8(volatile uint8_t* p, uint8_t v) { store(p, v); }
uint32_t hw_load32(const volatile uint32_t* p) { return load(p); }
void hw_store32(volatile uint32_t* p, uint32_t v) { store(p, v); }
uint32_t hw_cmpxchg32(volatile uint32_t* p, uint32_t old, uint32_t newv) {
  CoreState& c = cur();
  // ldrex + strex: two accesses; the pair is atomic because no other core
  // runs between the end of the second access and the update below.
  mem_access(c, p, 4, false);
  mem_access(c, p, 4, true);
  const uint32_t seen = *p;
  if (seen == old) *p = newv;
  settle(c);
  return seen;
}
void dmb(void) {
  CoreState& c = cur();
  cycles(c, c.hw.core->params().barrier_cycles);
  settle(c);
}
void dsb(void) { dmb(); }
void isb(void) { dmb(); }

void wfi(void) {
  CoreState& c = cur();
  guarded([&] { c.hw.core->wait_for_interrupt(); return 0; });
  settle(c);
}
void wfe(void) {
  CoreState& c = cur();
  guarded([&] { c.hw.core->wait_for_event(!c.irq_masked && !c.in_irq); return 0; });
  settle(c);
}
void sev(void) {
  CoreState& c = cur();
  // A core waiting in WFE wakes at this core's time. The others only get
  // their event register set, which they read when they next run, after
  // the lead; the notification that reaches no waiting process is no
  // activity at all.
  for (const auto& o : g->cores)
    if (o.hw.core->state() == Core::State::Wfe) {
      c.hw.core->sync();
      break;
    }
  for (auto& o : g->cores) o.hw.core->signal_event();
  cycles(c, c.hw.core->params().barrier_cycles);
  settle(c);
}

void arch_local_irq_disable(void) { cur().irq_masked = true; }
void arch_local_irq_enable(void) {
  CoreState& c = cur();
  c.irq_masked = false;
  settle(c);
}
unsigned long arch_local_irq_save(void) {
  CoreState& c = cur();
  const unsigned long f = c.irq_masked;
  c.irq_masked = true;
  return f;
}
void arch_local_irq_restore(unsigned long flags) {
  CoreState& c = cur();
  c.irq_masked = flags != 0;
  settle(c);
}
bool arch_irqs_disabled(void) { return cur().irq_masked; }
void hw_set_irq_handler(void (*handler)(void)) { g->irq_handler = handler; }

uint32_t hw_entry_address(void (*fn)(void)) {
  for (size_t i = 0; i < g->entries.size(); ++i)
    if (g->entries[i] == fn) return kEntryBase + static_cast<uint32_t>(i) * kEntryStride;
  g->entries.push_back(fn);
  return kEntryBase + static_cast<uint32_t>(g->entries.size() - 1) * kEntryStride;
}

BLSIM_NO_PROFILE void hw_jump_to_entry(uint32_t phys) {
  const uint32_t i = (phys - kEntryBase) / kEntryStride;
  if (phys < kEntryBase || (phys - kEntryBase) % kEntryStride || i >= g->entries.size())
    hw_panic("jump to 0x%08x: no code there", phys);
  g->entries[i]();
  hw_panic("entry at 0x%08x returned", phys);
}

struct hw_ctx* hw_ctx_alloc(void) { return new hw_ctx; }
void hw_ctx_free(struct hw_ctx* ctx) { delete ctx; }

}  // extern "C"

// A kernel context's first frame: makecontext passes ints, so the function
// and its argument come split in two.
BLSIM_NO_PROFILE static void context_start(unsigned fl, unsigned fh, unsigned al, unsigned ah) {
  auto fp = reinterpret_cast<void (*)(void*)>((uintptr_t(fh) << 32) | fl);
  fp(reinterpret_cast<void*>((uintptr_t(ah) << 32) | al));
  hw_panic("a kernel context's function returned");
}

extern "C" {

void hw_ctx_init(struct hw_ctx* ctx, void* stack, size_t stack_size, void (*fn)(void*),
                 void* arg) {
  ctx->uc = context_on(stack, stack_size);
  ctx->started = false;
  asan_stack_fresh(stack, stack_size);
  const uintptr_t a = reinterpret_cast<uintptr_t>(arg), f = reinterpret_cast<uintptr_t>(fn);
  makecontext(&ctx->uc, reinterpret_cast<void (*)()>(context_start), 4, unsigned(f),
              unsigned(f >> 32), unsigned(a), unsigned(a >> 32));
}

namespace {

// Into ctx: its start the first time, else where it was last left.
[[noreturn]] void enter(struct hw_ctx* ctx) {
  if (ctx->started) _longjmp(ctx->jb, 1);
  ctx->started = true;
  setcontext(&ctx->uc);
  std::abort();
}

}  // namespace

void hw_ctx_switch(struct hw_ctx* save, struct hw_ctx* load) {
  {
    CoreState& c = cur();
    cycles(c, c.hw.core->params().context_save_cycles / 4);
  }
  save->started = true;
  if (!_setjmp(save->jb)) enter(load);
  settle(cur());
}

void hw_ctx_load(struct hw_ctx* ctx) { enter(ctx); }

int hw_ctx_suspend(struct hw_ctx* ctx, int (*finisher)(unsigned long), unsigned long arg) {
  {
    CoreState& c = cur();
    cycles(c, c.hw.core->params().context_save_cycles);
  }
  ctx->started = true;
  if (_setjmp(ctx->jb)) {
    // Loaded by hw_ctx_resume, possibly on another core: this frame was left
    // intact on the suspended stack, so returning from it is safe.
    asan_forget_dead_frames();
    CoreState& c = cur();
    cycles(c, c.hw.core->params().context_restore_cycles);
    return 0;
  }
  const int r = finisher(arg);
  return r ? r : 1;
}

void hw_ctx_resume(struct hw_ctx* ctx) {
  _longjmp(ctx->jb, 1);
}

namespace {

CallStack& call_stack_of(const void* base) {
  for (auto& cs : g->call_stacks)
    if (cs->base == base) return *cs;
  g->call_stacks.push_back(std::make_unique<CallStack>());
  g->call_stacks.back()->base = base;
  return *g->call_stacks.back();
}

// The outermost frame of a call stack. Each call on the stack enters here:
// the first from makecontext, the later ones by a jump to its mark.
[[noreturn]] void call_stack_main(unsigned lo, unsigned hi) {
  CallStack* const cs = reinterpret_cast<CallStack*>((uintptr_t(hi) << 32) | lo);
  _setjmp(cs->top);
  CallOnStack* const call = cs->call;
  call->ret = call->fn(call->arg);
  _longjmp(call->back, 1);
}

}  // namespace

int hw_call_with_stack(int (*fn)(void*), void* arg, void* stack, size_t stack_size) {
  // Out onto the stack, back by _longjmp. Only the first call on a stack
  // goes by setcontext, a system call (rt_sigprocmask; ~1 us in this VM):
  // bL_switchpoint makes a call per switch, ~125 a simulated second of
  // mp3-short.
  CallStack& cs = call_stack_of(stack);
  CallOnStack call{fn, arg, 0, {}};
  cs.call = &call;
  asan_stack_fresh(stack, stack_size);
  if (!_setjmp(call.back)) {
    if (cs.started) _longjmp(cs.top, 1);
    cs.started = true;
    ucontext_t run = context_on(stack, stack_size);
    const uintptr_t p = reinterpret_cast<uintptr_t>(&cs);
    makecontext(&run, reinterpret_cast<void (*)()>(call_stack_main), 2, unsigned(p),
                unsigned(p >> 32));
    setcontext(&run);
  }
  // Written from the other stack before the _longjmp back: read it from
  // memory, not from what the compiler knew before _setjmp.
  return *static_cast<volatile int*>(&call.ret);
}

uint64_t read_cntpct(void) {
  CoreState& c = cur();
  return c.hw.timer->cntpct_at(c.hw.core->local_time());
}
uint32_t read_cntfrq(void) { return static_cast<uint32_t>(cur().hw.timer->params().cntfrq_hz); }
void write_cntp_cval(uint64_t v) {
  CoreState& c = cur();
  c.hw.core->sync();  // the timer schedules its expiry from SystemC's time
  c.hw.timer->set_cval(v);
  settle(c);
}
uint64_t read_cntp_cval(void) { return cur().hw.timer->cval(); }
void write_cntp_ctl(uint32_t v) {
  CoreState& c = cur();
  c.hw.core->sync();
  c.hw.timer->set_ctl(v);
  settle(c);
}
uint32_t read_cntp_ctl(void) {
  CoreState& c = cur();
  return c.hw.timer->ctl_at(c.hw.core->local_time());
}

uint64_t hw_run(uint64_t instructions, enum hw_work_kind kind) {
  CoreState& c = cur();
  uint64_t done = 0;
  const Core::Wake w = guarded([&] {
    return c.hw.core->run_instructions(instructions, static_cast<WorkKind>(kind),
                                       !c.irq_masked && !c.in_irq, &done);
  });
  if (w == Core::Wake::PowerLost) restart_firmware(c);
  settle(c);
  return instructions - done;
}

uint64_t hw_run_ns(uint64_t ns, enum hw_work_kind kind) {
  CoreState& c = cur();
  sc_time ran;
  const sc_time want(static_cast<double>(ns), SC_NS);
  const Core::Wake w = guarded([&] {
    return c.hw.core->run_wall(want, static_cast<WorkKind>(kind), !c.irq_masked && !c.in_irq, &ran);
  });
  if (w == Core::Wake::PowerLost) restart_firmware(c);
  settle(c);
  const uint64_t done = ran.value() / 1000;
  return done >= ns ? 0 : ns - done;
}

void hw_write_contextidr(uint32_t pid) {
  CoreState& c = cur();
  c.hw.core->sync();  // the task meters take SystemC's time as the write's
  if (g->setup.contextidr) g->setup.contextidr(c.hw.core->params().index, pid);
}

const struct wl_setup* hw_workload(void) { return g->setup.workload; }

void hw_udelay(uint32_t us) {
  // udelay spins on the generic timer: wall time, whatever the core clock.
  CoreState& c = cur();
  guarded([&] { return c.hw.core->run_for(sc_time(us, SC_US)); });
  settle(c);
}

uint64_t hw_now_ns(void) { return local_ps() / 1000; }

void hw_printk(int level, const char* fmt, ...) {
  if (level > 6) return;  // KERN_DEBUG is compiled out, as without DEBUG
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  char head[64];
  const double t = sc_time::from_value(local_ps()).to_seconds();
  snprintf(head, sizeof head, "[%12.6f] ", t);
  std::string line = head + std::string(msg);
  if (line.empty() || line.back() != '\n') line += '\n';
  g->console += line;
  // A kernel warning is something the run's results depend on (a fallback,
  // a broken affinity): it goes to warnings[] and stderr as well.
  if (level == 4) {
    std::string w(msg);
    while (!w.empty() && w.back() == '\n') w.pop_back();
    model_warning("kernel", "%s", w.c_str());
  }
  if (g->setup.echo_console) fputs(line.c_str(), stderr);
}

void hw_panic(const char* fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  std::string where = "?";
  try { where = cur().hw.core->name(); } catch (...) {}
  fail_and_park(std::make_exception_ptr(
      std::runtime_error("kernel panic on " + where + ": " + msg)));
}

void hw_trace_event(unsigned int cpu, const char* comm, int pid, const char* event,
                    const char* fmt, ...) {
  TraceWriter* const w = g->setup.trace_writer;
  if (!w && !g->setup.trace) return;
  const Core& core = *cur().hw.core;
  const uint64_t ns = core.local_time().value() / 1000;
  va_list ap;
  va_start(ap, fmt);
  if (w) {
    w->kernel_event(ns, cpu, core.params().index, comm, pid, event, fmt, ap);
  } else {
    // One record, reused: its strings keep their capacity, so an event
    // costs no allocation.
    fill_trace_record(g->trace_record, ns, cpu, core.params().index, comm, pid, event, fmt, ap);
    g->setup.trace(g->trace_record);
  }
  va_end(ap);
}

}  // extern "C"

// The fields stay as binary arguments until the trace writer's thread
// prints them (sim/trace_args.h); a format it cannot keep is printed here.
void fill_trace_record(TraceRecord& r, uint64_t ns, unsigned cpu, unsigned core, const char* comm,
                       int pid, const char* event, const char* fmt, va_list ap) {
  r.fmt = pack_trace_args(fmt, ap, r.fields) ? fmt : nullptr;
  if (!r.fmt) {
    char text[kTraceFieldsMax + 1];
    r.fields.assign(text, print_trace_fields(fmt, ap, text));
  }
  r.ns = ns;
  r.cpu = cpu;
  r.core = core;
  r.comm.assign(comm);
  r.pid = pid;
  r.event = event;
}

extern "C" {

std::string TraceRecord::fields_text() const { return trace_fields_text(fmt, fields); }

void hw_switch_request(unsigned int cpu, const char* cause) {
  if (g->setup.switch_log) g->setup.switch_log->request(cur().hw.core->local_time().value() / 1000, cpu, cause);
}

void hw_switch_step(unsigned int cpu, enum switch_step step, bool end) {
  if (!g->setup.switch_log) return;
  const Core& core = *cur().hw.core;
  g->setup.switch_log->kernel_step(core.local_time().value() / 1000, core.params().index, cpu, step,
                                   end);
}

void hw_switch_task_wait(unsigned int cpu, uint64_t wait_ns) {
  if (g->setup.switch_log) g->setup.switch_log->task_wait(cpu, wait_ns);
}

void hw_mark(const char* event) {
  const Core& core = *cur().hw.core;
  g->marks.push_back({core.local_time().value() / 1000, core.params().index, event});
}

}  // extern "C"
