// SPDX-License-Identifier: GPL-2.0-only
#include "models/irq/gic400.h"

#include <cstring>

#include "models/common/initiator.h"
#include "models/common/report.h"
#include "models/regs/gic400.h"

using namespace sc_core;

namespace {
constexpr uint32_t kGicdCtlrMask = 0x3;   // EnableGrp0, EnableGrp1
constexpr uint32_t kGiccCtlrMask = 0x1F;  // EnableGrp0/1, AckCtl, FIQEn, CBPR
constexpr unsigned kWordBits = 32;
constexpr unsigned kCfgPerWord = 16;      // ICFGR: 2 bits per interrupt
constexpr unsigned kSgiSourceShift = 10;  // IAR/EOIR/HPPIR CPUID field [12:10]
constexpr uint32_t kIntidMask = 0x3FF;
constexpr uint32_t kBprMax = 7;
constexpr uint32_t kIcfgrSgiReset = 0xAAAAAAAA;  // SGIs: edge, read-only
constexpr uint32_t kIcfgrPpiReset = 0x55540000;  // PPIs: level, read-only
}  // namespace

Gic400::Gic400(sc_module_name name, const GicParams& p)
    : sc_module(name), dist_regs("dist_regs", this), cpu_regs("cpu_regs", this),
      p_(p) {
  if (p_.num_cpus < 1 || p_.num_cpus > kMaxCpus)
    model_error(this->name(), "num_cpus %u outside 1..%u", p_.num_cpus, kMaxCpus);
  if (p_.num_spis % kWordBits != 0 || p_.num_spis > kMaxSpis)
    model_error(this->name(), "num_spis %u is not a multiple of 32 up to %u",
                p_.num_spis, kMaxSpis);
  cpus_.resize(p_.num_cpus);
  spis_.resize(p_.num_spis);
  spi_pend_.assign(p_.num_spis / kWordBits, 0);
  for (auto& c : cpus_)
    for (unsigned id = 0; id < kSgis; ++id) {
      c.banked[id].enabled = true;  // GIC-400: SGI enables are RAO/WI
      c.banked[id].edge = true;
    }
  declare_dist_regs();
  declare_cpu_regs();
  dist_index_ = index_regs(dist_table_, GIC_DIST_SIZE);
  cpu_index_ = index_regs(cpu_table_, GIC_CPU_SIZE);
}

// ---- register tables -------------------------------------------------------

Gic400::Reg Gic400::flagged(Reg r, bool Reg::*flag) {
  r.*flag = true;
  return r;
}

