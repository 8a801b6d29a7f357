// SPDX-License-Identifier: GPL-2.0-only
// Dynamic processes: one power sequencer per cluster.
#define SC_INCLUDE_DYNAMIC_PROCESSES
#include "models/power/exynos_pmu.h"

#include "models/common/report.h"
#include "models/regs/exynos_pmu.h"

#include <string>

using namespace sc_core;

ExynosPmu::ExynosPmu(sc_module_name name, const ExynosPmuParams& p)
    : sc_module(name),
      // Works at SystemC's time (models/common/initiator.h).
      regs("regs", {0x7fff, p.access_latency, false, RegisterBank::Unmapped::Warn, 4}),
      p_(p) {
  for (unsigned c = 0; c < kClusters; ++c) {
    if (p_.cpus[c] < 1 || p_.cpus[c] > kCpus)
      model_error(this->name(), "cluster %u: %u cpus, the PMU has switches for 1..%u", c,
                  p_.cpus[c], kCpus);
    auto& run = p_.initially_running[c];
    if (!run.empty() && run.size() != p_.cpus[c])
      model_error(this->name(), "cluster %u: initially_running has %zu entries for %u cpus", c,
                  run.size(), p_.cpus[c]);
    cl_[c].config = p_.cluster_on[c] ? PWR_LOCAL_ON : 0;
    for (unsigned cpu = 0; cpu < p_.cpus[c]; ++cpu) {
      const bool running = !run.empty() && run[cpu];
      if (running && !p_.cluster_on[c])
        model_error(this->name(), "cluster %u: cpu %u runs in a cluster that is off", c, cpu);
      CoreRegs& k = cl_[c].core[cpu];
      k.reset = !running;
      k.config = running ? PWR_LOCAL_ON : 0;
      reset_wire_[c][cpu].set(!running);  // nothing bound yet: sinks read level()
    }
  }
  declare_regs();
  for (unsigned c = 0; c < kClusters; ++c)
    sc_spawn([this, c] { thread(c); }, ("pm" + std::to_string(c)).c_str());
}

void ExynosPmu::check(const char* what, unsigned c, unsigned cpu) const {
  if (c >= kClusters || cpu >= p_.cpus[c])
    model_error(name(), "%s: no cpu %u in cluster %u", what, cpu, c);
}

void ExynosPmu::connect_cluster(unsigned c, PowerDomain* pd) {
  if (c >= kClusters) model_error(name(), "connect_cluster: no cluster %u", c);
  cl_[c].pd = pd;
}

IrqWire& ExynosPmu::core_reset(unsigned c, unsigned cpu) {
  check("core_reset", c, cpu);
  return reset_wire_[c][cpu];
}

bool ExynosPmu::core_on(unsigned c, unsigned cpu) const {
  check("core_on", c, cpu);
  return !cl_[c].core[cpu].reset;
}

unsigned ExynosPmu::power_ups(unsigned c, unsigned cpu) const {
  check("power_ups", c, cpu);
  return cl_[c].core[cpu].power_ups;
}

void ExynosPmu::cpu_standbywfi(unsigned c, unsigned cpu, bool level) {
  check("cpu_standbywfi", c, cpu);
  CoreRegs& k = cl_[c].core[cpu];
  // Only an entry into WFI made while running counts: a level left over
  // from before a reset must not power the core straight off again.
  if (level && !k.wfi && !k.reset) k.wfi_armed = true;
  if (!level) k.wfi_armed = false;
  k.wfi = level;
  cl_[c].ev.notify(SC_ZERO_TIME);
}

// ---- registers -----------------------------------------------------------------

void ExynosPmu::declare_regs() {
  regs.add("SWRESET", PMU_SWRESET)
      .reads([](unsigned) { return 0u; })
      .writes([this](unsigned, uint32_t v) { swreset(v); });
  regs.add("INFORM0", PMU_INFORM0).stored();
  regs.add("SPARE2", PMU_SPARE2).reads([](unsigned) { return 1u; });
  regs.add("SPARE3", PMU_SPARE3).stored();
  for (unsigned c = 0; c < kClusters; ++c) {
    ClusterRegs& cl = cl_[c];
    declare_switch("ARM_CORE", PMU_CORE_BASE + PMU_STRIDE * kCpus * c, p_.cpus[c], c,
                   [&cl](unsigned cpu) -> uint32_t& { return cl.core[cpu].config; },
                   [&cl](unsigned cpu) { return !cl.core[cpu].reset; });
    declare_switch("COMMON", PMU_L2_BASE + PMU_STRIDE * c, 1, c,
                   [&cl](unsigned) -> uint32_t& { return cl.config; },
                   [&cl](unsigned) { return cl.pd && cl.pd->is_on(); });
  }
}

