/* SPDX-License-Identifier: GPL-2.0-only */
// register_bank.h - a block of 32-bit registers behind a TLM-2.0 target
// socket: what the SCC/SPC, the SP804, the Exynos CMU and PMU and the
// S2MPS11 window share.
//
// A model declares its registers (offset, optional array of count at a
// stride, read and write handlers, or storage with a reset value) and binds
// the bank on the bus as its target socket. The bank then does for every
// transaction, in this order:
//  1. catch up with SystemC's time (models/common/initiator.h): on every
//     write but to a register declared write_only_stores(), and on every
//     read, or, with Options::passive_reads, on reads of registers declared
//     read_acts() only (the rest read state that holds still while the
//     initiator's lead runs). Nothing else runs before the initiator's
//     local time (models/cpu/core.h), so state that is only stored or read
//     may change or be read early;
//  2. add Options::latency to the annotated delay;
//  3. decode the offset (address & Options::decode_mask) and check the
//     access: a single aligned 32-bit word, no byte enables. Otherwise
//     TLM_BURST_ERROR (length or streaming width), TLM_BYTE_ENABLE_ERROR or
//     TLM_ADDRESS_ERROR (misaligned);
//  4. dispatch to the register's handler, or to the unmapped rule: a read of
//     an offset no register holds, or of a register without a read handler,
//     and a write to one without a write handler (read-only), go to
//     Options::unmapped (read as zero, write ignored; Warn also warns once
//     per offset and direction). TLM_OK_RESPONSE.
//
// Stored registers keep their value here: a read returns it (or what the
// read handler makes of it), a write stores value & writable and then calls
// the write handler, if any, with the stored value. reset() puts every
// stored register back to its reset value.
#pragma once

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <set>
#include <vector>

class RegisterBank : public tlm_utils::simple_target_socket<RegisterBank> {
 public:
  enum class Unmapped { RazWi, Warn };
  struct Options {
    uint32_t decode_mask;            // the offset is address & decode_mask
    sc_core::sc_time latency;        // added to every access's delay
    bool passive_reads = false;      // see 1. above
    Unmapped unmapped = Unmapped::RazWi;
    int offset_digits = 3;           // hex digits of an offset in a warning
  };
  using ReadFn = std::function<uint32_t(unsigned i)>;         // i: array element
  using WriteFn = std::function<void(unsigned i, uint32_t v)>;

  // One register, or an array of them. The setters return *this.
  class Reg {
   public:
    Reg& reads(ReadFn f) { read_ = std::move(f); return *this; }
    Reg& writes(WriteFn f) { write_ = std::move(f); return *this; }
    // Kept in the bank, reset to reset_value; writes keep the writable bits.
    Reg& stored(uint32_t reset_value = 0, uint32_t writable = ~0u);
    // A read acts (clears, lowers a line): it happens at SystemC's time.
    Reg& read_acts() { read_acts_ = true; return *this; }
    // A write only sets state that other processes read when they next run
    // (no time, wire or notification): it is made on the initiator's lead.
    Reg& write_only_stores() { write_only_stores_ = true; return *this; }

   private:
    friend class RegisterBank;
    const char* name_;
    uint32_t offset_, stride_;
    unsigned count_;
    ReadFn read_;
    WriteFn write_;
    bool stored_ = false, read_acts_ = false, write_only_stores_ = false;
    uint32_t writable_ = ~0u;
    std::vector<uint32_t> reset_, value_;  // per element, stored registers only
  };

  // Built in the owning module's constructor (the socket is its child).
  RegisterBank(const char* name, const Options& o);

  // Declare registers, before sc_start: count elements, stride bytes apart.
  // An offset declared twice is a model_error.
  Reg& add(const char* name, uint32_t offset, unsigned count = 1, uint32_t stride = 4);

  // Register access without the bus (the models' own read()/write(), tests):
  // steps 3 (decode only) and 4, at offset off & decode_mask.
  uint32_t read(uint32_t off);
  void write(uint32_t off, uint32_t v);

  // A stored register's value now, and a new reset value for one (an array
  // element) that also becomes its value: the platform builder's, from what
  // the boot loader left.
  uint32_t value(uint32_t off) const;
  void set_reset_value(uint32_t off, uint32_t v);
  // Every stored register back to its reset value.
  void reset();

 private:
  struct Slot {
    Reg* reg = nullptr;  // none: no register at this word
    unsigned i = 0;
  };
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
  const Slot* find(uint32_t off) const;
  const Slot& stored_slot(uint32_t off, const char* what) const;
  uint32_t unmapped_read(uint32_t off);
  void unmapped_write(uint32_t off, uint32_t v);
  const char* owner() const;

  Options o_;
  std::deque<Reg> regs_;  // stable addresses for pages_
  // Every device access decodes its offset here (a hash lookup was 0.7% of
  // 60 s of mp3-short): by word, in pages of kPageWords words, made only
  // where a register is (the Exynos CMU's reach past 0x28000: 2 pages and
  // 161 pointers). The page table grows to the highest declared offset,
  // which decode_mask bounds (0x3ffff at most today).
  static constexpr size_t kPageWords = 256;
  std::vector<std::unique_ptr<Slot[]>> pages_;
  std::set<uint32_t> warned_;  // offsets warned about; writes | 1 << 31
};
