// SPDX-License-Identifier: GPL-2.0-only
#include "models/interconnect/cci400.h"

#include "models/common/initiator.h"
#include "models/common/report.h"

#include <algorithm>
#include <cstring>

using namespace sc_core;

namespace {
// Peripheral and Component ID registers (CCI-400 TRM): part 0x420, designer
// ARM (JEP106 0x3B), component class 0xF (CoreLink). PID2 also carries the
// revision, filled from CciParams.
struct IdReg {
  uint32_t offset;
  uint32_t value;
};
constexpr IdReg kIdRegs[] = {
    {CCI_PID4, 0x44}, {0x0FD4, 0x00},       {0x0FD8, 0x00},       {0x0FDC, 0x00},
    {CCI_PID0, 0x20}, {CCI_PID1, 0xB4}, {CCI_PID2, 0x0B}, {CCI_PID3, 0x00},
    {CCI_CID0, 0x0D}, {CCI_CID1, 0xF0}, {CCI_CID2, 0x05}, {CCI_CID3, 0xB1},
};
// Writable bits.
constexpr uint32_t kPmcrWritable = 0x39;  // CEN, CCD, EX, DP (RST, CCR self-clear)
constexpr uint32_t kControlOverrideWritable = 0xF;
constexpr uint32_t kSecureAccessWritable = 0x1;
constexpr uint32_t kSnoopControlWritable = CCI_ENABLE_REQ;
constexpr uint32_t kShareableOverrideWritable = 0x3;
}  // namespace

Cci400::Cci400(sc_module_name name, const CciParams& p)
    : sc_module(name),
      from_cluster("from_cluster", p.num_slave_ifs,
                   [this](const char* n, size_t i) { return new SlavePort(n, this, static_cast<int>(i)); }),
      to_bus("to_bus"),
      regs("regs"),
      p_(p),
      ports_(p.num_slave_ifs) {
  if (p_.num_slave_ifs == 0 || p_.num_slave_ifs > CCI_MAX_SLAVE_IFS)
    model_error(this->name(), "%u slave interfaces; a CCI-400 has 1 to %u", p_.num_slave_ifs,
                CCI_MAX_SLAVE_IFS);
  if (p_.slave_if_offsets.size() != p_.num_slave_ifs)
    model_error(this->name(), "%u slave interfaces but %zu register offsets", p_.num_slave_ifs,
                p_.slave_if_offsets.size());
  for (unsigned i = 0; i < p_.num_slave_ifs; ++i) {
    const uint32_t off = p_.slave_if_offsets[i];
    if (off % CCI_SLAVE_IF_WINDOW || off < CCI_SLAVE_IF_WINDOW || off >= CCI_SIZE)
      model_error(this->name(), "slave interface %u at offset 0x%x: not a 4 KiB window in 0x1000..0xffff",
                  i, off);
    for (unsigned j = 0; j < i; ++j)
      if (p_.slave_if_offsets[j] == off)
        model_error(this->name(), "slave interfaces %u and %u both at offset 0x%x", j, i, off);
  }
  if (!p_.snoop_control_at_reset.empty() && p_.snoop_control_at_reset.size() != p_.num_slave_ifs)
    model_error(this->name(), "%zu reset snoop controls for %u slave interfaces",
                p_.snoop_control_at_reset.size(), p_.num_slave_ifs);
  for (unsigned i = 0; i < p_.snoop_control_at_reset.size(); ++i)
    ports_[i].written = ports_[i].effective =
        p_.snoop_control_at_reset[i] & kSnoopControlWritable;

  regs.register_b_transport(this, &Cci400::regs_b_transport);
  regs.register_transport_dbg(this, &Cci400::regs_transport_dbg);

  SC_METHOD(complete_changes);
  sensitive << change_due_;
  dont_initialize();
}

// ---- coherency state ------------------------------------------------------

void Cci400::check_index(unsigned i, const char* what) const {
  if (i >= p_.num_slave_ifs)
    model_error(name(), "%s: no slave interface %u (%u wired)", what, i, p_.num_slave_ifs);
}

uint32_t Cci400::effective_at(unsigned i, const sc_time& t) const {
  const Port& port = ports_[i];
  return port.pending && port.deadline <= t ? port.written : port.effective;
}

bool Cci400::snoops_enabled(unsigned i) const {
  check_index(i, "snoops_enabled");
  return effective_at(i, sc_time_stamp()) & CCI_ENABLE_SNOOP_REQ;
}

