// SPDX-License-Identifier: GPL-2.0-only
#include "models/cluster/cluster.h"

#include "models/common/report.h"
#include "models/cpu/core.h"

using namespace sc_core;

Cluster::Cluster(sc_module_name name, const ClusterParams& p, ClockDomain& clk,
                 PowerDomain& pd)
    : sc_module(name), from_cores("from_cores", this), to_cci("to_cci"), p_(p),
      clk_(clk), pd_(pd), l2_(p.l2) {
  pd_.add_listener([this](PowerDomain::State s) { on_power(s); });
}

void Cluster::b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
  if (!pd_.is_on())
    model_error(name(), "bus access at 0x%llx while the cluster is powered %s",
                (unsigned long long)gp.get_address(), PowerDomain::name_of(pd_.state()));
  delay += clk_.cycles(p_.port_cycles);
  to_cci->b_transport(gp, delay);
}

unsigned Cluster::transport_dbg(tlm::tlm_generic_payload& gp) {
  return to_cci->transport_dbg(gp);
}

void Cluster::on_power(PowerDomain::State s) {
  // Only the ends of a transition change what the cores see: a core cannot
  // run while its cluster's supply is ramping either way.
  if (s == PowerDomain::State::Off) {
    l2_.power_off();
    for (Core* c : cores_) c->set_cluster_power(false);
  } else if (s == PowerDomain::State::On) {
    for (Core* c : cores_) c->set_cluster_power(true);
  }
}
