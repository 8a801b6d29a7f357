/* SPDX-License-Identifier: GPL-2.0-only */
// cluster.h - a cluster: its cores' shared port, its L2, clock and power.
//
// The cores of a cluster reach the rest of the SoC through one port (the
// cluster's ACE master, which the CCI-400 sees as one slave interface). The
// cluster adds its internal bus latency in cluster clock cycles. It owns the
// L2 cache state and knows its clock domain and power domain; the power
// controller switches the domain, and the cluster tells its cores and L2.
#pragma once

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <memory>
#include <string>
#include <vector>

#include "models/clock/clock_domain.h"
#include "models/common/target_port.h"
#include "models/cpu/cache.h"
#include "models/power/power_domain.h"

class Core;

struct ClusterParams {
  unsigned id = 0;              // MPIDR Aff1
  std::string type;             // "cortex-a15" / "cortex-a7"
  CacheParams l2;
  uint32_t port_cycles = 0;     // cluster bus + ACE port, per transaction
};

class Cluster : public sc_core::sc_module {
  // The TLM entry points from_cores calls (declared before it names them).
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
  unsigned transport_dbg(tlm::tlm_generic_payload& gp);

 public:
  TargetPort<&Cluster::b_transport, &Cluster::transport_dbg> from_cores;  // every core binds it
  tlm_utils::simple_initiator_socket<Cluster> to_cci;

  Cluster(sc_core::sc_module_name name, const ClusterParams& p, ClockDomain& clk,
          PowerDomain& pd);

  const ClusterParams& params() const { return p_; }
  ClockDomain& clock() { return clk_; }
  PowerDomain& power() { return pd_; }
  Cache& l2() { return l2_; }
  void add_core(Core* c) { cores_.push_back(c); }
  const std::vector<Core*>& cores() const { return cores_; }

 private:
  void on_power(PowerDomain::State s);

  ClusterParams p_;
  ClockDomain& clk_;
  PowerDomain& pd_;
  Cache l2_;
  std::vector<Core*> cores_;
};
