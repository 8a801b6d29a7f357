// SPDX-License-Identifier: GPL-2.0-only
// Dynamic processes: one power sequencer and one DVFS sequencer per cluster.
#define SC_INCLUDE_DYNAMIC_PROCESSES
#include "models/power/tc2_scc.h"

#include "models/common/initiator.h"
#include "models/common/mmio32.h"

#include "models/common/report.h"

#include <cstring>
#include <string>

using namespace sc_core;

Tc2Scc::Tc2Scc(sc_module_name name, const Tc2SccParams& p)
    : sc_module(name), socket("socket"), p_(p) {
  const unsigned a15 = p_.a15_cluster_id, a7 = p_.a7_cluster_id;
  if (a15 > 1 || a7 > 1 || a15 == a7)
    model_error(this->name(), "cluster ids A15 %u / A7 %u: TC2 has clusters 0 and 1", a15, a7);
  // A15 mailboxes sit at 0x68 + 4n: a third would alias SYSCFG_WDATA (0x70).
  // A7: tc2_pm.c's TC2_MAX_CPUS_PER_CLUSTER.
  const unsigned max_cpus[2] = {a15 == 0 ? 2u : 3u, a15 == 0 ? 3u : 2u};
  for (unsigned c = 0; c < 2; ++c) {
    if (p_.cpus[c] < 1 || p_.cpus[c] > max_cpus[c])
      model_error(this->name(), "cluster %u: %u cpus, the TC2 SCC has room for 1..%u", c,
                  p_.cpus[c], max_cpus[c]);
    if (p_.opps[c].size() > 8)
      model_error(this->name(), "cluster %u: %zu operating points, the SPC holds at most 8", c,
                  p_.opps[c].size());
    for (const auto& o : p_.opps[c]) {
      if (o.khz % MULT_FACTOR || o.khz / MULT_FACTOR > FREQ_MASK || o.khz == 0)
        model_error(this->name(), "cluster %u: OPP %u kHz is not a non-zero multiple of %u kHz "
                    "below %u kHz", c, o.khz, (unsigned)MULT_FACTOR, FREQ_MASK * MULT_FACTOR);
      if (o.uv % 1000 || o.uv / 1000 > 0xfff)
        model_error(this->name(), "cluster %u: OPP voltage %u uV is not a whole mV below 4096 mV",
                    c, o.uv);
    }
    if (!p_.opps[c].empty() && p_.initial_perf[c] >= p_.opps[c].size())
      model_error(this->name(), "cluster %u: initial performance level %u, table has %zu", c,
                  p_.initial_perf[c], p_.opps[c].size());
    perf_[c] = p_.initial_perf[c];
    auto& run = p_.initially_running[c];
    if (!run.empty() && run.size() != p_.cpus[c])
      model_error(this->name(), "cluster %u: initially_running has %zu entries for %u cpus", c,
                  run.size(), p_.cpus[c]);
    for (unsigned cpu = 0; cpu < p_.cpus[c]; ++cpu) {
      const bool running = run.empty() ? (c == a15 && cpu == 0) : bool(run[cpu]);
      cl_[c].reset[cpu] = !running;
      reset_wire_[c][cpu].set(!running);  // nothing bound yet: sinks read level()
    }
  }
  socket.register_b_transport(this, &Tc2Scc::b_transport);
  for (unsigned c = 0; c < 2; ++c) {
    sc_spawn_options o;
    sc_spawn([this, c] { pm_thread(c); }, ("pm" + std::to_string(c)).c_str(), &o);
    sc_spawn([this, c] { dvfs_thread(c); }, ("dvfs" + std::to_string(c)).c_str(), &o);
  }
  sc_spawn([this] { comms_thread(); }, "comms");
}

