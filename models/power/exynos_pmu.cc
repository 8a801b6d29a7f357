// SPDX-License-Identifier: GPL-2.0-only
// Dynamic processes: one power sequencer per cluster.
#define SC_INCLUDE_DYNAMIC_PROCESSES
#include "models/power/exynos_pmu.h"

#include "models/common/initiator.h"
#include "models/common/mmio32.h"
#include "models/common/report.h"

#include <string>

using namespace sc_core;

ExynosPmu::ExynosPmu(sc_module_name name, const ExynosPmuParams& p)
    : sc_module(name), socket("socket"), p_(p) {
  for (unsigned c = 0; c < kClusters; ++c) {
    if (p_.cpus[c] < 1 || p_.cpus[c] > kCpus)
      model_error(this->name(), "cluster %u: %u cpus, the PMU has switches for 1..%u", c,
                  p_.cpus[c], kCpus);
    auto& run = p_.initially_running[c];
    if (!run.empty() && run.size() != p_.cpus[c])
      model_error(this->name(), "cluster %u: initially_running has %zu entries for %u cpus", c,
                  run.size(), p_.cpus[c]);
    cl_[c].config = p_.cluster_on[c] ? kLocalPwrEn : 0;
    for (unsigned cpu = 0; cpu < p_.cpus[c]; ++cpu) {
      const bool running = !run.empty() && run[cpu];
      if (running && !p_.cluster_on[c])
        model_error(this->name(), "cluster %u: cpu %u runs in a cluster that is off", c, cpu);
      CoreRegs& k = cl_[c].core[cpu];
      k.reset = !running;
      k.config = running ? kLocalPwrEn : 0;
      reset_wire_[c][cpu].set(!running);  // nothing bound yet: sinks read level()
    }
  }
  socket.register_b_transport(this, &ExynosPmu::b_transport);
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

void ExynosPmu::b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
  catch_up(gp, delay);  // works at SystemC's time (models/common/initiator.h)
  delay += p_.access_latency;
  mmio32_transport(gp, 0x7fff, [this](uint32_t off) { return read(off); },
                   [this](uint32_t off, uint32_t v) { write(off, v); });
}

uint32_t ExynosPmu::read(uint32_t off) {
  switch (off) {
    case Reg::SWRESET: return 0;
    case Reg::INFORM0: return inform0_;
    case Reg::SPARE2: return 1;
    case Reg::SPARE3: return spare3_;
  }
  if (off >= Reg::CORE_CONFIGURATION0 && off < Reg::CORE_CONFIGURATION0 + 8 * Reg::STRIDE) {
    const unsigned n = (off - Reg::CORE_CONFIGURATION0) / Reg::STRIDE, c = n / kCpus, cpu = n % kCpus;
    const uint32_t r = (off - Reg::CORE_CONFIGURATION0) % Reg::STRIDE;
    if (cpu < p_.cpus[c]) {
      const CoreRegs& k = cl_[c].core[cpu];
      if (r == 0) return k.config;
      if (r == Reg::STATUS) return k.reset ? 0 : kLocalPwrEn;
      if (r == Reg::OPTION) return k.option;
    }
  }
  if (off >= Reg::COMMON_CONFIGURATION0 && off < Reg::COMMON_CONFIGURATION0 + kClusters * Reg::STRIDE) {
    const unsigned c = (off - Reg::COMMON_CONFIGURATION0) / Reg::STRIDE;
    const uint32_t r = (off - Reg::COMMON_CONFIGURATION0) % Reg::STRIDE;
    if (r == 0) return cl_[c].config;
    if (r == Reg::STATUS) return cl_[c].pd && cl_[c].pd->is_on() ? kLocalPwrEn : 0;
    if (r == Reg::OPTION) return cl_[c].option;
  }
  if (warned_.insert(off).second)
    model_warning(name(), "read of unmodelled register at offset 0x%04x reads as zero", off);
  return 0;
}

void ExynosPmu::write(uint32_t off, uint32_t v) {
  switch (off) {
    case Reg::SWRESET: {
      // The KFC (A7) core resets: the A7 cluster is MPIDR cluster 1.
      const unsigned c = 1;
      for (unsigned cpu = 0; cpu < p_.cpus[c]; ++cpu)
        if ((v & kfc_core_reset(cpu)) == kfc_core_reset(cpu) && !cl_[c].core[cpu].reset) {
          set_reset(c, cpu, true);  // a pulse: the core restarts at its reset vector
          set_reset(c, cpu, false);
        }
      return;
    }
    case Reg::INFORM0: inform0_ = v; return;
    case Reg::SPARE3: spare3_ = v; return;
  }
  if (off >= Reg::CORE_CONFIGURATION0 && off < Reg::CORE_CONFIGURATION0 + 8 * Reg::STRIDE) {
    const unsigned n = (off - Reg::CORE_CONFIGURATION0) / Reg::STRIDE, c = n / kCpus, cpu = n % kCpus;
    const uint32_t r = (off - Reg::CORE_CONFIGURATION0) % Reg::STRIDE;
    if (cpu < p_.cpus[c] && (r == 0 || r == Reg::OPTION)) {
      (r == 0 ? cl_[c].core[cpu].config : cl_[c].core[cpu].option) = r == 0 ? v & kLocalPwrEn : v;
      cl_[c].ev.notify(SC_ZERO_TIME);
      return;
    }
  }
  if (off >= Reg::COMMON_CONFIGURATION0 && off < Reg::COMMON_CONFIGURATION0 + kClusters * Reg::STRIDE) {
    const unsigned c = (off - Reg::COMMON_CONFIGURATION0) / Reg::STRIDE;
    const uint32_t r = (off - Reg::COMMON_CONFIGURATION0) % Reg::STRIDE;
    if (r == 0 || r == Reg::OPTION) {
      (r == 0 ? cl_[c].config : cl_[c].option) = r == 0 ? v & kLocalPwrEn : v;
      cl_[c].ev.notify(SC_ZERO_TIME);
      return;
    }
  }
  if (warned_.insert(off | 0x80000000u).second)
    model_warning(name(), "write of 0x%08x to read-only or unmodelled offset 0x%04x ignored", v, off);
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
    if (!k.reset && !(k.config & kLocalPwrEn) && k.wfi_armed) {
      set_reset(c, cpu, true);
      acted = true;
    }
  }
  // 2. Power-ups, before any cluster power-down decision, so that a request
  //    pending when the last core goes down turns the cluster back on instead
  //    of racing with its power-off.
  for (unsigned cpu = 0; cpu < p_.cpus[c]; ++cpu) {
    CoreRegs& k = cl.core[cpu];
    if (!k.reset || !(k.config & kLocalPwrEn)) continue;
    if (cl.pd && !cl.pd->is_on()) {
      cl.pd->request_on();
      while (!cl.pd->is_on()) wait(cl.pd->changed_event());
    }
    set_reset(c, cpu, false);
    return true;  // the world may have moved while we waited: look again
  }
  if ((cl.config & kLocalPwrEn) && cl.pd && cl.pd->is_off()) {
    cl.pd->request_on();
    return true;
  }
  // 3. Every core off and the cluster switch off: power the cluster down.
  bool all_off = true;
  for (unsigned cpu = 0; cpu < p_.cpus[c]; ++cpu) all_off = all_off && cl.core[cpu].reset;
  if (all_off && !(cl.config & kLocalPwrEn) && cl.pd && cl.pd->is_on()) {
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
