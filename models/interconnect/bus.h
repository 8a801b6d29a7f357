/* SPDX-License-Identifier: GPL-2.0-only */
// bus.h - an address-decoding interconnect (the TC2 "system bus").
//
// Any number of initiators bind to `from_initiators` (the CCI's master interface,
// DMA masters, the debug port); every target binds to `to_targets` and owns
// one address region set by map(). A transaction is routed by its address,
// the address is translated to the target's local offset (so every target
// decodes from 0), and the bus latency is added to the annotated delay. The
// address is restored before b_transport returns, so the initiator sees the
// address it issued.
//
// Errors follow the hardware: an access no region decodes (or one that runs
// off the end of its region) gets TLM_ADDRESS_ERROR_RESPONSE, as an AXI
// DECERR, and the initiator (the core model) reports it. Overlapping regions
// are a platform construction bug and are rejected at map() time.
#pragma once

#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_initiator_socket.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "models/common/target_port.h"

struct BusParams {
  sc_core::sc_time latency = sc_core::sc_time(5, sc_core::SC_NS);  // once per routed transaction
};

class Bus : public sc_core::sc_module {
  // The TLM entry points from_initiators calls (declared before it names them).
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
  unsigned transport_dbg(tlm::tlm_generic_payload& gp);

 public:
  using TargetSocket =
      tlm::tlm_base_target_socket_b<32, tlm::tlm_fw_transport_if<>, tlm::tlm_bw_transport_if<>>;

  struct Region {
    uint64_t base;
    uint64_t size;
    unsigned target_index;
    std::string name;
    uint64_t end() const { return base + size; }  // one past the last byte
  };

  TargetPort<&Bus::b_transport, &Bus::transport_dbg> from_initiators;  // the CCI's master, tests
  tlm_utils::multi_passthrough_initiator_socket<Bus> to_targets;    // one per mapped target

  Bus(sc_core::sc_module_name name, const BusParams& p);

  // Decode [base, base+size) to the target bound at to_targets[index].
  // Raises model_error if the region is empty, wraps, or overlaps one
  // already mapped (the message names both).
  void map(uint64_t base, uint64_t size, unsigned target_index, const std::string& name);
  // Bind `target` to the next to_targets index and map it; returns the index.
  // Use either this or explicit to_targets.bind() + map(index), not both.
  unsigned map(uint64_t base, uint64_t size, TargetSocket& target, const std::string& name);

  // The region decoding addr, or nullptr.
  const Region* decode(uint64_t addr) const;
  const std::map<uint64_t, Region>& regions() const { return regions_; }

  uint64_t transactions() const { return transactions_; }
  uint64_t address_errors() const { return address_errors_; }

 private:
  void end_of_elaboration() override;
  // The region holding the whole access [addr, addr+len), or nullptr.
  const Region* route(uint64_t addr, unsigned len) const;

  BusParams p_;
  std::map<uint64_t, Region> regions_;  // by base
  // The region decode() found last: a core's accesses mostly go to one
  // region in a row (DRAM with caches off), and a map lookup costs more.
  mutable const Region* last_ = nullptr;
  unsigned bound_by_map_ = 0;
  uint64_t transactions_ = 0, address_errors_ = 0;
};