void Tc2Scc::connect_cluster(unsigned c, PowerDomain* pd, Regulator* rail, Pll* pll) {
  if (c > 1) model_error(name(), "connect_cluster: no cluster %u", c);
  Cluster& k = cl_[c];
  k.pd = pd;
  k.rail = rail;
  k.pll = pll;
  const auto& opps = p_.opps[c];
  if (p_.check_dvfs_order && rail && pll && !opps.empty()) {
    std::vector<DvfsGuard::Point> table;
    for (const auto& o : opps) table.push_back({uint64_t(o.khz) * 1000, o.uv});
    guard_[c] = std::make_unique<DvfsGuard>(std::string(name()) + ".dvfs_guard" + std::to_string(c),
                                            pll->output(), *rail, std::move(table));
  }
  if (!opps.empty()) {
    const auto& o = opps[perf_[c]];
    if (pll && pll->rate_hz() != uint64_t(o.khz) * 1000)
      model_warning(name(), "cluster %u starts at %llu Hz, not at its initial OPP (%u kHz)", c,
                    (unsigned long long)pll->rate_hz(), o.khz);
    if (rail && rail->voltage_uv() != o.uv)
      model_warning(name(), "cluster %u rail starts at %u uV, not at its initial OPP (%u uV)", c,
                    rail->voltage_uv(), o.uv);
  }
}

void Tc2Scc::check_cluster_cpu(const char* what, unsigned c, unsigned cpu) const {
  if (c > 1 || cpu >= p_.cpus[c]) model_error(name(), "%s: no cpu %u in cluster %u", what, cpu, c);
}

IrqWire& Tc2Scc::core_reset(unsigned c, unsigned cpu) {
  check_cluster_cpu("core_reset", c, cpu);
  return reset_wire_[c][cpu];
}

bool Tc2Scc::in_reset(unsigned c, unsigned cpu) const {
  check_cluster_cpu("in_reset", c, cpu);
  return cl_[c].reset[cpu];
}

uint32_t Tc2Scc::resume_address(unsigned c, unsigned cpu) const {
  check_cluster_cpu("resume_address", c, cpu);
  return cl_[c].bx_addr[cpu];
}

void Tc2Scc::cpu_standbywfi(unsigned c, unsigned cpu, bool level) {
  check_cluster_cpu("cpu_standbywfi", c, cpu);
  Cluster& k = cl_[c];
  // Only an entry into WFI made while running counts: a level left over from
  // before a reset must not put the core straight back into reset.
  if (level && !k.wfi[cpu] && !k.reset[cpu]) k.wfi_armed[cpu] = true;
  if (!level) k.wfi_armed[cpu] = false;
  k.wfi[cpu] = level;
  k.pm_ev.notify(SC_ZERO_TIME);
}

void Tc2Scc::cpu_wake_request(unsigned c, unsigned cpu, bool level) {
  check_cluster_cpu("cpu_wake_request", c, cpu);
  cl_[c].wake[cpu] = level;
  cl_[c].pm_ev.notify(SC_ZERO_TIME);
}

uint32_t Tc2Scc::mask_bit(unsigned c, unsigned cpu) const {
  return c == p_.a15_cluster_id ? 1u << cpu : 1u << (4 + cpu);
}

uint32_t Tc2Scc::global_bit(unsigned c) const {
  return c == p_.a15_cluster_id ? 1u << 10 : 1u << 11;
}

uint32_t Tc2Scc::wake_raw() const {
  uint32_t v = 0;
  for (unsigned c = 0; c < 2; ++c)
    for (unsigned cpu = 0; cpu < p_.cpus[c]; ++cpu)
      if (cl_[c].wake[cpu]) v |= mask_bit(c, cpu);
  return v;
}

uint32_t Tc2Scc::opp_word(unsigned c, unsigned i) const {
  const auto& o = p_.opps[c].at(i);
  return ((o.uv / 1000) << VOLT_SHIFT) | (o.khz / MULT_FACTOR);
}

// ---- register file ---------------------------------------------------------

