/* SPDX-License-Identifier: GPL-2.0-only */
// gic400.h - ARM CoreLink GIC-400 generic interrupt controller (GICv2).
//
// Two TLM-2.0 LT targets: the distributor (GICD, 4 KiB) and the CPU
// interfaces (GICC, 8 KiB, one per core, all at the same address and told
// apart by the requester). Every register that the architecture banks per CPU
// (GICD's SGI/PPI words and all of GICC) answers for the CPU interface named
// by the transaction's InitiatorExt::gic_cpu; a transaction without it is an
// error response, because real hardware cannot issue one.
//
// Interrupt inputs are IrqWire sinks (SPIs shared, PPIs per CPU). Outputs per
// CPU interface: nIRQ to the core (irq_out) and the power-management wake-up
// request (wake_out, the GIC-400's nIRQOUT), which stays asserted while the
// CPU interface is disabled so a powered-down core can be woken.
//
// Modelled: a single security state (GICD_TYPER.SecurityExtn = 0). IGROUPR is
// storage and selects which enable bit (bit 0 / bit 1 of GICD_CTLR and
// GICC_CTLR) gates the interrupt; FIQ signalling, EOImode split (GICC_DIR),
// the virtualisation extensions and legacy bypass are not modelled.
// Reference: ARM IHI 0048B (GIC architecture v2), ARM DDI 0471B (GIC-400 TRM).
#pragma once

#include <systemc>
#include <tlm>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "models/common/irq_wire.h"
#include "models/common/target_port.h"

struct GicParams {
  unsigned num_cpus = 1;    // CPU interfaces, 1..8
  unsigned num_spis = 160;  // shared peripheral interrupts, multiple of 32, <= 480
  sc_core::sc_time access_latency = sc_core::sc_time(40, sc_core::SC_NS);  // every register access
};

