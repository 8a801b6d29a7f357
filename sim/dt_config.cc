// SPDX-License-Identifier: GPL-2.0-only
#include "sim/dt_config.h"

#include "sim/board/board.h"

#include <algorithm>
#include <cmath>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>

extern "C" {
#include <libfdt.h>
}

#include "models/clock/exynos5420_cmu.h"
#include "models/common/report.h"
#include "models/power/s2mps11.h"

// ---- Shared by the board readers (sim/board/board.h) ----------------------------

namespace dtcfg {

uint64_t positive(const Fdt& f, int node, const char* prop, uint64_t v) {
  if (v == 0) f.fail(node, prop, "must be greater than zero");
  return v;
}

// A frequency cell: zero, or a value that is negative read as a signed cell
// (what dtc makes of <(-1)>), is no clock at all.
uint64_t hz(const Fdt& f, int node, const char* prop, uint32_t v) {
  if (v == 0) f.fail(node, prop, "a clock of 0 Hz");
  if (v & 0x80000000u)
    f.fail(node, prop, "a negative clock (" + std::to_string(static_cast<int32_t>(v)) + " Hz)");
  return v;
}

int required_node(const Fdt& f, const char* compat, const char* what) {
  auto n = f.compatible_nodes(compat);
  if (n.empty())
    throw DtError(f.file() + ": no " + what + " node (compatible \"" + compat + "\")");
  return n.front();
}

// An SPI number from an `interrupts` specifier, checked against the GIC's
// SPIs (blsim,num-spis); returns its INTID.
unsigned spi_intid(const Fdt& f, int node, const PlatformConfig& pc, uint32_t spi) {
  if (spi >= pc.gic.params.num_spis)
    f.fail(node, "interrupts", "SPI " + std::to_string(spi) + " is beyond the GIC's " +
                                   std::to_string(pc.gic.params.num_spis) + " SPIs (0.." +
                                   std::to_string(static_cast<int>(pc.gic.params.num_spis) - 1) + ", " +
                                   pc.gic.node + " blsim,num-spis)");
  return 32 + spi;
}

// A root node named `name` (the one the simulator would add for a device
// the DT lacks) that is not an enabled `compat` node: the add would fail, and
// the node is most likely the device with a mistake in it.
// With any_address, any unit address counts (a node named for the device).
void check_no_stray_node(const Fdt& f, const std::string& name, const char* compat,
                         const char* what, bool any_address) {
  for (int c : f.children(f.root())) {
    const std::string nm = f.name(c);
    if (nm != name && (!any_address || nm.substr(0, nm.find('@')) != name.substr(0, name.find('@'))))
      continue;
    if (f.is_compatible(c, compat) && f.is_enabled(c)) continue;
    const std::string why = !f.has(c, "compatible") ? "has no 'compatible'"
                            : !f.is_compatible(c, compat)
                                ? "has a 'compatible' without \"" + std::string(compat) + "\""
                                : "is disabled (status)";
    f.fail(c, nullptr, why + ": named as the " + what + ", which needs compatible = \"" + compat +
                           "\" (and no status, or \"okay\"); blsim cannot add its own " + what +
                           " beside it");
  }
}

// A regulator node's range, ramp and settling time (binding regulator.yaml):
// the TC2's rail or an S2MPS11 buck, whose ramp defaults differ.
void read_regulator(const Fdt& f, Defaults& d, int reg, uint32_t ramp_default, ClusterConfig& cl) {
  cl.rail_name = f.opt_string(reg, "regulator-name").value_or(f.name(reg));
  cl.rail.min_uv = f.u32(reg, "regulator-min-microvolt");
  cl.rail.max_uv = f.u32(reg, "regulator-max-microvolt");
  if (cl.rail.min_uv > cl.rail.max_uv)
    f.fail(reg, "regulator-min-microvolt", "above regulator-max-microvolt");
  cl.rail.ramp_uv_per_us = static_cast<uint32_t>(positive(
      f, reg, "regulator-ramp-delay", d.u32(reg, "regulator-ramp-delay", ramp_default, "uV/us")));
  cl.rail.settle_time = sc_core::sc_time(d.u32(reg, "regulator-settling-time-us", 5, "us"), sc_core::SC_US);
}

}  // namespace dtcfg