void Tc2Scc::b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
  // Writes start the SPC's processes and PWC_STATUS reads lower its
  // interrupt: at the instant of the access (models/common/initiator.h).
  // Other reads return state that only those processes change, which holds
  // still while the core's lead runs.
  if (!gp.is_read() || (gp.get_address() & 0xfff) == SPC_BASE + PWC_STATUS) catch_up(gp, delay);
  delay += p_.access_latency;
  // The router may or may not strip the region base: decode within 4 KiB.
  mmio32_transport(gp, 0xfff, [this](uint32_t off) { return read_reg(off); },
                   [this](uint32_t off, uint32_t v) { write_reg(off, v); });
}

uint32_t Tc2Scc::read_reg(uint32_t off) {
  const unsigned a15 = p_.a15_cluster_id, a7 = p_.a7_cluster_id;
  switch (off) {
    case RESET_CTRL: {
      uint32_t v = 0;
      for (unsigned cpu = 0; cpu < p_.cpus[a15]; ++cpu)
        if (!cl_[a15].reset[cpu]) v |= 1u << (2 + cpu);
      for (unsigned cpu = 0; cpu < p_.cpus[a7]; ++cpu)
        if (!cl_[a7].reset[cpu]) v |= 1u << (16 + cpu);
      return v;
    }
    case A15_CONF: return a15;
    case A7_CONF: return a7;
    case SYS_INFO: return (p_.cpus[a15] << 16) | (p_.cpus[a7] << 20);
  }
  if (off >= SPC_BASE && off < SPC_BASE + 0x100) {
    const uint32_t s = off - SPC_BASE;
    switch (s) {
      case PERF_LVL_A15: return perf_[a15];
      case PERF_LVL_A7: return perf_[a7];
      case PERF_REQ_A15: return cl_[a15].dvfs_busy || !cl_[a15].dvfs_queue.empty();
      case PERF_REQ_A7: return cl_[a7].dvfs_busy || !cl_[a7].dvfs_queue.empty();
      case COMMS: return comms_cmd_;
      case COMMS_REQ: return comms_busy_;
      case PWC_STATUS: {
        const uint32_t v = pwc_status_;
        pwc_status_ = 0;  // clear on read, and the interrupt with it
        irq.lower();
        return v;
      }
      case PWC_FLAG: return pwc_flag_;
      case WAKE_INT_MASK: return wake_mask_;
      case WAKE_INT_RAW: return wake_raw();
      case WAKE_INT_STAT: return wake_raw() & wake_mask_;
      case A15_PWRDN_EN: return cl_[a15].pwrdn_en;
      case A7_PWRDN_EN: return cl_[a7].pwrdn_en;
      case STANDBYWFI_STAT: {
        uint32_t v = 0;
        for (unsigned cpu = 0; cpu < p_.cpus[a15]; ++cpu)
          if (cl_[a15].wfi[cpu]) v |= 1u << cpu;
        for (unsigned cpu = 0; cpu < p_.cpus[a7]; ++cpu)
          if (cl_[a7].wfi[cpu]) v |= 1u << (3 + cpu);
        return v;
      }
      case SYSCFG_WDATA: return syscfg_wdata_;
      case SYSCFG_RDATA: return syscfg_rdata_;
    }
    if (s >= A15_BX_ADDR0 && s < A15_BX_ADDR0 + 4 * p_.cpus[a15])
      return cl_[a15].bx_addr[(s - A15_BX_ADDR0) / 4];
    if (s >= A7_BX_ADDR0 && s < A7_BX_ADDR0 + 4 * p_.cpus[a7])
      return cl_[a7].bx_addr[(s - A7_BX_ADDR0) / 4];
  }
  if (warned_offsets_.insert(off).second)
    model_warning(name(), "read of unmodelled register at offset 0x%03x reads as zero", off);
  return 0;
}

