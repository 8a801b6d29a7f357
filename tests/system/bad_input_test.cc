// SPDX-License-Identifier: GPL-2.0-only
// bad_input_test.cc - every error path of the command line and the device
// tree: a clear message naming the file, node and property, a non-zero exit,
// and no output written.
#include <gtest/gtest.h>

#include "run_helpers.h"
#include "sim/dt.h"
#include "sim/dt_config.h"

using namespace blsim_test;

namespace {

// Runs blsim on a broken variant of tc2.dts (or of exynos5422.dts: the
// dts is whichever is given); returns its result.
RunResult run_variant(const std::string& name, const std::string& dts) {
  const std::string d = scratch("bad-" + name);
  EXPECT_FALSE(dts.empty()) << "the edit did not apply: tc2.dts changed?";
  const std::string dtb = compile_dts(dts, d, name);
  EXPECT_FALSE(dtb.empty()) << "dtc rejected the variant";
  RunResult r = run_blsim("--dtb " + dtb + " --duration 1ms --out " + d + "/out", d);
  EXPECT_FALSE(exists(d + "/out/stats.json")) << "no output may be written on error";
  return r;
}

// Every occurrence of `what` in `s` replaced (none: "", so the test fails).
std::string edit_all(std::string s, const std::string& what, const std::string& with) {
  size_t p = s.find(what);
  if (p == std::string::npos) return "";
  for (; p != std::string::npos; p = s.find(what, p + with.size())) s.replace(p, what.size(), with);
  return s;
}

void expect_input_error(const RunResult& r, const std::string& message) {
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find(message), std::string::npos)
      << "expected: " << message << "\ngot: " << r.err;
}

}  // namespace

TEST(BadInput, NotADtb) {
  const std::string d = scratch("bad-notdtb");
  std::ofstream(d + "/tc2.dtb") << "/dts-v1/; / { };\n";
  RunResult r = run_blsim("--dtb " + d + "/tc2.dtb --out " + d + "/out", d);
  expect_input_error(r, d + "/tc2.dtb: not a device tree blob");
  EXPECT_FALSE(exists(d + "/out/stats.json"));
}

TEST(BadInput, MissingFile) {
  const std::string d = scratch("bad-missing");
  RunResult r = run_blsim("--dtb " + d + "/nope.dtb", d);
  expect_input_error(r, d + "/nope.dtb: cannot open");
}

TEST(BadInput, TruncatedDtb) {
  const std::string d = scratch("bad-truncated");
  const std::string dtb = slurp(tc2_dtb());
  std::ofstream(d + "/cut.dtb", std::ios::binary) << dtb.substr(0, dtb.size() / 2);
  RunResult r = run_blsim("--dtb " + d + "/cut.dtb", d);
  expect_input_error(r, d + "/cut.dtb: malformed device tree blob");
}

TEST(BadInput, NoCpusNode) {
  std::string s = tc2_dts();
  // Rename /cpus: the nodes stay, the path Linux looks for goes.
  RunResult r = run_variant("nocpus", edit(s, "\tcpus {", "\tprocessors {"));
  expect_input_error(r, "no /cpus node");
}

TEST(BadInput, CpuWithoutReg) {
  std::string s = edit(tc2_dts(), "\t\t\treg = <0x101>;\n", "");
  RunResult r = run_variant("noreg", s);
  expect_input_error(r, "/cpus/cpu@3: property 'reg': property is missing");
}

TEST(BadInput, UnknownCpuCompatible) {
  std::string s = edit(tc2_dts(), "compatible = \"arm,cortex-a7\";\n\t\t\treg = <0x102>;",
                       "compatible = \"arm,cortex-a9\";\n\t\t\treg = <0x102>;");
  RunResult r = run_variant("compat", s);
  expect_input_error(r, "/cpus/cpu@4: property 'compatible': unknown CPU type 'arm,cortex-a9'");
}

TEST(BadInput, GicWithoutReg) {
  std::string s = edit(tc2_dts(),
                       "\t\treg = <0 0x2c001000 0 0x1000>,\n\t\t      <0 0x2c002000 0 0x2000>,\n"
                       "\t\t      <0 0x2c004000 0 0x2000>,\n\t\t      <0 0x2c006000 0 0x2000>;\n",
                       "");
  RunResult r = run_variant("gicreg", s);
  expect_input_error(r, "/interrupt-controller@2c001000: property 'reg': property is missing");
}

