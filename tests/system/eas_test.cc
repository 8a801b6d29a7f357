// SPDX-License-Identifier: GPL-2.0-only
// eas_test.cc - Energy Aware Scheduling (--sched eas) on TC2 with crafted
// rt-app workloads (tests/data/workloads/eas-*.json): a small task goes to
// an A7 because the energy model says it is cheaper there, a growing one
// is pulled up as misfit, a full system goes over-utilised and spreads;
// and the command line's refusals.
//
// TC2: CPU0,1 Cortex-A15 (capacity 1024), CPU2-4 Cortex-A7 (430).
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "run_helpers.h"

using namespace blsim_test;

namespace {

const std::string kWorkloads = BLSIM_SOURCE_DIR "/tests/data/workloads/";
const std::string kEas = " --sched eas --cpufreq-governor schedutil";

size_t len(yajl_val arr) { return arr && YAJL_IS_ARRAY(arr) ? YAJL_GET_ARRAY(arr)->len : 0; }
yajl_val at(yajl_val arr, size_t i) { return YAJL_GET_ARRAY(arr)->values[i]; }

std::string arg(const std::string& args, const std::string& key) {
  const std::string k = key + "=";
  for (size_t p = 0; (p = args.find(k, p)) != std::string::npos; p += k.size())
    if (p == 0 || args[p - 1] == ' ') {
      const size_t v = p + k.size(), end = args.find(' ', v);
      return args.substr(v, end == std::string::npos ? std::string::npos : end - v);
    }
  return "";
}
long argn(const std::string& args, const std::string& key) { return std::atol(arg(args, key).c_str()); }

struct EasRun {
  std::string dir;
  RunResult r;
  std::unique_ptr<Json> stats;
  std::string trace;
  yajl_val task(const std::string& name) const {
    yajl_val ts = stats ? Json::get(stats->root(), "tasks") : nullptr;
    for (size_t i = 0; i < len(ts); ++i)
      if (name == YAJL_GET_STRING(Json::get(at(ts, i), "name"))) return at(ts, i);
    return nullptr;
  }
  // The CPUs where pid was switched in, in trace order.
  std::vector<int> cpus_of(long long pid) const {
    std::vector<int> v;
    for (const TraceLine& l : trace_lines(trace, "sched_switch"))
      if (argn(l.args, "next_pid") == pid) v.push_back(l.cpu);
    return v;
  }
};

EasRun run(const std::string& name, const std::string& workload, const std::string& extra) {
  EasRun w;
  w.dir = scratch(name);
  w.r = run_blsim("--dtb " + tc2_dtb() + " --quiet --workload '" + kWorkloads + workload + "' " +
                      extra + " --out '" + w.dir + "/out'",
                  w.dir);
  if (w.r.exit_code == 0) {
    w.stats = std::make_unique<Json>(slurp(w.dir + "/out/stats.json"));
    w.trace = slurp(w.dir + "/out/trace.txt");
  }
  return w;
}

long long placements(yajl_val t, size_t cluster) {
  yajl_val p = Json::get(t, "placements");
  return cluster < len(p) ? num(at(p, cluster)) : -1;
}

// 1 ms every 16 ms (util ~ 60 of 1024): created on the boot A15 with the
// initial utilisation of a new task (half the A15's spare capacity: too big
// for an A7) for its first few periods; once that has decayed, the energy
// estimate finds an A7 cheaper (about 4x per unit of work at low OPPs), and
// it stays there.
TEST(Eas, SmallTaskIsPlacedOnAnA7WhereItIsCheaper) {
  EasRun w = run("eas-small", "eas-small.json", "--duration 1s" + kEas);
  ASSERT_EQ(w.r.exit_code, 0) << w.r.err;
  yajl_val t = w.task("small");
  ASSERT_NE(t, nullptr);
  const long long pid = num(Json::get(t, "pid"));
  EXPECT_EQ(num(Json::get(t, "missed")), 0);
  // Placements: cluster 0 = A15, 1 = A7 (clusters[] order); the creation
  // and the first wake-ups are on the A15.
  EXPECT_GE(placements(t, 0), 1);
  EXPECT_LE(placements(t, 0), 10);
  EXPECT_GE(placements(t, 1), 50);
  // The move down is the energy model's choice, with its estimate.
  bool down = false;
  for (const TraceLine& l : trace_lines(w.trace, "blsim_eas_wakeup")) {
    if (argn(l.args, "pid") != pid) continue;
    EXPECT_LE(argn(l.args, "best_energy"), argn(l.args, "prev_energy")) << l.args;
    if (argn(l.args, "prev_cpu") <= 1 && argn(l.args, "dst_cpu") >= 2) {
      down = true;
      EXPECT_LT(argn(l.args, "best_energy") * 2, argn(l.args, "prev_energy")) << l.args;
    }
  }
  EXPECT_TRUE(down) << "no blsim_eas_wakeup from an A15 to an A7";
  bool energy_reason = false;
  for (const TraceLine& l : trace_lines(w.trace, "blsim_sched_migrate_reason"))
    if (argn(l.args, "pid") == pid && arg(l.args, "reason") == "energy" && argn(l.args, "dest_cpu") >= 2)
      energy_reason = true;
  EXPECT_TRUE(energy_reason);
  const std::vector<int> cpus = w.cpus_of(pid);
  ASSERT_GE(cpus.size(), 50u);
  for (size_t i = 10; i < cpus.size(); ++i) EXPECT_GE(cpus[i], 2) << "switch-in " << i;
  // Nothing goes over-utilised with one small task.
  EXPECT_TRUE(trace_lines(w.trace, "blsim_eas_overutilized").empty());
}

// Light (0.5 ms / 20 ms) for 0.5 s on an A7, then heavy (9 ms / 10 ms):
// the A7 cannot hold it with 20 % headroom, it becomes misfit and the idle
// A15 gets it (reason=misfit), where it stays.
TEST(Eas, GrowingTaskMovesUpAsMisfit) {
  EasRun w = run("eas-grow", "eas-grow.json", "--duration 1.5s" + kEas);
  ASSERT_EQ(w.r.exit_code, 0) << w.r.err;
  yajl_val t = w.task("grow");
  ASSERT_NE(t, nullptr);
  const long long pid = num(Json::get(t, "pid"));
  EXPECT_GE(placements(t, 1), 20) << "the light phase should run on an A7";
  int misfit = 0;
  double misfit_t = 0;
  for (const TraceLine& l : trace_lines(w.trace, "blsim_sched_migrate_reason"))
    if (argn(l.args, "pid") == pid && arg(l.args, "reason") == "misfit") {
      ++misfit;
      misfit_t = l.t;
      EXPECT_GE(argn(l.args, "orig_cpu"), 2) << l.args;
      EXPECT_LE(argn(l.args, "dest_cpu"), 1) << l.args;
    }
  EXPECT_EQ(misfit, 1);
  // After the light phase (0.5 s from the start), within 0.5 s.
  EXPECT_GT(misfit_t, 0.5);
  EXPECT_LT(misfit_t, 1.0);
  // The A7 it ran on went over-utilised on the way.
  EXPECT_FALSE(trace_lines(w.trace, "blsim_eas_overutilized").empty());
  const std::vector<int> cpus = w.cpus_of(pid);
  ASSERT_GE(cpus.size(), 20u);
  for (size_t i = cpus.size() - 20; i < cpus.size(); ++i) EXPECT_LE(cpus[i], 1) << "switch-in " << i;
}

// Six threads of 7 ms / 10 ms (4.2 A15s of work for 3.3 of capacity):
// the energy path packs them, CPUs go over-utilised, and from then on
// wake-ups and the balancer use every CPU.
TEST(Eas, FullSystemGoesOverutilisedAndSpreads) {
  EasRun w = run("eas-busy", "eas-busy.json", "--duration 1s" + kEas);
  ASSERT_EQ(w.r.exit_code, 0) << w.r.err;
  const std::vector<TraceLine> ou = trace_lines(w.trace, "blsim_eas_overutilized");
  ASSERT_FALSE(ou.empty());
  EXPECT_EQ(arg(ou.front().args, "overutilized"), "1");
  std::set<int> used;
  for (const TraceLine& l : trace_lines(w.trace, "sched_switch"))
    if (arg(l.args, "next_comm").compare(0, 5, "busy-") == 0) used.insert(l.cpu);
  EXPECT_EQ(used, (std::set<int>{0, 1, 2, 3, 4}));
  int balance = 0;
  for (const TraceLine& l : trace_lines(w.trace, "blsim_sched_migrate_reason"))
    if (arg(l.args, "reason") == "balance") ++balance;
  EXPECT_GT(balance, 0) << "the load balancer never moved a task while over-utilised";
  // Every thread made progress (over-utilised, nobody starves).
  for (int i = 0; i < 6; ++i) {
    yajl_val t = w.task("busy-" + std::to_string(i));
    ASSERT_NE(t, nullptr) << i;
    EXPECT_GT(num(Json::get(t, "activations")), 40) << i;
  }
}

// Same inputs, same bytes (stats and trace) under EAS too.
TEST(Eas, Deterministic) {
  EasRun a = run("eas-det-a", "eas-grow.json", "--duration 800ms" + kEas);
  EasRun b = run("eas-det-b", "eas-grow.json", "--duration 800ms" + kEas);
  ASSERT_EQ(a.r.exit_code, 0) << a.r.err;
  ASSERT_EQ(b.r.exit_code, 0) << b.r.err;
  EXPECT_EQ(slurp(a.dir + "/out/stats.json"), slurp(b.dir + "/out/stats.json"));
  EXPECT_TRUE(a.trace == b.trace);
}

// The default is HMP, as before: --sched hmp changes nothing, and no
// EAS event appears.
TEST(Eas, DefaultIsHmpAndUnchanged) {
  EasRun a = run("eas-default", "eas-small.json", "--duration 300ms");
  EasRun b = run("eas-hmp", "eas-small.json", "--duration 300ms --sched hmp");
  ASSERT_EQ(a.r.exit_code, 0) << a.r.err;
  ASSERT_EQ(b.r.exit_code, 0) << b.r.err;
  EXPECT_EQ(slurp(a.dir + "/out/stats.json"), slurp(b.dir + "/out/stats.json"));
  EXPECT_TRUE(a.trace == b.trace);
  EXPECT_EQ(a.trace.find("blsim_eas"), std::string::npos);
  EXPECT_EQ(a.trace.find("blsim_sched_migrate_reason"), std::string::npos);
  yajl_val cfg = Json::get(a.stats->root(), "config");
  EXPECT_STREQ(YAJL_GET_STRING(Json::get(cfg, "sched")), "hmp");
}

// EAS needs schedutil (exit 2, saying so); --sched and a switcher do not
// go together (exit 1); a DT without a coefficient has no energy model
// (exit 2 naming the node and property); nothing is written.
TEST(Eas, RefusesWhatItCannotRun) {
  const std::string d = scratch("eas-refuse");
  const std::string base = "--dtb " + tc2_dtb() + " --duration 10ms --out '" + d + "/out' ";
  RunResult r = run_blsim(base + "--sched eas", d);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--sched eas needs --cpufreq-governor schedutil"), std::string::npos) << r.err;
  r = run_blsim(base + "--sched eas --cpufreq-governor ondemand", d);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("got ondemand"), std::string::npos) << r.err;
  r = run_blsim(base + "--sched eas --cpufreq-governor schedutil --switcher iks", d);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("needs all cores visible"), std::string::npos) << r.err;
  r = run_blsim(base + "--sched hmp --switcher cluster", d);
  EXPECT_EQ(r.exit_code, 1);
  r = run_blsim(base + "--sched cfs", d);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("--sched takes hmp or eas"), std::string::npos) << r.err;
  r = run_blsim(base + kEas + " --dt '/cpus/cpu@3:dynamic-power-coefficient=<0>'", d);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/cpus/cpu@3: dynamic-power-coefficient"), std::string::npos) << r.err;
  EXPECT_FALSE(exists(d + "/out/stats.json"));
}

