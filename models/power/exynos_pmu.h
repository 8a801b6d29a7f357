/* SPDX-License-Identifier: GPL-2.0-only */
// exynos_pmu.h - the Exynos 5420/5422/5800 Power Management Unit's CPU
// power control ("samsung,exynos5420-pmu", 0x10040000): one power switch
// per core and one per cluster (the "common" block: L2, SCU), as
// arch/arm/mach-exynos/mcpm-exynos.c and pm.c program them.
//
// Cores are numbered n = cpu + 4 * cluster (cluster = MPIDR Aff1: the A15s
// are 0-3, the A7s ("KFC") 4-7). Register interface (models/regs/
// exynos_pmu.h, shared with mcpm-exynos.c):
//   SWRESET             0x0400  write: bits (1 << 8 | 1 << 20) << cpu reset
//                               KFC (A7) core cpu if it is running (a pulse)
//   INFORM0             0x0800  plain read/write
//   SPARE2              0x0908  reads 1: the iROM has initialised the KFCs
//   SPARE3              0x090c  plain read/write
//   ARM_CORE_CONFIGURATION(n) 0x2000 + 0x80 n  bits 1:0 LOCAL_PWR_EN
//   ARM_CORE_STATUS(n)        0x2004 + 0x80 n  bits 1:0 = 3 while powered
//   ARM_CORE_OPTION(n)        0x2008 + 0x80 n  plain read/write
//   COMMON_CONFIGURATION(c)   0x2500 + 0x80 c  bits 1:0 LOCAL_PWR_EN
//   COMMON_STATUS(c)          0x2504 + 0x80 c  bits 1:0 = 3 while powered
//   COMMON_OPTION(c)          0x2508 + 0x80 c  plain read/write
// Other offsets read as zero and ignore writes (warned once). Single aligned
// 32-bit accesses only.
//
// Behaviour. A core that is off is held in reset (no per-core power-up
// latency is modelled; the cluster's is its PowerDomain's).
//  - CORE_CONFIGURATION(n) = 3 for a core that is off: the cluster is
//    powered on first if it is off (L2 before the first man, as
//    USE_L2_COMMON_UP_STATE asks), then the core leaves reset.
//  - CORE_CONFIGURATION(n) = 0 for a running core: the core is powered off
//    (held in reset) once it enters WFI (STANDBYWFI), an entry made while
//    running; a later write of 3 before that cancels it.
//  - COMMON_CONFIGURATION(c) = 0: the cluster powers off once all its cores
//    are off (ENABLE_AUTOMATIC_CORE_DOWN); = 3 powers it on if it is off.
// Not modelled: waking a powered-down core on an interrupt (the GIC's
// nIRQOUT), which cpuidle's power-down states would need; without a tick
// broadcast device blsim's Exynos has none of those states in use, and a
// hotplugged core must not come back on a stray pending interrupt.
#pragma once

#include "models/common/irq_wire.h"
#include "models/common/model_event.h"
#include "models/common/register_bank.h"
#include "models/power/power_domain.h"

#include <systemc>
#include <tlm>

#include <cstdint>
#include <functional>
#include <vector>

struct ExynosPmuParams {
  static constexpr unsigned kClusters = 2, kCpus = 4;
  unsigned cpus[kClusters] = {4, 4};  // per cluster id
  // Which cores run at reset and which clusters are powered, per cluster id.
  std::vector<bool> initially_running[kClusters];
  bool cluster_on[kClusters] = {true, true};
  sc_core::sc_time access_latency = sc_core::sc_time(40, sc_core::SC_NS);  // the DT default, assumed
};

class ExynosPmu : public sc_core::sc_module {
 public:
  RegisterBank regs;  // models/regs/exynos_pmu.h, from the bus

  SC_HAS_PROCESS(ExynosPmu);
  ExynosPmu(sc_core::sc_module_name name, const ExynosPmuParams& p);

  // Platform builder, before sc_start.
  void connect_cluster(unsigned cluster, PowerDomain* pd);
  // Outputs: high = the core is held in reset (off). Initial level set at
  // construction.
  IrqWire& core_reset(unsigned cluster, unsigned cpu);
  // Input: the core's STANDBYWFI.
  void cpu_standbywfi(unsigned cluster, unsigned cpu, bool level);

  bool core_on(unsigned cluster, unsigned cpu) const;
  unsigned power_ups(unsigned cluster, unsigned cpu) const;
  uint32_t read(uint32_t off);
  void write(uint32_t off, uint32_t v);

 private:
  static constexpr unsigned kClusters = ExynosPmuParams::kClusters, kCpus = ExynosPmuParams::kCpus;
  struct CoreRegs {
    uint32_t config = 0;
    bool reset = true;
    bool wfi = false, wfi_armed = false;
    unsigned power_ups = 0;
  };
  struct ClusterRegs {
    PowerDomain* pd = nullptr;
    uint32_t config = 0;
    CoreRegs core[kCpus];
    ModelEvent ev;
  };

  void declare_regs();
  // CONFIGURATION, STATUS and OPTION of one power switch (a core's, count
  // of them, or a cluster's) at base; config: its switch; status: powered.
  void declare_switch(const char* name, uint32_t base, unsigned count, unsigned c,
                      std::function<uint32_t&(unsigned i)> config,
                      std::function<bool(unsigned i)> powered);
  void swreset(uint32_t v);
  void check(const char* what, unsigned c, unsigned cpu) const;
  void thread(unsigned c);
  bool step(unsigned c);  // one pass of the sequencer; true if it acted
  void set_reset(unsigned c, unsigned cpu, bool held);

  ExynosPmuParams p_;
  ClusterRegs cl_[kClusters];
  IrqWire reset_wire_[kClusters][kCpus];
};