void Tc2Scc::write_reg(uint32_t off, uint32_t v) {
  const unsigned a15 = p_.a15_cluster_id, a7 = p_.a7_cluster_id;
  if (off >= SPC_BASE && off < SPC_BASE + 0x100) {
    const uint32_t s = off - SPC_BASE;
    auto perf_req = [&](unsigned c) {
      cl_[c].dvfs_queue.emplace_back(v, sc_time_stamp());
      cl_[c].dvfs_ev.notify(SC_ZERO_TIME);
    };
    switch (s) {
      case PERF_LVL_A15: perf_req(a15); return;
      case PERF_LVL_A7: perf_req(a7); return;
      case COMMS:
        if (!(v & SYSCFG_START)) {
          comms_cmd_ = v;
          return;
        }
        // A second request while one runs: the SPC has one config channel.
        if (comms_busy_) {
          complete(stat_err(SPC_SYS_CFG));
          return;
        }
        comms_cmd_ = v;
        comms_busy_ = true;
        comms_ev_.notify(SC_ZERO_TIME);
        return;
      case PWC_FLAG: pwc_flag_ = v; return;
      case WAKE_INT_MASK:
        wake_mask_ = v & (GBL_WAKEUP_INT_MSK | 0x7fu);
        cl_[0].pm_ev.notify(SC_ZERO_TIME);
        cl_[1].pm_ev.notify(SC_ZERO_TIME);
        return;
      case A15_PWRDN_EN:
        cl_[a15].pwrdn_en = v & 1;
        cl_[a15].pm_ev.notify(SC_ZERO_TIME);
        return;
      case A7_PWRDN_EN:
        cl_[a7].pwrdn_en = v & 1;
        cl_[a7].pm_ev.notify(SC_ZERO_TIME);
        return;
      case SYSCFG_WDATA: syscfg_wdata_ = v; return;
    }
    if (s >= A15_BX_ADDR0 && s < A15_BX_ADDR0 + 4 * p_.cpus[a15]) {
      cl_[a15].bx_addr[(s - A15_BX_ADDR0) / 4] = v;
      return;
    }
    if (s >= A7_BX_ADDR0 && s < A7_BX_ADDR0 + 4 * p_.cpus[a7]) {
      cl_[a7].bx_addr[(s - A7_BX_ADDR0) / 4] = v;
      return;
    }
  }
  if (warned_offsets_.insert(off | 0x80000000u).second)
    model_warning(name(), "write of 0x%08x to read-only or unmodelled offset 0x%03x ignored", v,
                  off);
}

void Tc2Scc::complete(uint32_t bits) {
  pwc_status_ |= bits;
  irq.raise();
}

// ---- power sequencer ---------------------------------------------------------

void Tc2Scc::set_reset(unsigned c, unsigned cpu, bool held) {
  Cluster& k = cl_[c];
  k.reset[cpu] = held;
  if (held) k.wfi_armed[cpu] = false;
  reset_wire_[c][cpu].set(held);
}

bool Tc2Scc::pm_step(unsigned c) {
  Cluster& k = cl_[c];
  const unsigned n = p_.cpus[c];
  bool acted = false;

  // 1. A core that has entered WFI with its wake-up interrupt armed is
  //    committed to power down: hold it in reset.
  for (unsigned cpu = 0; cpu < n; ++cpu)
    if (k.wfi_armed[cpu] && !k.reset[cpu] && (wake_mask_ & mask_bit(c, cpu))) {
      set_reset(c, cpu, true);
      acted = true;
    }

  // 2. Wake-ups, before any power-down decision, so that a request that is
  //    already pending when the last core goes down turns the cluster back
  //    on instead of racing with its power-off.
  const bool cluster_off = k.pd && !k.pd->is_on();
  for (unsigned cpu = 0; cpu < n; ++cpu) {
    if (!k.reset[cpu] || !k.wake[cpu]) continue;
    const bool armed = wake_mask_ & mask_bit(c, cpu);
    const bool global = (wake_mask_ & global_bit(c)) && cluster_off;
    if (!armed && !global) continue;
    if (k.pd && !k.pd->is_on()) {
      // The cores come out of reset only into a powered cluster.
      k.pd->request_on();
      while (!k.pd->is_on()) wait(k.pd->changed_event());
    }
    set_reset(c, cpu, false);
    return true;  // the world may have moved while we waited: look again
  }

  // 3. Last core in reset with power-down enabled: switch the cluster off.
  bool all_reset = true;
  for (unsigned cpu = 0; cpu < n; ++cpu) all_reset = all_reset && k.reset[cpu];
  if (all_reset && k.pwrdn_en && k.pd && k.pd->is_on()) {
    k.pd->request_off();
    acted = true;
  }
  return acted;
}