TEST(BadInput, CciWithoutReg) {
  std::string s = edit(tc2_dts(), "\t\treg = <0 0x2c090000 0 0x1000>;\n", "");
  RunResult r = run_variant("ccireg", s);
  expect_input_error(r, "/cci@2c090000: property 'reg': property is missing");
}

TEST(BadInput, ZeroClock) {
  std::string s = edit(tc2_dts(), "clock-frequency = <24000000>;", "clock-frequency = <0>;");
  RunResult r = run_variant("zeroclk", s);
  expect_input_error(r, "/timer: property 'clock-frequency': a clock of 0 Hz");
}

TEST(BadInput, NegativeClock) {
  std::string s = edit(tc2_dts(), "clock-frequency = <24000000>;", "clock-frequency = <(-24000000)>;");
  RunResult r = run_variant("negclk", s);
  expect_input_error(r, "/timer: property 'clock-frequency': a negative clock (-24000000 Hz)");
}

TEST(BadInput, NegativePllReference) {
  std::string s = edit(tc2_dts(), "blsim,pll-ref-hz = <24000000>;", "blsim,pll-ref-hz = <(-1)>;");
  RunResult r = run_variant("negpll", s);
  expect_input_error(r, "/cpus/cpu-map/cluster0: property 'blsim,pll-ref-hz': a negative clock (-1 Hz)");
}

TEST(BadInput, UnsortedOpps) {
  std::string s = edit(tc2_dts(), "blsim,a7-opps = <350000 800000  400000 871000",
                       "blsim,a7-opps = <400000 871000  350000 800000");
  RunResult r = run_variant("opps", s);
  expect_input_error(r, "/scc@7fff0000: property 'blsim,a7-opps': OPPs must be in strictly "
                        "increasing frequency order (350000 kHz after 400000 kHz)");
}

TEST(BadInput, OppAboveTheRail) {
  std::string s = edit(tc2_dts(), "1200000 975000>;", "1200000 1100000>;");
  RunResult r = run_variant("opprail", s);
  expect_input_error(r, "OPP 1200000 kHz needs 1100000 uV, outside rail vcore-a15 (800000-1050000 uV)");
}

// Only regular files are read: a directory, or a device that never ends
// (/dev/zero: the read would grow without bound), is refused up front.
TEST(BadInput, DtbThatIsNotARegularFile) {
  const std::string d = scratch("bad-dtb-notregular");
  RunResult dir = run_cmd("timeout 60 " + blsim_bin() + " --dtb " + d + " --out " + d + "/out", d);
  expect_input_error(dir, d + ": not a regular file");
  RunResult zero = run_cmd("timeout 60 " + blsim_bin() + " --dtb /dev/zero --out " + d + "/out", d);
  expect_input_error(zero, "/dev/zero: not a regular file");
  EXPECT_FALSE(exists(d + "/out/stats.json"));
}

TEST(BadInput, DtbLargerThanTheCap) {
  const std::string d = scratch("bad-dtb-huge");
  // Sparse: no disk space is used.
  run_cmd("truncate -s 300M '" + d + "/huge.dtb'", d);
  RunResult r = run_blsim("--dtb " + d + "/huge.dtb --out " + d + "/out", d);
  expect_input_error(r, d + "/huge.dtb: larger than 256 MiB (314572800 bytes)");
  EXPECT_FALSE(exists(d + "/out/stats.json"));
}

TEST(BadInput, WorkloadThatIsNotARegularFile) {
  const std::string d = scratch("bad-wl-notregular");
  RunResult dir = run_cmd("timeout 60 " + blsim_bin() + " --dtb " + tc2_dtb() + " --workload " + d +
                              " --out " + d + "/out", d);
  // The workload's messages name it by its basename (docs/workloads.md).
  expect_input_error(dir, "error: bad-wl-notregular: not a regular file");
  RunResult zero = run_cmd("timeout 60 " + blsim_bin() + " --dtb " + tc2_dtb() +
                               " --workload /dev/zero --out " + d + "/out", d);
  expect_input_error(zero, "error: zero: not a regular file");
  EXPECT_FALSE(exists(d + "/out/stats.json"));
}

// Both clusters on one CCI slave interface: refused at the DT, naming the
// cpu node, not as an unbound SystemC port at elaboration (exit 3).
TEST(BadInput, TwoClustersOnOneCciPort) {
  RunResult r = run_variant("cci-shared", edit_all(tc2_dts(), "<&cci_control2>", "<&cci_control1>"));
  expect_input_error(r, "/cpus/cpu@2: property 'cci-control-port': /cci@2c090000/slave-if@4000 "
                        "already serves the cluster of /cpus/cpu@0: each cluster needs its own "
                        "CCI slave interface");
}

