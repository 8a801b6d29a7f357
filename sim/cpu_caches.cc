// SPDX-License-Identifier: GPL-2.0-only
// cpu_caches.cc - what a core's cache maintenance costs (hw.h's cache
// calls): the set/way walks of a flush, dirty lines written back through
// the interconnect, the cold misses after a power loss, and the fixed costs
// of context save/restore and of the cache and coherency control writes.
// The cache models (models/cpu/cache.h) hold the state; this file turns it
// into cycles and transactions on the calling core.
#include <systemc>

#include <memory>

#include "models/cpu/core.h"
#include "sim/hw_glue_core.h"

extern "C" {
#include "hw.h"
}

using namespace sc_core;
using namespace glue;

namespace {

// Scratch buffers of the timing-only bursts: their contents are not
// modelled, only their length costs, so nothing reads or writes them and
// they are not cleared either. An L2 flush's is 1 MiB: cleared, its 256
// pages were each touched once, and a first touch costs ~12 us in a VM
// (3 ms of a run); untouched, a large allocation's pages are never mapped.
class Scratch {
 public:
  uint8_t* at_least(size_t n) {
    if (n > size_) {
      bytes_.reset(new uint8_t[n]);  // default-initialised: not written
      size_ = n;
    }
    return bytes_.get();
  }
  void release() {
    bytes_.reset();
    size_ = 0;
  }

 private:
  std::unique_ptr<uint8_t[]> bytes_;
  size_t size_ = 0;
};
Scratch writeback_buf, line_buf;

void write_back(CoreState& c, uint64_t lines, uint32_t line_bytes) {
  if (!lines) return;
  // Write-backs stream to memory as one burst per flush: the bus and memory
  // models charge it by bandwidth.
  // The contents are not modelled: a timing-only burst from one scratch
  // buffer, so only its length costs (no copy into DRAM's pages).
  uint8_t* const buf = writeback_buf.at_least(lines * line_bytes);
  guarded([&] {
    c.hw.core->transact(tlm::TLM_WRITE_COMMAND, g->setup.dram_base, buf,
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

// The first cache enable after the core lost power: the code and data of
// the path that follows miss in L1. From a live L2 each costs an L2 hit;
// when the cluster's L2 lost power too, each is a line read through the
// CCI from DRAM, one after another (the path's loads depend on each other).
void cold_misses(CoreState& c) {
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
  uint8_t* const buf = line_buf.at_least(line);
  guarded([&] {
    core->transact_chain(tlm::TLM_READ_COMMAND, g->setup.dram_base, buf, line,
                         p.cold_resume_lines);
    return 0;
  });
  core->l2().mark_warm(core->local_time().value());
}

}  // namespace

void glue::cpu_caches_reset() {
  writeback_buf.release();
  line_buf.release();
}

extern "C" {

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

void hw_stream_to_memory(uint64_t bytes) {
  CoreState& c = cur();
  const uint32_t line = c.hw.core->l1d().params().line_bytes;
  write_back(c, (bytes + line - 1) / line, line);
  settle(c);
}

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
}  // extern "C"
