/* SPDX-License-Identifier: GPL-2.0-only */
// cci400.h - ARM CoreLink CCI-400 cache coherent interconnect.
//
// Each cluster's ACE master binds to its slave interface from_cluster[i]; all
// traffic leaves through the master interface `to_bus` toward the system bus, `transit_latency`
// later. The 64 KiB programmer's model is a separate target, `regs`, that the
// platform maps on the bus at the DT's reg (TC2: 0x2c090000).
//
// Coherency is what the big.LITTLE code paths switch on and off: a shareable
// request (CoherentExt) from an interface whose Snoop Control enables snoops
// snoops every other interface whose snoops are enabled, in parallel, for one
// `snoop_latency`. A shareable request from an interface with snoops off is
// not an error in hardware (the data is simply not coherent); it is counted in
// incoherent_accesses() for the kernel model's checker to judge.
//
// Snoop Control writes take effect after `change_pending_latency`, during
// which Status.change_pending reads 1 (arm-cci's cci_port_control() spins on
// it). The register reads back the value written at once; the interface
// behaves per the old value until the change completes.
//
// Register map (models/regs/cci400.h; offsets from the CCI base; unlisted words in the block are
// RAZ/WI, as the QoS, PMU and reserved space are here):
//   0x0000 Control Override      RW [3:0]   reset 0  (bit0 snoop disable: no snoops at all)
//   0x0004 Speculation Control   RW         reset 0  (stored, no effect)
//   0x0008 Secure Access         RW [0]     reset 0  (stored, no effect)
//   0x000C Status                RO         bit0 change pending
//   0x0010 Imprecise Error       W1C        reset 0  (nothing in the model raises one)
//   0x0100 Perf Monitor Control  RW [5:0]   reset 0x2000 (N = 4 counters in [15:11])
//   0x0FD0..0x0FFC Peripheral / Component ID (PID2[7:4] = CciParams::revision)
// Per slave interface, at CciParams::slave_if_offsets[i]:
//   0x0000 Snoop Control         RW [1:0] (bit0 snoop, bit1 DVM), RO [31:30] = 0b11 (both supported)
//   0x0004 Shareable Override    RW [1:0]   reset 0  (stored, no effect)
#pragma once

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "models/common/model_event.h"
#include "models/common/target_port.h"
#include "models/regs/cci400.h"

#include <cstdint>
#include <functional>
#include <vector>

// Marks a transaction as a coherent (ACE) request. A transaction without it is
// non-shareable: no snoops, no coherency accounting.
struct CoherentExt : tlm::tlm_extension<CoherentExt> {
  bool shareable = true;

  tlm::tlm_extension_base* clone() const override { return new CoherentExt(*this); }
  void copy_from(const tlm::tlm_extension_base& e) override {
    *this = static_cast<const CoherentExt&>(e);
  }
};

inline bool is_shareable(const tlm::tlm_generic_payload& gp) {
  CoherentExt* e = nullptr;
  gp.get_extension(e);
  return e && e->shareable;
}

struct CciParams {
  unsigned num_slave_ifs = 0;              // slave interfaces wired (DT child nodes)
  std::vector<uint32_t> slave_if_offsets;  // their register windows (child reg), 4 KiB aligned
  // Slave interface to master, every transaction; added once when any
  // interface is snooped; Snoop Control write to effect.
  sc_core::sc_time transit_latency = sc_core::sc_time(10, sc_core::SC_NS);
  sc_core::sc_time snoop_latency = sc_core::sc_time(20, sc_core::SC_NS);
  sc_core::sc_time change_pending_latency = sc_core::sc_time(200, sc_core::SC_NS);
  uint32_t revision = 0;                   // PID2[7:4]; arm-cci: < 5 is r0, >= 5 is r1
  // Snoop Control bits [1:0] per interface at reset, as the boot firmware left
  // them (empty: all 0, the hardware reset value).
  std::vector<uint32_t> snoop_control_at_reset;
};

class Cci400 : public sc_core::sc_module {
  // The TLM entry points of the slave interfaces (declared before
  // from_cluster names them).
  void slave_b_transport(int id, tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
  unsigned slave_transport_dbg(int id, tlm::tlm_generic_payload& gp);

 public:
  // Register offsets and bits: models/regs/cci400.h (shared with arm-cci.c).
  static constexpr uint32_t kPmcrReset = 4u << 11;  // NCNT: 4 event counters

  using PortListener = std::function<void(unsigned slave_if, bool snoop_on)>;

  struct PortStats {
    uint64_t transactions = 0;        // everything that arrived on the interface
    uint64_t shareable = 0;           // of which coherent requests
    uint64_t incoherent = 0;          // shareable while this interface's snoops were off
    uint64_t snoops_issued = 0;       // requests from here that snooped someone
    uint64_t snoops_received = 0;     // snoops sent to this interface
    uint64_t snoop_enables = 0;       // completed changes off -> on
    uint64_t snoop_disables = 0;      // completed changes on -> off
  };

  // The slave interfaces, from the clusters; each passes its index.
  using SlavePort = TargetPort<&Cci400::slave_b_transport, &Cci400::slave_transport_dbg>;
  sc_core::sc_vector<SlavePort> from_cluster;
  tlm_utils::simple_initiator_socket<Cci400> to_bus;  // the master interface
  tlm_utils::simple_target_socket<Cci400> regs;       // programmer's model, from the bus

  SC_HAS_PROCESS(Cci400);
  Cci400(sc_core::sc_module_name name, const CciParams& p);

  unsigned num_slave_ifs() const { return p_.num_slave_ifs; }
  // Effective state now (a pending change counts once its latency has run).
  bool snoops_enabled(unsigned slave_if) const;
  bool dvm_enabled(unsigned slave_if) const;
  bool change_pending() const;
  // Snoop Control as software reads it (the last value written).
  uint32_t snoop_control(unsigned slave_if) const;

  // Called when a change of an interface's snoop enable takes effect.
  void on_port_change(PortListener l) { listeners_.push_back(std::move(l)); }

  const PortStats& port_stats(unsigned slave_if) const;
  uint64_t incoherent_accesses() const;  // summed over interfaces
  uint64_t snoops() const;               // snoops sent, summed over interfaces

 private:
  struct Port {
    uint32_t written = 0;    // Snoop Control [1:0] as last written
    uint32_t effective = 0;  // what the interface currently does
    bool pending = false;
    sc_core::sc_time deadline;
    uint32_t shareable_override = 0;
    PortStats stats;
  };

  void regs_b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
  unsigned regs_transport_dbg(tlm::tlm_generic_payload& gp);
  // Register access at local time t; false = not a 32-bit aligned word.
  bool reg_access(tlm::tlm_generic_payload& gp, const sc_core::sc_time& t, bool debug);
  uint32_t reg_read(uint32_t offset, const sc_core::sc_time& t);
  void reg_write(uint32_t offset, uint32_t value, const sc_core::sc_time& t);
  int slave_if_at(uint32_t offset) const;  // index of the window holding offset, or -1

  uint32_t effective_at(unsigned i, const sc_core::sc_time& t) const;
  bool change_due_by(const sc_core::sc_time& t) const;
  void settle(const sc_core::sc_time& t);  // complete changes due by t
  void complete_changes();                 // method: at a change's deadline
  void check_index(unsigned i, const char* what) const;

  CciParams p_;
  std::vector<Port> ports_;
  uint32_t control_override_ = 0, speculation_control_ = 0, secure_access_ = 0, pmcr_ = kPmcrReset;
  ModelEvent change_due_;
  std::vector<PortListener> listeners_;
};