void Tc2Scc::pm_thread(unsigned c) {
  for (;;)
    if (!pm_step(c)) wait(cl_[c].pm_ev);
}

// ---- DVFS ------------------------------------------------------------------

void Tc2Scc::dvfs_thread(unsigned c) {
  Cluster& k = cl_[c];
  const unsigned type = dvfs_type(c);
  for (;;) {
    while (k.dvfs_queue.empty()) {
      k.dvfs_busy = false;
      wait(k.dvfs_ev);
    }
    k.dvfs_busy = true;
    const auto [level, requested] = k.dvfs_queue.front();
    k.dvfs_queue.pop_front();
    DvfsRecord r{c, perf_[c], level, 0, 0, requested, SC_ZERO_TIME, SC_ZERO_TIME, SC_ZERO_TIME,
                 false};
    const auto& opps = p_.opps[c];
    if (level >= opps.size()) {
      r.error = true;
      r.completed = sc_time_stamp();
      records_.push_back(r);
      complete(stat_err(type));
      continue;
    }
    // The firmware's time first: the request is not acted on until it has
    // been processed (blsim,perf-firmware-ns, docs/dt-properties.md).
    if (p_.perf_firmware > SC_ZERO_TIME) wait(p_.perf_firmware);
    const auto& o = opps[level];
    r.khz = o.khz;
    r.uv = o.uv;
    const uint64_t hz = uint64_t(o.khz) * 1000;
    if (!k.rail || !k.pll)
      model_warning(name(), "cluster %u has no rail or PLL connected: DVFS changes nothing", c);
    auto set_voltage = [&] {
      if (k.rail) {
        k.rail->set_voltage_uv(o.uv);
        if (!k.rail->settled()) wait(k.rail->settled_event());
      }
      r.voltage_settled = sc_time_stamp();
    };
    auto set_clock = [&] {
      if (k.pll) {
        k.pll->set_rate(hz);
        if (!k.pll->locked()) wait(k.pll->locked_event());
      }
      r.clock_locked = sc_time_stamp();
    };
    // Raise voltage before frequency; lower frequency before voltage.
    const bool faster = k.pll ? hz >= k.pll->rate_hz() : level >= perf_[c];
    if (faster) {
      set_voltage();
      set_clock();
    } else {
      set_clock();
      set_voltage();
    }
    perf_[c] = level;
    r.completed = sc_time_stamp();
    records_.push_back(r);
    complete(stat_complete(type));
  }
}

// ---- COMMS (system configuration reads) --------------------------------------

void Tc2Scc::comms_thread() {
  for (;;) {
    wait(comms_ev_);
    wait(p_.comms_latency);
    const uint32_t func = comms_cmd_ & SYSCFG_FUNC_MASK;
    const uint32_t off = (comms_cmd_ & SYSCFG_OFFSET_MASK) << 2;
    bool ok = false;
    if (func == SYSCFG_SCC) {
      const unsigned bases[2] = {A15_PERFVAL_BASE, A7_PERFVAL_BASE};
      const unsigned clusters[2] = {p_.a15_cluster_id, p_.a7_cluster_id};
      for (unsigned i = 0; i < 2 && !ok; ++i) {
        const unsigned c = clusters[i];
        if (off >= bases[i] && off < bases[i] + 4 * p_.opps[c].size()) {
          syscfg_rdata_ = opp_word(c, (off - bases[i]) / 4);
          ok = true;
        }
      }
    }
    comms_busy_ = false;
    complete(ok ? stat_complete(SPC_SYS_CFG) : stat_err(SPC_SYS_CFG));
  }
}