namespace {

using namespace dtcfg;

// What differs between the two core types when the DT is silent: published
// TC2 facts where they exist (REFERENCE.md), otherwise the documented blsim
// defaults (docs/dt-properties.md). Kept in one table so that nothing about a
// core type is buried in model code.
struct CoreTypeDefaults {
  const char* compatible;
  const char* type;
  uint32_t part;
  uint32_t ipc_milli[4];             // kernel, int, fp, mem
  uint32_t dirty_per_kinstr_milli[4];
  uint32_t l1d_size, l1d_sets, l1d_hit_cycles;
  uint32_t l2_size, l2_sets;
  uint32_t walk_cycles_per_set;
  uint32_t context_save_cycles, context_restore_cycles;
  uint32_t barrier_cycles, irq_entry_cycles;
  uint32_t capacity, dyn_power;
  uint32_t port_cycles;
  uint32_t cold_resume_lines, l2_hit_cycles;
};

// IPC: the ratio A15/A7 per MHz follows capacity-dmips-mhz (1024/516 = 1.98);
// dirtying rates: lines written per 1000 instructions of each work kind.
const CoreTypeDefaults kCoreTypes[] = {
    {"arm,cortex-a15", "cortex-a15", 0xC0F, {1000, 1750, 1400, 600},
     {4000, 2000, 2000, 16000}, 32768, 256, 4, 1048576, 1024, 2, 300, 300, 20, 60,
     1024, 990, 8, 128, 21},
    {"arm,cortex-a7", "cortex-a7", 0xC07, {504, 882, 706, 302},
     {4000, 2000, 2000, 16000}, 32768, 128, 3, 524288, 1024, 2, 400, 400, 10, 40,
     516, 133, 6, 128, 12},
};

const CoreTypeDefaults* core_type(const Fdt& f, int node) {
  for (auto& t : kCoreTypes)
    if (f.is_compatible(node, t.compatible)) return &t;
  auto c = f.strings(node, "compatible");
  if (c.empty()) f.fail(node, "compatible", "property is missing");
  f.fail(node, "compatible", "unknown CPU type '" + c.front() +
                                 "' (blsim models arm,cortex-a15 and arm,cortex-a7)");
}


// The energy model's defaults by core type, calibrated against ARM's EAS TC2
// energy model with the default OPP voltages (docs/energy-model.md).
struct EnergyDefaults {
  const char* type;
  uint32_t activity_milli[4];     // kernel, int, fp, mem; int is the calibration work
  uint32_t idle_activity_milli;   // Wfi/Wfe
  uint32_t leakage_uw, wfi_leakage_uw, leakage_exponent_milli;
  uint32_t cl_dyn_coeff, cl_active_static_uw, cl_idle_static_uw, cl_off_static_uw;
  uint32_t cl_static_exponent_milli;
};
// The idle terms (wfi-leakage, idle-static, off-static) are calibrated to
// EAS's cluster idle power (A15 WFI 70, cluster-sleep 25; A7 25, 10 units)
// at the top OPP's voltage; the split between them is assumed
// (docs/energy-model.md).
const EnergyDefaults kEnergy[] = {
    {"cortex-a15", {850, 1000, 1150, 700}, 0, 45000, 2018, 8000, 220, 2549000, 9006, 4215, 3500},
    {"cortex-a7", {850, 1000, 1150, 700}, 0, 15000, 223, 8000, 20, 707500, 2640, 1390, 3500},
};
const EnergyDefaults& energy_defaults(const std::string& type) {
  for (auto& e : kEnergy)
    if (type == e.type) return e;
  return kEnergy[0];
}

void read_cpu_energy(const Fdt& f, Defaults& d, int n, const CoreTypeDefaults& t, CpuConfig& c) {
  const EnergyDefaults& e = energy_defaults(t.type);
  auto act = d.cells(n, "blsim,activity-milli", {e.activity_milli, e.activity_milli + 4}, 4);
  for (int k = 0; k < 4; ++k) c.energy.activity[k] = act[k] / 1000.0;
  c.energy.idle_activity = d.u32(n, "blsim,idle-activity-milli", e.idle_activity_milli, "") / 1000.0;
  c.energy.leakage_uw = d.u32(n, "blsim,leakage-uw", e.leakage_uw, "uW");
  c.energy.wfi_leakage_uw = d.u32(n, "blsim,wfi-leakage-uw", e.wfi_leakage_uw, "uW");
  c.energy.leakage_exponent = positive(f, n, "blsim,leakage-exponent-milli",
                                d.u32(n, "blsim,leakage-exponent-milli",
                                      e.leakage_exponent_milli, "")) / 1000.0;
}

void read_cpus(const Fdt& f, Defaults& d, PlatformConfig& pc) {
  const int cpus = f.path_offset("/cpus");
  if (cpus < 0) throw DtError(f.file() + ": no /cpus node");
  // Read by the kernel (kernel/time/tick.c, the same default); read here
  // so that its default is announced and its range checked.
  (void)d.u32(cpus, "blsim,housekeeping-period-us", 1000000, "us");
  std::set<uint32_t> mpidrs;
  for (int n : f.children(cpus)) {
    auto dt = f.opt_string(n, "device_type");
    if (!dt || *dt != "cpu") continue;
    if (!f.is_enabled(n)) continue;
    const CoreTypeDefaults* t = core_type(f, n);
    CpuConfig c;
    c.node = f.path(n);
    auto reg = f.u32_array(n, "reg");
    if (reg.empty()) f.fail(n, "reg", "property is missing (it holds the CPU's MPIDR)");
    c.mpidr = reg.back() & 0xFFFFFF;
    if (!mpidrs.insert(c.mpidr).second)
      f.fail(n, "reg", "MPIDR " + std::to_string(c.mpidr) + " used by two CPUs");
    c.type = t->type;
    c.part_number = t->part;
    c.cluster = (c.mpidr >> 8) & 0xff;
    if (c.mpidr & 0xFF0000) f.fail(n, "reg", "MPIDR Aff2 is not supported");
    c.capacity_dmips_mhz = d.u32(n, "capacity-dmips-mhz", t->capacity, "");
    c.energy.dyn_coeff_uw = d.u32(n, "dynamic-power-coefficient", t->dyn_power, "");
    c.core.mpidr = c.mpidr;
    c.core.part_number = c.part_number;
    c.core.type = c.type;
    auto ipc = d.cells(n, "blsim,ipc-milli", {t->ipc_milli, t->ipc_milli + 4}, 4);
    auto dirty = d.cells(n, "blsim,dirty-lines-per-minstr",
                         {t->dirty_per_kinstr_milli, t->dirty_per_kinstr_milli + 4}, 4);
    for (int k = 0; k < 4; ++k) {
      if (ipc[k] == 0) f.fail(n, "blsim,ipc-milli", "an IPC of zero can never finish work");
      c.core.ipc[k] = ipc[k] / 1000.0;
      c.core.dirty_lines_per_kinstr[k] = dirty[k] / 1000.0;
    }
    c.core.l1d.size_bytes = d.u32(n, "d-cache-size", t->l1d_size, "bytes");
    c.core.l1d.line_bytes = d.u32(n, "d-cache-line-size", 64, "bytes");
    const uint32_t sets = d.u32(n, "d-cache-sets", t->l1d_sets, "");
    positive(f, n, "d-cache-line-size", c.core.l1d.line_bytes);
    positive(f, n, "d-cache-sets", sets);
    c.core.l1d.ways = c.core.l1d.size_bytes / c.core.l1d.line_bytes / sets;
    if (c.core.l1d.ways == 0) f.fail(n, "d-cache-sets", "more sets than lines");
    c.core.l1d.hit_cycles = d.u32(n, "blsim,l1-hit-cycles", t->l1d_hit_cycles, "cycles");
    c.core.l1d.walk_cycles_per_set = d.u32(n, "blsim,cache-walk-cycles-per-set",
                                      t->walk_cycles_per_set, "cycles");
    c.core.context_save_cycles = d.u32(n, "blsim,context-save-cycles", t->context_save_cycles, "cycles");
    c.core.context_restore_cycles =
        d.u32(n, "blsim,context-restore-cycles", t->context_restore_cycles, "cycles");
    c.core.barrier_cycles = d.u32(n, "blsim,barrier-cycles", t->barrier_cycles, "cycles");
    c.core.irq_entry_cycles = d.u32(n, "blsim,irq-entry-cycles", t->irq_entry_cycles, "cycles");
    c.core.cold_resume_lines = d.u32(n, "blsim,cold-resume-lines", t->cold_resume_lines, "lines");
    c.core.l2_hit_cycles = d.u32(n, "blsim,l2-hit-cycles", t->l2_hit_cycles, "cycles");
    read_cpu_energy(f, d, n, *t, c);
    pc.cpus.push_back(c);
  }
  if (pc.cpus.empty()) f.fail(cpus, nullptr, "no enabled cpu nodes (device_type = \"cpu\")");
  // Linux boots on the first CPU of /cpus on TC2 (MPIDR 0x0, an A15).
  pc.boot_cpu = 0;
}

// The L2 a cluster's CPUs point at with next-level-cache, if any.
int l2_node(const Fdt& f, const PlatformConfig& pc, const ClusterConfig& cl) {
  const int cpu = f.path_offset(pc.cpus[cl.cpus.front()].node);
  auto ph = f.opt_u32(cpu, "next-level-cache");
  return ph ? f.node_by_phandle(*ph) : -1;
}

// The cpu-map's shape (binding cpu/cpu-topology): a cluster node holds
// clusters or cores, at least one; a core holds threads or has `cpu`, a
// phandle to a cpu node. An empty cluster or a dangling `cpu` is an error:
// the binding requires them, and blsim would silently read nothing there.
void check_cpu_map_node(const Fdt& f, int node) {
  const std::string name = f.name(node);
  auto is = [&](int n, const char* prefix) { return f.name(n).rfind(prefix, 0) == 0; };
  if (is(node, "cluster") || f.path(node) == "/cpus/cpu-map") {
    const auto kids = f.children(node);
    if (kids.empty())
      f.fail(node, nullptr, f.path(node) == "/cpus/cpu-map"
                                ? "no cluster (the binding needs at least one)"
                                : "a cluster with no cores (the cpu-map binding needs at least one "
                                  "core or cluster in it)");
    for (int k : kids) check_cpu_map_node(f, k);
    return;
  }
  if (is(node, "core") || is(node, "thread")) {
    const auto kids = f.children(node);
    if (is(node, "core") && !kids.empty() && !f.has(node, "cpu")) {
      for (int k : kids) check_cpu_map_node(f, k);
      return;
    }
    auto ph = f.opt_u32(node, "cpu");
    if (!ph) f.fail(node, "cpu", "property is missing (the phandle of this core's cpu node)");
    const int cpu = f.node_by_phandle(*ph);
    if (cpu < 0) f.fail(node, "cpu", "phandle points to no node");
    const auto dt = f.opt_string(cpu, "device_type");
    if (!dt || *dt != "cpu")
      f.fail(node, "cpu", "points at " + f.path(cpu) + ", which is not a cpu node");
  }
}

// The idle states the kernel model's cpuidle driver will read (binding
// arm/idle-states, rules of dt_idle_states.c): checked here so that a bad one
// is an input error naming the node and property, not a kernel that quietly
// runs without cpuidle ("driver not registered (-22)").
void check_idle_states(const Fdt& f, const PlatformConfig& pc) {
  std::map<unsigned, std::pair<std::string, std::vector<uint32_t>>> first_of_cluster;
  for (const auto& c : pc.cpus) {
    const int cpu = f.path_offset(c.node);
    const auto list = f.u32_array(cpu, "cpu-idle-states");
    for (size_t i = 0; i < list.size(); i++) {
      const int st = f.node_by_phandle(list[i]);
      const std::string entry = "cpu-idle-states";
      if (st < 0)
        f.fail(cpu, entry.c_str(), "entry " + std::to_string(i) + ": phandle points to no node");
      if (!f.is_enabled(st)) continue;
      if (!f.is_compatible(st, "arm,idle-state"))
        f.fail(st, "compatible", "must be \"arm,idle-state\" (the only idle state the "
                                 "big.LITTLE cpuidle driver knows)");
      for (const char* p : {"exit-latency-us", "min-residency-us"})
        if (!f.opt_u32(st, p)) f.fail(st, p, "property is missing (binding arm/idle-states)");
      if (!f.opt_u32(st, "wakeup-latency-us") && !f.opt_u32(st, "entry-latency-us"))
        f.fail(st, "entry-latency-us", "property is missing (needed without wakeup-latency-us)");
      const uint32_t exit = *f.opt_u32(st, "exit-latency-us");
      const uint32_t res = *f.opt_u32(st, "min-residency-us");
      if (exit > res)
        f.fail(st, "exit-latency-us", std::to_string(exit) + " us is above min-residency-us (" +
                                          std::to_string(res) + " us)");
    }
    // One driver per cluster: its CPUs must list the same states.
    auto [it, fresh] = first_of_cluster.emplace(c.cluster, std::make_pair(c.node, list));
    if (!fresh && it->second.second != list)
      f.fail(cpu, "cpu-idle-states", "differs from " + it->second.first +
                                         "'s, a CPU of the same cluster (one cpuidle driver per "
                                         "cluster needs one list)");
  }
}

void check_cpu_map(const Fdt& f) {
  const int map = f.path_offset("/cpus/cpu-map");
  if (map >= 0) check_cpu_map_node(f, map);
}

// The cpu-map cluster node for a cluster (binding cpus/cpu-map), if any: the
// one whose cores point at the cluster's CPUs (upstream numbers cpu-map
// clusters in its own order: the Exynos 5422's cluster0 is the A7s, MPIDR
// cluster 1), else the one named cluster<id> unless that one holds another
// cluster's CPUs. A cpu-map cluster holding CPUs of two MPIDR clusters, or a
// cluster spread over two, is an error; a CPU no core points at is announced
// (its cluster's properties come from its siblings' node).
int cpu_map_cluster(const Fdt& f, const PlatformConfig& pc, const std::map<unsigned, ClusterConfig>& by_id,
                    const ClusterConfig& cl) {
  const int map = f.path_offset("/cpus/cpu-map");
  // The MPIDR cluster of a cpu node, or -1.
  auto cluster_of = [&](int cpu) -> int {
    for (auto& c : pc.cpus)
      if (f.path_offset(c.node) == cpu) return static_cast<int>(c.cluster);
    return -1;
  };
  int found = -1;
  std::set<int> mapped;  // cpu nodes some core points at
  if (map >= 0)
    for (int cn : f.children(map)) {
      int holds = -1;  // the MPIDR cluster this cpu-map cluster holds
      for (int core : f.children(cn)) {
        auto ph = f.opt_u32(core, "cpu");
        const int cpu = ph ? f.node_by_phandle(*ph) : -1;
        const int c = cpu >= 0 ? cluster_of(cpu) : -1;
        if (c < 0) continue;
        mapped.insert(cpu);
        if (holds >= 0 && holds != c)
          f.fail(core, "cpu", f.path(cpu) + " is in MPIDR cluster " + std::to_string(c) + ", but " +
                                  f.path(cn) + " also holds CPUs of cluster " + std::to_string(holds));
        holds = c;
      }
      if (holds != static_cast<int>(cl.id)) continue;
      if (found >= 0)
        f.fail(cn, nullptr, "holds CPUs of MPIDR cluster " + std::to_string(cl.id) + ", as does " +
                                f.path(found) + ": a cluster's CPUs belong in one cpu-map cluster");
      found = cn;
    }
  if (found >= 0) {
    for (unsigned i : cl.cpus) {
      const int cpu = f.path_offset(pc.cpus[i].node);
      if (!mapped.count(cpu))
        model_warning("dt", "%s: no core of /cpus/cpu-map points at it; its cluster's properties are "
                      "read from %s, which holds the other CPUs of cluster %u", f.where(cpu).c_str(),
                      f.path(found).c_str(), cl.id);
    }
    return found;
  }
  const int named = f.path_offset("/cpus/cpu-map/cluster" + std::to_string(cl.id));
  if (named >= 0)
    for (int core : f.children(named)) {
      auto ph = f.opt_u32(core, "cpu");
      const int cpu = ph ? f.node_by_phandle(*ph) : -1;
      const int c = cpu >= 0 ? cluster_of(cpu) : -1;
      if (c >= 0 && c != static_cast<int>(cl.id) && by_id.count(static_cast<unsigned>(c)))
        throw DtError(f.where(f.path_offset(pc.cpus[cl.cpus.front()].node)) + ": no core of "
                      "/cpus/cpu-map points at a CPU of its cluster " + std::to_string(cl.id) +
                      ", and " + f.path(named) + " holds cluster " + std::to_string(c) +
                      "'s CPUs: add a cpu-map cluster with a core for each CPU of cluster " +
                      std::to_string(cl.id));
    }
  return named;
}

void read_clusters(const Fdt& f, Defaults& d, PlatformConfig& pc) {
  std::map<unsigned, ClusterConfig> by_id;
  for (unsigned i = 0; i < pc.cpus.size(); ++i) {
    auto& cl = by_id[pc.cpus[i].cluster];
    cl.id = pc.cpus[i].cluster;
    if (cl.type.empty()) cl.type = pc.cpus[i].type;
    if (cl.type != pc.cpus[i].type)
      throw DtError(f.file() + ": " + pc.cpus[i].node + ": cluster " + std::to_string(cl.id) +
                    " mixes " + cl.type + " and " + pc.cpus[i].type + " CPUs");
    cl.cpus.push_back(i);
  }
  // The power controllers (SPC, PMU) number a cluster's cores by MPIDR Aff0,
  // 0..n-1 for its n enabled CPUs: a gap (a CPU removed or disabled below
  // others) leaves a core no controller can reset.
  for (auto& [id, cl] : by_id)
    for (unsigned i : cl.cpus) {
      const unsigned aff0 = pc.cpus[i].mpidr & 0xff, n = static_cast<unsigned>(cl.cpus.size());
      if (aff0 >= n) {
        char mpidr[16];
        snprintf(mpidr, sizeof mpidr, "0x%x", pc.cpus[i].mpidr);
        f.fail(f.path_offset(pc.cpus[i].node), "reg",
               std::string("MPIDR ") + mpidr + " is CPU " + std::to_string(aff0) + " (Aff0) of cluster " +
                   std::to_string(id) + ", which has " + std::to_string(n) + " enabled CPU" +
                   (n == 1 ? "" : "s") + ": a cluster's CPUs must be numbered 0.." +
                   std::to_string(n - 1) + " without a gap (is a CPU of cluster " +
                   std::to_string(id) + " missing or disabled?)");
      }
    }
  const auto sccs = f.compatible_nodes(kSccCompat);
  const int scc = sccs.empty() ? -1 : sccs.front();
  pc.scc.present = scc >= 0;
  for (auto& [id, cl] : by_id) {
    const CoreTypeDefaults* t = nullptr;
    for (auto& k : kCoreTypes) if (cl.type == k.type) t = &k;
    const int l2 = l2_node(f, pc, cl);
    const int anchor = l2 >= 0 ? l2 : f.path_offset(pc.cpus[cl.cpus.front()].node);
    cl.l2.size_bytes = d.u32(anchor, "cache-size", t->l2_size, "bytes");
    cl.l2.line_bytes = d.u32(anchor, "cache-line-size", 64, "bytes");
    const uint32_t sets = positive(f, anchor, "cache-sets", d.u32(anchor, "cache-sets", t->l2_sets, ""));
    positive(f, anchor, "cache-line-size", cl.l2.line_bytes);
    cl.l2.ways = std::max<uint32_t>(1, cl.l2.size_bytes / cl.l2.line_bytes / sets);
    cl.l2.hit_cycles = 0;
    cl.l2.walk_cycles_per_set = t->walk_cycles_per_set;
    const int cm = cpu_map_cluster(f, pc, by_id, cl);
    const int cn = cm >= 0 ? cm : f.path_offset("/cpus");
    cl.port_cycles = d.u32(cn, "blsim,port-cycles", t->port_cycles, "cycles");
    cl.power.power_up_latency = dt_ns(d.u32(cn, "blsim,power-up-latency-ns", 100000, "ns"));
    cl.power.power_down_latency = dt_ns(d.u32(cn, "blsim,power-down-latency-ns", 20000, "ns"));
    // The PLL's input: on TC2 a simulator property; on the Exynos the oscclk
    // fixed clock (its clock-frequency), as the CMU driver reads it.
    if (scc >= 0) {
      cl.pll.ref_hz = hz(f, cn, "blsim,pll-ref-hz", d.u32(cn, "blsim,pll-ref-hz", 24000000, "Hz"));
    } else {
      auto osc = f.compatible_nodes("samsung,exynos5420-oscclk");
      if (osc.empty())
        throw DtError(f.file() + ": no oscclk node (compatible \"samsung,exynos5420-oscclk\"): "
                      "the CPU PLLs' reference clock");
      cl.pll.ref_hz = hz(f, osc.front(), "clock-frequency", f.u32(osc.front(), "clock-frequency"));
    }
    cl.pll.relock_latency = dt_ns(d.u32(cn, "blsim,pll-relock-ns", 50000, "ns"));
    const EnergyDefaults& e = energy_defaults(cl.type);
    cl.energy.dyn_coeff_uw = d.u32(cn, "blsim,dynamic-power-coefficient", e.cl_dyn_coeff, "");
    cl.energy.active_static_uw = d.u32(cn, "blsim,active-static-uw", e.cl_active_static_uw, "uW");
    cl.energy.idle_static_uw = d.u32(cn, "blsim,idle-static-uw", e.cl_idle_static_uw, "uW");
    cl.energy.off_static_uw = d.u32(cn, "blsim,off-static-uw", e.cl_off_static_uw, "uW");
    cl.energy.static_exponent =
        positive(f, cn, "blsim,static-exponent-milli",
                 d.u32(cn, "blsim,static-exponent-milli", e.cl_static_exponent_milli, "")) / 1000.0;
    if (scc >= 0)
      read_tc2_cluster(f, d, scc, pc, cl);
    else
      read_exynos_cluster(f, d, pc, cl);
    pc.clusters.push_back(cl);
  }
}

void read_gic(const Fdt& f, Defaults& d, PlatformConfig& pc) {
  auto n = f.compatible_nodes("arm,gic-400");
  if (n.empty()) n = f.compatible_nodes("arm,cortex-a15-gic");
  if (n.empty())
    throw DtError(f.file() + ": no GIC node (compatible \"arm,gic-400\" or \"arm,cortex-a15-gic\")");
  const int g = n.front();
  auto regs = f.reg(g);
  if (regs.size() < 2) f.fail(g, "reg", "needs the distributor and CPU interface regions");
  pc.gic.node = f.path(g);
  pc.gic.dist_base = regs[0].addr;
  pc.gic.dist_size = positive(f, g, "reg", regs[0].size);
  pc.gic.cpu_base = regs[1].addr;
  pc.gic.cpu_size = positive(f, g, "reg", regs[1].size);
  GicParams& gp = pc.gic.params;
  gp.num_spis = d.u32(g, "blsim,num-spis", gp.num_spis, "");
  if (gp.num_spis % 32 || gp.num_spis > 480)
    f.fail(g, "blsim,num-spis", "must be a multiple of 32, at most 480 (GIC-400)");
  gp.access_latency = dt_ns(d.u32(g, "blsim,access-latency-ns", ns_of(gp.access_latency), "ns"));
}

// The CCI's `ranges` = <child-address parent-address size>: where its slave
// interfaces' registers are. blsim maps the CCI-400's 64 KiB at its reg base,
// so the window must start there (child address 0) and every slave-if's reg
// must lie inside both the window and those 64 KiB; otherwise the kernel's
// first access would be a bus error with no node named.
struct CciRanges {
  uint64_t size = 0;
};

CciRanges read_cci_ranges(const Fdt& f, int c, uint64_t base) {
  const int parent = f.parent(c);
  const uint32_t child_ac = f.u32_or(c, "#address-cells", 2);
  const uint32_t size_c = f.u32_or(c, "#size-cells", 1);
  const uint32_t parent_ac = f.u32_or(parent >= 0 ? parent : f.root(), "#address-cells", 2);
  if (!f.has(c, "ranges"))
    f.fail(c, "ranges", "property is missing (it maps the slave interfaces' registers)");
  auto rg = f.u32_array(c, "ranges");
  const size_t n = child_ac + parent_ac + size_c;
  if (child_ac > 2 || parent_ac > 2 || size_c > 2 || rg.size() != n)
    f.fail(c, "ranges", "expects one <child-address parent-address size> entry (" +
                            std::to_string(n) + " cells), found " + std::to_string(rg.size()) +
                            " cells");
  auto cells = [&](size_t at, uint32_t count) {
    uint64_t v = 0;
    for (uint32_t i = 0; i < count; i++) v = (v << 32) | rg[at + i];
    return v;
  };
  const uint64_t child = cells(0, child_ac), par = cells(child_ac, parent_ac);
  CciRanges r;
  r.size = cells(child_ac + parent_ac, size_c);
  if (child != 0 || par != base) {
    char msg[160];
    snprintf(msg, sizeof msg, "maps 0x%llx to 0x%llx, but the slave interfaces' offsets count "
             "from the reg base 0x%llx (expected <0 0x%llx size>)",
             static_cast<unsigned long long>(child), static_cast<unsigned long long>(par),
             static_cast<unsigned long long>(base), static_cast<unsigned long long>(base));
    f.fail(c, "ranges", msg);
  }
  return r;
}

void check_cci_window(const Fdt& f, int c, int s, const std::vector<uint32_t>& reg,
                      const CciRanges& ranges) {
  const uint64_t off = reg[0], len = reg.size() > 1 ? reg[1] : 1;
  const uint64_t limit = std::min<uint64_t>(ranges.size, 0x10000);
  if (off + len > limit) {
    char msg[200];
    snprintf(msg, sizeof msg, "0x%llx..0x%llx is outside the CCI's register window 0x0..0x%llx "
             "(%s's ranges, and the CCI-400's 64 KiB)",
             static_cast<unsigned long long>(off), static_cast<unsigned long long>(off + len),
             static_cast<unsigned long long>(limit), f.path(c).c_str());
    f.fail(s, "reg", msg);
  }
}

void read_cci(const Fdt& f, Defaults& d, PlatformConfig& pc) {
  const int c = required_node(f, "arm,cci-400", "CCI-400");
  auto regs = f.reg(c);
  pc.cci.node = f.path(c);
  pc.cci.base = regs[0].addr;
  pc.cci.size = 0x10000;  // the register block spans the slave interfaces (ranges)
  const CciRanges ranges = read_cci_ranges(f, c, regs[0].addr);
  for (int s : f.children(c)) {
    if (!f.is_compatible(s, "arm,cci-400-ctrl-if")) continue;
    CciSlaveIfConfig si;
    si.node = f.path(s);
    auto r = f.u32_array(s, "reg");
    if (r.empty()) f.fail(s, "reg", "property is missing");
    si.offset = r.front();
    check_cci_window(f, c, s, r, ranges);
    si.interface_type = f.opt_string(s, "interface-type").value_or("");
    if (si.interface_type != "ace" && si.interface_type != "ace-lite")
      f.fail(s, "interface-type", "must be \"ace\" or \"ace-lite\"");
    pc.cci.slave_ifs.push_back(si);
  }
  if (pc.cci.slave_ifs.empty()) f.fail(c, nullptr, "no slave-if (arm,cci-400-ctrl-if) children");
  CciParams& cp = pc.cci.params;
  cp.num_slave_ifs = static_cast<unsigned>(pc.cci.slave_ifs.size());
  for (auto& si : pc.cci.slave_ifs) cp.slave_if_offsets.push_back(si.offset);
  cp.transit_latency = dt_ns(d.u32(c, "blsim,transit-latency-ns", ns_of(cp.transit_latency), "ns"));
  cp.snoop_latency = dt_ns(d.u32(c, "blsim,snoop-latency-ns", ns_of(cp.snoop_latency), "ns"));
  cp.change_pending_latency =
      dt_ns(d.u32(c, "blsim,change-pending-ns", ns_of(cp.change_pending_latency), "ns"));
  // Each cluster's port: the cci-control-port of its CPUs. A port serves one
  // cluster, and a cluster has one port: every CPU of it that names a port
  // must name the first CPU's.
  std::map<int, std::string> served_by;  // slave-if index -> first cpu node of its cluster
  for (auto& cl : pc.clusters) {
    const int cpu = f.path_offset(pc.cpus[cl.cpus.front()].node);
    auto ph = f.opt_u32(cpu, "cci-control-port");
    if (!ph) f.fail(cpu, "cci-control-port", "property is missing (which CCI port serves this cluster)");
    const int target = f.node_by_phandle(*ph);
    const std::string port = target >= 0 ? f.path(target) : "";
    for (size_t i = 0; i < pc.cci.slave_ifs.size(); ++i)
      if (pc.cci.slave_ifs[i].node == port) cl.cci_slave_if = static_cast<int>(i);
    if (cl.cci_slave_if < 0) f.fail(cpu, "cci-control-port", "does not point at a CCI slave interface");
    for (unsigned k : cl.cpus) {
      const int other = f.path_offset(pc.cpus[k].node);
      auto oph = f.opt_u32(other, "cci-control-port");
      if (oph && *oph != *ph) {
        const int o = f.node_by_phandle(*oph);
        f.fail(other, "cci-control-port",
               "points at " + (o >= 0 ? f.path(o) : std::string("no node")) + ", but " +
                   pc.cpus[cl.cpus.front()].node + " of the same cluster " + std::to_string(cl.id) +
                   " points at " + port + ": a cluster has one CCI port");
      }
    }
    auto [it, fresh] = served_by.emplace(cl.cci_slave_if, pc.cpus[cl.cpus.front()].node);
    if (!fresh)
      f.fail(cpu, "cci-control-port",
             port + " already serves the cluster of " + it->second +
                 ": each cluster needs its own CCI slave interface");
  }
}

void read_timer(const Fdt& f, Defaults& d, PlatformConfig& pc) {
  const int t = required_node(f, "arm,armv7-timer", "generic timer");
  auto irqs = f.u32_array(t, "interrupts");
  if (irqs.size() < 6) f.fail(t, "interrupts", "needs the secure and non-secure physical timer PPIs");
  if (irqs.size() % 3) f.fail(t, "interrupts", "expects <type number flags> specifiers of 3 cells");
  for (size_t i = 0; i < irqs.size(); i += 3)
    if (irqs[i] != 1 || irqs[i + 1] > 15)
      f.fail(t, "interrupts", "specifier " + std::to_string(i / 3 + 1) + " <" + std::to_string(irqs[i]) +
                                  " " + std::to_string(irqs[i + 1]) + " ...> is not a PPI: the timers' "
                                  "interrupts are PPIs <1 0..15 flags> (INTIDs 16..31)");
  // Second specifier: the non-secure physical timer, the one Linux uses.
  pc.timer.phys_ppi = 16 + irqs[4];
  GenericTimerParams& tp = pc.timer.params;
  tp.cntfrq_hz = hz(f, t, "clock-frequency",
                    d.u32(t, "clock-frequency", static_cast<uint32_t>(tp.cntfrq_hz), "Hz"));
  tp.access_latency = dt_ns(d.u32(t, "blsim,access-latency-ns", ns_of(tp.access_latency), "ns"));
}

void read_memory(const Fdt& f, Defaults& d, PlatformConfig& pc) {
  int mem = -1;
  for (int n : f.children(f.root())) {
    auto dt = f.opt_string(n, "device_type");
    if (dt && *dt == "memory") { mem = n; break; }
  }
  if (mem < 0) throw DtError(f.file() + ": no memory node (device_type = \"memory\")");
  auto regs = f.reg(mem);
  pc.memory.base = regs[0].addr;
  MemoryParams& mp = pc.memory.params;
  mp.size = positive(f, mem, "reg", regs[0].size);
  mp.latency = dt_ns(d.u32(mem, "blsim,latency-ns", ns_of(mp.latency), "ns"));
  const uint32_t mbps = static_cast<uint32_t>(std::llround(mp.bandwidth_bytes_per_ns * 1000));
  mp.bandwidth_bytes_per_ns =
      positive(f, mem, "blsim,bandwidth-mbps", d.u32(mem, "blsim,bandwidth-mbps", mbps, "MB/s")) / 1000.0;
  pc.bus.latency = dt_ns(d.u32(f.root(), "blsim,bus-latency-ns", ns_of(pc.bus.latency), "ns"));
}

// The simulator's event mailbox: from its DT node, or a default place that
// the simulator then adds to the DT it hands the kernel (as a boot loader
// adds /chosen): the 4 KiB page 128 KiB below the DRAM (TC2: 0x7ffe0000,
// the Exynos 5422: 0x3ffe0000), or just above it when the DRAM starts lower.
void read_event_mailbox(const Fdt& f, PlatformConfig& pc) {
  auto n = f.compatible_nodes("blsim,event-mailbox");
  if (n.empty()) {
    check_no_stray_node(f, "event-mailbox@7ffe0000", "blsim,event-mailbox", "event mailbox", true);
    const uint64_t end = (pc.memory.base + pc.memory.params.size + 0xfff) & ~uint64_t(0xfff);
    pc.events.base = pc.memory.base >= 0x20000 ? pc.memory.base - 0x20000 : end;
    if (pc.events.base + pc.events.size > 0x100000000ull)
      throw DtError(f.file() + ": no blsim,event-mailbox node, and no room below or above the "
                    "DRAM for the default one: add a node (docs/dt-properties.md)");
    pc.events.irq = 32 + 100;
    if (100 >= pc.gic.params.num_spis)
      throw DtError(f.file() + ": no blsim,event-mailbox node, and the default one's SPI 100 is "
                    "beyond the GIC's " + std::to_string(pc.gic.params.num_spis) + " SPIs (" +
                    pc.gic.node + " blsim,num-spis): add a node (docs/dt-properties.md)");
    pc.events.in_dt = false;
    model_warning("dt", "%s: no blsim,event-mailbox node, adding one at 0x%llx, SPI 100 "
                  "(docs/dt-properties.md)", f.file().c_str(),
                  static_cast<unsigned long long>(pc.events.base));
    return;
  }
  auto regs = f.reg(n.front());
  auto irq = f.u32_array(n.front(), "interrupts");
  if (irq.size() < 3 || irq[0] != 0) f.fail(n.front(), "interrupts", "needs one SPI");
  pc.events.base = regs[0].addr;
  pc.events.size = regs[0].size;
  pc.events.irq = spi_intid(f, n.front(), pc, irq[1]);
  pc.events.in_dt = true;
}

// Every address window the bus maps, with the DT node it comes from (-1: a
// default the simulator adds), checked for overlaps here so that the message
// names both nodes (the bus itself only knows its region names).
struct Window {
  int node;          // -1: a default, not in the DT
  std::string what;  // "DRAM", "GIC distributor", ...
  uint64_t base, size;
};

// "0x1000-0x1fff (what)", after the node's path unless it is the subject.
std::string describe(const Fdt& f, const Window& w, bool subject) {
  char range[64];
  const uint64_t last = w.size ? w.base + (w.size - 1) : w.base;
  snprintf(range, sizeof range, "0x%llx-0x%llx", static_cast<unsigned long long>(w.base),
           static_cast<unsigned long long>(last < w.base ? ~uint64_t(0) : last));
  if (w.node < 0) return std::string("the default ") + w.what + " at " + range + " (no node in the DT)";
  return (subject ? "" : f.path(w.node) + " ") + range + " (" + w.what + ")";
}

void check_windows(const Fdt& f, const PlatformConfig& pc) {
  std::vector<Window> w;
  auto node = [&](const std::string& path) { return f.path_offset(path); };
  for (int n : f.children(f.root())) {
    auto dt = f.opt_string(n, "device_type");
    if (dt && *dt == "memory") { w.push_back({n, "DRAM", pc.memory.base, pc.memory.params.size}); break; }
  }
  w.push_back({node(pc.gic.node), "GIC distributor", pc.gic.dist_base, pc.gic.dist_size});
  w.push_back({node(pc.gic.node), "GIC CPU interface", pc.gic.cpu_base, pc.gic.cpu_size});
  w.push_back({node(pc.cci.node), "CCI-400, 64 KiB", pc.cci.base, pc.cci.size});
  if (pc.scc.present) w.push_back({node(pc.scc.node), "SCC/SPC", pc.scc.base, pc.scc.size});
  if (pc.cmu.present) w.push_back({node(pc.cmu.node), "CMU", pc.cmu.base, pc.cmu.size});
  if (pc.pmic.present)
    w.push_back({f.parent(node(pc.pmic.node)), "the PMIC's registers", pc.pmic.base, pc.pmic.size});
  if (pc.pmu.present) {
    w.push_back({node(pc.pmu.node), "PMU", pc.pmu.base, pc.pmu.size});
    auto ns = f.compatible_nodes("samsung,exynos4210-sysram-ns");
    w.push_back({ns.empty() ? -1 : f.parent(ns.front()), "SYSRAM", pc.pmu.sysram_base,
                 pc.pmu.sysram.size});
  }
  auto ev = f.compatible_nodes("blsim,event-mailbox");
  w.push_back({pc.events.in_dt && !ev.empty() ? ev.front() : -1, "event mailbox", pc.events.base,
               pc.events.size});
  if (pc.sp804.present) {
    int sp = -1;
    for (int c : f.compatible_nodes("arm,sp804"))
      if (f.parent(c) == f.root()) { sp = c; break; }
    w.push_back({pc.sp804.in_dt ? sp : -1, "SP804", pc.sp804.base, pc.sp804.size});
  }
  auto end = [](const Window& x) {
    const uint64_t e = x.base + x.size;
    return e < x.base ? ~uint64_t(0) : e;
  };
  for (size_t j = 1; j < w.size(); ++j)
    for (size_t i = 0; i < j; ++i) {
      if (!(w[i].base < end(w[j]) && w[j].base < end(w[i]))) continue;
      const Window& a = w[j].node >= 0 ? w[j] : w[i];  // the subject: a node if one is
      const Window& b = &a == &w[j] ? w[i] : w[j];
      const std::string msg = describe(f, a, true) + " overlaps " + describe(f, b, false) +
                              ": each device needs its own addresses";
      if (a.node >= 0) f.fail(a.node, "reg", msg);
      throw DtError(f.file() + ": " + msg);
    }
}

// Every blsim,* property anywhere in the tree: the shape and range of the
// table above (after the rule-specific checks, so those give their own
// message); one nothing reads is announced, as it changes nothing.
void check_blsim_properties(const Fdt& f, int node, std::set<std::string>& unknown) {
  for (int off = fdt_first_property_offset(f.blob(), node); off >= 0;
       off = fdt_next_property_offset(f.blob(), off)) {
    const char* name = nullptr;
    int len = 0;
    const void* data = fdt_getprop_by_offset(f.blob(), off, &name, &len);
    if (!name || std::strncmp(name, "blsim,", 6) != 0) continue;
    const BlsimProperty* p = find_blsim_property(name);
    if (!p) {
      if (unknown.insert(name).second)
        model_warning("dt", "%s: blsim reads no property '%s', ignored (docs/dt-properties.md lists "
                      "them)", f.where(node, name).c_str(), name);
      continue;
    }
    // A flag is its presence: a value would read as "on" whatever it says
    // (blsim,no-coherency = <0> switches coherency off), so it is refused.
    if (p->kind == BlsimProperty::kFlag && len != 0)
      f.fail(node, name, "a flag takes no value (present: on; absent: off), found " +
                             std::to_string(len) + " bytes");
    if (p->kind != BlsimProperty::kCells) continue;
    if (len != static_cast<int>(4 * p->cells))
      f.fail(node, name, "expected " + std::to_string(p->cells) + (p->cells == 1 ? " cell" : " cells") +
                             ", found " + std::to_string(len) + " bytes");
    for (unsigned k = 0; k < p->cells; ++k) {
      const uint32_t v = fdt32_to_cpu(static_cast<const fdt32_t*>(data)[k]);
      if (v < p->min || v > p->max)
        f.fail(node, name, (p->cells > 1 ? "cell " + std::to_string(k + 1) + ": " : std::string()) +
                               std::to_string(v) + " is outside " + std::to_string(p->min) + ".." +
                               std::to_string(p->max) + " " + p->unit + " (docs/dt-properties.md)");
    }
  }
  for (int c : f.children(node)) check_blsim_properties(f, c, unknown);
}

}  // namespace


