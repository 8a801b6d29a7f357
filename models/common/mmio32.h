/* SPDX-License-Identifier: GPL-2.0-only */
// mmio32.h - the access rules of a block of 32-bit registers.
//
// The SCC/SPC and the SP804 accept single, aligned 32-bit accesses only,
// without byte enables: anything else is a TLM error, and a good access is
// dispatched to the model's read / write of the register at its offset.
#pragma once

#include <tlm>

#include <cstdint>
#include <cstring>

template <typename Read, typename Write>
void mmio32_transport(tlm::tlm_generic_payload& gp, uint32_t offset_mask, Read read, Write write) {
  const uint32_t off = static_cast<uint32_t>(gp.get_address() & offset_mask);
  if (gp.get_data_length() != 4 || gp.get_streaming_width() < 4) {
    gp.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
    return;
  }
  if (gp.get_byte_enable_ptr()) {
    gp.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
    return;
  }
  if (off & 3) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  uint32_t v;
  if (gp.is_read()) {
    v = read(off);
    std::memcpy(gp.get_data_ptr(), &v, 4);
  } else if (gp.is_write()) {
    std::memcpy(&v, gp.get_data_ptr(), 4);
    write(off, v);
  }
  gp.set_response_status(tlm::TLM_OK_RESPONSE);
}
