/* SPDX-License-Identifier: GPL-2.0-only */
// board.h - what the board readers (sim/board/*.cc) share with the common DT
// reader (sim/dt_config.cc): the default announcer, the value checks, and
// each SoC family's part of reading the DT.
//
// One file per SoC family, as QEMU's hw/arm/ assembles its boards: the TC2
// (SCC/SPC, SP804; vexpress_tc2.cc) and the Exynos 5422 (CMU, S2MPS11, PMU,
// SYSRAM; exynos5422.cc). Each reads its own nodes here and elaborates its
// own models in Platform (sim/platform.h). The models stay generic.
#pragma once

#include <cstdint>
#include <set>
#include <string>

#include "models/common/report.h"
#include "sim/dt.h"
#include "sim/platform_config.h"

namespace dtcfg {

constexpr const char* kSccCompat = "arm,vexpress-scc,v2p-ca15_a7";

// A property with a default: announce once per (property, default) pair.
class Defaults {
 public:
  explicit Defaults(const Fdt& f) : f_(f) {}
  uint32_t u32(int node, const char* prop, uint32_t def, const char* unit) {
    auto v = f_.opt_u32(node, prop);
    if (v) return *v;
    announce(node, prop, std::to_string(def) + (unit[0] ? " " : "") + unit);
    return def;
  }
  std::vector<uint32_t> cells(int node, const char* prop, std::vector<uint32_t> def,
                              size_t want) {
    auto v = f_.u32_array(node, prop);
    if (!v.empty() || f_.has(node, prop)) {  // present but empty is no default: an error
      if (v.size() != want)
        f_.fail(node, prop, "expected " + std::to_string(want) + " cells, found " +
                                std::to_string(v.size()));
      return v;
    }
    std::string d = "<";
    for (size_t i = 0; i < def.size(); ++i) d += (i ? " " : "") + std::to_string(def[i]);
    announce(node, prop, d + ">");
    return def;
  }
  void announce(int node, const char* prop, const std::string& value) {
    // Once per property and value: five CPUs missing the same property give
    // one line, not five.
    if (!seen_.insert(std::string(prop) + "=" + value).second) return;
    model_warning("dt", "%s: no '%s', using default %s (docs/dt-properties.md)",
                  f_.where(node).c_str(), prop, value.c_str());
  }

 private:
  const Fdt& f_;
  std::set<std::string> seen_;
};

// Checks that name the node and property on failure; each returns the value.
uint64_t positive(const Fdt& f, int node, const char* prop, uint64_t v);
uint64_t hz(const Fdt& f, int node, const char* prop, uint32_t v);
// The first node of `compat`; a DtError naming `what` if there is none.
int required_node(const Fdt& f, const char* compat, const char* what);
// An SPI number from an `interrupts` specifier, checked against the GIC's
// SPIs (blsim,num-spis); returns its INTID.
unsigned spi_intid(const Fdt& f, int node, const PlatformConfig& pc, uint32_t spi);
// Fails on a root node named `name` that is not an enabled `compat` node.
void check_no_stray_node(const Fdt& f, const std::string& name, const char* compat,
                         const char* what, bool any_address);
void read_regulator(const Fdt& f, Defaults& d, int reg, uint32_t ramp_default, ClusterConfig& cl);

// sim/board/vexpress_tc2_dt.cc: a cluster's rail and SPC OPPs, the SCC/SPC node,
// the motherboard SP804.
void read_tc2_cluster(const Fdt& f, Defaults& d, int scc, const PlatformConfig& pc, ClusterConfig& cl);
void read_scc(const Fdt& f, Defaults& d, PlatformConfig& pc);
void read_sp804(const Fdt& f, Defaults& d, PlatformConfig& pc);

// sim/board/exynos5422_dt.cc: a cluster's CMU PLL, PMIC buck and OPP-v2 table;
// the PMU and SYSRAM.
void read_exynos_cluster(const Fdt& f, Defaults& d, PlatformConfig& pc, ClusterConfig& cl);
void read_exynos_pmu(const Fdt& f, Defaults& d, PlatformConfig& pc);

}  // namespace dtcfg
