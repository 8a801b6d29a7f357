// SPDX-License-Identifier: GPL-2.0-only
// energy_test.cc - the energy model on the whole platform.
//
// 1. A 1 s busy loop of integer work on one A15 at its top OPP and on one A7
//    at its top OPP (an in-process platform with a test program in place of
//    the kernel; the A7 case boots a DT variant whose first CPU, the boot
//    CPU, is an A7). Energy per unit of work, A15 / A7, is printed and held
//    to the calibration bounds (docs/energy-model.md): ARM's EAS TC2 model
//    gives 2.9 for the core alone and 1.6 counting the cluster's power.
// 2. The meters' invariants on a real blsim run: the rails add up to
//    energy_j, and each rail is its cores plus its cluster's uncore.
#include <gtest/gtest.h>
#include <systemc>
#include <unistd.h>

#include <cmath>
#include <iostream>

#include "run_helpers.h"
#include "sim/dt.h"
#include "sim/dt_config.h"
#include "sim/hw_glue.h"
#include "sim/platform.h"

extern "C" {
#include "hw.h"
}

using namespace blsim_test;

namespace {

uint64_t g_instr, g_done, g_t0_ns, g_t1_ns;

void busy_program(void) {
  g_t0_ns = hw_now_ns();
  g_done = g_instr - hw_run(g_instr, HW_WORK_INT);  // hw_run returns what it did not run
  g_t1_ns = hw_now_ns();
  for (;;) wfi();
}

struct BusyResult {
  double seconds = 0, instructions = 0;
  double core_j = 0, rail_j = 0;  // the running core; its whole cluster (rail)
  double core_w() const { return core_j / seconds; }
};

// Boots dtb with the busy program on the boot core: 1 s of integer work at
// the boot cluster's top OPP (where the firmware leaves it).
BusyResult busy_second(const std::string& dtb) {
  Fdt fdt = Fdt::load(dtb);
  Platform p(read_platform_config(fdt));
  const CpuConfig& boot = p.config().cpus[p.config().boot_cpu];
  const ClusterConfig& cc = *p.config().cluster(boot.cluster);
  g_instr = static_cast<uint64_t>(boot.core.ipc[1] * cc.opps.back().khz * 1000.0);
  GlueSetup gs = p.glue_setup(fdt.blob());
  gs.kernel_entry = busy_program;
  glue_init(gs);
  sc_core::sc_start(sc_core::sc_time(1100, sc_core::SC_MS));
  EXPECT_FALSE(glue_failure());
  p.sync_energy();
  ClusterModels& m = p.cluster(boot.cluster);
  int idx = -1;
  for (unsigned k = 0; k < m.cores.size(); ++k)
    if (m.cores[k] == p.config().boot_cpu) idx = static_cast<int>(k);
  EXPECT_GE(idx, 0);
  const sc_core::sc_time t0(static_cast<double>(g_t0_ns), sc_core::SC_NS);
  const sc_core::sc_time t1(static_cast<double>(g_t1_ns), sc_core::SC_NS);
  BusyResult r;
  r.seconds = (g_t1_ns - g_t0_ns) / 1e9;
  r.instructions = static_cast<double>(g_done);
  r.core_j = m.energy->energy_between(idx, t0, t1);
  r.rail_j = m.energy->energy_between(-1, t0, t1);
  return r;
}

// The DT with the first A7 node moved ahead of the A15s: an A7 boots.
std::string a7_first_dtb() { return blsim_test::a7_first_dtb("energy_a7_first"); }

}  // namespace

