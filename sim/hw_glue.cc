// SPDX-License-Identifier: GPL-2.0-only
#include "sim/hw_glue.h"

#include <systemc>
#include <setjmp.h>
#include <ucontext.h>

#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <stdexcept>

#include "models/common/report.h"
#include "models/cpu/core.h"
#include "models/timer/generic_timer.h"
#include "sim/switch_log.h"

extern "C" {
#include "hw.h"
#include "blsim/workload.h"
}

using namespace sc_core;

// A saved register context (opaque to the C side): a ucontext for the
// contexts that start a function on a stack of their own (hw_ctx_init,
// switch, load), a jmp_buf for cpu_suspend's (hw_ctx_suspend, resume).
// _setjmp/_longjmp save no signal mask, so they make no system call, where
// getcontext/setcontext make one each; cpu_suspend runs about 300 times a
// simulated second under IKS and idle, and blsim uses no signals.
struct hw_ctx {
  ucontext_t uc;
  jmp_buf jb;
};

namespace {

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
  ucontext_t fw_template;  // restart_firmware's starting point
};

Glue* g;
constexpr uint32_t kEntryBase = 0x80008000u, kEntryStride = 0x40u;

// The first call from each core thread (and any call from elsewhere: null).
[[gnu::noinline]] CoreState* running_core_slow(const sc_process_b* proc) {
  const sc_object* parent = sc_get_current_process_handle().get_parent_object();
  auto it = g->by_module.find(parent);
  if (it == g->by_module.end()) return nullptr;
  // A core's thread lives as long as the simulation: its address is its own.
  g->by_process.push_back({proc, it->second});
  return &g->cores[it->second];
}

// The last answer of running_core(): a thread makes many hw.h calls in a
// row, so this mostly saves the search below.
const sc_process_b* last_proc;
CoreState* last_core;

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

[[noreturn, gnu::noinline]] void not_a_core() {
  throw std::logic_error("hw.h called outside a core thread");
}

inline CoreState& cur() {
  CoreState* c = running_core();
  if (!c) not_a_core();
  return *c;
}

// The calling core's local time (models/cpu/core.h); SystemC's time when
// called from elsewhere.
uint64_t local_ps() {
  const CoreState* c = running_core();
  return c ? c->hw.core->local_time().value() : sc_time_stamp().value();
}

