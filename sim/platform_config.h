/* SPDX-License-Identifier: GPL-2.0-only */
// platform_config.h - the SoC as the device tree describes it, as plain data.
//
// sim/dt_config.cc fills this from the DTB (checking everything and taking
// documented defaults for simulator properties the DT lacks, each announced);
// sim/platform.cc elaborates the SystemC models from it. Keeping the two
// apart lets every bad-input message be tested without elaborating SystemC.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <systemc>

#include "models/clock/exynos5420_cmu.h"
#include "models/cpu/cache.h"
#include "models/cpu/core.h"
#include "models/interconnect/bus.h"
#include "models/interconnect/cci400.h"
#include "models/interconnect/memory.h"
#include "models/irq/gic400.h"
#include "models/clock/pll.h"
#include "models/power/energy_model.h"
#include "models/power/power_domain.h"
#include "models/power/regulator.h"
#include "models/power/exynos_pmu.h"
#include "models/power/s2mps11.h"
#include "models/power/tc2_scc.h"
#include "models/timer/generic_timer.h"
#include "models/timer/sp804.h"

// A DT duration in ns as SystemC time, and back (for a model's default).
inline sc_core::sc_time dt_ns(uint64_t v) { return sc_core::sc_time(static_cast<double>(v), sc_core::SC_NS); }
inline uint32_t ns_of(const sc_core::sc_time& t) {
  return static_cast<uint32_t>(t / sc_core::sc_time(1, sc_core::SC_NS) + 0.5);
}

struct OppConfig {
  uint32_t khz = 0;
  uint32_t uv = 0;
};

struct CpuConfig {
  std::string node;           // DT path, for messages
  uint32_t mpidr = 0;
  std::string type;           // "cortex-a15" / "cortex-a7"
  uint32_t part_number = 0;
  unsigned cluster = 0;       // MPIDR Aff1
  unsigned capacity_dmips_mhz = 0;
  // What the core's models are built from, as the reader fills them: the
  // timing (IPC, L1, fixed costs; the platform adds the core's index and
  // GIC CPU interface) and the energy model's terms (docs/energy-model.md).
  CoreParams core;
  CoreEnergyParams energy;
};

struct ClusterConfig {
  unsigned id = 0;
  std::string type;
  std::vector<unsigned> cpus;     // indices into PlatformConfig::cpus
  CacheParams l2;
  uint32_t port_cycles = 0;
  PowerDomainParams power;
  // The cluster's Vcore rail.
  std::string rail_name;
  RegulatorParams rail;
  // The cluster's PLL (its range is the OPPs', set by the platform).
  PllParams pll;
  // OPPs the SPC holds for this cluster (TC2 keeps them out of the DT).
  std::vector<OppConfig> opps;
  unsigned initial_opp = 0;
  int cci_slave_if = -1;          // index into CciConfig::slave_ifs
  // Without the TC2 SPC (Exynos style): the OPPs come from the cpu nodes'
  // operating-points-v2 table, the PLL is the CMU's APLL (0) or KPLL (1)
  // named by `clocks`, the rail the S2MPS11 buck named by `cpu-supply`.
  int cmu_pll = -1;
  unsigned pmic_buck = 0;
  // Uncore energy (L2, SCU, CCI port): uW/MHz/V^2 while a core runs; static
  // uW at 1 V while a core runs, while all are idle and while the domain
  // is off (retention); voltage exponent.
  ClusterEnergyParams energy;
};

// Each device below: where the DT puts it and its node (for messages) as
// plain data, and what the model is built from as the model's own Params
// (filled by the reader, completed with the wiring by sim/platform.cc).
struct GicConfig {
  std::string node;
  uint64_t dist_base = 0, cpu_base = 0, dist_size = 0x1000, cpu_size = 0x2000;
  GicParams params;  // num_cpus: set by the platform
};

struct CciSlaveIfConfig {
  std::string node;
  uint32_t offset = 0;
  std::string interface_type;  // "ace" / "ace-lite"
};

