// SPDX-License-Identifier: GPL-2.0-only
#include "models/common/register_bank.h"

#include "models/common/initiator.h"
#include "models/common/report.h"

#include <cstring>

using namespace sc_core;

RegisterBank::Reg& RegisterBank::Reg::stored(uint32_t reset_value, uint32_t writable) {
  stored_ = true;
  writable_ = writable;
  reset_.assign(count_, reset_value);
  value_ = reset_;
  return *this;
}

RegisterBank::RegisterBank(const char* name, const Options& o)
    : simple_target_socket<RegisterBank>(name), o_(o) {
  register_b_transport(this, &RegisterBank::b_transport);
}

const char* RegisterBank::owner() const {
  const sc_object* parent = get_parent_object();
  return parent ? parent->name() : name();
}

RegisterBank::Reg& RegisterBank::add(const char* name, uint32_t offset, unsigned count,
                                     uint32_t stride) {
  regs_.emplace_back();
  Reg& r = regs_.back();
  r.name_ = name;
  r.offset_ = offset;
  r.count_ = count;
  r.stride_ = stride;
  for (unsigned i = 0; i < count; ++i) {
    const uint32_t off = offset + i * stride;
    if (off % 4 || off != (off & o_.decode_mask))
      model_error(owner(), "register %s[%u] at 0x%x: not a word the bank decodes", name, i, off);
    const size_t page = off / 4 / kPageWords;
    if (page >= pages_.size()) pages_.resize(page + 1);
    if (!pages_[page]) pages_[page].reset(new Slot[kPageWords]);
    Slot& slot = pages_[page][off / 4 % kPageWords];
    if (slot.reg)
      model_error(owner(), "register %s[%u] at 0x%x: offset declared twice", name, i, off);
    slot = Slot{&r, i};
  }
  return r;
}

// Declared registers are aligned words: a misaligned offset holds none.
const RegisterBank::Slot* RegisterBank::find(uint32_t off) const {
  const size_t page = off / 4 / kPageWords;
  if (off % 4 || page >= pages_.size() || !pages_[page]) return nullptr;
  const Slot& slot = pages_[page][off / 4 % kPageWords];
  return slot.reg ? &slot : nullptr;
}

uint32_t RegisterBank::read(uint32_t off) {
  off &= o_.decode_mask;
  const Slot* s = find(off);
  if (!s) return unmapped_read(off);
  const Reg& r = *s->reg;
  if (r.read_) return r.read_(s->i);
  if (r.stored_) return r.value_[s->i];
  return unmapped_read(off);  // write-only
}

void RegisterBank::write(uint32_t off, uint32_t v) {
  off &= o_.decode_mask;
  const Slot* s = find(off);
  if (!s || (!s->reg->write_ && !s->reg->stored_)) return unmapped_write(off, v);
  Reg& r = *s->reg;
  if (r.stored_) {
    uint32_t& word = r.value_[s->i];
    word = (word & ~r.writable_) | (v & r.writable_);
    v = word;
  }
  if (r.write_) r.write_(s->i, v);
}

uint32_t RegisterBank::unmapped_read(uint32_t off) {
  if (o_.unmapped == Unmapped::Warn && warned_.insert(off).second)
    model_warning(owner(), "read of unmodelled register at offset 0x%0*x reads as zero",
                  o_.offset_digits, off);
  return 0;
}

void RegisterBank::unmapped_write(uint32_t off, uint32_t v) {
  if (o_.unmapped == Unmapped::Warn && warned_.insert(off | 0x80000000u).second)
    model_warning(owner(), "write of 0x%08x to read-only or unmodelled offset 0x%0*x ignored", v,
                  o_.offset_digits, off);
}

const RegisterBank::Slot& RegisterBank::stored_slot(uint32_t off, const char* what) const {
  const Slot* s = find(off & o_.decode_mask);
  if (!s || !s->reg->stored_) model_error(owner(), "%s: no stored register at 0x%x", what, off);
  return *s;
}

uint32_t RegisterBank::value(uint32_t off) const {
  const Slot& s = stored_slot(off, "value");
  return s.reg->value_[s.i];
}

void RegisterBank::set_reset_value(uint32_t off, uint32_t v) {
  const Slot& s = stored_slot(off, "set_reset_value");
  s.reg->reset_[s.i] = v;
  s.reg->value_[s.i] = v;
}

void RegisterBank::reset() {
  for (Reg& r : regs_)
    r.value_ = r.reset_;
}

void RegisterBank::b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
  const uint32_t off = static_cast<uint32_t>(gp.get_address() & o_.decode_mask);
  const Slot* s = find(off);
  const bool at_systemc_time = gp.is_read() ? !o_.passive_reads || (s && s->reg->read_acts_)
                                            : !(s && s->reg->write_only_stores_);
  if (at_systemc_time) catch_up(gp, delay);
  delay += o_.latency;
  if (gp.get_data_length() != 4 || gp.get_streaming_width() < 4)
    return gp.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
  if (gp.get_byte_enable_ptr()) return gp.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
  if (off & 3) return gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
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