void Gic400::declare_dist_regs() {
  const unsigned words = num_irqs() / kWordBits;
  enum Mode { Assign, Set, Clear };
  auto bits = [this, words](const char* n, uint32_t off, BitGet get, BitSet set,
                            Mode m) {
    return Reg{n, off, words, false,
               [this, get](unsigned cpu, unsigned w) { return read_bits(cpu, w, get); },
               [this, set, m](unsigned cpu, unsigned w, uint32_t v) {
                 if (m == Assign) {  // plain read/write: every bit is written
                   write_bits(cpu, w, v, set, true);
                   write_bits(cpu, w, ~v, set, false);
                 } else {
                   write_bits(cpu, w, v, set, m == Set);
                 }
               },
               false, kWordBits};
  };
  auto constant = [](const char* n, uint32_t off, uint32_t value) {
    return Reg{n, off, 1, false, [value](unsigned, unsigned) { return value; },
               nullptr};
  };
  dist_table_ = {
      {"GICD_CTLR", GIC_DIST_CTRL, 1, false,
       [this](unsigned, unsigned) { return gicd_ctlr_; },
       [this](unsigned, unsigned, uint32_t v) { gicd_ctlr_ = v & kGicdCtlrMask; }},
      {"GICD_TYPER", GIC_DIST_CTR, 1, false,
       [this](unsigned, unsigned) { return read_typer(); }, nullptr},
      constant("GICD_IIDR", GIC_DIST_IIDR, GICD_IIDR_GIC400),
      flagged(bits("GICD_IGROUPR", GIC_DIST_IGROUP, &Gic400::get_field<&Irq::group1>,
                   &Gic400::set_field<&Irq::group1>, Assign),
              &Reg::via_pending),
      flagged(bits("GICD_ISENABLER", GIC_DIST_ENABLE_SET, &Gic400::get_enabled,
                   &Gic400::set_enabled, Set),
              &Reg::via_pending),
      flagged(bits("GICD_ICENABLER", GIC_DIST_ENABLE_CLEAR, &Gic400::get_enabled,
                   &Gic400::set_enabled, Clear),
              &Reg::via_pending),
      bits("GICD_ISPENDR", GIC_DIST_PENDING_SET, &Gic400::get_pending, &Gic400::set_pending, Set),
      bits("GICD_ICPENDR", GIC_DIST_PENDING_CLEAR, &Gic400::get_pending, &Gic400::set_pending, Clear),
      bits("GICD_ISACTIVER", GIC_DIST_ACTIVE_SET, &Gic400::get_field<&Irq::active>, &Gic400::set_field<&Irq::active>, Set),
      bits("GICD_ICACTIVER", GIC_DIST_ACTIVE_CLEAR, &Gic400::get_field<&Irq::active>, &Gic400::set_field<&Irq::active>, Clear),
      flagged({"GICD_IPRIORITYR", GIC_DIST_PRI, num_irqs(), true,
               [this](unsigned cpu, unsigned id) -> uint32_t { return irq(cpu, id).priority; },
               [this](unsigned cpu, unsigned id, uint32_t v) {
                 irq(cpu, id).priority = v & kPriorityMask;
               },
               false, 4},
              &Reg::via_pending),
      flagged({"GICD_ITARGETSR", GIC_DIST_TARGET, num_irqs(), true,
               [this](unsigned cpu, unsigned id) { return read_itargets(cpu, id); },
               [this](unsigned cpu, unsigned id, uint32_t v) { write_itargets(cpu, id, v); },
               false, 4},
              &Reg::via_pending),
      {"GICD_ICFGR", GIC_DIST_CONFIG, num_irqs() / kCfgPerWord, false,
       [this](unsigned cpu, unsigned w) { return read_icfgr(cpu, w); },
       [this](unsigned cpu, unsigned w, uint32_t v) { write_icfgr(cpu, w, v); }, false,
       kCfgPerWord},
      flagged({"GICD_SGIR", GIC_DIST_SOFTINT, 1, false, nullptr,
               [this](unsigned cpu, unsigned, uint32_t v) { write_sgir(cpu, v); }},
              &Reg::by_handler),
      // CPENDSGIR/SPENDSGIR: byte n = SGI n, bit m = pending from source CPU m,
      // banked for the requesting (target) CPU interface.
      {"GICD_CPENDSGIR", GIC_DIST_SGI_PENDING_CLEAR, kSgis, true,
       [this](unsigned cpu, unsigned id) -> uint32_t { return cpus_[cpu].sgi_pending[id]; },
       [this](unsigned cpu, unsigned id, uint32_t v) {
         cpus_[cpu].sgi_pending[id] &= ~v;
         repend(cpu, id);
       },
       false, 0, true},
      {"GICD_SPENDSGIR", GIC_DIST_SGI_PENDING_SET, kSgis, true,
       [this](unsigned cpu, unsigned id) -> uint32_t { return cpus_[cpu].sgi_pending[id]; },
       [this](unsigned cpu, unsigned id, uint32_t v) {
         cpus_[cpu].sgi_pending[id] |= v & ((1u << p_.num_cpus) - 1);
         repend(cpu, id);
       },
       false, 0, true},
      constant("GICD_ICPIDR2", GIC_DIST_ICPIDR2, GICD_ICPIDR2_GICV2),
  };
}

