// SPDX-License-Identifier: GPL-2.0-only
// exynos5422.cc - the Exynos 5422's own models in Platform: the CMU's PLLs,
// the PMIC's bucks, the PMU and SYSRAM, and a DvfsGuard per cluster (its DT
// nodes are read in exynos5422_dt.cc).
#include "sim/platform.h"

#include "sim/dt.h"

using namespace sc_core;

void Platform::build_exynos_uncore() {
  if (pc_.cmu.present) cmu_ = std::make_unique<Exynos5420Cmu>("cmu", pc_.cmu.params);
  if (pc_.pmic.present) pmic_ = std::make_unique<S2mps11>("pmic", pc_.pmic.params);
  if (pc_.pmu.present) {
    // At reset only the boot CPU and its cluster are powered (the iROM's
    // doing); the other cluster comes up with its first core.
    ExynosPmuParams pp = pc_.pmu.params;
    const CpuConfig& boot = pc_.cpus[pc_.boot_cpu];
    for (auto& cl : pc_.clusters) {
      pp.cpus[cl.id] = static_cast<unsigned>(cl.cpus.size());
      pp.initially_running[cl.id].assign(cl.cpus.size(), false);
      pp.cluster_on[cl.id] = cl.id == boot.cluster;
    }
    for (auto& c : pc_.cpus)
      if ((c.mpidr & 0xff) >= ExynosPmuParams::kCpus)
        throw DtError(pc_.dtb + ": " + c.node + ": MPIDR Aff0 " + std::to_string(c.mpidr & 0xff) +
                      ": the Exynos PMU has 4 cores per cluster");
    pp.initially_running[boot.cluster][boot.mpidr & 0xff] = true;
    pmu_ = std::make_unique<ExynosPmu>("pmu", pp);
    sysram_ = std::make_unique<Memory>("sysram", pc_.pmu.sysram);
  }
}

void Platform::connect_exynos_cluster(const ClusterConfig& cc, ClusterModels& m) {
  if (pmu_) pmu_->connect_cluster(cc.id, m.power.get());
  cmu_->connect_pll(static_cast<Exynos5420Cmu::Index>(cc.cmu_pll), m.pll.get());
  pmic_->connect_buck(cc.pmic_buck, m.rail.get());
  std::vector<DvfsGuard::Point> table;
  for (const auto& o : cc.opps) table.push_back({uint64_t(o.khz) * 1000, o.uv});
  m.guard = std::make_unique<DvfsGuard>("cluster" + std::to_string(cc.id) + ".dvfs_guard", *m.clock,
                                        *m.rail, std::move(table));
}

void Platform::map_exynos() {
  if (cmu_) bus_->map(pc_.cmu.base, pc_.cmu.size, cmu_->regs, "cmu");
  if (pmic_) bus_->map(pc_.pmic.base, pc_.pmic.size, pmic_->regs, "pmic");
  if (pmu_) {
    bus_->map(pc_.pmu.base, pc_.pmu.size, pmu_->regs, "pmu");
    bus_->map(pc_.pmu.sysram_base, pc_.pmu.sysram.size, sysram_->from_bus, "sysram");
  }
}

// The PMU resets core (cl, cpu) and hears its STANDBYWFI.
void Platform::wire_exynos_core(unsigned i, unsigned cl, unsigned cpu) {
  Core* core = cores_[i].get();
  ExynosPmu* pmu = pmu_.get();
  core->standbywfi.bind([pmu, cl, cpu](bool l) { pmu->cpu_standbywfi(cl, cpu, l); });
  pmu->core_reset(cl, cpu).bind([core](bool held) { core->set_reset(held); });
}
