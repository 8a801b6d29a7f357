// SPDX-License-Identifier: GPL-2.0-only
// Dynamic processes: one power sequencer and one DVFS sequencer per cluster.
#define SC_INCLUDE_DYNAMIC_PROCESSES
#include "models/power/tc2_scc.h"

#include "models/common/report.h"
#include "models/regs/tc2_scc.h"

#include <string>

using namespace sc_core;

bool Tc2Scc::check_pm_wakes_ = false;

Tc2Scc::Tc2Scc(sc_module_name name, const Tc2SccParams& p)
    : sc_module(name),
      // Writes start the SPC's processes and PWC_STATUS reads lower its
      // interrupt: at the instant of the access (models/common/initiator.h).
      // Other reads return state that only those processes change, which
      // holds still while the core's lead runs. The router may or may not
      // strip the region base: decode within 4 KiB.
      regs("regs", {SCC_SIZE - 1, p.access_latency, true, RegisterBank::Unmapped::Warn, 3}),
      p_(p) {
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
    if (p_.opps[c].size() > SPC_MAX_OPPS)
      model_error(this->name(), "cluster %u: %zu operating points, the SPC holds at most 8", c,
                  p_.opps[c].size());
    for (const auto& o : p_.opps[c]) {
      if (o.khz % SPC_MULT_FACTOR || o.khz / SPC_MULT_FACTOR > SPC_FREQ_MASK || o.khz == 0)
        model_error(this->name(), "cluster %u: OPP %u kHz is not a non-zero multiple of %u kHz "
                    "below %u kHz", c, o.khz, (unsigned)SPC_MULT_FACTOR,
                    SPC_FREQ_MASK * SPC_MULT_FACTOR);
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
  declare_scc_regs();
  declare_spc_regs();
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
  poke_pm(c);
}

void Tc2Scc::cpu_wake_request(unsigned c, unsigned cpu, bool level) {
  check_cluster_cpu("cpu_wake_request", c, cpu);
  cl_[c].wake[cpu] = level;
  poke_pm(c);
}

uint32_t Tc2Scc::mask_bit(unsigned c, unsigned cpu) const {
  return c == p_.a15_cluster_id ? 1u << cpu : 1u << (SPC_WAKE_INT_A7_SHIFT + cpu);
}

// GBL_WAKEUP_INT_MSK: the A15 cluster's bit, then the A7 cluster's.
uint32_t Tc2Scc::global_bit(unsigned c) const {
  const uint32_t low = GBL_WAKEUP_INT_MSK & -GBL_WAKEUP_INT_MSK;
  return c == p_.a15_cluster_id ? low : GBL_WAKEUP_INT_MSK & ~low;
}

unsigned Tc2Scc::dvfs_type(unsigned c) const {
  return c == p_.a15_cluster_id ? SPC_CA15_DVFS : SPC_CA7_DVFS;
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
  return ((o.uv / 1000) << SPC_VOLT_SHIFT) | (o.khz / SPC_MULT_FACTOR);
}

// ---- register file ---------------------------------------------------------

// The SCC's own registers: read-only here (the SPC owns the resets).
void Tc2Scc::declare_scc_regs() {
  const unsigned a15 = p_.a15_cluster_id, a7 = p_.a7_cluster_id;
  regs.add("RESET_CTRL", SCC_RESET_CTRL).reads([this, a15, a7](unsigned) {
    uint32_t v = 0;
    for (unsigned cpu = 0; cpu < p_.cpus[a15]; ++cpu)
      if (!cl_[a15].reset[cpu]) v |= SCC_RESET_A15_CPU(cpu);
    for (unsigned cpu = 0; cpu < p_.cpus[a7]; ++cpu)
      if (!cl_[a7].reset[cpu]) v |= SCC_RESET_A7_CPU(cpu);
    return v;
  });
  regs.add("A15_CONF", SCC_A15_CONF).reads([a15](unsigned) { return a15; });
  regs.add("A7_CONF", SCC_A7_CONF).reads([a7](unsigned) { return a7; });
  regs.add("SYS_INFO", SCC_SYS_INFO).reads([this, a15, a7](unsigned) {
    return (p_.cpus[a15] << SCC_SYS_INFO_A15_SHIFT) | (p_.cpus[a7] << SCC_SYS_INFO_A7_SHIFT);
  });
}

void Tc2Scc::declare_spc_regs() {
  const unsigned a15 = p_.a15_cluster_id, a7 = p_.a7_cluster_id;
  const auto spc = [](uint32_t off) { return SCC_SPC_OFFSET + off; };
  const struct { const char* lvl; const char* req; uint32_t lvl_off, req_off; unsigned c; }
      perf[] = {{"PERF_LVL_A15", "PERF_REQ_A15", PERF_LVL_A15, PERF_REQ_A15, a15},
                {"PERF_LVL_A7", "PERF_REQ_A7", PERF_LVL_A7, PERF_REQ_A7, a7}};
  for (const auto& k : perf) {
    const unsigned c = k.c;
    regs.add(k.lvl, spc(k.lvl_off))
        .reads([this, c](unsigned) { return perf_[c]; })
        .writes([this, c](unsigned, uint32_t v) { perf_request(c, v); });
    regs.add(k.req, spc(k.req_off)).reads([this, c](unsigned) -> uint32_t {
      return cl_[c].dvfs_busy || !cl_[c].dvfs_queue.empty();
    });
  }
  regs.add("COMMS", spc(COMMS))
      .reads([this](unsigned) { return comms_cmd_; })
      .writes([this](unsigned, uint32_t v) { comms_write(v); });
  regs.add("COMMS_REQ", spc(COMMS_REQ)).reads([this](unsigned) -> uint32_t { return comms_busy_; });
  regs.add("PWC_STATUS", spc(PWC_STATUS)).read_acts().reads([this](unsigned) {
    const uint32_t v = pwc_status_;
    pwc_status_ = 0;  // clear on read, and the interrupt with it
    irq.lower();
    return v;
  });
  regs.add("PWC_FLAG", spc(PWC_FLAG)).stored();
  regs.add("WAKE_INT_MASK", spc(WAKE_INT_MASK))
      .reads([this](unsigned) { return wake_mask_; })
      .writes([this](unsigned, uint32_t v) {
        wake_mask_ = v & (GBL_WAKEUP_INT_MSK | SPC_WAKE_INT_CPU_BITS);
        poke_pm(0);
        poke_pm(1);
      });
  regs.add("WAKE_INT_RAW", spc(WAKE_INT_RAW)).reads([this](unsigned) { return wake_raw(); });
  regs.add("WAKE_INT_STAT", spc(WAKE_INT_STAT))
      .reads([this](unsigned) { return wake_raw() & wake_mask_; });
  const struct { const char* pwrdn; const char* bx; uint32_t pwrdn_off, bx_off; unsigned c; }
      cluster[] = {{"A15_PWRDN_EN", "A15_BX_ADDR", A15_PWRDN_EN, A15_BX_ADDR0, a15},
                   {"A7_PWRDN_EN", "A7_BX_ADDR", A7_PWRDN_EN, A7_BX_ADDR0, a7}};
  for (const auto& k : cluster) {
    Cluster& cl = cl_[k.c];
    regs.add(k.pwrdn, spc(k.pwrdn_off))
        .reads([&cl](unsigned) -> uint32_t { return cl.pwrdn_en; })
        .writes([this, &cl, c = k.c](unsigned, uint32_t v) {
          cl.pwrdn_en = v & 1;
          poke_pm(c);
        });
    // Read only by the boot firmware, on another core's thread, which runs
    // no earlier than the writer's local time: the write goes on the lead.
    regs.add(k.bx, spc(k.bx_off), p_.cpus[k.c])
        .write_only_stores()
        .reads([&cl](unsigned cpu) { return cl.bx_addr[cpu]; })
        .writes([&cl](unsigned cpu, uint32_t v) { cl.bx_addr[cpu] = v; });
  }
  regs.add("STANDBYWFI_STAT", spc(STANDBYWFI_STAT)).reads([this, a15, a7](unsigned) {
    uint32_t v = 0;
    for (unsigned cpu = 0; cpu < p_.cpus[a15]; ++cpu)
      if (cl_[a15].wfi[cpu]) v |= STANDBYWFI_STAT_A15_CPU_MASK(cpu);
    for (unsigned cpu = 0; cpu < p_.cpus[a7]; ++cpu)
      if (cl_[a7].wfi[cpu]) v |= STANDBYWFI_STAT_A7_CPU_MASK(cpu);
    return v;
  });
  regs.add("SYSCFG_WDATA", spc(SYSCFG_WDATA)).stored();
  regs.add("SYSCFG_RDATA", spc(SYSCFG_RDATA)).reads([this](unsigned) { return syscfg_rdata_; });
}

void Tc2Scc::perf_request(unsigned c, uint32_t level) {
  cl_[c].dvfs_queue.emplace_back(level, sc_time_stamp());
  cl_[c].dvfs_ev.notify(SC_ZERO_TIME);
}

void Tc2Scc::comms_write(uint32_t v) {
  if (!(v & SPC_SYSCFG_START)) {
    comms_cmd_ = v;
    return;
  }
  // A second request while one runs: the SPC has one config channel.
  if (comms_busy_) {
    complete(SPC_STAT_ERR(SPC_SYS_CFG));
    return;
  }
  comms_cmd_ = v;
  comms_busy_ = true;
  comms_ev_.notify(SC_ZERO_TIME);
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

bool Tc2Scc::commits(unsigned c, unsigned cpu) const {
  const Cluster& k = cl_[c];
  return k.wfi_armed[cpu] && !k.reset[cpu] && (wake_mask_ & mask_bit(c, cpu));
}

bool Tc2Scc::wakes(unsigned c, unsigned cpu) const {
  const Cluster& k = cl_[c];
  if (!k.reset[cpu] || !k.wake[cpu]) return false;
  const bool armed = wake_mask_ & mask_bit(c, cpu);
  const bool global = (wake_mask_ & global_bit(c)) && k.pd && !k.pd->is_on();
  return armed || global;
}

bool Tc2Scc::powers_off(unsigned c) const {
  const Cluster& k = cl_[c];
  for (unsigned cpu = 0; cpu < p_.cpus[c]; ++cpu)
    if (!k.reset[cpu]) return false;
  return k.pwrdn_en && k.pd && k.pd->is_on();
}

bool Tc2Scc::pm_due(unsigned c) const {
  for (unsigned cpu = 0; cpu < p_.cpus[c]; ++cpu)
    if (commits(c, cpu) || wakes(c, cpu)) return true;
  return powers_off(c);
}

bool Tc2Scc::pm_step(unsigned c) {
  Cluster& k = cl_[c];
  const unsigned n = p_.cpus[c];
  bool acted = false;

  // 1. A core that has entered WFI with its wake-up interrupt armed is
  //    committed to power down: hold it in reset.
  for (unsigned cpu = 0; cpu < n; ++cpu)
    if (commits(c, cpu)) {
      set_reset(c, cpu, true);
      acted = true;
    }

  // 2. Wake-ups, before any power-down decision, so that a request that is
  //    already pending when the last core goes down turns the cluster back
  //    on instead of racing with its power-off.
  for (unsigned cpu = 0; cpu < n; ++cpu) {
    if (!wakes(c, cpu)) continue;
    if (k.pd && !k.pd->is_on()) {
      // The cores come out of reset only into a powered cluster.
      k.pd->request_on();
      while (!k.pd->is_on()) wait(k.pd->changed_event());
    }
    set_reset(c, cpu, false);
    return true;  // the world may have moved while we waited: look again
  }

  // 3. Last core in reset with power-down enabled: switch the cluster off.
  if (powers_off(c)) {
    k.pd->request_off();
    acted = true;
  }
  return acted;
}

// A change of what pm_step() reads wakes the sequencer only when pm_step()
// would act on the state it leaves. Nine wake-ups in ten found nothing to
// do (WFI levels, wake requests and mask writes of cores not committed),
// each a SystemC process switch. Skipping them changes nothing the
// sequencer does: every input of pm_step() but the domain's state pokes
// it, and the domain changes under it only while it waits inside
// pm_step() (for the power-up it requested) or in ways that give it no
// work (On to PoweringDown by its own request, then Off: off either way),
// so the last poke of a delta cycle sees what the sequencer would have
// seen at the start of the next. (A poke with work made in that next
// cycle before the sequencer ran would now wake it a cycle later:
// BLSIM_CHECK_RUN_AHEAD=1 wakes it at every poke and stops the run if
// that happens.) A skipped wake-up still notifies an event that nothing
// waits on, so that the delta cycle stays: a core running ahead stops
// where SystemC has activity pending (models/cpu/core.h), and it finds
// it where it did. The fixed scenarios' outputs are byte-identical.
void Tc2Scc::poke_pm(unsigned c) {
  Cluster& k = cl_[c];
  const bool due = pm_due(c);
  if (due && !k.pm_told) {
    k.pm_told = true;
    k.told_in_delta = sc_delta_count();
  }
  if (due || check_pm_wakes_) k.pm_ev.notify(SC_ZERO_TIME);
  else k.idle_ev.notify(SC_ZERO_TIME);
}

void Tc2Scc::pm_thread(unsigned c) {
  Cluster& k = cl_[c];
  bool told = true;  // the first look, at elaboration, is no wake-up
  for (;;) {
    if (pm_step(c)) {
      // The self-check (every poke wakes it): this wake-up had work, so a
      // poke with work must have come in an earlier delta cycle, which
      // would have woken it now; one made in this delta cycle, before it
      // ran, would have woken it only in the next.
      if (check_pm_wakes_ && !told)
        model_error(name(), "cluster %u: a wake-up that poke_pm() would skip had work", c);
      told = true;  // it looks again on its own
      continue;
    }
    wait(k.pm_ev);
    // The pokes since the last wake-up, this one's reasons: one made while
    // it ran (its own set_reset() lowers the core's STANDBYWFI) counts.
    told = k.pm_told && k.told_in_delta < sc_delta_count();
    k.pm_told = false;
  }
}

// ---- DVFS ------------------------------------------------------------------

void Tc2Scc::keep(const DvfsRecord& r) {
  if (records_.size() == kKeptDvfsRecords) records_.pop_front();
  records_.push_back(r);
}

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
      keep(r);
      complete(SPC_STAT_ERR(type));
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
    keep(r);
    complete(SPC_STAT_COMPLETE(type));
  }
}

// ---- COMMS (system configuration reads) --------------------------------------

void Tc2Scc::comms_thread() {
  for (;;) {
    wait(comms_ev_);
    wait(p_.comms_latency);
    const uint32_t func = comms_cmd_ & SPC_SYSCFG_FUNC_MASK;
    const uint32_t off = (comms_cmd_ & SPC_SYSCFG_OFFSET_MASK) << 2;
    bool ok = false;
    if (func == SPC_SYSCFG_SCC) {
      const unsigned bases[2] = {SPC_A15_PERFVAL_BASE, SPC_A7_PERFVAL_BASE};
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
    complete(ok ? SPC_STAT_COMPLETE(SPC_SYS_CFG) : SPC_STAT_ERR(SPC_SYS_CFG));
  }
}