void Gic400::declare_cpu_regs() {
  // A binary point below the implemented minimum reads back as the minimum.
  auto binary_point = [this](const char* n, uint32_t off, uint32_t CpuIf::*bp, uint32_t min) {
    return Reg{n, off, 1, false, [this, bp](unsigned cpu, unsigned) { return cpus_[cpu].*bp; },
               [this, bp, min](unsigned cpu, unsigned, uint32_t v) {
                 cpus_[cpu].*bp = std::max(v & kBprMax, min);
               },
               false, 0, true};
  };
  cpu_table_ = {
      {"GICC_CTLR", GIC_CPU_CTRL, 1, false,
       [this](unsigned cpu, unsigned) { return cpus_[cpu].ctlr; },
       [this](unsigned cpu, unsigned, uint32_t v) { cpus_[cpu].ctlr = v & kGiccCtlrMask; },
       false, 0, true},
      {"GICC_PMR", GIC_CPU_PRIMASK, 1, false,
       [this](unsigned cpu, unsigned) { return cpus_[cpu].pmr; },
       [this](unsigned cpu, unsigned, uint32_t v) { cpus_[cpu].pmr = v & kPriorityMask; },
       false, 0, true},
      binary_point("GICC_BPR", GIC_CPU_BINPOINT, &CpuIf::bpr, kBprReset),
      flagged({"GICC_IAR", GIC_CPU_INTACK, 1, false,
               [this](unsigned cpu, unsigned) { return acknowledge(cpu); }, nullptr, true},
              &Reg::by_handler),
      flagged({"GICC_EOIR", GIC_CPU_EOI, 1, false, nullptr,
               [this](unsigned cpu, unsigned, uint32_t v) { end_of_interrupt(cpu, v); }},
              &Reg::by_handler),
      {"GICC_RPR", GIC_CPU_RUNNINGPRI, 1, false,
       [this](unsigned cpu, unsigned) -> uint32_t { return running_priority(cpu); },
       nullptr},
      {"GICC_HPPIR", GIC_CPU_HIGHPRI, 1, false,
       [this](unsigned cpu, unsigned) {
         Candidate c = scan(cpu, nullptr);
         return c.intid | c.source << kSgiSourceShift;
       },
       nullptr},
      binary_point("GICC_ABPR", GIC_CPU_ALIAS_BINPOINT, &CpuIf::abpr, kAbprReset),
      {"GICC_IIDR", GIC_CPU_IDENT, 1, false,
       [](unsigned, unsigned) { return GICC_IIDR_GIC400; }, nullptr},
  };
}

// ---- TLM ---------------------------------------------------------------------

void Gic400::dist_b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
  transport(dist_table_, dist_index_, GIC_DIST_SIZE, gp, delay);
}

void Gic400::cpu_b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
  transport(cpu_table_, cpu_index_, GIC_CPU_SIZE, gp, delay);
}

void Gic400::transport(const std::vector<Reg>& regs, const std::vector<uint8_t>& index,
                       uint32_t size, tlm::tlm_generic_payload& gp, sc_time& delay) {
  delay += p_.access_latency;
  const InitiatorExt* who = initiator_of(gp);
  const uint64_t addr = gp.get_address();
  const unsigned len = gp.get_data_length();
  // Banked registers need the requester: no ID, no answer (as on AXI).
  if (!who || who->gic_cpu >= p_.num_cpus)
    return gp.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
  if (gp.is_read() == gp.is_write())  // TLM_IGNORE_COMMAND
    return gp.set_response_status(tlm::TLM_OK_RESPONSE);
  if (gp.get_byte_enable_ptr())
    return gp.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
  if (gp.get_streaming_width() != len)
    return gp.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
  if (addr >= size || len > size - addr)
    return gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
  // Registers are word-sized or arrays of words/bytes: the word holding
  // addr names the register, as find_reg's walk of the table would.
  const uint8_t k = index[addr / 4];
  const Reg* r = k ? &regs[k - 1] : nullptr;
  const bool changes = gp.is_write() || (r && r->read_changes_state);
  touched_ = 0;
  gp.set_response_status(access(r, who->gic_cpu, static_cast<uint32_t>(addr),
                                len, gp.is_write(), gp.get_data_ptr()));
  // Every change of state is followed by update_outputs(), so the outputs
  // are what the state gives, and an access that changes nothing scan()
  // reads leaves them as they are: a read that changes nothing, or a write
  // of enables, groups, priorities or targets of IDs none of which is
  // pending (the retargeting of every SPI at each IKS switch, the save
  // and restore around a cluster power-down). The state may change ahead of
  // SystemC's time (nothing runs while the core's lead does, so nothing can
  // see it early); a line moves at the instant of the access.
  const uint32_t at = static_cast<uint32_t>(addr);
  if (!changes || (r && r->via_pending && !covers_pending(*r, who->gic_cpu, at, len))) return;
  update_outputs(&gp, &delay, r && r->by_handler ? touched_ : scope_of(r, who->gic_cpu, at));
}