// SystemC elaborates once per process: the A7 case runs in a child process
// forked before any SystemC object exists and sends its numbers back.
TEST(Energy, BusySecondA15VersusA7PerUnitOfWork) {
  const std::string a7dtb = a7_first_dtb();
  ASSERT_FALSE(a7dtb.empty());
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    close(fds[0]);
    BusyResult r = busy_second(a7dtb);
    const bool ok = !::testing::Test::HasFailure();
    if (write(fds[1], &r, sizeof r) != sizeof r) _exit(2);
    _exit(ok ? 0 : 1);
  }
  close(fds[1]);
  BusyResult a7;
  const ssize_t got = read(fds[0], &a7, sizeof a7);
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_EQ(got, static_cast<ssize_t>(sizeof a7));
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "A7 run failed";

  const BusyResult a15 = busy_second(tc2_dtb());

  // Both ran 1 s of work at their top OPP (within the work's rounding).
  EXPECT_NEAR(a15.seconds, 1.0, 1e-6);
  EXPECT_NEAR(a7.seconds, 1.0, 1e-6);
  const double core_ratio = (a15.core_j / a15.instructions) / (a7.core_j / a7.instructions);
  const double rail_ratio = (a15.rail_j / a15.instructions) / (a7.rail_j / a7.instructions);
  std::cout << "1 s of integer work at the top OPP:\n"
            << "  A15 @1.2 GHz: " << a15.instructions / 1e9 << " G instr, core " << a15.core_j
            << " J (" << a15.core_w() << " W), cluster rail " << a15.rail_j << " J\n"
            << "  A7  @1.0 GHz: " << a7.instructions / 1e9 << " G instr, core " << a7.core_j
            << " J (" << a7.core_w() << " W), cluster rail " << a7.rail_j << " J\n"
            << "  work A15/A7 per second: " << a15.instructions / a7.instructions << "\n"
            << "  energy per unit of work A15/A7: core " << core_ratio
            << " (EAS 2.9), with cluster " << rail_ratio << " (EAS 1.6)\n";
  // Calibration bounds (docs/energy-model.md): within 10% of EAS.
  EXPECT_GT(core_ratio, 2.9 * 0.9);
  EXPECT_LT(core_ratio, 2.9 * 1.1);
  EXPECT_GT(rail_ratio, 1.6 * 0.9);
  EXPECT_LT(rail_ratio, 1.6 * 1.1);
  // And the absolute core powers the calibration sets (docs/energy-model.md).
  EXPECT_NEAR(a15.core_w(), 1.166, 0.02);
  EXPECT_NEAR(a7.core_w(), 0.1688, 0.003);
}

namespace {
double dnum(yajl_val v) { return v && YAJL_IS_NUMBER(v) ? YAJL_GET_DOUBLE(v) : NAN; }
double rel(double a, double b) { return std::fabs(a - b) / std::fabs(b); }
}  // namespace

// A real run with IKS and ondemand: switches power clusters up and down and
// the rails ramp, so every kind of change is on the meters.
TEST(Energy, RailsAddUpOnARealRun) {
  const std::string dir = scratch("energy_invariants");
  RunResult r = run_blsim("--dtb " + tc2_dtb() +
                              " --duration 300ms --switcher iks --cpufreq-governor ondemand"
                              " --out " + dir,
                          dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(dir + "/stats.json"));
  ASSERT_TRUE(j.ok()) << j.error();
  const double total = dnum(Json::get(j.root(), "energy_j"));
  ASSERT_GT(total, 0);
  yajl_val rails = Json::get(j.root(), "rails");
  yajl_val clusters = Json::get(j.root(), "clusters");
  yajl_val cores = Json::get(j.root(), "cores");
  ASSERT_TRUE(rails && YAJL_IS_ARRAY(rails) && clusters && cores);
  double sum_rails = 0;
  for (size_t i = 0; i < YAJL_GET_ARRAY(rails)->len; ++i) {
    yajl_val rl = YAJL_GET_ARRAY(rails)->values[i];
    const double e = dnum(Json::get(rl, "energy_j"));
    EXPECT_GT(e, 0);
    EXPECT_GT(dnum(Json::get(rl, "avg_power_w")), 0);
    EXPECT_LT(rel(dnum(Json::get(rl, "avg_power_w")), e / 0.3), 1e-9);
    sum_rails += e;
  }
  EXPECT_LT(rel(sum_rails, total), 1e-9);
  // TC2: one rail per cluster, in the same order.
  ASSERT_EQ(YAJL_GET_ARRAY(rails)->len, YAJL_GET_ARRAY(clusters)->len);
  for (size_t c = 0; c < YAJL_GET_ARRAY(clusters)->len; ++c) {
    yajl_val cl = YAJL_GET_ARRAY(clusters)->values[c];
    const long long id = num(Json::get(cl, "id"));
    double parts = dnum(Json::get(cl, "uncore_energy_j"));
    for (size_t k = 0; k < YAJL_GET_ARRAY(cores)->len; ++k) {
      yajl_val co = YAJL_GET_ARRAY(cores)->values[k];
      if (num(Json::get(co, "cluster")) == id) parts += dnum(Json::get(co, "energy_j"));
    }
    const double rail = dnum(Json::get(YAJL_GET_ARRAY(rails)->values[c], "energy_j"));
    EXPECT_LT(rel(parts, rail), 1e-9) << "cluster " << id;
    EXPECT_LT(rel(dnum(Json::get(cl, "energy_j")), rail), 1e-9) << "cluster " << id;
  }
  // Switches carry their energy, inside the run's total.
  yajl_val sw = Json::get(j.root(), "switches");
  ASSERT_TRUE(sw && YAJL_IS_ARRAY(sw));
  for (size_t i = 0; i < YAJL_GET_ARRAY(sw)->len; ++i) {
    const double e = dnum(Json::get(YAJL_GET_ARRAY(sw)->values[i], "energy_j"));
    EXPECT_GT(e, 0);
    EXPECT_LT(e, total);
  }
}