// The board's short name from the root compatible: known SoCs by name,
// else the part after the vendor of the most specific entry, reduced to
// [a-z0-9_] (VCD scope names have no spaces); "soc" if there is none.
static std::string board_name(const Fdt& f) {
  const std::vector<std::string> c = f.strings(f.root(), "compatible");
  for (const std::string& s : c) {
    if (s == "arm,vexpress,v2p-ca15_a7") return "tc2";
    if (s == "samsung,exynos5800" || s == "samsung,exynos5422")
      return "exynos5422";
  }
  std::string n;
  if (!c.empty())
    for (char ch : c.front().substr(c.front().find(',') + 1))
      n += std::isalnum(static_cast<unsigned char>(ch)) ? static_cast<char>(std::tolower(ch)) : '_';
  return n.empty() ? "soc" : n;
}

PlatformConfig read_platform_config(const Fdt& f) {
  PlatformConfig pc;
  pc.dtb = f.file();
  pc.board = board_name(f);
  Defaults d(f);
  read_cpus(f, d, pc);
  read_gic(f, d, pc);
  read_clusters(f, d, pc);
  check_cpu_map(f);  // after the clusters: their mismatch messages say more
  read_cci(f, d, pc);
  read_scc(f, d, pc);
  read_exynos_pmu(f, d, pc);
  read_timer(f, d, pc);
  read_memory(f, d, pc);
  read_event_mailbox(f, pc);
  read_sp804(f, d, pc);
  check_idle_states(f, pc);
  check_windows(f, pc);
  std::set<std::string> unknown;
  check_blsim_properties(f, f.root(), unknown);
  return pc;
}