// Whether an ID the access [addr, addr + len) of per-ID register r covers is
// pending: for cpu, if banked; at all, if an SPI. (A byte per ID, or
// ids_per_word IDs to a word; either way within one 32-ID word.)
bool Gic400::covers_pending(const Reg& r, unsigned cpu, uint32_t addr, unsigned len) const {
  const uint32_t at = addr - r.offset;
  const unsigned first = r.bytes ? at : at / 4 * r.ids_per_word;
  const unsigned n = r.bytes ? len : r.ids_per_word;
  const uint32_t word = first < kPrivate ? cpus_[cpu].pend : spi_pend_[first / kWordBits - 1];
  const uint32_t ids = n >= kWordBits ? ~0u : (1u << n) - 1;
  return word & ids << first % kWordBits;
}

uint32_t Gic400::scope_of(const Reg* r, unsigned cpu, uint32_t addr) {
  if (!r) return 0;  // reserved: nothing changed
  if (r->own_cpu) return 1u << cpu;
  if (r->ids_per_word && ((addr - r->offset) / 4 + 1) * r->ids_per_word <= kPrivate)
    return 1u << cpu;  // a word of SGIs/PPIs: banked
  return ~0u;
}

const Gic400::Reg* Gic400::find_reg(const std::vector<Reg>& regs,
                                    uint32_t addr) const {
  for (const auto& r : regs) {
    const uint32_t bytes = r.count * (r.bytes ? 1 : 4);
    if (addr >= r.offset && addr - r.offset < bytes) return &r;
  }
  return nullptr;
}

std::vector<uint8_t> Gic400::index_regs(const std::vector<Reg>& regs, uint32_t size) const {
  if (regs.size() >= 255) model_error(name(), "register table too large to index");
  std::vector<uint8_t> index(size / 4, 0);
  // Last to first, so that where entries overlapped the first would win, as
  // in find_reg. Every entry covers whole words, so a word names one entry.
  for (size_t k = regs.size(); k-- > 0;) {
    const Reg& r = regs[k];
    const uint32_t bytes = r.count * (r.bytes ? 1 : 4);
    if (r.offset % 4 || bytes % 4 || r.offset + bytes > size)
      model_error(name(), "%s does not cover whole words of the block", r.name);
    for (uint32_t w = r.offset / 4; w < (r.offset + bytes) / 4; ++w)
      index[w] = static_cast<uint8_t>(k + 1);
  }
  return index;
}

// Aligned words everywhere; single bytes only where the GIC allows them.
tlm::tlm_response_status Gic400::access(const Reg* r, unsigned cpu, uint32_t addr,
                                        unsigned len, bool write,
                                        unsigned char* data) {
  const bool word = len == 4 && addr % 4 == 0;
  const bool byte = len == 1 && r && r->bytes;
  if (!word && !byte) return tlm::TLM_GENERIC_ERROR_RESPONSE;
  if (!r) {  // reserved: RAZ/WI
    if (!write) std::memset(data, 0, len);
    return tlm::TLM_OK_RESPONSE;
  }
  if (!r->bytes) {
    const unsigned i = (addr - r->offset) / 4;
    uint32_t v = 0;
    if (write) {
      std::memcpy(&v, data, 4);
      if (r->write) r->write(cpu, i, v);
    } else {
      if (r->read) v = r->read(cpu, i);
      std::memcpy(data, &v, 4);
    }
    return tlm::TLM_OK_RESPONSE;
  }
  const unsigned first = addr - r->offset;
  for (unsigned k = 0; k < len; ++k) {
    if (write) {
      if (r->write) r->write(cpu, first + k, data[k]);
    } else {
      data[k] = r->read ? static_cast<unsigned char>(r->read(cpu, first + k)) : 0;
    }
  }
  return tlm::TLM_OK_RESPONSE;
}

// ---- inputs and outputs -----------------------------------------------------

// Level-sensitive: pending follows the line. Edge: a rising edge latches.
void Gic400::set_spi(unsigned intid, bool level) {
  if (intid < kPrivate || intid >= num_irqs())
    model_error(name(), "SPI %u outside %u..%u", intid, kPrivate, num_irqs() - 1);
  Irq& s = spis_[intid - kPrivate];
  if (s.edge && level && !s.level) s.latch = true;
  s.level = level;
  repend(0, intid);
  update_outputs(nullptr, nullptr, s.targets);  // forwarded to its targets only
}

