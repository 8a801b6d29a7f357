// SPDX-License-Identifier: GPL-2.0-only
#include "sim/dt_properties.h"

#include <iterator>

namespace {

// Sources, once each (docs/dt-properties.md "Where the headline values come from").
constexpr const char* kTypical =
    "assumed: a typical Cortex-A15/A7 or CCI-400 figure, not published for TC2";
constexpr const char* kEasPower = "calibrated to ARM's EAS TC2 energy model (tools/energy-calibration.py)";
constexpr const char* kEasIdle =
    "calibrated: the sums are EAS's cluster idle power at the top OPP; the split is assumed";
constexpr const char* kCapacity =
    "calibrated: A15/A7 work per MHz = capacity-dmips-mhz 1024/516; the A15's absolute IPC is assumed";

using P = BlsimProperty;

// The ranges are far beyond any plausible SoC, short of values that stop
// the kernel from booting (a bus latency of seconds) or overflow the energy
// model (an exponent of millions). The rule-specific checks (an IPC of
// zero, the SPIs' multiple of 32) come first, where the property is read.
const BlsimProperty kProperties[] = {
    {P::kCells, "blsim,housekeeping-period-us", "/cpus", 1, 0, 100000000, "us", "1000000",
     "upstream's rate: vmstat_update once a second per CPU (an upper bound: upstream's work is deferrable)",
     "every online CPU wakes for kernel housekeeping once a period; 0: a perfect idle"},
    {P::kCells, "blsim,switch-path-instructions", "/cpus", 6, 0, 10000000, "instructions",
     "<150 300 80 120 60 120>", "assumed: instruction counts of upstream's switch path, read off its code",
     "kernel work of the switcher's steps (docs/fidelity.md), read by the kernel model"},
    {P::kCells, "blsim,ipc-milli", "cpu", 4, 1, 10000, "instructions per 1000 cycles",
     "<1000 1750 1400 600> / <504 882 706 302>", kCapacity, "cycles of work per kind: kernel, int, fp, mem"},
    {P::kCells, "blsim,dirty-lines-per-minstr", "cpu", 4, 0, 1000000, "lines per 10^6 instructions",
     "<4000 2000 2000 16000>", "assumed", "L1 lines dirtied by work, per kind"},
    {P::kCells, "blsim,l1-hit-cycles", "cpu", 1, 0, 1000, "cycles", "4 / 3", kTypical,
     "a normal-memory access with caches on"},
    {P::kCells, "blsim,cache-walk-cycles-per-set", "cpu", 1, 0, 1000, "cycles", "2",
     "assumed: one DCCISW, pipelined by the L1", "one set/way operation of a cache clean walk"},
    {P::kCells, "blsim,context-save-cycles", "cpu", 1, 0, 1000000, "cycles", "300 / 400",
     "assumed: about 34 registers stored by cpu_do_suspend", "hw_context_save, cpu_suspend"},
    {P::kCells, "blsim,context-restore-cycles", "cpu", 1, 0, 1000000, "cycles", "300 / 400",
     "assumed: the mirror of the save", "hw_context_restore, the resume of cpu_suspend"},
    {P::kCells, "blsim,barrier-cycles", "cpu", 1, 0, 10000, "cycles", "20 / 10", kTypical,
     "dmb/dsb/isb, sev, cache and coherency control writes"},
    {P::kCells, "blsim,irq-entry-cycles", "cpu", 1, 0, 100000, "cycles", "60 / 40", kTypical,
     "exception entry, vector and return of each IRQ"},
    {P::kCells, "blsim,cold-resume-lines", "cpu", 1, 0, 100000, "cache lines", "128",
     "assumed: the ~8 KiB footprint of upstream's resume path", "lines the resume path misses after a power loss"},
    {P::kCells, "blsim,l2-hit-cycles", "cpu", 1, 0, 1000, "cycles", "21 / 12",
     "assumed: the A15's commonly quoted L2 latency, half of it for the A7", "each cold-resume line found in L2"},
    {P::kCells, "blsim,activity-milli", "cpu", 4, 0, 10000, "per 1000", "<850 1000 1150 700>", kEasPower,
     "activity factor of dynamic power in Run, per work kind"},
    {P::kCells, "blsim,idle-activity-milli", "cpu", 1, 0, 10000, "per 1000", "0", "assumed: clock gated",
     "activity factor in WFI/WFE"},
    {P::kCells, "blsim,leakage-uw", "cpu", 1, 0, 100000000, "uW", "45000 / 15000", kEasPower,
     "the running core's voltage-dependent power at 1 V"},
    {P::kCells, "blsim,wfi-leakage-uw", "cpu", 1, 0, 100000000, "uW", "2018 / 223", kEasIdle,
     "the core's leakage in WFI/WFE at 1 V"},
    {P::kCells, "blsim,leakage-exponent-milli", "cpu", 1, 1, 20000, "per 1000", "8000", kEasPower,
     "n of the core's L·V^n"},
    {P::kCells, "blsim,port-cycles", "cluster", 1, 0, 1000, "cycles", "8 / 6", kTypical,
     "the cluster port every core transaction crosses"},
    {P::kCells, "blsim,power-up-latency-ns", "cluster", 1, 0, 100000000, "ns", "100000",
     "assumed (docs/fidelity.md)", "the cluster power domain's power-up"},
    {P::kCells, "blsim,power-down-latency-ns", "cluster", 1, 0, 100000000, "ns", "20000",
     "assumed (docs/fidelity.md)", "the cluster power domain's power-down"},
    {P::kCells, "blsim,pll-ref-hz", "cluster", 1, 1000000, 100000000, "Hz", "24000000",
     "TC2's 24 MHz reference clock", "the cluster PLL's reference"},
    {P::kCells, "blsim,pll-relock-ns", "cluster", 1, 0, 10000000, "ns", "50000",
     "assumed: a typical integer-N PLL lock time", "the clock stops this long at each frequency change"},
    {P::kCells, "blsim,dynamic-power-coefficient", "cluster", 1, 0, 100000, "uW/MHz/V^2", "220 / 20", kEasPower,
     "the uncore's (L2, SCU, port) dynamic power while a core runs"},
    {P::kCells, "blsim,active-static-uw", "cluster", 1, 0, 100000000, "uW", "2549000 / 707500", kEasPower,
     "the uncore's static power at 1 V while a core runs"},
    {P::kCells, "blsim,idle-static-uw", "cluster", 1, 0, 100000000, "uW", "9006 / 2640", kEasIdle,
     "the uncore's static power at 1 V while all cores are idle"},
    {P::kCells, "blsim,off-static-uw", "cluster", 1, 0, 100000000, "uW", "4215 / 1390", kEasIdle,
     "the always-on power at 1 V while the cluster is off"},
    {P::kCells, "blsim,static-exponent-milli", "cluster", 1, 1, 20000, "per 1000", "3500", kEasPower,
     "n of the uncore's static S·V^n"},
    {P::kPairs, "blsim,a15-opps", "SCC", 0, 0, 0, "<kHz uV> pairs",
     "<500000 814000 ... 1200000 975000>", kEasPower, "the A15 cluster's OPPs the SPC holds"},
    {P::kPairs, "blsim,a7-opps", "SCC", 0, 0, 0, "<kHz uV> pairs",
     "<350000 800000 ... 1000000 1050000>", kEasPower, "the A7 cluster's OPPs the SPC holds"},
    {P::kCells, "blsim,comms-latency-ns", "SCC", 1, 0, 10000000, "ns", "50000",
     "assumed: well inside the SPC driver's 3-5 ms bound", "an SPC system-configuration transaction"},
    {P::kCells, "blsim,perf-firmware-ns", "SCC", 1, 0, 20000000, "ns", "900000",
     "calibrated: the slowest TC2 change takes the 1 ms vexpress-spc-cpufreq declares",
     "the SPC firmware's share of a PERF_LVL change"},
    {P::kCells, "blsim,access-latency-ns", "SCC", 1, 0, 1000000, "ns", "100", kTypical, "an SCC/SPC register access"},
    {P::kCells, "blsim,access-latency-ns", "GIC", 1, 0, 1000000, "ns", "40", kTypical, "a GIC register access"},
    {P::kCells, "blsim,num-spis", "GIC", 1, 0, 480, "SPIs", "160", "TC2's GIC-400 configuration",
     "the distributor's shared interrupts (a multiple of 32)"},
    {P::kCells, "blsim,access-latency-ns", "generic timer", 1, 0, 1000000, "ns", "1", kTypical,
     "a CNTP_* system-register access"},
    {P::kCells, "blsim,access-latency-ns", "SP804", 1, 0, 1000000, "ns", "200", kTypical,
     "an SP804 register access (on the motherboard's bus)"},
    {P::kCells, "blsim,access-latency-ns", "CMU, PMU", 1, 0, 1000000, "ns", "40", kTypical,
     "an Exynos CMU or PMU register access"},
    {P::kCells, "blsim,access-latency-ns", "S2MPS11", 1, 0, 1000000, "ns", "27000",
     "measured by arithmetic: one I2C register transfer at 1 MHz", "a PMIC register access"},
    {P::kCells, "blsim,transit-latency-ns", "CCI-400", 1, 0, 10000, "ns", "10", kTypical,
     "a transaction through a CCI slave interface"},
    {P::kCells, "blsim,snoop-latency-ns", "CCI-400", 1, 0, 10000, "ns", "20", kTypical,
     "a coherent request's snoop of the other cluster"},
    {P::kCells, "blsim,change-pending-ns", "CCI-400", 1, 0, 1000000, "ns", "200", kTypical,
     "a snoop-control change until the status bit clears"},
    {P::kFlag, "blsim,no-coherency", "CCI-400", 0, 0, 0, "", "absent", "a what-if switch",
     "no CCI coherency: every switch flushes the caches to memory (read by the switcher)"},
    {P::kCells, "blsim,latency-ns", "memory", 1, 0, 10000, "ns", "90",
     "assumed: a typical DDR2 first-data latency", "DRAM's first data"},
    {P::kCells, "blsim,bandwidth-mbps", "memory", 1, 1, 10000000, "MB/s", "3200",
     "TC2's DDR2 at 400 MHz on an assumed 32-bit channel", "DRAM's transfer rate"},
    {P::kCells, "blsim,latency-ns", "SYSRAM", 1, 0, 10000, "ns", "20", kTypical, "an Exynos SYSRAM access"},
    {P::kCells, "blsim,bus-latency-ns", "root", 1, 0, 10000, "ns", "5", kTypical,
     "the system bus between the CCI and the devices"},
    // Standard bindings with a default (their rules are checked where they
    // are read: docs/dt-properties.md's tables further down).
    {P::kCells, "capacity-dmips-mhz", "cpu", 1, 0, 0, "DMIPS/MHz", "1024 / 516",
     "ARM's EAS TC2 capacities (1024/430 at 1.2/1.0 GHz), per MHz", "the kernel's CPU capacities"},
    {P::kCells, "dynamic-power-coefficient", "cpu", 1, 0, 0, "uW/MHz/V^2", "990 / 133", kEasPower,
     "the core's dynamic power; under --sched eas also the kernel's energy model"},
    {P::kCells, "d-cache-size", "cpu", 1, 0, 0, "bytes", "32768", "the Cortex-A15/A7 L1 D of TC2 (32 KiB)",
     "L1 D geometry"},
    {P::kCells, "d-cache-line-size", "cpu", 1, 0, 0, "bytes", "64", "the Cortex-A15/A7 TRMs", "L1 line size"},
    {P::kCells, "d-cache-sets", "cpu", 1, 0, 0, "sets", "256 / 128", "2-way A15, 4-way A7 L1 D (the TRMs)",
     "L1 ways = size / line / sets"},
    {P::kCells, "cache-size", "L2", 1, 0, 0, "bytes", "1048576 / 524288", "TC2's 1 MiB A15 and 512 KiB A7 L2",
     "L2 geometry"},
    {P::kCells, "cache-line-size", "L2", 1, 0, 0, "bytes", "64", "the Cortex-A15/A7 TRMs", "L2 line size"},
    {P::kCells, "cache-sets", "L2", 1, 0, 0, "sets", "1024", "16-way A15, 8-way A7 L2 (the TRMs)",
     "L2 ways = size / line / sets"},
    {P::kCells, "regulator-ramp-delay", "rail", 1, 0, 0, "uV/us", "10000",
     "assumed: a typical buck (TC2); the Exynos board's default is 12500, the S2MPS11's", "the Vcore ramp"},
    {P::kCells, "regulator-settling-time-us", "rail", 1, 0, 0, "us", "5", "assumed: a typical buck",
     "the rail settles this long after a ramp"},
    {P::kCells, "clock-frequency", "generic timer", 1, 0, 0, "Hz", "24000000", "TC2's 24 MHz system counter",
     "CNTFRQ"},
    {P::kCells, "clock-frequency", "SP804", 1, 0, 0, "Hz", "1000000", "the V2M-P1 motherboard's 1 MHz TIMCLK",
     "the broadcast timer's count rate"},
};

std::string cells_text(const BlsimProperty& p) {
  if (p.kind == BlsimProperty::kFlag) return "none (a flag)";
  if (p.kind == BlsimProperty::kPairs) return "pairs";
  return std::to_string(p.cells);
}

std::string range_text(const BlsimProperty& p) {
  if (std::string(p.name).compare(0, 6, "blsim,") != 0) return "the rules below";
  if (p.kind != BlsimProperty::kCells) return "the OPP rules below";
  return std::to_string(p.min) + ".." + std::to_string(p.max);
}

}  // namespace

const BlsimProperty* blsim_properties_begin() { return std::begin(kProperties); }
const BlsimProperty* blsim_properties_end() { return std::end(kProperties); }

const BlsimProperty* find_blsim_property(const std::string& name) {
  for (const BlsimProperty& p : kProperties)
    if (name == p.name) return &p;
  return nullptr;
}

std::string blsim_properties_markdown() {
  std::string s =
      "| property | node | cells | range | unit | default (A15 / A7) | source | drives |\n"
      "| --- | --- | --- | --- | --- | --- | --- | --- |\n";
  for (const BlsimProperty& p : kProperties)
    s += std::string("| `") + p.name + "` | " + p.node + " | " + cells_text(p) + " | " + range_text(p) +
         " | " + p.unit + " | `" + p.dflt + "` | " + p.source + " | " + p.doc + " |\n";
  return s;
}