TEST(BadInput, ClusterWhoseCpusNameDifferentCciPorts) {
  const std::string a7 = "reg = <0x101>;\n\t\t\tcci-control-port = <&cci_control2>;";
  RunResult r = run_variant("cci-split",
                            edit(tc2_dts(), a7, "reg = <0x101>;\n\t\t\tcci-control-port = <&cci_control1>;"));
  expect_input_error(r, "/cpus/cpu@3: property 'cci-control-port': points at "
                        "/cci@2c090000/slave-if@4000, but /cpus/cpu@2 of the same cluster 1 points "
                        "at /cci@2c090000/slave-if@5000: a cluster has one CCI port");
}

// A CPU removed or disabled below others of its cluster leaves an MPIDR gap
// no power controller can reset: named at the DT, not as "scc: core_reset:
// no cpu 2 in cluster 1" at elaboration.
TEST(BadInput, MpidrGapInATc2Cluster) {
  RunResult r = run_variant("mpidr-gap", edit(tc2_dts(), "cpu2: cpu@2 {\n",
                                              "cpu2: cpu@2 {\n\t\t\tstatus = \"disabled\";\n"));
  expect_input_error(r, "/cpus/cpu@4: property 'reg': MPIDR 0x102 is CPU 2 (Aff0) of cluster 1, "
                        "which has 2 enabled CPUs: a cluster's CPUs must be numbered 0..1 without a "
                        "gap (is a CPU of cluster 1 missing or disabled?)");
}

TEST(BadInput, MpidrGapInAnExynosCluster) {
  RunResult r = run_variant("mpidr-gap-exynos",
                            edit(exynos_dts(), "cpu4: cpu@0 {\n",
                                 "cpu4: cpu@0 {\n\t\t\tstatus = \"disabled\";\n"));
  expect_input_error(r, "/cpus/cpu@3: property 'reg': MPIDR 0x3 is CPU 3 (Aff0) of cluster 0, "
                        "which has 3 enabled CPUs");
}

// A device's interrupt beyond the GIC's SPIs, or a timer interrupt that is
// not a PPI: the node and property named, not "gic: SPI 202 outside 32..191".
TEST(BadInput, InterruptBeyondTheGicsSpis) {
  RunResult r = run_variant("spi-range", edit(tc2_dts(), "interrupts = <0 100 4>;", "interrupts = <0 170 4>;"));
  expect_input_error(r, "/event-mailbox@7ffe0000: property 'interrupts': SPI 170 is beyond the "
                        "GIC's 160 SPIs (0..159, /interrupt-controller@2c001000 blsim,num-spis)");
}

TEST(BadInput, TimerInterruptThatIsNoPpi) {
  RunResult r = run_variant("ppi-range", edit(tc2_dts(), "<1 14 0xf08>", "<1 99 0xf08>"));
  expect_input_error(r, "/timer: property 'interrupts': specifier 2 <1 99 ...> is not a PPI: the "
                        "timers' interrupts are PPIs <1 0..15 flags> (INTIDs 16..31)");
}

// Two devices at the same addresses: both nodes named, not the bus's
// "region 'blsim-events' ... overlaps region 'dram'".
TEST(BadInput, DevicesThatOverlap) {
  RunResult r = run_variant("overlap", edit(exynos_dts(), "reg = <0x13ff0000 0x1000>;",
                                            "reg = <0x40001000 0x1000>;"));
  expect_input_error(r, "/event-mailbox@13ff0000: property 'reg': 0x40001000-0x40001fff (event "
                        "mailbox) overlaps /memory@40000000 0x40000000-0xbe9fffff (DRAM): each "
                        "device needs its own addresses");
}

// Without a mailbox node the default one goes below the DRAM, which is free
// on both shipped boards (0x7ffe0000 is inside the Exynos's DRAM).
TEST(BadInput, ExynosWithoutAMailboxNodeGetsAFreeDefault) {
  const std::string dts = exynos_dts();
  const size_t b = dts.find("\tevent-mailbox@13ff0000 {"), e = dts.find("\t};\n", b);
  ASSERT_NE(b, std::string::npos);
  const std::string d = scratch("bad-exynos-nomailbox");
  const std::string dtb = compile_dts(dts.substr(0, b) + dts.substr(e + 4), d, "nomailbox");
  ASSERT_FALSE(dtb.empty());
  RunResult r = run_blsim("--dtb " + dtb + " --duration 20ms --event 10ms:cpu_down:1 --out " + d + "/out", d);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("no blsim,event-mailbox node, adding one at 0x3ffe0000, SPI 100"),
            std::string::npos) << r.err;
  EXPECT_TRUE(exists(d + "/out/stats.json"));
}