void Gic400::set_ppi(unsigned cpu, unsigned intid, bool level) {
  check_cpu(cpu, "PPI input");
  if (intid < kSgis || intid >= kPrivate)
    model_error(name(), "PPI %u outside %u..%u", intid, kSgis, kPrivate - 1);
  Irq& s = cpus_[cpu].banked[intid];
  if (s.edge && level && !s.level) s.latch = true;
  s.level = level;
  repend(cpu, intid);
  update_outputs(nullptr, nullptr, 1u << cpu);  // a PPI is the CPU's own
}

IrqWire::Sink Gic400::spi_sink(unsigned intid) {
  if (intid < kPrivate || intid >= num_irqs())
    model_error(name(), "SPI %u outside %u..%u", intid, kPrivate, num_irqs() - 1);
  return [this, intid](bool level) { set_spi(intid, level); };
}

IrqWire::Sink Gic400::ppi_sink(unsigned cpu, unsigned intid) {
  check_cpu(cpu, "PPI input");
  if (intid < kSgis || intid >= kPrivate)
    model_error(name(), "PPI %u outside %u..%u", intid, kSgis, kPrivate - 1);
  return [this, cpu, intid](bool level) { set_ppi(cpu, intid, level); };
}

IrqWire& Gic400::irq_out(unsigned cpu) {
  check_cpu(cpu, "irq_out");
  return cpus_[cpu].irq;
}

IrqWire& Gic400::wake_out(unsigned cpu) {
  check_cpu(cpu, "wake_out");
  return cpus_[cpu].wake;
}

void Gic400::check_cpu(unsigned cpu, const char* what) const {
  if (cpu >= p_.num_cpus)
    model_error(name(), "%s: CPU interface %u of %u", what, cpu, p_.num_cpus);
}

// nIRQ: what IAR would return now. nIRQOUT: anything the distributor
// forwards to this CPU, whatever its CPU interface's enable and masks.
void Gic400::update_outputs(tlm::tlm_generic_payload* gp, sc_time* delay, uint32_t cpus) {
  for (unsigned cpu = 0; cpu < p_.num_cpus; ++cpu) {
    if (!(cpus >> cpu & 1u)) continue;
    bool any = false;
    const Candidate best = scan(cpu, &any);
    const bool irq = may_signal(cpu, best);
    if (gp && (irq != cpus_[cpu].irq.level() || any != cpus_[cpu].wake.level())) {
      catch_up(*gp, *delay);  // a wire moves: at the instant of the access
      gp = nullptr;
    }
    cpus_[cpu].irq.set(irq);
    cpus_[cpu].wake.set(any);
  }
}

// One pass for both outputs: the best candidate the CPU interface may take
// (the highest priority, lowest value, forwarded interrupt of a group the
// CPU interface enables; ties go to the lowest ID, and for an SGI to the
// lowest source CPU), and whether anything at all is forwarded (nIRQOUT),
// if any_forwarded is given. Runs after every access and input change, so it
// is the GIC's hot path.
Gic400::Candidate Gic400::scan(unsigned cpu, bool* any_forwarded) {
  Candidate best;
  bool any = false;
  // Word 0: the CPU's banked IDs; word k > 0: spi_pend_[k - 1]. Only
  // non-empty words are visited, in ascending order.
  for (uint32_t words = spi_words_ << 1 | (cpus_[cpu].pend != 0); words; words &= words - 1) {
    const unsigned w = __builtin_ctz(words);
    for (uint32_t bits = w ? spi_pend_[w - 1] : cpus_[cpu].pend; bits; bits &= bits - 1) {
      const unsigned id = w * kWordBits + __builtin_ctz(bits);  // ascending IDs
      if (!forwarded(cpu, id)) continue;
      any = true;
      const Irq& s = irq(cpu, id);
      if (!group_enabled_cpu(cpu, s)) continue;
      if (best.found() && s.priority >= best.priority) continue;
      best.intid = id;
      best.priority = s.priority;
      best.source = id < kSgis ? __builtin_ctz(cpus_[cpu].sgi_pending[id]) : 0;
    }
  }
  if (any_forwarded) *any_forwarded = any;
  return best;
}

// ---- interrupt state -----------------------------------------------------------

