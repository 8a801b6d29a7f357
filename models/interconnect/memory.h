/* SPDX-License-Identifier: GPL-2.0-only */
// memory.h - DRAM behind the bus (TC2: DDR2 at 0x80000000).
//
// Storage is sparse: 4 KiB pages are allocated on first write, and bytes never
// written read as 0, so a 2 GiB memory costs only what the run touches.
//
// Timing is one channel with a busy-until queue. A transaction arriving at
// local time t (sc_time_stamp() + annotated delay) starts its data transfer
// when the channel is free, and its delay grows by
//     latency + max(0, busy_until - t) + bytes / bandwidth
// after which the channel is busy until the end of its transfer. So two
// initiators reading at the same time see the second wait for the first's
// transfer, while one initiator whose accesses are spaced by their own
// latency never queues.
//
// A chain of timing-only accesses (InitiatorExt::chain, a cold cache's line
// fills) is made here one access after another, each charged as above.
#pragma once

#include <systemc>
#include <tlm>

#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>

#include "models/common/target_port.h"

// The defaults are the DT's for TC2's DRAM (docs/dt-properties.md).
struct MemoryParams {
  uint64_t size = 0;                                    // bytes decoded (the DT memory node)
  sc_core::sc_time latency = sc_core::sc_time(90, sc_core::SC_NS);  // first data of an access
  double bandwidth_bytes_per_ns = 3.2;                  // sustained channel bandwidth, > 0
};

class Memory : public sc_core::sc_module {
  // The TLM entry points from_bus calls (declared before it names them).
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
  unsigned transport_dbg(tlm::tlm_generic_payload& gp);

 public:
  static constexpr uint64_t kPageSize = 4096;

  TargetPort<&Memory::b_transport, &Memory::transport_dbg> from_bus;

  Memory(sc_core::sc_module_name name, const MemoryParams& p);

  uint64_t size() const { return p_.size; }
  // Untimed access for loaders and tests (offsets are local). Out of range
  // is a model_error.
  void read_backdoor(uint64_t offset, void* dst, uint64_t len) const;
  void write_backdoor(uint64_t offset, const void* src, uint64_t len);

  uint64_t reads() const { return reads_; }
  uint64_t writes() const { return writes_; }
  uint64_t bytes_read() const { return bytes_read_; }
  uint64_t bytes_written() const { return bytes_written_; }
  uint64_t bytes() const { return bytes_read_ + bytes_written_; }
  // Pages holding data (what the sparse store has allocated).
  size_t pages_allocated() const { return pages_.size(); }
  // When the channel finishes the last transfer accepted so far.
  sc_core::sc_time busy_until() const { return busy_until_; }

 private:
  using Page = std::array<uint8_t, kPageSize>;

  // Checks and performs the data movement (none when timing_only); false
  // with the response set on error.
  bool access(tlm::tlm_generic_payload& gp, bool timing_only);
  // The accesses of a chain (InitiatorExt::chain) that fall in the memory,
  // of the `asked` the transaction stands for (its first one does).
  uint32_t chain_length(const tlm::tlm_generic_payload& gp, uint32_t asked) const;
  // One access's counts and time: the channel queue and the delay it adds.
  // (Inline, defined in memory.cc: b_transport alone calls it.)
  inline void charge(bool read, uint64_t len, sc_core::sc_time& delay);
  sc_core::sc_time transfer_time(uint64_t bytes) const;

  void copy_out(uint64_t offset, uint8_t* dst, uint64_t len) const;
  void copy_in(uint64_t offset, const uint8_t* src, uint64_t len, const uint8_t* be,
               unsigned be_len);

  MemoryParams p_;
  std::unordered_map<uint64_t, std::unique_ptr<Page>> pages_;  // by page number
  sc_core::sc_time busy_until_ = sc_core::SC_ZERO_TIME;
  // transfer_time() of the last length asked: accesses come in runs of one
  // size (words with caches off, whole lines), and it divides.
  mutable uint64_t xfer_bytes_ = ~uint64_t(0);
  mutable sc_core::sc_time xfer_time_;
  uint64_t reads_ = 0, writes_ = 0, bytes_read_ = 0, bytes_written_ = 0;
};
