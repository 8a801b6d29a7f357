// SPDX-License-Identifier: GPL-2.0-only
// exynos5422_dt.cc - the Exynos 5422/5800 (ODROID-XU3): no TC2 SPC; the OPPs come
// from the cpu nodes' operating-points-v2 tables, the clusters' PLLs from the
// CMU, their rails from the S2MPS11's bucks, CPU power from the PMU. The DT
// nodes only this family has (their models: exynos5422.cc).
#include "sim/board/board.h"

#include <cctype>
#include <cstdlib>

#include "models/clock/exynos5420_cmu.h"
#include "models/power/s2mps11.h"

namespace dtcfg {
namespace {

// The cluster's clock: `clocks = <&clock CLK_ARM_CLK>` (APLL) or
// `<&clock CLK_KFC_CLK>` (KPLL) on an Exynos 5420/5800 CMU node.
void read_cpu_clock(const Fdt& f, Defaults& d, int cpu, PlatformConfig& pc, ClusterConfig& cl) {
  auto c = f.u32_array(cpu, "clocks");
  if (c.empty())
    f.fail(cpu, "clocks", "property is missing (without the TC2 SPC the cluster's clock is "
                          "named here: <&clock 13> CLK_ARM_CLK or <&clock 14> CLK_KFC_CLK)");
  if (c.size() != 2) f.fail(cpu, "clocks", "expects one <phandle specifier> pair");
  const int n = f.node_by_phandle(c[0]);
  if (n < 0) f.fail(cpu, "clocks", "phandle points to no node");
  if (!f.is_compatible(n, "samsung,exynos5420-clock") && !f.is_compatible(n, "samsung,exynos5800-clock"))
    f.fail(cpu, "clocks", "does not point at a clock controller blsim models (compatible "
                          "\"samsung,exynos5420-clock\" or \"samsung,exynos5800-clock\")");
  // The kernel's clock lookup sizes the specifier by it: without it cpufreq
  // finds no clock and quietly registers no policy.
  const auto cells = f.opt_u32(n, "#clock-cells");
  if (!cells)
    f.fail(n, "#clock-cells", "property is missing (the cpu nodes' `clocks` specifiers have 1 cell; "
                              "without it the kernel finds no CPU clock and cpufreq has no policy)");
  if (*cells != 1)
    f.fail(n, "#clock-cells", "is " + std::to_string(*cells) + ", but the CMU's clock specifiers "
                              "have 1 cell (the clock's number)");
  if (c[1] == CLK_ARM_CLK) cl.cmu_pll = Exynos5420Cmu::APLL;
  else if (c[1] == CLK_KFC_CLK) cl.cmu_pll = Exynos5420Cmu::KPLL;
  else
    f.fail(cpu, "clocks", "clock " + std::to_string(c[1]) +
                              " is not a CPU cluster clock (CLK_ARM_CLK 13, CLK_KFC_CLK 14)");
  for (auto& other : pc.clusters)
    if (other.cmu_pll == cl.cmu_pll)
      f.fail(cpu, "clocks", "cluster " + std::to_string(other.id) + " is on the same PLL");
  if (pc.cmu.present && pc.cmu.node != f.path(n))
    f.fail(cpu, "clocks", "points at a second clock controller (" + pc.cmu.node + " is the first)");
  if (!pc.cmu.present) {
    auto regs = f.reg(n);
    pc.cmu.present = true;
    pc.cmu.node = f.path(n);
    pc.cmu.base = regs[0].addr;
    pc.cmu.size = positive(f, n, "reg", regs[0].size);
    if (pc.cmu.size < KPLL_CON0 + 4)
      f.fail(n, "reg", "too small: the CPU PLLs' registers reach offset 0x28100");
    pc.cmu.params.access_latency = dt_ns(d.u32(n, "blsim,access-latency-ns", ns_of(pc.cmu.params.access_latency), "ns"));
  }
}

// The cluster's rail: `cpu-supply` = a BUCKn of a samsung,s2mps11-pmic
// (the node .../pmic@66/regulators/BUCKn); the PMIC's registers are mapped
// at its I2C controller's reg.
void read_pmic_rail(const Fdt& f, Defaults& d, int cpu, PlatformConfig& pc, ClusterConfig& cl) {
  auto ph = f.opt_u32(cpu, "cpu-supply");
  if (!ph)
    f.fail(cpu, "cpu-supply", "property is missing (without the TC2 SPC the cluster's rail is "
                              "named here: a BUCK of a samsung,s2mps11-pmic)");
  const int reg = f.node_by_phandle(*ph);
  if (reg < 0) f.fail(cpu, "cpu-supply", "phandle points to no node");
  const int regs_node = f.parent(reg), pmic = regs_node > 0 ? f.parent(regs_node) : -1;
  if (pmic <= 0 || !f.is_compatible(pmic, "samsung,s2mps11-pmic"))
    f.fail(cpu, "cpu-supply", "does not point at a regulator of a samsung,s2mps11-pmic");
  std::string nm = f.name(reg);
  nm = nm.substr(0, nm.find('@'));
  for (auto& ch : nm) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  unsigned buck = 0;
  if (nm.size() > 4 && nm.compare(0, 4, "buck") == 0) buck = static_cast<unsigned>(std::atoi(nm.c_str() + 4));
  if (!S2mps11::vsel_reg(buck))
    f.fail(reg, nullptr, "not a buck blsim models (BUCK1-4 or BUCK6 of the S2MPS11)");
  for (auto& other : pc.clusters)
    if (other.pmic_buck == buck)
      f.fail(cpu, "cpu-supply", "cluster " + std::to_string(other.id) + " is on the same buck");
  cl.pmic_buck = buck;
  if (pc.pmic.present && pc.pmic.node != f.path(pmic))
    f.fail(cpu, "cpu-supply", "points at a second PMIC (" + pc.pmic.node + " is the first)");
  if (!pc.pmic.present) {
    const int bus = f.parent(pmic);
    if (bus <= 0 || !f.has(bus, "reg"))
      f.fail(pmic, nullptr, "its I2C controller (the parent node) has no reg to map it at");
    auto r = f.reg(bus);
    pc.pmic.present = true;
    pc.pmic.node = f.path(pmic);
    pc.pmic.base = r[0].addr;
    pc.pmic.size = S2mps11::kWindowSize;
    if (r[0].size < pc.pmic.size)
      f.fail(bus, "reg", "too small for the PMIC's 256 registers (0x400 bytes)");
    pc.pmic.params.access_latency =
        dt_ns(d.u32(pmic, "blsim,access-latency-ns", ns_of(pc.pmic.params.access_latency), "ns"));
  }
  read_regulator(f, d, reg, 12500, cl);
}

// The cluster's OPPs: the operating-points-v2 table of its first cpu node
// (opp-hz, opp-microvolt's target), which must be strictly increasing (no
// duplicates), within the rail, a step of the buck and a PLL35xx rate. The
// cluster boots at its cpu node's clock-frequency, else at its top OPP.
void read_opp_table(const Fdt& f, Defaults& d, int cpu, ClusterConfig& cl) {
  auto ph = f.opt_u32(cpu, "operating-points-v2");
  if (!ph)
    throw DtError(f.file() + ": " + f.path(cpu) + ": no TC2 SCC/SPC node (compatible \"" +
                  kSccCompat + "\") and no 'operating-points-v2': cluster " +
                  std::to_string(cl.id) + " has no OPPs");
  const int t = f.node_by_phandle(*ph);
  if (t < 0 || !f.is_compatible(t, "operating-points-v2"))
    f.fail(cpu, "operating-points-v2", "does not point at an \"operating-points-v2\" table");
  std::string prev_node;
  for (int o : f.children(t)) {
    if (!f.is_enabled(o)) continue;
    int len = 0;
    const void* raw = f.raw(o, "opp-hz", &len);
    if (!raw) f.fail(o, "opp-hz", "property is missing");
    if (len != 4 && len != 8) f.fail(o, "opp-hz", "expects 1 cell or a /bits/ 64 value");
    auto cells = f.u32_array(o, "opp-hz");
    const uint64_t hz = len == 8 ? (uint64_t(cells[0]) << 32) | cells[1] : cells[0];
    if (hz == 0) f.fail(o, "opp-hz", "an OPP of 0 Hz");
    if (hz % 1000 || hz / 1000 > 0xffffffffu)
      f.fail(o, "opp-hz", std::to_string(hz) + " Hz is not a whole kHz below 4.29 THz (cpufreq counts kHz)");
    const uint32_t khz = static_cast<uint32_t>(hz / 1000);
    auto uv = f.u32_array(o, "opp-microvolt");
    if (uv.empty()) f.fail(o, "opp-microvolt", "property is missing (blsim needs each OPP's voltage)");
    if (uv.size() != 1 && uv.size() != 3)
      f.fail(o, "opp-microvolt", "expects <target> or <target min max>");
    if (uv.size() == 3 && (uv[1] > uv[0] || uv[0] > uv[2]))
      f.fail(o, "opp-microvolt", "the target is outside its own min..max");
    if (!cl.opps.empty() && khz == cl.opps.back().khz)
      f.fail(o, "opp-hz", "duplicate OPP " + std::to_string(khz) + " kHz (also " + prev_node + ")");
    if (!cl.opps.empty() && khz < cl.opps.back().khz)
      f.fail(o, "opp-hz", "OPPs must be in strictly increasing frequency order (" +
                              std::to_string(khz) + " kHz after " +
                              std::to_string(cl.opps.back().khz) + " kHz)");
    // No check that voltage rises with frequency here: the binding sets no
    // order, and upstream's Exynos 5422 table has 1.8 GHz 12.5 mV below
    // 1.7 GHz (binned silicon). The SPC tables (blsim,*-opps) are checked.
    if (uv[0] < cl.rail.min_uv || uv[0] > cl.rail.max_uv)
      f.fail(o, "opp-microvolt", "OPP " + std::to_string(khz) + " kHz needs " +
                                     std::to_string(uv[0]) + " uV, outside rail " + cl.rail_name +
                                     " (" + std::to_string(cl.rail.min_uv) + "-" +
                                     std::to_string(cl.rail.max_uv) + " uV)");
    if (S2mps11::selector_for(uv[0]) < 0)
      f.fail(o, "opp-microvolt", std::to_string(uv[0]) +
                                     " uV is not a step of the S2MPS11 buck (600000 + n * 6250 uV)");
    if (!Exynos5420Cmu::con0_for(cl.pll.ref_hz, hz))
      f.fail(o, "opp-hz", std::to_string(hz) + " Hz: no PLL35xx setting makes it from " +
                              std::to_string(cl.pll.ref_hz) + " Hz");
    // The driver takes the transition latency from clock-latency-ns; the
    // governors' sampling rate is derived from it, so 0 is not "instant"
    // but "unknown" (cpufreq-dt would refuse the ondemand family).
    if (auto lat = f.opt_u32(o, "clock-latency-ns"); lat && *lat == 0)
      f.fail(o, "clock-latency-ns", "a clock latency of 0: the governors need the real transition latency");
    cl.opps.push_back({khz, uv[0]});
    prev_node = f.path(o);
  }
  if (cl.opps.empty()) f.fail(t, nullptr, "no OPPs");
  cl.initial_opp = static_cast<unsigned>(cl.opps.size() - 1);
  if (auto boot = f.opt_u32(cpu, "clock-frequency")) {
    bool found = false;
    for (unsigned i = 0; i < cl.opps.size(); ++i)
      if (uint64_t(cl.opps[i].khz) * 1000 == *boot) {
        cl.initial_opp = i;
        found = true;
      }
    if (!found)
      f.fail(cpu, "clock-frequency", std::to_string(*boot) + " Hz is not one of the cluster's OPPs");
  } else {
    d.announce(cpu, "clock-frequency",
               "the top OPP, " + std::to_string(uint64_t(cl.opps.back().khz) * 1000) + " Hz");
  }
  cl.rail.initial_uv = cl.opps[cl.initial_opp].uv;
}

}  // namespace

// The PLL first (the OPPs must be PLL rates), then the rail (the OPPs must
// be within it), then the OPP table.
void read_exynos_cluster(const Fdt& f, Defaults& d, PlatformConfig& pc, ClusterConfig& cl) {
  const int cpu = f.path_offset(pc.cpus[cl.cpus.front()].node);
  read_cpu_clock(f, d, cpu, pc, cl);
  read_pmic_rail(f, d, cpu, pc, cl);
  read_opp_table(f, d, cpu, cl);
}

// The Exynos PMU and the SYSRAM (only without the TC2 SCC). The sysram-ns
// node's reg is translated through its parent's ranges (one level).
void read_exynos_pmu(const Fdt& f, Defaults& d, PlatformConfig& pc) {
  if (pc.scc.present) return;
  auto pmus = f.compatible_nodes("samsung,exynos5420-pmu");
  if (pmus.empty()) return;  // no power controller: only the boot CPU runs
  const int n = pmus.front();
  auto regs = f.reg(n);
  pc.pmu.present = true;
  pc.pmu.node = f.path(n);
  pc.pmu.base = regs[0].addr;
  pc.pmu.size = positive(f, n, "reg", regs[0].size);
  if (pc.pmu.size < 0x2600)
    f.fail(n, "reg", "too small: the CPU power registers reach offset 0x25ff");
  pc.pmu.params.access_latency = dt_ns(d.u32(n, "blsim,access-latency-ns", ns_of(pc.pmu.params.access_latency), "ns"));
  auto ns = f.compatible_nodes("samsung,exynos4210-sysram-ns");
  if (ns.empty())
    throw DtError(f.file() + ": " + pc.pmu.node + ": no samsung,exynos4210-sysram-ns node: the "
                  "secondary CPUs' entry point lives there");
  const int sram = f.parent(ns.front());
  if (sram <= 0 || !f.is_compatible(sram, "mmio-sram"))
    f.fail(ns.front(), nullptr, "must be a child of an \"mmio-sram\" node");
  auto sr = f.reg(sram);
  pc.pmu.sysram_base = sr[0].addr;
  pc.pmu.sysram.size = positive(f, sram, "reg", sr[0].size);
  // ranges = <child-address parent-address size>: the child's address space
  // starts at the SRAM's base.
  auto rg = f.u32_array(sram, "ranges");
  if (rg.size() != 3 || rg[1] != sr[0].addr)
    f.fail(sram, "ranges", "expects one <0 base size> entry mapping its children onto its reg");
  const uint64_t off = f.reg(ns.front())[0].addr - rg[0];
  if (off + 12 > pc.pmu.sysram.size)
    f.fail(ns.front(), "reg", "outside its SRAM");
  pc.pmu.sysram_ns_offset = off;
  pc.pmu.sysram.latency = dt_ns(d.u32(sram, "blsim,latency-ns", 20, "ns"));
}

}  // namespace dtcfg