Gic400::Irq& Gic400::irq(unsigned cpu, unsigned intid) {
  return intid < kPrivate ? cpus_[cpu].banked[intid] : spis_[intid - kPrivate];
}

bool Gic400::pending(unsigned cpu, unsigned intid) {
  if (intid < kSgis) return cpus_[cpu].sgi_pending[intid] != 0;
  const Irq& s = irq(cpu, intid);
  return s.latch || (!s.edge && s.level);
}

void Gic400::repend(unsigned cpu, unsigned intid) {
  uint32_t& word = intid < kPrivate ? cpus_[cpu].pend : spi_pend_[intid / kWordBits - 1];
  const uint32_t bit = 1u << (intid % kWordBits);
  if (pending(cpu, intid)) word |= bit;
  else word &= ~bit;
  if (intid >= kPrivate) {
    const uint32_t k = 1u << (intid / kWordBits - 1);
    spi_words_ = word ? spi_words_ | k : spi_words_ & ~k;
  }
}

bool Gic400::group_enabled_dist(const Irq& s) const {
  return gicd_ctlr_ & (s.group1 ? 2u : 1u);
}

bool Gic400::group_enabled_cpu(unsigned cpu, const Irq& s) const {
  return cpus_[cpu].ctlr & (s.group1 ? 2u : 1u);
}

// Distributor forwards: enabled, pending, not active, targets this CPU.
// (An active-and-pending interrupt waits for its deactivation.)
bool Gic400::forwarded(unsigned cpu, unsigned intid) {
  const Irq& s = irq(cpu, intid);
  // Cheapest test first: almost every interrupt is not pending.
  if (intid >= kSgis && !s.latch && (s.edge || !s.level)) return false;
  if (!s.enabled || s.active || !group_enabled_dist(s)) return false;
  if (intid >= kPrivate && !(s.targets >> cpu & 1u)) return false;
  return pending(cpu, intid);
}

// Group priority: the bits above the binary point (BPR) take part in
// preemption; the rest only order pending interrupts.
uint8_t Gic400::group_priority(unsigned cpu, uint8_t prio) const {
  return prio & static_cast<uint8_t>(0xFFu << (cpus_[cpu].bpr + 1));
}

uint8_t Gic400::running_priority(unsigned cpu) const {
  uint8_t rp = kIdlePriority;
  for (const auto& a : cpus_[cpu].active)
    rp = std::min(rp, group_priority(cpu, a.priority));
  return rp;
}

// Signalled when above the priority mask (PMR) and able to preempt the
// running priority.
bool Gic400::may_signal(unsigned cpu, const Candidate& c) {
  return c.found() && c.priority < cpus_[cpu].pmr &&
         group_priority(cpu, c.priority) < running_priority(cpu);
}

uint32_t Gic400::acknowledge(unsigned cpu) {
  const Candidate c = scan(cpu, nullptr);
  if (!may_signal(cpu, c)) return kSpurious;
  Irq& s = irq(cpu, c.intid);
  // Active now: no longer forwarded to the SPI's targets; the requester's
  // running priority rises.
  touched_ = 1u << cpu | (c.intid >= kPrivate ? s.targets : 0u);
  if (c.intid < kSgis)
    cpus_[cpu].sgi_pending[c.intid] &= ~(1u << c.source);
  else
    s.latch = false;  // a level-sensitive line still high stays pending
  repend(cpu, c.intid);
  s.active = true;
  cpus_[cpu].active.push_back({c.intid, c.source, c.priority});
  return c.intid | c.source << kSgiSourceShift;
}

// Priority drop and deactivation together (GICC_CTLR.EOImode = 0).
void Gic400::end_of_interrupt(unsigned cpu, uint32_t v) {
  const unsigned intid = v & kIntidMask;
  const unsigned source = v >> kSgiSourceShift & 0x7;
  if (intid >= num_irqs()) return;  // spurious IDs: ignored
  auto& act = cpus_[cpu].active;
  for (auto it = act.rbegin(); it != act.rend(); ++it) {
    if (it->intid != intid || (intid < kSgis && it->source != source)) continue;
    act.erase(std::next(it).base());
    deactivate(cpu, intid);
    touched_ = 1u << cpu | (intid >= kPrivate ? irq(cpu, intid).targets : 0u);
    return;
  }
  model_warning(name(), "GICC_EOIR on CPU %u for interrupt %u (source %u) "
                "that it has not acknowledged: ignored", cpu, intid, source);
}