// A node named for a device blsim would add, but not that device: said so,
// not "cannot add the event mailbox node to the DT".
TEST(BadInput, MailboxNodeWithoutCompatible) {
  RunResult r = run_variant("mailbox-nocompat", edit(tc2_dts(), "compatible = \"blsim,event-mailbox\";", ""));
  expect_input_error(r, "/event-mailbox@7ffe0000: has no 'compatible': named as the event mailbox, "
                        "which needs compatible = \"blsim,event-mailbox\"");
}

TEST(BadInput, Sp804NodeWithoutCompatible) {
  RunResult r = run_variant("sp804-nocompat", edit(tc2_dts(), "compatible = \"arm,sp804\", \"arm,primecell\";", ""));
  expect_input_error(r, "/timer@1c110000: has no 'compatible': named as the SP804, which needs "
                        "compatible = \"arm,sp804\"");
}

// A property that is present but empty is an error, not "using default".
TEST(BadInput, EmptyCellsPropertyIsNoDefault) {
  RunResult r = run_variant("empty-ipc", edit(tc2_dts(), "blsim,ipc-milli = <1000 1750 1400 600>;",
                                              "blsim,ipc-milli;"));
  expect_input_error(r, "/cpus/cpu@0: property 'blsim,ipc-milli': expected 4 cells, found 0");
  EXPECT_EQ(r.err.find("using default"), std::string::npos) << r.err;
}

TEST(BadInput, EmptyOppTableIsNoDefault) {
  const std::string dts = tc2_dts();
  const size_t b = dts.find("blsim,a15-opps = <"), e = dts.find(';', b);
  ASSERT_NE(b, std::string::npos);
  RunResult r = run_variant("empty-opps", dts.substr(0, b) + "blsim,a15-opps" + dts.substr(e));
  expect_input_error(r, "/scc@7fff0000: property 'blsim,a15-opps': no OPPs");
  EXPECT_EQ(r.err.find("using default"), std::string::npos) << r.err;
}

// A leakage exponent of 4.3 million made energy_j null: out of its range.
TEST(BadInput, BlsimValueOutsideItsRange) {
  RunResult r = run_variant("leak-range", edit(tc2_dts(), "blsim,leakage-exponent-milli = <8000>;",
                                               "blsim,leakage-exponent-milli = <0xffffffff>;"));
  expect_input_error(r, "/cpus/cpu@0: property 'blsim,leakage-exponent-milli': 4294967295 is "
                        "outside 1..20000 per 1000 (docs/dt-properties.md)");
}

// A blsim,* property nothing reads is announced, not silently ignored.
TEST(BadInput, UnknownBlsimPropertyIsAnnounced) {
  const std::string d = scratch("bad-unknown-blsim");
  const std::string dtb = compile_dts(edit(tc2_dts(), "blsim,bus-latency-ns = <5>;",
                                           "blsim,bus-latency-ns = <5>;\n\tblsim,bus-latncy-ns = <9>;"),
                                      d, "typo");
  ASSERT_FALSE(dtb.empty());
  RunResult r = run_blsim("--dtb " + dtb + " --duration 1ms --out " + d + "/out", d);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("/: property 'blsim,bus-latncy-ns': blsim reads no property "
                       "'blsim,bus-latncy-ns', ignored"), std::string::npos) << r.err;
}

// Every default taken is announced: the Exynos boot clock without a
// clock-frequency is the top OPP, said so.
TEST(BadInput, ExynosBootClockDefaultIsAnnounced) {
  const std::string d = scratch("bad-exynos-bootclk");
  const std::string dtb = compile_dts(edit(exynos_dts(), "\t\t\tclock-frequency = <1800000000>;\n", ""),
                                      d, "noclk");
  ASSERT_FALSE(dtb.empty());
  RunResult r = run_blsim("--dtb " + dtb + " --duration 1ms --out " + d + "/out", d);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("/cpus/cpu@0: no 'clock-frequency', using default the top OPP, 2000000000 Hz"),
            std::string::npos) << r.err;
}