// A failure inside a core's thread cannot unwind through the C stacks it runs
// on (they are not the thread's own), so it is recorded, the simulation is
// stopped, and the thread parks for good. A core first waits out its lead, so
// the run ends at the failing core's own time, not up to one lead before it.
[[noreturn]] void fail_and_park(std::exception_ptr e) {
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

void cycles(CoreState& c, uint64_t n) {
  guarded([&] { c.hw.core->run_cycles(n, false, nullptr); return 0; });
  if (c.hw.core->power_lost()) restart_firmware(c);
}

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

uint32_t entry_of(CoreState& c) {
  auto& cs = g->cores;
  const unsigned idx = static_cast<unsigned>(&c - &cs[0]);
  if (c.cold && idx == g->setup.boot_core) return hw_entry_address(g->setup.kernel_entry);
  return c.hw.mailbox ? c.hw.mailbox() : 0;
}

// The board's boot firmware, run on every release from reset: caches and
// coherency off, IRQs masked, then jump to the core's mailbox address. With
// none, wait in WFI and look again on each wake-up (TC2's holding pen).
void firmware_main(int idx) {
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

void restart_firmware(CoreState& c) {
  // Whatever stack the core was running on is abandoned (its contents stay
  // in memory: a context saved there by cpu_suspend can still be resumed).
  // makecontext wants an initialised context: a copy of the one taken at
  // start-up (getcontext is a system call, and cores restart often).
  c.fw_ctx = g->fw_template;
  c.fw_ctx.uc_stack.ss_sp = c.fw_stack[c.fw_next].get();
  c.fw_next ^= 1;
  c.fw_ctx.uc_stack.ss_size = kFirmwareStack;
  c.fw_ctx.uc_link = nullptr;
  makecontext(&c.fw_ctx, reinterpret_cast<void (*)()>(firmware_main), 1,
              static_cast<int>(&c - &g->cores[0]));
  setcontext(&c.fw_ctx);
  std::abort();
}

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
    // Quiet: DRAM through the cluster port, the CCI (no shareable request)
    // and the bus neither waits nor notifies (Core::transact).
    guarded([&] {
      auto r = core->transact(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND,
                              dram_addr(p), buf, len, false, true);
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

void write_back(CoreState& c, uint64_t lines, uint32_t line_bytes) {
  if (!lines) return;
  // Write-backs stream to memory as one burst per flush: the bus and memory
  // models charge it by bandwidth.
  // The contents are not modelled: a timing-only burst from one scratch
  // buffer, so only its length costs (no copy into DRAM's pages).
  static std::vector<uint8_t> buf;
  if (buf.size() < lines * line_bytes) buf.resize(lines * line_bytes);
  guarded([&] {
    c.hw.core->transact(tlm::TLM_WRITE_COMMAND, g->setup.dram_base, buf.data(),
                        static_cast<unsigned>(lines * line_bytes), true, true);
    return 0;
  });
}

// v7_flush_dcache_louis / _all issue one DCCISW per set and per way of a
// level, whether the line is dirty or not: the walk costs sets x ways
// operations (blsim,cache-walk-cycles-per-set is the cost of one).
uint64_t walk_cycles(const Cache& cache) {
  return uint64_t(cache.sets()) * cache.params().ways * cache.params().walk_cycles_per_set;
}

void flush_l1(CoreState& c) {
  Core* core = c.hw.core;
  cycles(c, walk_cycles(core->l1d()));
  // Inner-shareable unification point: L1 lines go to the cluster's L2.
  const uint32_t dirty = core->l1d().clean_all();
  cycles(c, dirty * 2ull);
  core->l2().dirty(dirty);
}

// v7_flush_dcache_louis (L1) or _all (L1 and L2), bracketed for the
// observer of cache maintenance (the switch log times an outbound's clean).
void flush_dcache(CoreState& c, bool all) {
  const unsigned core = c.hw.core->params().index;
  if (g->setup.on_cache_clean) g->setup.on_cache_clean(hw_now_ns(), core, all, false);
  flush_l1(c);
  if (all) {
    Cache& l2 = c.hw.core->l2();
    cycles(c, walk_cycles(l2));
    write_back(c, l2.clean_all(), l2.params().line_bytes);
  }
  if (g->setup.on_cache_clean) g->setup.on_cache_clean(hw_now_ns(), core, all, true);
  settle(c);
}

}  // namespace

// ---- set-up -------------------------------------------------------------------

void glue_init(const GlueSetup& s) {
  g = new Glue;
  last_proc = nullptr;
  last_core = nullptr;
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
void hw_cache_clean_range(const volatile void* p, size_t len) {
  CoreState& c = cur();
  const uint32_t line = c.hw.core->l1d().params().line_bytes;
  const uint64_t lines = (len + line - 1) / line;
  if (c.hw.core->l1d().enabled()) write_back(c, lines, line);
  else cycles(c, lines);
  settle(c);
}
void hw_cache_inv_range(const volatile void* p, size_t len) {
  CoreState& c = cur();
  const uint32_t line = c.hw.core->l1d().params().line_bytes;
  cycles(c, (len + line - 1) / line);
  settle(c);
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

void hw_jump_to_entry(uint32_t phys) {
  const uint32_t i = (phys - kEntryBase) / kEntryStride;
  if (phys < kEntryBase || (phys - kEntryBase) % kEntryStride || i >= g->entries.size())
    hw_panic("jump to 0x%08x: no code there", phys);
  g->entries[i]();
  hw_panic("entry at 0x%08x returned", phys);
}

struct hw_ctx* hw_ctx_alloc(void) { return new hw_ctx; }
void hw_ctx_free(struct hw_ctx* ctx) { delete ctx; }

void hw_ctx_init(struct hw_ctx* ctx, void* stack, size_t stack_size, void (*fn)(void*),
                 void* arg) {
  getcontext(&ctx->uc);
  ctx->uc.uc_stack.ss_sp = stack;
  ctx->uc.uc_stack.ss_size = stack_size;
  ctx->uc.uc_link = nullptr;
  // makecontext passes ints; split the pointer in two.
  const uintptr_t a = reinterpret_cast<uintptr_t>(arg), f = reinterpret_cast<uintptr_t>(fn);
  makecontext(&ctx->uc,
              reinterpret_cast<void (*)()>(+[](unsigned fl, unsigned fh, unsigned al, unsigned ah) {
                auto fp = reinterpret_cast<void (*)(void*)>((uintptr_t(fh) << 32) | fl);
                fp(reinterpret_cast<void*>((uintptr_t(ah) << 32) | al));
                hw_panic("a kernel context's function returned");
              }),
              4, unsigned(f), unsigned(f >> 32), unsigned(a), unsigned(a >> 32));
}

void hw_ctx_switch(struct hw_ctx* save, struct hw_ctx* load) {
  CoreState& c = cur();
  cycles(c, c.hw.core->params().context_save_cycles / 4);
  swapcontext(&save->uc, &load->uc);
  settle(cur());
}

void hw_ctx_load(struct hw_ctx* ctx) {
  setcontext(&ctx->uc);
  std::abort();
}

int hw_ctx_suspend(struct hw_ctx* ctx, int (*finisher)(unsigned long), unsigned long arg) {
  {
    CoreState& c = cur();
    cycles(c, c.hw.core->params().context_save_cycles);
  }
  if (_setjmp(ctx->jb)) {
    // Loaded by hw_ctx_resume, possibly on another core: this frame was left
    // intact on the suspended stack, so returning from it is safe.
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

int hw_call_with_stack(int (*fn)(void*), void* arg, void* stack, size_t stack_size) {
  struct Call {
    int (*fn)(void*);
    void* arg;
    int ret;
    ucontext_t back, run;
  } call{fn, arg, 0, {}, {}};
  getcontext(&call.run);
  call.run.uc_stack.ss_sp = stack;
  call.run.uc_stack.ss_size = stack_size;
  call.run.uc_link = &call.back;
  const uintptr_t p = reinterpret_cast<uintptr_t>(&call);
  makecontext(&call.run, reinterpret_cast<void (*)()>(+[](unsigned lo, unsigned hi) {
                auto* cl = reinterpret_cast<Call*>((uintptr_t(hi) << 32) | lo);
                cl->ret = cl->fn(cl->arg);
              }),
              2, unsigned(p), unsigned(p >> 32));
  swapcontext(&call.back, &call.run);
  return call.ret;
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

// The first cache enable after the core lost power: the code and data of
// the path that follows miss in L1. From a live L2 each costs an L2 hit;
// when the cluster's L2 lost power too, each is a line read through the
// CCI from DRAM, one after another (the path's loads depend on each other).
static void cold_misses(CoreState& c) {
  Core* core = c.hw.core;
  const CoreParams& p = core->params();
  if (!core->l1d().take_cold() || !p.cold_resume_lines) return;
  // The L2 is warm for this path once a core of the cluster has run the
  // path through it since the L2 last lost power; cores that resume
  // together after a loss (the inbounds of a whole-cluster switch) all
  // miss in DRAM (simplification: none hits what another brought in).
  if (core->l2().warm_at(core->local_time().value())) {
    cycles(c, uint64_t(p.cold_resume_lines) * p.l2_hit_cycles);
    return;
  }
  const uint32_t line = core->l1d().params().line_bytes;
  static std::vector<uint8_t> buf;
  if (buf.size() < line) buf.resize(line);
  for (uint32_t i = 0; i < p.cold_resume_lines; ++i)
    guarded([&] {
      core->transact(tlm::TLM_READ_COMMAND, g->setup.dram_base + uint64_t(i) * line, buf.data(),
                     line, true, true);
      return 0;
    });
  core->l2().mark_warm(core->local_time().value());
}

void hw_set_dcache_enabled(bool on) {
  CoreState& c = cur();
  c.hw.core->l1d().set_enabled(on);
  if (on) c.hw.core->l2().set_enabled(true);
  cycles(c, c.hw.core->params().barrier_cycles);
  if (on) cold_misses(c);
  settle(c);
}
bool hw_dcache_enabled(void) { return cur().hw.core->l1d().enabled(); }
void hw_set_smp_coherent(bool on) {
  // ACTLR.SMP: nothing in the models depends on it (coherence of values is
  // not simulated, docs/fidelity.md); the write costs a barrier.
  CoreState& c = cur();
  cycles(c, c.hw.core->params().barrier_cycles);
  settle(c);
}
void hw_flush_cache_louis(void) { flush_dcache(cur(), false); }
void hw_flush_cache_all(void) { flush_dcache(cur(), true); }
void hw_write_l2_prefetch_ctl(uint32_t) {
  CoreState& c = cur();
  cycles(c, c.hw.core->params().barrier_cycles);
  settle(c);
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

void hw_stream_to_memory(uint64_t bytes) {
  CoreState& c = cur();
  const uint32_t line = c.hw.core->l1d().params().line_bytes;
  write_back(c, (bytes + line - 1) / line, line);
  settle(c);
}

void hw_write_contextidr(uint32_t pid) {
  CoreState& c = cur();
  c.hw.core->sync();  // the task meters read the energy model's time
  if (g->setup.contextidr) g->setup.contextidr(c.hw.core->params().index, pid);
}

const struct wl_setup* hw_workload(void) { return g->setup.workload; }

void hw_context_save(void) {
  CoreState& c = cur();
  cycles(c, c.hw.core->params().context_save_cycles);
  settle(c);
}
void hw_context_restore(void) {
  CoreState& c = cur();
  cycles(c, c.hw.core->params().context_restore_cycles);
  settle(c);
}
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
  if (!g->setup.trace) return;
  char fields[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(fields, sizeof fields, fmt, ap);
  va_end(ap);
  const Core& core = *cur().hw.core;
  g->setup.trace(TraceRecord{core.local_time().value() / 1000, cpu, core.params().index, comm, pid,
                             event, fields});
}

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