void Gic400::deactivate(unsigned cpu, unsigned intid) {
  irq(cpu, intid).active = false;
}

// ---- bit-per-interrupt registers -------------------------------------------

uint32_t Gic400::read_bits(unsigned cpu, unsigned word, BitGet get) {
  uint32_t v = 0;
  for (unsigned b = 0; b < kWordBits; ++b)
    if ((this->*get)(cpu, word * kWordBits + b)) v |= 1u << b;
  return v;
}

// Acts on the IDs whose bit is 1 in v, setting their state to `to`.
void Gic400::write_bits(unsigned cpu, unsigned word, uint32_t v, BitSet set,
                        bool to) {
  for (unsigned b = 0; b < kWordBits; ++b)
    if (v >> b & 1u) (this->*set)(cpu, word * kWordBits + b, to);
}

bool Gic400::get_enabled(unsigned cpu, unsigned id) { return irq(cpu, id).enabled; }
void Gic400::set_enabled(unsigned cpu, unsigned id, bool v) {
  if (id >= kSgis) irq(cpu, id).enabled = v;  // SGI enables are fixed
}

bool Gic400::get_pending(unsigned cpu, unsigned id) { return pending(cpu, id); }
// SGI pending bits are written through SPENDSGIR/CPENDSGIR only.
void Gic400::set_pending(unsigned cpu, unsigned id, bool v) {
  if (id >= kSgis) {
    irq(cpu, id).latch = v;
    repend(cpu, id);
  }
}


// ---- other distributor registers ------------------------------------------------

// Words 0 (SGIs) and 1 (PPIs) are read-only on the GIC-400. For SPIs,
// bit 2n+1 = edge-triggered; bit 2n is reserved and reads as one.
uint32_t Gic400::read_icfgr(unsigned cpu, unsigned word) {
  if (word == 0) return kIcfgrSgiReset;
  if (word == 1) return kIcfgrPpiReset;
  uint32_t v = 0;
  for (unsigned k = 0; k < kCfgPerWord; ++k)
    v |= (irq(cpu, word * kCfgPerWord + k).edge ? 3u : 1u) << (2 * k);
  return v;
}

void Gic400::write_icfgr(unsigned cpu, unsigned word, uint32_t v) {
  if (word < kPrivate / kCfgPerWord) return;
  for (unsigned k = 0; k < kCfgPerWord; ++k) {
    irq(cpu, word * kCfgPerWord + k).edge = v >> (2 * k + 1) & 1u;
    repend(cpu, word * kCfgPerWord + k);
  }
}

// SGIs and PPIs: read-only, each byte names the requesting CPU interface
// (what Linux's gic_get_cpumask relies on).
uint32_t Gic400::read_itargets(unsigned cpu, unsigned id) {
  return id < kPrivate ? 1u << cpu : irq(cpu, id).targets;
}

void Gic400::write_itargets(unsigned cpu, unsigned id, uint32_t v) {
  if (id >= kPrivate) irq(cpu, id).targets = v & ((1u << p_.num_cpus) - 1);
}

// TargetListFilter [25:24]: 0 = the list [23:16], 1 = all but the
// requester, 2 = the requester only, 3 = reserved (no SGI). ID in [3:0].
void Gic400::write_sgir(unsigned cpu, uint32_t v) {
  const unsigned filter = v >> 24 & 0x3, id = v & 0xF;
  const uint32_t all = (1u << p_.num_cpus) - 1;
  uint32_t targets = 0;
  switch (filter) {
    case 0: targets = v >> 16 & 0xFF; break;
    case 1: targets = all & ~(1u << cpu); break;
    case 2: targets = 1u << cpu; break;
    default: return;
  }
  targets &= all;
  touched_ = targets;
  for (unsigned t = 0; t < p_.num_cpus; ++t)
    if (targets >> t & 1u) {
      cpus_[t].sgi_pending[id] |= 1u << cpu;
      repend(t, id);
    }
}

// ITLinesNumber [4:0] = 32-ID blocks - 1; CPUNumber [7:5] = CPUs - 1.
uint32_t Gic400::read_typer() const {
  return (num_irqs() / kWordBits - 1) | (p_.num_cpus - 1) << 5;
}
