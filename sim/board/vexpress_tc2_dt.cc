// SPDX-License-Identifier: GPL-2.0-only
// vexpress_tc2_dt.cc - the Versatile Express TC2 (V2P-CA15_A7): the DT nodes only
// it has (the SCC/SPC with its OPP tables, the motherboard SP804).
// Its models are elaborated in vexpress_tc2.cc.
#include "sim/board/board.h"

namespace dtcfg {
namespace {

std::vector<OppConfig> default_opps(const std::string& type) {
  // TC2's SPC tables at the EAS data's OPPs (REFERENCE.md). The voltages are
  // an assumption (TC2's SPC holds the real ones and Linux reads them at run
  // time), fitted within the board's Vcore range so that the energy model's
  // core power per OPP follows the EAS table (docs/energy-model.md).
  // configs/tc2.dts carries the same table explicitly.
  if (type == "cortex-a15")
    return {{500000, 814000}, {600000, 814000}, {700000, 814000}, {800000, 814000},
            {900000, 814000}, {1000000, 814000}, {1100000, 882000}, {1200000, 975000}};
  return {{350000, 800000}, {400000, 871000}, {500000, 871000}, {600000, 879000},
          {700000, 879000}, {800000, 891000}, {900000, 973000}, {1000000, 1050000}};
}

void read_opps(const Fdt& f, Defaults& d, int scc, ClusterConfig& cl) {
  const std::string prop = cl.type == "cortex-a15" ? "blsim,a15-opps" : "blsim,a7-opps";
  auto cells = f.u32_array(scc, prop.c_str());
  if (!f.has(scc, prop.c_str())) {  // present but empty: "no OPPs" below
    cl.opps = default_opps(cl.type);
    std::string v;
    for (auto& o : cl.opps) v += (v.empty() ? "<" : " ") + std::to_string(o.khz) + " " + std::to_string(o.uv);
    d.announce(scc, prop.c_str(), v + ">");
  } else {
    if (cells.size() % 2) f.fail(scc, prop.c_str(), "expects <kHz microvolt> pairs");
    for (size_t i = 0; i < cells.size(); i += 2) cl.opps.push_back({cells[i], cells[i + 1]});
  }
  if (cl.opps.size() > 8)
    f.fail(scc, prop.c_str(), "the SPC holds at most 8 OPPs per cluster");
  for (size_t i = 0; i < cl.opps.size(); ++i) {
    if (cl.opps[i].khz == 0) f.fail(scc, prop.c_str(), "an OPP of 0 kHz");
    // The SPC's OPP word holds kHz/20 in 20 bits and whole mV in 12.
    if (cl.opps[i].khz % 20 || cl.opps[i].khz / 20 > 0xFFFFF)
      f.fail(scc, prop.c_str(), "OPP " + std::to_string(cl.opps[i].khz) +
                                    " kHz: the SPC holds multiples of 20 kHz up to 20971500 kHz");
    if (cl.opps[i].uv % 1000)
      f.fail(scc, prop.c_str(), "OPP " + std::to_string(cl.opps[i].khz) + " kHz: " +
                                    std::to_string(cl.opps[i].uv) + " uV is not a whole mV");
    if (i && cl.opps[i].khz <= cl.opps[i - 1].khz)
      f.fail(scc, prop.c_str(), "OPPs must be in strictly increasing frequency order (" +
                                    std::to_string(cl.opps[i].khz) + " kHz after " +
                                    std::to_string(cl.opps[i - 1].khz) + " kHz)");
    // A faster OPP at a lower voltage is no silicon's table: a typo that
    // would make the top OPPs the cheapest.
    if (i && cl.opps[i].uv < cl.opps[i - 1].uv)
      f.fail(scc, prop.c_str(), "OPP " + std::to_string(cl.opps[i].khz) + " kHz at " +
                                    std::to_string(cl.opps[i].uv) + " uV is below the " +
                                    std::to_string(cl.opps[i - 1].uv) + " uV of the slower " +
                                    std::to_string(cl.opps[i - 1].khz) +
                                    " kHz: voltage must not fall as frequency rises");
    if (cl.opps[i].uv < cl.rail.min_uv || cl.opps[i].uv > cl.rail.max_uv)
      f.fail(scc, prop.c_str(), "OPP " + std::to_string(cl.opps[i].khz) + " kHz needs " +
                                    std::to_string(cl.opps[i].uv) + " uV, outside rail " +
                                    cl.rail_name + " (" + std::to_string(cl.rail.min_uv) +
                                    "-" + std::to_string(cl.rail.max_uv) + " uV)");
  }
  if (cl.opps.empty()) f.fail(scc, prop.c_str(), "no OPPs");
  cl.initial_opp = static_cast<unsigned>(cl.opps.size() - 1);  // firmware boots at the top
  cl.rail.initial_uv = cl.opps[cl.initial_opp].uv;
}

void read_rail(const Fdt& f, Defaults& d, const PlatformConfig& pc, ClusterConfig& cl) {
  const int cpu = f.path_offset(pc.cpus[cl.cpus.front()].node);
  auto ph = f.opt_u32(cpu, "cpu-supply");
  const int reg = ph ? f.node_by_phandle(*ph) : -1;
  if (ph && reg < 0) f.fail(cpu, "cpu-supply", "phandle points to no node");
  if (reg < 0) {
    d.announce(cpu, "cpu-supply", "a 800000-1050000 uV rail ramping at 10000 uV/us");
    cl.rail_name = "vcore-" + cl.type.substr(7);
    cl.rail.min_uv = 800000;
    cl.rail.max_uv = 1050000;
    cl.rail.ramp_uv_per_us = 10000;
    cl.rail.settle_time = sc_core::sc_time(5, sc_core::SC_US);
    return;
  }
  read_regulator(f, d, reg, 10000, cl);
}

}  // namespace

// The rail first: the OPPs are checked against its range.
void read_tc2_cluster(const Fdt& f, Defaults& d, int scc, const PlatformConfig& pc, ClusterConfig& cl) {
  read_rail(f, d, pc, cl);
  read_opps(f, d, scc, cl);
}

void read_scc(const Fdt& f, Defaults& d, PlatformConfig& pc) {
  if (!pc.scc.present) return;  // Exynos style: the CMU and the PMIC instead
  const int s = required_node(f, kSccCompat, "TC2 SCC/SPC");
  auto regs = f.reg(s);
  pc.scc.node = f.path(s);
  pc.scc.base = regs[0].addr;
  pc.scc.size = positive(f, s, "reg", regs[0].size);
  auto irq = f.u32_array(s, "interrupts");
  if (irq.size() < 3) f.fail(s, "interrupts", "property is missing (the SPC's interrupt)");
  if (irq[0] != 0) f.fail(s, "interrupts", "the SPC interrupt must be an SPI");
  pc.scc.irq = spi_intid(f, s, pc, irq[1]);
  Tc2SccParams& sp = pc.scc.params;
  sp.comms_latency = dt_ns(d.u32(s, "blsim,comms-latency-ns", ns_of(sp.comms_latency), "ns"));
  sp.access_latency = dt_ns(d.u32(s, "blsim,access-latency-ns", ns_of(sp.access_latency), "ns"));
  sp.perf_firmware = dt_ns(d.u32(s, "blsim,perf-firmware-ns", ns_of(sp.perf_firmware), "ns"));
}

// The motherboard's SP804 (the tick broadcast timer): the first "arm,sp804"
// node at the DT root, or the upstream place (V2M-P1 timer01: CS3 + 0x110000
// = 0x1c110000, motherboard interrupt 2 = SPI 2), which the simulator then
// adds to the DT it hands the kernel. Nodes under the motherboard's nested
// buses (the upstream DT) are not translated through their `ranges`.
void read_sp804(const Fdt& f, Defaults& d, PlatformConfig& pc) {
  int n = -1;
  for (int c : f.compatible_nodes("arm,sp804"))
    if (f.parent(c) == f.root()) { n = c; break; }
  if (n < 0 && !pc.scc.present) {
    // Not TC2: no motherboard SP804 to add (the Exynos MCT is not modelled).
    pc.sp804 = Sp804Config{};
    pc.sp804.present = false;
    return;
  }
  if (n < 0) {
    check_no_stray_node(f, "timer@1c110000", "arm,sp804", "SP804", false);
    pc.sp804 = Sp804Config{};  // the model's defaults: 1 MHz, 200 ns
    model_warning("dt", "%s: no arm,sp804 node at the DT root, adding one at 0x1c110000, SPI 2, "
                  "1 MHz (the broadcast timer; docs/dt-properties.md)", f.file().c_str());
    return;
  }
  auto regs = f.reg(n);
  auto irq = f.u32_array(n, "interrupts");
  if (irq.size() < 3 || irq[0] != 0) f.fail(n, "interrupts", "needs one SPI (TIMINTC)");
  pc.sp804.node = f.where(n);
  pc.sp804.base = regs[0].addr;
  pc.sp804.size = positive(f, n, "reg", regs[0].size);
  pc.sp804.irq = spi_intid(f, n, pc, irq[1]);
  Sp804Params& tp = pc.sp804.params;
  tp.timclk_hz = hz(f, n, "clock-frequency",
                    d.u32(n, "clock-frequency", static_cast<uint32_t>(tp.timclk_hz), "Hz"));
  tp.access_latency = dt_ns(d.u32(n, "blsim,access-latency-ns", ns_of(tp.access_latency), "ns"));
  pc.sp804.in_dt = true;
}

}  // namespace dtcfg