bool Cci400::dvm_enabled(unsigned i) const {
  check_index(i, "dvm_enabled");
  return effective_at(i, sc_time_stamp()) & CCI_ENABLE_DVM_REQ;
}

bool Cci400::change_pending() const {
  for (const Port& port : ports_)
    if (port.pending && port.deadline > sc_time_stamp()) return true;
  return false;
}

uint32_t Cci400::snoop_control(unsigned i) const {
  check_index(i, "snoop_control");
  return ports_[i].written | CCI_SNOOP_SUPPORT | CCI_DVM_SUPPORT;
}

const Cci400::PortStats& Cci400::port_stats(unsigned i) const {
  check_index(i, "port_stats");
  return ports_[i].stats;
}

uint64_t Cci400::incoherent_accesses() const {
  uint64_t n = 0;
  for (const Port& port : ports_) n += port.stats.incoherent;
  return n;
}

uint64_t Cci400::snoops() const {
  uint64_t n = 0;
  for (const Port& port : ports_) n += port.stats.snoops_received;
  return n;
}

// Complete every change whose latency has run by t. Normally the method below
// does this at the exact deadline; an access made ahead of SystemC time
// (temporal decoupling) settles first so that it sees the state at its own
// local time.
void Cci400::settle(const sc_time& t) {
  for (unsigned i = 0; i < ports_.size(); ++i) {
    Port& port = ports_[i];
    if (!port.pending || port.deadline > t) continue;
    const bool was_on = port.effective & CCI_ENABLE_SNOOP_REQ;
    port.effective = port.written;
    port.pending = false;
    const bool on = port.effective & CCI_ENABLE_SNOOP_REQ;
    if (on == was_on) continue;
    ++(on ? port.stats.snoop_enables : port.stats.snoop_disables);
    for (auto& l : listeners_) l(i, on);
  }
}

// A change under way completes by t: settle(t) will tell the listeners, who
// read SystemC's time, so an access that settles it catches up first
// (models/common/initiator.h). Reads of STATUS compare deadlines and need not.
bool Cci400::change_due_by(const sc_time& t) const {
  for (const Port& port : ports_)
    if (port.pending && port.deadline <= t) return true;
  return false;
}

void Cci400::complete_changes() {
  settle(sc_time_stamp());
  // Re-arm for the next change still under way, if any.
  bool any = false;
  sc_time next;
  for (const Port& port : ports_)
    if (port.pending && (!any || port.deadline < next)) next = port.deadline, any = true;
  if (any) change_due_.notify(next - sc_time_stamp());
}

// ---- traffic ------------------------------------------------------------

void Cci400::slave_b_transport(int id, tlm::tlm_generic_payload& gp, sc_time& delay) {
  const unsigned from = static_cast<unsigned>(id);
  Port& port = ports_[from];
  ++port.stats.transactions;
  delay += p_.transit_latency;
  InitiatorExt* e = initiator_of(gp);
  if (is_shareable(gp)) {
    // Each access of a chain sees the snoop state of its own instant, and
    // may have to catch up: they go one by one.
    if (e) e->chain = 1;
    if (change_due_by(sc_time_stamp() + delay)) catch_up(gp, delay);
    const sc_time t = sc_time_stamp() + delay;
    settle(t);
    ++port.stats.shareable;
    if (!(effective_at(from, t) & CCI_ENABLE_SNOOP_REQ)) {
      // Not coherent: the request goes to memory unsnooped. The checker in
      // the kernel model decides whether that was allowed (MCPM's window).
      ++port.stats.incoherent;
    } else if (!(control_override_ & CCI_CTRL_OVERRIDE_SNOOP_DISABLE)) {
      bool snooped = false;
      for (unsigned j = 0; j < ports_.size(); ++j) {
        if (j == from || !(effective_at(j, t) & CCI_ENABLE_SNOOP_REQ)) continue;
        ++ports_[j].stats.snoops_received;
        snooped = true;
      }
      if (snooped) {
        ++port.stats.snoops_issued;
        delay += p_.snoop_latency;  // the snoops go out in parallel
      }
    }
  }
  const bool chain = e && e->chain > 1;
  to_bus->b_transport(gp, delay);
  if (chain) port.stats.transactions += e->chain_done - 1;  // each access of it is one
}

