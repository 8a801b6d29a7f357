// SPDX-License-Identifier: GPL-2.0-only
// vexpress_tc2.cc - the TC2's own models in Platform: the SCC/SPC, which
// drives the clusters' domains, rails and PLLs (its DT nodes are read in
// vexpress_tc2_dt.cc).
#include "sim/platform.h"

#include "sim/dt.h"

using namespace sc_core;

void Platform::build_tc2_uncore() {
  Tc2SccParams sp = pc_.scc.params;
  for (auto& cl : pc_.clusters) {
    (cl.type == "cortex-a15" ? sp.a15_cluster_id : sp.a7_cluster_id) = cl.id;
    sp.cpus[cl.id] = static_cast<unsigned>(cl.cpus.size());
    for (auto& o : cl.opps) sp.opps[cl.id].push_back({o.khz, o.uv});
    sp.initial_perf[cl.id] = cl.initial_opp;
    sp.initially_running[cl.id].assign(cl.cpus.size(), false);
  }
  const CpuConfig& boot = pc_.cpus[pc_.boot_cpu];
  sp.initially_running[boot.cluster][boot.mpidr & 0xff] = true;
  scc_ = std::make_unique<Tc2Scc>("scc", sp);
}

void Platform::map_tc2() {
  bus_->map(pc_.scc.base, pc_.scc.size, scc_->regs, "scc");
  scc_->irq.bind(gic_->spi_sink(pc_.scc.irq));
}

// The SPC resets core (cl, cpu), hears its STANDBYWFI and the GIC's wake
// request for it.
void Platform::wire_tc2_core(unsigned i, unsigned cl, unsigned cpu) {
  Core* core = cores_[i].get();
  Tc2Scc* scc = scc_.get();
  gic_->wake_out(i).bind([scc, cl, cpu](bool l) { scc->cpu_wake_request(cl, cpu, l); });
  core->standbywfi.bind([scc, cl, cpu](bool l) { scc->cpu_standbywfi(cl, cpu, l); });
  scc->core_reset(cl, cpu).bind([core](bool held) { core->set_reset(held); });
}
