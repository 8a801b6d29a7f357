// SPDX-License-Identifier: GPL-2.0-only
#include "sim/platform.h"

#include "sim/dt.h"

extern "C" {
#include "blsim/kreport.h"  // stext
}

using namespace sc_core;

Platform::Platform(const PlatformConfig& pc, std::vector<ScriptedEvent> events) : pc_(pc) {
  events_ = std::make_unique<EventDevice>("events", std::move(events), pc_.bus.latency);
  if (pc_.clusters.size() != 2)
    throw DtError(pc_.dtb + (pc_.scc.present ? ": the TC2 SPC controls exactly two clusters, the DT has "
                                             : ": blsim models exactly two clusters, the DT has ") +
                  std::to_string(pc_.clusters.size()));
  build_uncore();
  build_clusters();
  build_cores();
  wire();
  build_energy();
}

Platform::~Platform() = default;

ClusterModels& Platform::cluster(unsigned id) {
  for (size_t i = 0; i < pc_.clusters.size(); ++i)
    if (pc_.clusters[i].id == id) return clusters_[i];
  throw std::out_of_range("no cluster " + std::to_string(id));
}

void Platform::build_uncore() {
  bus_ = std::make_unique<Bus>("bus", pc_.bus);
  memory_ = std::make_unique<Memory>(
      "dram", pc_.memory.params);
  GicParams gp = pc_.gic.params;
  gp.num_cpus = static_cast<unsigned>(pc_.cpus.size());
  gic_ = std::make_unique<Gic400>("gic", gp);
  cci_ = std::make_unique<Cci400>("cci", pc_.cci.params);

  if (pc_.sp804.present)
    sp804_ = std::make_unique<Sp804>(
        "sp804", pc_.sp804.params);
  for (auto& cl : pc_.clusters)
    if (cl.id > 1)
      throw DtError(pc_.dtb + ": cluster " + std::to_string(cl.id) +
                    (pc_.scc.present ? ": the TC2 SPC knows clusters 0 and 1 only"
                                     : ": blsim knows clusters 0 and 1 only"));
  if (pc_.scc.present)
    build_tc2_uncore();
  else
    build_exynos_uncore();
}

void Platform::build_clusters() {
  clusters_.resize(pc_.clusters.size());
  for (size_t i = 0; i < pc_.clusters.size(); ++i) {
    const ClusterConfig& cc = pc_.clusters[i];
    ClusterModels& m = clusters_[i];
    const std::string n = "cluster" + std::to_string(cc.id);
    const OppConfig& opp = cc.opps[cc.initial_opp];
    m.clock = std::make_unique<ClockDomain>((n + "_clk").c_str(), uint64_t(opp.khz) * 1000);
    PllParams pp = cc.pll;
    pp.min_hz = uint64_t(cc.opps.front().khz) * 1000;
    pp.max_hz = uint64_t(cc.opps.back().khz) * 1000;
    m.pll = std::make_unique<Pll>((n + "_pll").c_str(), pp, *m.clock);
    m.rail = std::make_unique<Regulator>(cc.rail_name.c_str(), cc.rail);
    m.power = std::make_unique<PowerDomain>(
        (n + "_pd").c_str(), cc.power,
        nullptr, !pmu_ || cc.id == pc_.cpus[pc_.boot_cpu].cluster);
    ClusterParams clp;
    clp.id = cc.id;
    clp.type = cc.type;
    clp.l2 = cc.l2;
    clp.port_cycles = cc.port_cycles;
    m.cluster = std::make_unique<Cluster>(n.c_str(), clp, *m.clock, *m.power);
    if (scc_)
      scc_->connect_cluster(cc.id, m.power.get(), m.rail.get(), m.pll.get());
    else
      connect_exynos_cluster(cc, m);
  }
}

void Platform::build_cores() {
  for (unsigned i = 0; i < pc_.cpus.size(); ++i) {
    const CpuConfig& c = pc_.cpus[i];
    CoreParams p = c.core;
    p.index = i;
    p.gic_cpu = i;  // TC2 wires the five cores to GIC CPU interfaces 0..4
    ClusterModels& cl = cluster(c.cluster);
    // Without a power controller model only the boot core ever runs.
    const bool in_reset = scc_   ? scc_->core_reset(c.cluster, c.mpidr & 0xff).level()
                          : pmu_ ? pmu_->core_reset(c.cluster, c.mpidr & 0xff).level()
                                 : i != pc_.boot_cpu;
    const std::string n = "cpu" + std::to_string(i);
    cores_.push_back(std::make_unique<Core>(n.c_str(), p, *cl.clock, cl.cluster->l2(),
                                            cl.power->is_on(), in_reset));
    cl.cluster->add_core(cores_.back().get());
    timers_.push_back(std::make_unique<GenericTimer>(
        ("timer" + std::to_string(i)).c_str(),
        pc_.timer.params));
  }
}