unsigned Cci400::slave_transport_dbg(int, tlm::tlm_generic_payload& gp) {
  return to_bus->transport_dbg(gp);
}

// ---- programmer's model ---------------------------------------------------

int Cci400::slave_if_at(uint32_t offset) const {
  for (unsigned i = 0; i < p_.num_slave_ifs; ++i)
    if (offset >= p_.slave_if_offsets[i] && offset < p_.slave_if_offsets[i] + CCI_SLAVE_IF_WINDOW)
      return static_cast<int>(i);
  return -1;
}

uint32_t Cci400::reg_read(uint32_t offset, const sc_time& t) {
  switch (offset) {
    case CCI_CTRL_OVERRIDE: return control_override_;
    case CCI_SPEC_CTRL: return speculation_control_;
    case CCI_SECURE_ACCESS: return secure_access_;
    case CCI_CTRL_STATUS:
      for (const Port& port : ports_)
        if (port.pending && port.deadline > t) return CCI_STATUS_CHANGE_PENDING;
      return 0;
    case CCI_IMPRECISE_ERR: return 0;
    case CCI_PMCR: return pmcr_;
  }
  for (const IdReg& r : kIdRegs)
    if (r.offset == offset)
      return offset == CCI_PID2 ? r.value | (p_.revision & 0xF) << CCI_PID2_REV_SHIFT : r.value;
  const int i = slave_if_at(offset);
  if (i < 0) return 0;  // RAZ
  const uint32_t local = offset - p_.slave_if_offsets[i];
  if (local == CCI_PORT_CTRL) return snoop_control(i);
  if (local == CCI_PORT_SHAREABLE_OVERRIDE) return ports_[i].shareable_override;
  return 0;  // QoS and the rest: RAZ
}

void Cci400::reg_write(uint32_t offset, uint32_t value, const sc_time& t) {
  switch (offset) {
    case CCI_CTRL_OVERRIDE: control_override_ = value & kControlOverrideWritable; return;
    case CCI_SPEC_CTRL: speculation_control_ = value; return;
    case CCI_SECURE_ACCESS: secure_access_ = value & kSecureAccessWritable; return;
    case CCI_PMCR: pmcr_ = (pmcr_ & ~kPmcrWritable) | (value & kPmcrWritable); return;
  }
  const int i = slave_if_at(offset);
  if (i < 0) return;  // WI
  Port& port = ports_[i];
  const uint32_t local = offset - p_.slave_if_offsets[i];
  if (local == CCI_PORT_SHAREABLE_OVERRIDE) {
    port.shareable_override = value & kShareableOverrideWritable;
  } else if (local == CCI_PORT_CTRL) {
    // A change already due by now completes first; a write landing on a change
    // still under way restarts the handshake with the newer value.
    settle(t);
    port.written = value & kSnoopControlWritable;
    port.pending = true;
    port.deadline = t + p_.change_pending_latency;
    change_due_.notify(port.deadline - sc_time_stamp());  // an earlier notification wins
  }
}

bool Cci400::reg_access(tlm::tlm_generic_payload& gp, const sc_time& t, bool debug) {
  const uint64_t addr = gp.get_address();
  if (addr >= CCI_SIZE || gp.get_data_length() > CCI_SIZE - addr) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return false;
  }
  // The programmer's model is 32-bit registers: anything else is SLVERR.
  if (gp.get_data_length() != 4 || addr % 4 || gp.get_byte_enable_ptr() ||
      gp.get_streaming_width() < 4) {
    gp.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return false;
  }
  const uint32_t offset = static_cast<uint32_t>(addr);
  uint32_t v;
  if (gp.is_read()) {
    v = reg_read(offset, t);
    std::memcpy(gp.get_data_ptr(), &v, 4);
  } else if (gp.is_write() && !debug) {  // debug writes have no side effects
    std::memcpy(&v, gp.get_data_ptr(), 4);
    reg_write(offset, v, t);
  }
  gp.set_response_status(tlm::TLM_OK_RESPONSE);
  return true;
}

void Cci400::regs_b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
  if (gp.is_write() && change_due_by(sc_time_stamp() + delay)) catch_up(gp, delay);
  reg_access(gp, sc_time_stamp() + delay, false);
}

unsigned Cci400::regs_transport_dbg(tlm::tlm_generic_payload& gp) {
  return reg_access(gp, sc_time_stamp(), true) ? 4 : 0;
}