// The Exynos 5422 (4+4, OPP-v2 tables) runs EAS too: its energy model has
// two domains of 4 CPUs, and the small task ends on an A7 (CPU0-3).
TEST(Eas, ExynosSmallTaskOnLittle) {
  const std::string d = scratch("eas-exynos");
  RunResult r = run_blsim("--dtb " + exynos_dtb() + " --quiet --duration 600ms --workload '" +
                              kWorkloads + "eas-small.json'" + kEas + " --out '" + d + "/out'",
                          d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string log = slurp(d + "/out/console.log");
  EXPECT_NE(log.find("EAS perf domain 0: CPUs 0xf"), std::string::npos) << log;
  EXPECT_NE(log.find("EAS perf domain 1: CPUs 0xf0"), std::string::npos) << log;
  long long pid = -1;
  std::vector<int> cpus;
  for (const TraceLine& l : trace_lines(slurp(d + "/out/trace.txt"), "sched_switch"))
    if (arg(l.args, "next_comm") == "small") cpus.push_back(l.cpu), pid = argn(l.args, "next_pid");
  ASSERT_GE(cpus.size(), 20u) << pid;
  for (size_t i = cpus.size() - 10; i < cpus.size(); ++i) EXPECT_LE(cpus[i], 3) << i;
}

}  // namespace

