// SPDX-License-Identifier: GPL-2.0-only
#include "models/interconnect/memory.h"

#include "models/common/initiator.h"

#include "models/common/report.h"
#include "models/common/sim_now.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstring>
#include <vector>

using namespace sc_core;

Memory::Memory(sc_module_name name, const MemoryParams& p)
    : sc_module(name), from_bus("from_bus", this), p_(p) {
  if (p_.size == 0) model_error(this->name(), "size is 0");
  if (!(p_.bandwidth_bytes_per_ns > 0))
    model_error(this->name(), "bandwidth %g bytes/ns is not positive", p_.bandwidth_bytes_per_ns);
}

sc_time Memory::transfer_time(uint64_t bytes) const {
  if (bytes == xfer_bytes_) return xfer_time_;
  // ps, rounded up so that no transfer is free.
  const double ps = std::ceil(static_cast<double>(bytes) * 1000.0 / p_.bandwidth_bytes_per_ns);
  xfer_bytes_ = bytes;
  xfer_time_ = sc_time::from_value(static_cast<uint64_t>(ps));
  return xfer_time_;
}

void Memory::copy_out(uint64_t offset, uint8_t* dst, uint64_t len) const {
  while (len) {
    const uint64_t in_page = offset % kPageSize;
    const uint64_t n = std::min(len, kPageSize - in_page);
    auto it = pages_.find(offset / kPageSize);
    if (it == pages_.end())
      std::memset(dst, 0, n);
    else
      std::memcpy(dst, it->second->data() + in_page, n);
    offset += n, dst += n, len -= n;
  }
}

void Memory::copy_in(uint64_t offset, const uint8_t* src, uint64_t len, const uint8_t* be,
                     unsigned be_len) {
  for (uint64_t i = 0; i < len;) {
    const uint64_t in_page = (offset + i) % kPageSize;
    const uint64_t n = std::min(len - i, kPageSize - in_page);
    auto& page = pages_[(offset + i) / kPageSize];
    if (!page) page = std::make_unique<Page>(Page{});  // zero-filled
    for (uint64_t k = 0; k < n; ++k, ++i)
      if (!be || be[i % be_len] == TLM_BYTE_ENABLED) (*page)[in_page + k] = src[i];
  }
}

void Memory::read_backdoor(uint64_t offset, void* dst, uint64_t len) const {
  if (offset > p_.size || len > p_.size - offset)
    model_error(name(), "backdoor read [0x%" PRIx64 ", +0x%" PRIx64 ") outside 0x%" PRIx64 " bytes",
                offset, len, p_.size);
  copy_out(offset, static_cast<uint8_t*>(dst), len);
}

void Memory::write_backdoor(uint64_t offset, const void* src, uint64_t len) {
  if (offset > p_.size || len > p_.size - offset)
    model_error(name(), "backdoor write [0x%" PRIx64 ", +0x%" PRIx64 ") outside 0x%" PRIx64 " bytes",
                offset, len, p_.size);
  copy_in(offset, static_cast<const uint8_t*>(src), len, nullptr, 0);
}

bool Memory::access(tlm::tlm_generic_payload& gp, bool timing_only) {
  const uint64_t off = gp.get_address();
  const uint64_t len = gp.get_data_length();
  if (off > p_.size || len > p_.size - off) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return false;
  }
  if (gp.get_streaming_width() < len) {  // FIFO-style bursts make no sense on DRAM
    gp.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
    return false;
  }
  if (timing_only) {
    // Write-backs of unmodelled cache contents: the time is all there is.
  } else if (gp.is_read()) {
    if (gp.get_byte_enable_ptr()) {  // disabled lanes are left as they were
      std::vector<uint8_t> tmp(len);
      copy_out(off, tmp.data(), len);
      const uint8_t* be = gp.get_byte_enable_ptr();
      for (uint64_t i = 0; i < len; ++i)
        if (be[i % gp.get_byte_enable_length()] == TLM_BYTE_ENABLED) gp.get_data_ptr()[i] = tmp[i];
    } else {
      copy_out(off, gp.get_data_ptr(), len);
    }
  } else if (gp.is_write()) {
    copy_in(off, gp.get_data_ptr(), len, gp.get_byte_enable_ptr(), gp.get_byte_enable_length());
  }
  gp.set_response_status(tlm::TLM_OK_RESPONSE);
  return true;
}

void Memory::b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
  InitiatorExt* e = initiator_of(gp);
  const bool timing_only = e && e->timing_only;
  if (!access(gp, timing_only)) return;
  const bool read = gp.is_read();
  if (!read && !gp.is_write()) return;  // TLM_IGNORE_COMMAND moves no data and takes no channel time
  const uint64_t len = gp.get_data_length();
  const uint32_t n = e && e->chain > 1 && timing_only ? chain_length(gp, e->chain) : 1;
  // What the hops above added to this access (its delay less the core's
  // lead): they add it again to each next access of a chain.
  const sc_time above = n > 1 ? delay - e->lead : SC_ZERO_TIME;
  uint32_t done = 1;
  charge(read, len, delay);
  for (; done < n && sim_now() + delay < e->chain_limit; ++done) {
    delay += above;
    charge(read, len, delay);
  }
  if (e) e->chain_done = done;
}

uint32_t Memory::chain_length(const tlm::tlm_generic_payload& gp, uint32_t asked) const {
  // The accesses past the end of the memory are not part of it: each is a
  // transaction of its own, which fails as it would alone.
  const uint64_t len = gp.get_data_length();
  if (len == 0) return 1;
  const uint64_t fit = (p_.size - gp.get_address()) / len;
  return fit < asked ? static_cast<uint32_t>(fit) : asked;
}

// Inlined into b_transport: once per DRAM access, and once per line of a chain.
[[gnu::always_inline]] inline void Memory::charge(bool read, uint64_t len, sc_time& delay) {
  if (read) ++reads_, bytes_read_ += len;
  else ++writes_, bytes_written_ += len;
  const sc_time arrival = sim_now() + delay;
  const sc_time start = std::max(arrival, busy_until_);
  const sc_time xfer = transfer_time(len);
  busy_until_ = start + xfer;
  delay += p_.latency + (start - arrival) + xfer;
}

unsigned Memory::transport_dbg(tlm::tlm_generic_payload& gp) {
  return access(gp, is_timing_only(gp)) ? gp.get_data_length() : 0;
}