void ExynosPmu::declare_switch(const char* name, uint32_t base, unsigned count, unsigned c,
                               std::function<uint32_t&(unsigned i)> config,
                               std::function<bool(unsigned i)> powered) {
  sc_event& ev = cl_[c].ev;
  regs.add(name, base, count, PMU_STRIDE)
      .reads([config](unsigned i) { return config(i); })
      .writes([config, &ev](unsigned i, uint32_t v) {
        config(i) = v & PWR_LOCAL_ON;
        ev.notify(SC_ZERO_TIME);
      });
  regs.add(name, base + PMU_STATUS, count, PMU_STRIDE).reads([powered](unsigned i) {
    return powered(i) ? PWR_LOCAL_ON : 0;
  });
  regs.add(name, base + PMU_OPTION, count, PMU_STRIDE)
      .stored()
      .writes([&ev](unsigned, uint32_t) { ev.notify(SC_ZERO_TIME); });
}

uint32_t ExynosPmu::read(uint32_t off) { return regs.read(off); }
void ExynosPmu::write(uint32_t off, uint32_t v) { regs.write(off, v); }

// The KFC (A7) core resets: the A7 cluster is MPIDR cluster 1.
void ExynosPmu::swreset(uint32_t v) {
  const unsigned c = 1;
  for (unsigned cpu = 0; cpu < p_.cpus[c]; ++cpu)
    if ((v & PMU_SWRESET_KFC_CORE(cpu)) == PMU_SWRESET_KFC_CORE(cpu) && !cl_[c].core[cpu].reset) {
      set_reset(c, cpu, true);  // a pulse: the core restarts at its reset vector
      set_reset(c, cpu, false);
    }
}

// ---- power sequencer -------------------------------------------------------------

void ExynosPmu::set_reset(unsigned c, unsigned cpu, bool held) {
  CoreRegs& k = cl_[c].core[cpu];
  k.reset = held;
  if (held) k.wfi_armed = false;
  else ++k.power_ups;
  reset_wire_[c][cpu].set(held);
}

bool ExynosPmu::step(unsigned c) {
  ClusterRegs& cl = cl_[c];
  bool acted = false;
  // 1. A running core with its switch off that has entered WFI: power it off.
  for (unsigned cpu = 0; cpu < p_.cpus[c]; ++cpu) {
    CoreRegs& k = cl.core[cpu];
    if (!k.reset && !(k.config & PWR_LOCAL_ON) && k.wfi_armed) {
      set_reset(c, cpu, true);
      acted = true;
    }
  }
  // 2. Power-ups, before any cluster power-down decision, so that a request
  //    pending when the last core goes down turns the cluster back on instead
  //    of racing with its power-off.
  for (unsigned cpu = 0; cpu < p_.cpus[c]; ++cpu) {
    CoreRegs& k = cl.core[cpu];
    if (!k.reset || !(k.config & PWR_LOCAL_ON)) continue;
    if (cl.pd && !cl.pd->is_on()) {
      cl.pd->request_on();
      while (!cl.pd->is_on()) wait(cl.pd->changed_event());
    }
    set_reset(c, cpu, false);
    return true;  // the world may have moved while we waited: look again
  }
  if ((cl.config & PWR_LOCAL_ON) && cl.pd && cl.pd->is_off()) {
    cl.pd->request_on();
    return true;
  }
  // 3. Every core off and the cluster switch off: power the cluster down.
  bool all_off = true;
  for (unsigned cpu = 0; cpu < p_.cpus[c]; ++cpu) all_off = all_off && cl.core[cpu].reset;
  if (all_off && !(cl.config & PWR_LOCAL_ON) && cl.pd && cl.pd->is_on()) {
    cl.pd->request_off();
    acted = true;
  }
  return acted;
}

void ExynosPmu::thread(unsigned c) {
  for (;;) {
    if (step(c)) continue;
    if (cl_[c].pd) wait(cl_[c].ev | cl_[c].pd->changed_event());
    else wait(cl_[c].ev);
  }
}