namespace {

// tools/policies: one row per policy with its numbers, a CSV and a PNG;
// IKS and cluster switch, HMP and EAS do not.
TEST(Eas, PoliciesToolComparesFour) {
  const std::string d = scratch("eas-policies");
  RunResult r = run_cmd("BLSIM='" + blsim_bin() + "' " BLSIM_SOURCE_DIR "/tools/policies '" +
                            kWorkloads + "eas-small.json' --duration 300ms --dtb " + tc2_dtb() +
                            " --csv --out '" + d + "/p'",
                        d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')),
            "policy,energy_j,vcore-a15_j,vcore-a7_j,wakeup_p50_us,wakeup_p99_us,missed,activations,"
            "switches,migrations");
  std::vector<std::string> rows;
  for (size_t p = r.out.find('\n') + 1, e; (e = r.out.find('\n', p)) != std::string::npos; p = e + 1)
    rows.push_back(r.out.substr(p, e - p));
  ASSERT_EQ(rows.size(), 4u) << r.out;
  const char* names[] = {"iks,", "cluster,", "hmp,", "eas,"};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(rows[i].rfind(names[i], 0), 0u) << rows[i];
  // switches is the second-last column: none without a switcher.
  auto col = [](const std::string& row, int from_end) {
    std::vector<std::string> c;
    for (size_t p = 0, e;; p = e + 1) {
      e = row.find(',', p);
      c.push_back(row.substr(p, e == std::string::npos ? std::string::npos : e - p));
      if (e == std::string::npos) break;
    }
    return c[c.size() - from_end];
  };
  EXPECT_EQ(col(rows[2], 2), "0");
  EXPECT_EQ(col(rows[3], 2), "0");
  EXPECT_TRUE(exists(d + "/p/policies.png"));
  EXPECT_TRUE(exists(d + "/p/eas/stats.json"));
  // Bad input: a policy it does not know.
  r = run_cmd(BLSIM_SOURCE_DIR "/tools/policies '" + kWorkloads + "eas-small.json' --policies eas,foo", d);
  EXPECT_EQ(r.exit_code, 1);
}

}  // namespace
