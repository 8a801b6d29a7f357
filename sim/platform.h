/* SPDX-License-Identifier: GPL-2.0-only */
// platform.h - the SoC elaborated from a PlatformConfig.
//
// Owns every model and wires them as the TC2 board is wired:
//
//   core --> cluster port --> CCI-400 slave if --> CCI master --> bus
//                                                                  |-- DRAM
//   GIC nIRQ(n) --> core n       GIC wake(n) --> SPC               |-- GIC (D, C)
//   core STANDBYWFI --> SPC      SPC reset(n) --> core n           |-- CCI regs
//   timer(n) --> GIC PPI         SPC irq --> GIC SPI               |-- SCC/SPC
//   SPC --> cluster power domain, Vcore regulator, PLL -> cluster clock
//   SP804 TIMINTC --> GIC SPI      core Off/Reset --> its timer stopped
//
// Without the TC2 SCC (an Exynos-style DT) the bus maps the CMU, whose APLL
// and KPLL drive the clusters' PLLs, and the S2MPS11 PMIC, whose bucks are
// the clusters' rails; a DvfsGuard per cluster checks the DVFS order. The
// Exynos PMU, if the DT has one, holds the cores in reset and switches the
// cluster domains (core STANDBYWFI --> PMU, PMU reset(n) --> core n), and
// the SYSRAM holds the secondaries' entry point. Without a PMU the boot core
// runs, the others stay in reset, and the cluster domains stay on.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "models/clock/clock_domain.h"
#include "models/clock/exynos5420_cmu.h"
#include "models/clock/pll.h"
#include "models/cluster/cluster.h"
#include "models/cpu/core.h"
#include "models/interconnect/bus.h"
#include "models/interconnect/cci400.h"
#include "models/interconnect/memory.h"
#include "models/misc/event_mailbox.h"
#include "models/irq/gic400.h"
#include "models/power/energy_model.h"
#include "models/power/power_domain.h"
#include "models/power/dvfs_guard.h"
#include "models/power/exynos_pmu.h"
#include "models/power/regulator.h"
#include "models/power/s2mps11.h"
#include "models/power/tc2_scc.h"
#include "models/timer/generic_timer.h"
#include "models/timer/sp804.h"
#include "sim/hw_glue.h"
#include "sim/platform_config.h"

struct ClusterModels {
  std::unique_ptr<ClockDomain> clock;
  std::unique_ptr<Pll> pll;
  std::unique_ptr<Regulator> rail;
  std::unique_ptr<PowerDomain> power;
  std::unique_ptr<DvfsGuard> guard;  // without the SPC (which has its own)
  std::unique_ptr<Cluster> cluster;
  // Energy of the cluster's cores, uncore and Vcore rail (one rail per cluster).
  std::unique_ptr<ClusterEnergy> energy;
  std::vector<unsigned> cores;  // platform core indices, in ClusterEnergy order
};

class Platform {
 public:
  // Elaborates the models; throws DtError for configurations the models
  // cannot represent.
  Platform(const PlatformConfig& pc, std::vector<ScriptedEvent> events = {});
  ~Platform();

  const PlatformConfig& config() const { return pc_; }
  Core& core(unsigned i) { return *cores_[i]; }
  GenericTimer& timer(unsigned i) { return *timers_[i]; }
  unsigned nr_cores() const { return static_cast<unsigned>(cores_.size()); }
  ClusterModels& cluster(unsigned id);
  // The glue's view of the board (sim/hw_glue.h): cores, timers, resume
  // mailboxes, DRAM, the boot core and the kernel entry; fdt is the blob the
  // kernel gets.
  GlueSetup glue_setup(const void* fdt);
  const std::vector<ClusterModels>& clusters() const { return clusters_; }
  Gic400& gic() { return *gic_; }
  Cci400& cci() { return *cci_; }
  Tc2Scc& scc() { return *scc_; }          // TC2 only: see has_scc()
  bool has_scc() const { return scc_ != nullptr; }
  Exynos5420Cmu* cmu() { return cmu_.get(); }  // null on TC2
  S2mps11* pmic() { return pmic_.get(); }      // null on TC2
  ExynosPmu* pmu() { return pmu_.get(); }      // null on TC2 and without a PMU node
  Memory* sysram() { return sysram_.get(); }   // with the PMU
  Memory& memory() { return *memory_; }
  Bus& bus() { return *bus_; }
  EventDevice& events() { return *events_; }
  Sp804& sp804() { return *sp804_; }  // absent (null) when pc.sp804.present is false
  // Integrate every energy meter up to now (before reading totals).
  void sync_energy();
  // Nothing will read the energy models (no --out): they stop integrating.
  void energy_unread();

 private:
  std::function<uint32_t()> resume_mailbox(unsigned core);
  void build_clusters();
  void build_cores();
  void build_uncore();
  void wire();
  void build_energy();
  // The boards' own parts (sim/board/vexpress_tc2.cc, sim/board/exynos5422.cc).
  void build_tc2_uncore();
  void map_tc2();
  void wire_tc2_core(unsigned i, unsigned cl, unsigned cpu);
  void build_exynos_uncore();
  void connect_exynos_cluster(const ClusterConfig& cc, ClusterModels& m);
  void map_exynos();
  void wire_exynos_core(unsigned i, unsigned cl, unsigned cpu);

  PlatformConfig pc_;
  std::vector<ClusterModels> clusters_;  // in pc_.clusters order
  std::vector<std::unique_ptr<Core>> cores_;
  std::vector<std::unique_ptr<GenericTimer>> timers_;
  std::unique_ptr<Gic400> gic_;
  std::unique_ptr<Cci400> cci_;
  std::unique_ptr<Bus> bus_;
  std::unique_ptr<Memory> memory_;
  std::unique_ptr<Tc2Scc> scc_;
  std::unique_ptr<Exynos5420Cmu> cmu_;
  std::unique_ptr<S2mps11> pmic_;
  std::unique_ptr<ExynosPmu> pmu_;
  std::unique_ptr<Memory> sysram_;
  std::unique_ptr<EventDevice> events_;
  std::unique_ptr<Sp804> sp804_;
};