class Gic400 : public sc_core::sc_module {
  // The TLM entry points dist_regs and cpu_regs call (declared before
  // they name them).
  void dist_b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
  void cpu_b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);

 public:
  // Register offsets and IDs: models/regs/gic400.h (shared with irq-gic.c).
  // Reset values of the CPU interface's binary points (5 priority bits).
  static constexpr uint32_t kBprReset = 2, kAbprReset = 3;  // ABPR: BPR + 1
  static constexpr uint8_t kIdlePriority = 0xFF;            // RPR with nothing active
  // GIC-400 implements 32 priority levels: bits [7:3] of each priority.
  static constexpr uint8_t kPriorityMask = 0xF8;
  static constexpr unsigned kMaxCpus = 8, kMaxSpis = 480;
  static constexpr unsigned kSgis = 16, kPrivate = 32;  // SGI + PPI IDs
  static constexpr unsigned kSpurious = 1023;

  SC_HAS_PROCESS(Gic400);
  Gic400(sc_core::sc_module_name name, const GicParams& p);

  // ---- TLM targets --------------------------------------------------------
  TargetPort<&Gic400::dist_b_transport, nullptr> dist_regs;  // GICD, 4 KiB, from the bus
  TargetPort<&Gic400::cpu_b_transport, nullptr> cpu_regs;    // GICC, 8 KiB, from the bus

  // ---- interrupt inputs ---------------------------------------------------
  void set_spi(unsigned intid, bool level);                 // intid 32..
  void set_ppi(unsigned cpu, unsigned intid, bool level);   // intid 16..31
  // Sinks to bind a peripheral's IrqWire to an input.
  IrqWire::Sink spi_sink(unsigned intid);
  IrqWire::Sink ppi_sink(unsigned cpu, unsigned intid);

  // ---- outputs, one per CPU interface --------------------------------------
  IrqWire& irq_out(unsigned cpu);   // nIRQ to the core
  IrqWire& wake_out(unsigned cpu);  // nIRQOUT, to the power controller

  const GicParams& params() const { return p_; }
  unsigned num_irqs() const { return kPrivate + p_.num_spis; }

 private:
  // State of one interrupt as seen by one CPU interface (SGI/PPI, banked)
  // or by all of them (SPI).
  struct Irq {
    bool enabled = false, latch = false, level = false, active = false;
    bool edge = false, group1 = false;
    uint8_t priority = 0, targets = 0;
  };
  // One acknowledged, not yet EOId interrupt of a CPU interface.
  struct Active {
    unsigned intid, source;
    uint8_t priority;
  };
  struct CpuIf {
    std::array<Irq, kPrivate> banked;
    std::array<uint8_t, kSgis> sgi_pending{};  // bit n: pending from CPU n
    uint32_t ctlr = 0, pmr = 0, bpr = kBprReset, abpr = kAbprReset;
    std::vector<Active> active;  // in acknowledge order
    uint32_t pend = 0;  // bit n: SGI/PPI n pending (pending(cpu, n)), see pend_
    IrqWire irq, wake;
  };
  // What a CPU interface would signal: an interrupt ID and SGI source.
  struct Candidate {
    unsigned intid = kSpurious, source = 0;
    uint8_t priority = kIdlePriority;
    bool found() const { return intid != kSpurious; }
  };

  // Register table: an array of `count` elements of 4 bytes (word) or of
  // 1 byte (byte-accessible registers, which also accept word accesses).
  struct Reg {
    const char* name;
    uint32_t offset;
    unsigned count;
    bool bytes;
    std::function<uint32_t(unsigned cpu, unsigned i)> read;         // null: RAZ
    std::function<void(unsigned cpu, unsigned i, uint32_t v)> write;  // null: WI
    bool read_changes_state = false;  // a read acts (GICC_IAR acknowledges)
    // Whose outputs an access can move. A per-ID register holds ids_per_word
    // IDs in each word: a word of SGIs/PPIs is banked, so only the requester's
    // outputs can move. own_cpu: a register of the requester's alone.
    // by_handler (IAR, EOIR, SGIR): the CPUs the handler names in touched_.
    // None of these (GICD_CTLR): every CPU's.
    unsigned ids_per_word = 0;
    bool own_cpu = false;
    // A per-ID register that acts on an interrupt only while it is pending
    // (enable, group, priority, targets: scan() sees nothing else) and
    // changes no pending state: a write to IDs none of which is pending
    // moves no output (covers_pending()).
    bool via_pending = false;
    bool by_handler = false;
  };
  // r with one of its flags set (the tables name a flag, not its position).
  static Reg flagged(Reg r, bool Reg::*flag);
  void declare_dist_regs();
  void declare_cpu_regs();

  void transport(const std::vector<Reg>& regs, const std::vector<uint8_t>& index, uint32_t size,
                 tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
  const Reg* find_reg(const std::vector<Reg>& regs, uint32_t addr) const;
  // find_reg for every aligned word of a block, computed once: index into
  // regs + 1, 0 for reserved words.
  std::vector<uint8_t> index_regs(const std::vector<Reg>& regs, uint32_t size) const;
  tlm::tlm_response_status access(const Reg* r, unsigned cpu, uint32_t addr,
                                  unsigned len, bool write, unsigned char* data);

  // Interrupt state.
  Irq& irq(unsigned cpu, unsigned intid);
  bool pending(unsigned cpu, unsigned intid);
  // Keeps the pending bitmaps equal to pending(): call after every change of
  // an interrupt's latch, level, edge or SGI pending bits.
  void repend(unsigned cpu, unsigned intid);
  bool group_enabled_dist(const Irq& s) const;
  bool group_enabled_cpu(unsigned cpu, const Irq& s) const;
  bool forwarded(unsigned cpu, unsigned intid);
  // What the CPU interface would take (IAR, HPPIR), and whether anything is
  // forwarded to it (any_forwarded may be null).
  Candidate scan(unsigned cpu, bool* any_forwarded);
  uint8_t group_priority(unsigned cpu, uint8_t prio) const;
  uint8_t running_priority(unsigned cpu) const;
  bool may_signal(unsigned cpu, const Candidate& c);
  // Drive the outputs from the state. From a bus access (gp, delay): the
  // accessing core catches up first if a wire is about to move.
  // cpus: a mask of the CPU interfaces whose outputs may have moved.
  void update_outputs(tlm::tlm_generic_payload* gp = nullptr, sc_core::sc_time* delay = nullptr,
                      uint32_t cpus = ~0u);
  // The CPU interfaces an access by `cpu` to r at addr can affect.
  static uint32_t scope_of(const Reg* r, unsigned cpu, uint32_t addr);
  bool covers_pending(const Reg& r, unsigned cpu, uint32_t addr, unsigned len) const;
  // The CPUs whose outputs the access being made can have moved, as its
  // handler says (Reg::by_handler): an SGI's targets; for an SPI acknowledged
  // or ended, the requester and the SPI's targets; for a banked ID, the
  // requester; nobody, if nothing changed (a spurious acknowledge).
  uint32_t touched_ = 0;

  // Bit-per-interrupt registers (ISENABLER & co.): word index -> 32 IDs.
  using BitGet = bool (Gic400::*)(unsigned cpu, unsigned intid);
  using BitSet = void (Gic400::*)(unsigned cpu, unsigned intid, bool v);
  uint32_t read_bits(unsigned cpu, unsigned word, BitGet get);
  void write_bits(unsigned cpu, unsigned word, uint32_t v, BitSet set, bool to);
  bool get_enabled(unsigned cpu, unsigned intid);
  void set_enabled(unsigned cpu, unsigned intid, bool v);
  bool get_pending(unsigned cpu, unsigned intid);
  void set_pending(unsigned cpu, unsigned intid, bool v);
  // A plain flag of the interrupt's state (active, group1).
  template <bool Irq::*F>
  bool get_field(unsigned cpu, unsigned intid) { return irq(cpu, intid).*F; }
  template <bool Irq::*F>
  void set_field(unsigned cpu, unsigned intid, bool v) { irq(cpu, intid).*F = v; }

  uint32_t read_icfgr(unsigned cpu, unsigned word);
  void write_icfgr(unsigned cpu, unsigned word, uint32_t v);
  uint32_t read_itargets(unsigned cpu, unsigned intid);
  void write_itargets(unsigned cpu, unsigned intid, uint32_t v);
  void write_sgir(unsigned cpu, uint32_t v);
  uint32_t read_typer() const;

  uint32_t acknowledge(unsigned cpu);          // GICC_IAR read
  void end_of_interrupt(unsigned cpu, uint32_t v);  // GICC_EOIR write
  void deactivate(unsigned cpu, unsigned intid);

  void check_cpu(unsigned cpu, const char* what) const;

  GicParams p_;
  uint32_t gicd_ctlr_ = 0;
  std::vector<CpuIf> cpus_;
  std::vector<Irq> spis_;
  // Pending interrupts as bitmaps, so the scans after each access visit only
  // them (almost nothing is pending): CpuIf::pend for the banked IDs 0..31,
  // spi_pend_ word k for IDs 32 * (k + 1)...
  std::vector<uint32_t> spi_pend_;
  uint32_t spi_words_ = 0;  // bit k: spi_pend_[k] is not empty (k < 15)
  std::vector<Reg> dist_table_, cpu_table_;
  std::vector<uint8_t> dist_index_, cpu_index_;
};
