// SPDX-License-Identifier: GPL-2.0-only
#include "models/interconnect/bus.h"

#include "models/common/initiator.h"
#include "models/common/report.h"

#include <cinttypes>

using namespace sc_core;

Bus::Bus(sc_module_name name, const BusParams& p)
    : sc_module(name), from_initiators("from_initiators", this), to_targets("to_targets"), p_(p) {}

void Bus::map(uint64_t base, uint64_t size, unsigned target_index, const std::string& name) {
  if (size == 0) model_error(this->name(), "region '%s' at 0x%" PRIx64 " has size 0", name.c_str(), base);
  if (base + size < base)
    model_error(this->name(), "region '%s' [0x%" PRIx64 ", +0x%" PRIx64 ") wraps the address space",
                name.c_str(), base, size);
  const Region r{base, size, target_index, name};
  // Only the neighbours in base order can overlap a new region.
  auto next = regions_.lower_bound(base);
  const Region* clash = nullptr;
  if (next != regions_.end() && next->second.base < r.end()) clash = &next->second;
  if (!clash && next != regions_.begin() && std::prev(next)->second.end() > base)
    clash = &std::prev(next)->second;
  if (clash)
    model_error(this->name(),
                "region '%s' [0x%" PRIx64 ", 0x%" PRIx64 ") overlaps region '%s' [0x%" PRIx64
                ", 0x%" PRIx64 ")",
                name.c_str(), base, r.end(), clash->name.c_str(), clash->base, clash->end());
  regions_.emplace(base, r);
}

unsigned Bus::map(uint64_t base, uint64_t size, TargetSocket& target, const std::string& name) {
  const unsigned index = bound_by_map_;
  map(base, size, index, name);  // check before binding: a rejected map binds nothing
  to_targets.bind(target);
  ++bound_by_map_;
  return index;
}

void Bus::end_of_elaboration() {
  const unsigned n = to_targets.size();
  for (const auto& [base, r] : regions_)
    if (r.target_index >= n)
      model_error(name(), "region '%s' is mapped to to_targets[%u], but only %u targets are bound",
                  r.name.c_str(), r.target_index, n);
}

const Bus::Region* Bus::decode(uint64_t addr) const {
  if (last_ && addr >= last_->base && addr - last_->base < last_->size) return last_;
  auto it = regions_.upper_bound(addr);
  if (it == regions_.begin()) return nullptr;
  const Region& r = std::prev(it)->second;
  if (addr >= r.end()) return nullptr;
  last_ = &r;  // map nodes stay put as regions are added
  return &r;
}

const Bus::Region* Bus::route(uint64_t addr, unsigned len) const {
  const Region* r = decode(addr);
  if (!r) return nullptr;
  // An access that runs off its region's end is a decode error, as on AXI
  // (no burst may cross a slave boundary).
  if (len > r->end() - addr) return nullptr;
  return r;
}

void Bus::b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
  ++transactions_;
  delay += p_.latency;
  const uint64_t addr = gp.get_address();
  const Region* r = route(addr, gp.get_data_length());
  if (!r) {
    ++address_errors_;
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  // A chain's accesses past the region's end decode elsewhere: they go as
  // transactions of their own.
  InitiatorExt* e = initiator_of(gp);
  const bool chain = e && e->chain > 1;
  if (chain && uint64_t(e->chain) * gp.get_data_length() > r->end() - addr) e->chain = 1;
  gp.set_address(addr - r->base);
  to_targets[r->target_index]->b_transport(gp, delay);
  gp.set_address(addr);
  if (chain) transactions_ += e->chain_done - 1;  // each access of it is one
}

unsigned Bus::transport_dbg(tlm::tlm_generic_payload& gp) {
  const uint64_t addr = gp.get_address();
  const Region* r = route(addr, gp.get_data_length());
  if (!r) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return 0;
  }
  gp.set_address(addr - r->base);
  const unsigned n = to_targets[r->target_index]->transport_dbg(gp);
  gp.set_address(addr);
  return n;
}