void Platform::wire() {
  // Address map.
  bus_->map(pc_.memory.base, pc_.memory.params.size, memory_->from_bus, "dram");
  bus_->map(pc_.gic.dist_base, pc_.gic.dist_size, gic_->dist_regs, "gic-dist");
  bus_->map(pc_.gic.cpu_base, pc_.gic.cpu_size, gic_->cpu_regs, "gic-cpu");
  bus_->map(pc_.cci.base, pc_.cci.size, cci_->regs, "cci");
  if (scc_)
    map_tc2();
  else
    map_exynos();
  bus_->map(pc_.events.base, pc_.events.size, events_->regs, "blsim-events");
  events_->irq.bind(gic_->spi_sink(pc_.events.irq));
  if (sp804_) {
    bus_->map(pc_.sp804.base, pc_.sp804.size, sp804_->regs, "sp804");
    sp804_->irq.bind(gic_->spi_sink(pc_.sp804.irq));
  }
  cci_->to_bus.bind(bus_->from_initiators);

  for (size_t i = 0; i < pc_.clusters.size(); ++i)
    clusters_[i].cluster->to_cci.bind(cci_->from_cluster[pc_.clusters[i].cci_slave_if]);

  for (unsigned i = 0; i < cores_.size(); ++i) {
    Core* core = cores_[i].get();
    const CpuConfig& c = pc_.cpus[i];
    const unsigned cl = c.cluster, cpu = c.mpidr & 0xff;
    Cluster& cluster = *this->cluster(cl).cluster;
    core->to_cluster.bind(cluster.from_cores);
    gic_->irq_out(i).bind([core](bool l) { core->set_nirq(l); });
    if (scc_)
      wire_tc2_core(i, cl, cpu);
    else if (pmu_)
      wire_exynos_core(i, cl, cpu);
    timers_[i]->irq.bind(gic_->ppi_sink(i, pc_.timer.phys_ppi));
    // The timer is in the core's power domain: stopped while the core is
    // off or in reset (the counter, CNTPCT, is the always-on system one).
    GenericTimer* timer = timers_[i].get();
    auto timer_power = [timer](Core::State s) {
      timer->set_powered(s != Core::State::Off && s != Core::State::Reset);
    };
    timer_power(core->state());
    core->add_state_listener(timer_power);
  }
}

// The energy model of each cluster, listening to everything that changes
// its power: core states and work kinds, the clock, the rail, the domain.
void Platform::build_energy() {
  for (size_t ci = 0; ci < pc_.clusters.size(); ++ci) {
    const ClusterConfig& cc = pc_.clusters[ci];
    ClusterModels& m = clusters_[ci];
    std::vector<CoreEnergyParams> cps;
    std::vector<CoreActivity> acts;
    m.cores.clear();
    for (unsigned i = 0; i < cores_.size(); ++i) {
      if (pc_.cpus[i].cluster != cc.id) continue;
      const CpuConfig& c = pc_.cpus[i];
      cps.push_back(c.energy);
      acts.push_back({cores_[i]->state(), cores_[i]->work_kind()});
      m.cores.push_back(i);
    }
    m.energy = std::make_unique<ClusterEnergy>(
        std::move(cps), cc.energy, m.rail->voltage_uv() / 1e6, m.clock->freq_hz() / 1e6,
        !m.power->is_off(), std::move(acts));
    ClusterEnergy* e = m.energy.get();
    for (unsigned j = 0; j < m.cores.size(); ++j) {
      Core* core = cores_[m.cores[j]].get();
      core->add_state_listener([e, j, core](Core::State s) { e->core_changed(j, {s, core->work_kind()}); });
      core->add_work_listener([e, j, core](WorkKind k) { e->core_changed(j, {core->state(), k}); });
    }
    m.clock->add_listener([e](uint64_t, uint64_t hz) { e->freq_changed(hz / 1e6); });
    m.rail->add_listener([e](const Regulator::Change& c) {
      e->voltage_changed(c.uv / 1e6, c.target_uv / 1e6, c.ramp_end);
    });
    m.power->add_listener([e](PowerDomain::State s) { e->domain_changed(s); });
  }
}

void Platform::energy_unread() {
  for (auto& m : clusters_) m.energy->unread();
}

void Platform::sync_energy() {
  for (auto& m : clusters_) m.energy->sync();
}

// Where a released core's boot firmware finds its entry: the SPC's resume
// mailbox on TC2; on the Exynos the trampoline in the SYSRAM's non-secure
// page; without either, nothing (only the boot core runs).
std::function<uint32_t()> Platform::resume_mailbox(unsigned core) {
  const CpuConfig& c = pc_.cpus[core];
  const unsigned cl = c.cluster, cpu = c.mpidr & 0xff;
  if (scc_) {
    Tc2Scc* scc = scc_.get();
    return [scc, cl, cpu] { return scc->resume_address(cl, cpu); };
  }
  if (!pmu_) return {};
  // The Exynos boot path (iROM, then U-Boot SPL's secondary_cpu_start)
  // jumps to the start of the non-secure SYSRAM page, where the kernel
  // writes "ldr r0, [pc, #0]; bx r0; .word entry": the entry, or 0 (the
  // pen) while those words are not there.
  Memory* sram = sysram_.get();
  const uint64_t off = pc_.pmu.sysram_ns_offset;
  return [sram, off] {
    uint32_t w[3];
    sram->read_backdoor(off, w, sizeof w);
    return w[0] == 0xe59f0000u && w[1] == 0xe12fff10u ? w[2] : 0u;
  };
}

// What the glue needs of the board: every core with its timer and resume
// mailbox, the DT handed to the kernel, the boot core, DRAM, and the kernel
// entry (stext). A run or a test adds its own observers.
GlueSetup Platform::glue_setup(const void* fdt) {
  GlueSetup gs;
  for (unsigned i = 0; i < nr_cores(); ++i) gs.cores.push_back({&core(i), &timer(i), resume_mailbox(i)});
  gs.fdt = fdt;
  gs.boot_core = pc_.boot_cpu;
  gs.dram_base = pc_.memory.base;
  gs.dram_size = pc_.memory.params.size;
  gs.kernel_entry = stext;
  return gs;
}