struct CciConfig {
  std::string node;
  uint64_t base = 0, size = 0;
  std::vector<CciSlaveIfConfig> slave_ifs;
  CciParams params;  // the slave interfaces from slave_ifs
};

struct SccConfig {
  bool present = false;         // false: an Exynos-style DT (CMU + PMIC)
  std::string node;
  uint64_t base = 0, size = 0;
  unsigned irq = 0;             // GIC INTID of the SPC interrupt
  Tc2SccParams params;          // the latencies; clusters and OPPs by the platform
};

// The Exynos 5420/5800 CMU's CPU PLLs ("samsung,exynos5420-clock" /
// "samsung,exynos5800-clock"), present when the cpu nodes name it in `clocks`.
struct CmuConfig {
  bool present = false;
  std::string node;
  uint64_t base = 0, size = 0;
  Exynos5420CmuParams params;
};

// The S2MPS11 PMIC ("samsung,s2mps11-pmic"), its registers mapped at its
// I2C controller's `reg` (the I2C link is not modelled).
struct PmicConfig {
  bool present = false;
  std::string node;
  uint64_t base = 0, size = 0;
  S2mps11Params params;
};

// The Exynos 5420 PMU's CPU power control ("samsung,exynos5420-pmu") and
// the SYSRAM whose non-secure page ("samsung,exynos4210-sysram-ns") holds
// the secondaries' entry point: without them only the boot CPU runs.
struct ExynosPmuConfig {
  bool present = false;
  std::string node;
  uint64_t base = 0, size = 0;
  ExynosPmuParams params;  // the latency; cores and clusters by the platform
  // SYSRAM ("mmio-sram" parent of the sysram-ns node).
  uint64_t sysram_base = 0, sysram_ns_offset = 0;
  MemoryParams sysram{0, sc_core::SC_ZERO_TIME, 4.0};
};

struct TimerConfig {
  unsigned phys_ppi = 0;        // INTID of the non-secure physical timer
  GenericTimerParams params;
};

struct MemoryConfig {
  uint64_t base = 0;
  MemoryParams params;  // size, latency, bandwidth
};

struct EventMailboxConfig {
  uint64_t base = 0, size = 0x1000;
  unsigned irq = 0;             // GIC INTID
  bool in_dt = false;           // false: the simulator adds the node itself
};

// The motherboard's SP804 dual timer (V2M-P1 timer01), the tick broadcast
// device. TC2's upstream DT has it under the motherboard's nested buses;
// blsim reads the first "arm,sp804" node at the DT root (configs/tc2.dts),
// and without one adds one at the upstream address (in_dt = false).
struct Sp804Config {
  std::string node;
  uint64_t base = 0x1c110000, size = 0x1000;
  unsigned irq = 32 + 2;        // GIC INTID of TIMINTC
  Sp804Params params;
  bool in_dt = false;           // false: the simulator adds the node itself
  bool present = true;          // false: no SP804 at all (a DT without the TC2 SCC)
};

struct PlatformConfig {
  std::string dtb;
  // A short name of the board for output labels (waves.vcd's top scope):
  // from the root node's compatible, "tc2" for the Versatile Express
  // CoreTile, "exynos5422" for the Exynos 5422/5800 boards.
  std::string board;
  std::vector<CpuConfig> cpus;           // DT order: the platform core index
  std::vector<ClusterConfig> clusters;   // ordered by cluster id
  unsigned boot_cpu = 0;
  GicConfig gic;
  CciConfig cci;
  SccConfig scc;
  CmuConfig cmu;
  PmicConfig pmic;
  ExynosPmuConfig pmu;
  TimerConfig timer;
  MemoryConfig memory;
  BusParams bus;
  EventMailboxConfig events;
  Sp804Config sp804;

  const ClusterConfig* cluster(unsigned id) const {
    for (auto& c : clusters) if (c.id == id) return &c;
    return nullptr;
  }
};