// The Exynos's cpu-map numbers its clusters the other way round from MPIDR:
// without a core for the A7 cluster's first CPU, its parameters came from
// cpu-map/cluster1, the A15s'. They come from the node holding its other
// CPUs now, and the missing core is announced.
TEST(BadInput, CpuMissingFromTheCpuMapKeepsItsClustersParameters) {
  const std::string d = scratch("bad-cpumap-core0");
  const std::string dtb = compile_dts(edit(exynos_dts(), "\t\t\t\tcore0 { cpu = <&cpu0>; };\n", ""), d, "nocore0");
  ASSERT_FALSE(dtb.empty());
  Fdt fdt = Fdt::load(dtb);
  const PlatformConfig pc = read_platform_config(fdt);
  const ClusterConfig* a7 = pc.cluster(1);
  ASSERT_NE(a7, nullptr);
  EXPECT_EQ(a7->type, "cortex-a7");
  EXPECT_EQ(a7->port_cycles, 6u) << "the A7s' cpu-map/cluster0, not the A15s' cluster1";
  EXPECT_EQ(a7->energy.dyn_coeff_uw, 20.0);
  RunResult r = run_blsim("--dtb " + dtb + " --duration 1ms", d);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("/cpus/cpu@100: no core of /cpus/cpu-map points at it; its cluster's "
                       "properties are read from /cpus/cpu-map/cluster0"), std::string::npos) << r.err;
}

TEST(BadInput, CpuMapClusterNamedForAnotherCluster) {
  const std::string dts = exynos_dts();
  const size_t b = dts.find("\t\t\t\tcore0 { cpu = <&cpu0>; };"), e = dts.find("\t\t\t};", b);
  ASSERT_NE(b, std::string::npos);
  RunResult r = run_variant("cpumap-none", dts.substr(0, b) + dts.substr(e));
  expect_input_error(r, "/cpus/cpu@100: no core of /cpus/cpu-map points at a CPU of its cluster 1, "
                        "and /cpus/cpu-map/cluster1 holds cluster 0's CPUs");
}

TEST(BadInput, CpuMapClusterWithCpusOfTwoClusters) {
  RunResult r = run_variant("cpumap-mixed", edit(exynos_dts(), "core1 { cpu = <&cpu1>; };",
                                                 "core1 { cpu = <&cpu5>; };"));
  expect_input_error(r, "/cpus/cpu-map/cluster0/core1: property 'cpu': /cpus/cpu@1 is in MPIDR "
                        "cluster 0, but /cpus/cpu-map/cluster0 also holds CPUs of cluster 1");
}

// Without #clock-cells the kernel finds no CPU clock and cpufreq silently
// registered no policy.
TEST(BadInput, CmuWithoutClockCells) {
  RunResult r = run_variant("cmu-cells", edit(exynos_dts(), "\t\t#clock-cells = <1>;\n", ""));
  expect_input_error(r, "/clock-controller@10010000: property '#clock-cells': property is missing");
}

TEST(BadInput, CommandLine) {
  const std::string d = scratch("bad-cli");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --frobnicate", d);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("unknown option '--frobnicate'"), std::string::npos);
  r = run_blsim("--dtb " + tc2_dtb() + " --duration 100", d);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("--duration: '100' has no unit (ns, us, ms, s)"), std::string::npos) << r.err;
  r = run_blsim("--dtb " + tc2_dtb() + " --duration -5ms", d);
  EXPECT_EQ(r.exit_code, 1);
  r = run_blsim("", d);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("--dtb FILE is required"), std::string::npos);
}

TEST(Cli, HelpDocumentsEveryFlag) {
  const std::string d = scratch("help");
  RunResult r = run_blsim("--help", d);
  EXPECT_EQ(r.exit_code, 0);
  for (const char* f : {"--dtb", "--duration", "--out", "--seed", "--console", "--host-stats",
                        "--quiet", "--help"})
    EXPECT_NE(r.out.find(f), std::string::npos) << f;
  // ... and the parser accepts each documented flag.
  r = run_blsim("--dtb " + tc2_dtb() + " --duration 1ms --seed 3 --console --host-stats --quiet "
                "--out " + d + "/o", d);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(exists(d + "/o/stats.json"));
}

// A pipe is read to its end (`--workload <(generate)`, `cat w.json | blsim
// --workload /dev/stdin`); only directories and devices are refused.
TEST(BadInput, APipeIsReadAsInput) {
  const std::string d = scratch("input-pipe");
  RunResult r = run_cmd("cat '" + std::string(BLSIM_SOURCE_DIR) + "/workloads/bursty.json' | " +
                            blsim_bin() + " --dtb " + tc2_dtb() +
                            " --workload /dev/stdin --duration 20ms --quiet --out " + d + "/out",
                        d);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(exists(d + "/out/stats.json"));
}
