// SPDX-License-Identifier: GPL-2.0-only
// switcher_test.cc - the in-kernel switcher on TC2, step by step.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "blsim/switch_steps.h"
#include "run_helpers.h"

using namespace blsim_test;

namespace {

yajl_val at(yajl_val arr, size_t i) { return YAJL_GET_ARRAY(arr)->values[i]; }
size_t len(yajl_val arr) { return arr && YAJL_IS_ARRAY(arr) ? YAJL_GET_ARRAY(arr)->len : 0; }

struct Step { std::string name; long long core, start, end; };

// A switch's steps from a blsim-stats/2 stats.json: each [step, core,
// start from requested_ns, duration], named by blsim/switch_steps.h's list.
std::vector<Step> steps_of(yajl_val sw) {
  std::vector<Step> out;
  yajl_val st = Json::get(sw, "steps");
  const long long t0 = num(Json::get(sw, "requested_ns"));
  for (size_t i = 0; i < len(st); ++i) {
    yajl_val s = at(st, i);
    const char* name = switch_step_name(static_cast<switch_step>(num(at(s, 0))));
    const long long start = t0 + num(at(s, 2));
    out.push_back({name ? name : "?", num(at(s, 1)), start, start + num(at(s, 3))});
  }
  return out;
}

const Step* find(const std::vector<Step>& v, const std::string& name) {
  for (auto& s : v) if (s.name == name) return &s;
  return nullptr;
}

RunResult run_iks(const std::string& d, const std::string& extra,
                  const std::string& duration = "200ms") {
  return run_blsim("--dtb " + tc2_dtb() + " --switcher iks --duration " + duration + " --out " + d +
                   " " + extra, d);
}

}  // namespace

// A15 -> A7 and back on logical CPU 0: both switches in switches[], with the
// upstream steps in upstream order, a blackout inside the total, the
// outbound's cache clean, and for the last A7 its CCI port and cluster off.
TEST(Switcher, IksBothDirectionsStepByStep) {
  const std::string d = scratch("iks");
  RunResult r = run_iks(d, "--event 100ms:switch:0:1 --event 150ms:switch:0:0");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  ASSERT_TRUE(j.ok());
  // The name table is blsim/switch_steps.h's list, in its order.
  yajl_val table = Json::get(j.root(), "switch_steps");
  ASSERT_EQ(len(table), static_cast<size_t>(SWITCH_STEP_NR));
  for (int i = 0; i < SWITCH_STEP_NR; ++i)
    EXPECT_STREQ(YAJL_GET_STRING(at(table, i)), switch_step_name(static_cast<switch_step>(i)));
  yajl_val sws = Json::get(j.root(), "switches");
  ASSERT_EQ(len(sws), 2u);
  const char* order[] = {"request", "entry_vectors_gated", "inbound_power_up", "wait_inbound_alive",
                         "blackout", "gic_migrate", "cpu_pm_enter", "logical_map_flip",
                         "context_save", "inbound_released", "inbound_resumed", "cpu_pm_exit",
                         "outbound_power_down", "outbound_core_off"};
  for (size_t k = 0; k < 2; ++k) {
    yajl_val sw = at(sws, k);
    EXPECT_EQ(num(Json::get(sw, "cpu")), 0);
    EXPECT_EQ(num(Json::get(sw, "from_cluster")), k == 0 ? 0 : 1);
    EXPECT_EQ(num(Json::get(sw, "to_cluster")), k == 0 ? 1 : 0);
    const auto st = steps_of(sw);
    long long last = 0;
    for (const char* name : order) {
      const Step* s = find(st, name);
      ASSERT_TRUE(s) << "switch " << k << " lacks step " << name;
      EXPECT_GE(s->start, last) << name << " out of order";
      EXPECT_GE(s->end, s->start) << name;
      last = s->start;
    }
    // Who runs what: the outbound until the release, the inbound after.
    const long long ob = num(Json::get(sw, "outbound_core")), ib = num(Json::get(sw, "inbound_core"));
    EXPECT_EQ(find(st, "context_save")->core, ob);
    EXPECT_EQ(find(st, "inbound_resumed")->core, ib);
    EXPECT_EQ(find(st, "cpu_pm_exit")->core, ib);
    EXPECT_EQ(ob, k == 0 ? 0 : 4);
    EXPECT_EQ(ib, k == 0 ? 4 : 0);
    // Blackout: IRQs off (outbound) to IRQs on (inbound), tens of us at most
    // with the inbound already up (the early poke), inside the total.
    const long long blackout = num(Json::get(sw, "blackout_ns"));
    const long long total = num(Json::get(sw, "total_ns"));
    EXPECT_GT(blackout, 1000);
    EXPECT_LT(blackout, 50000);
    EXPECT_GT(total, blackout);
    EXPECT_EQ(find(st, "blackout")->end - find(st, "blackout")->start, blackout);
    // The outbound cleans its L1 before it is reset; its L2 too when it is
    // the last man (A7 -> A15; and A15 -> A7 once CPU1 sleeps in
    // cluster-sleep, as it does since cpuidle's install kick).
    const Step* clean = find(st, "outbound_l1_l2_clean");
    if (!clean && k == 0) clean = find(st, "outbound_l1_clean");
    ASSERT_TRUE(clean);
    EXPECT_LE(clean->end, find(st, "outbound_core_off")->start);
  }
  // A15 -> A7: the A7 cluster was off (all A7s were taken offline by the
  // switcher at boot), so the inbound's wait covers its power-up (450 us).
  const auto first = steps_of(at(sws, 0));
  EXPECT_GT(find(first, "wait_inbound_alive")->end - find(first, "wait_inbound_alive")->start, 450000);
  // A7 -> A15: the outbound is the A7 cluster's last man: L2 cleaned, CCI
  // port disabled, then the cluster is powered off, which ends the switch.
  yajl_val back = at(sws, 1);
  EXPECT_TRUE(YAJL_IS_TRUE(Json::get(back, "outbound_last_man")));
  const auto second = steps_of(back);
  ASSERT_TRUE(find(second, "cci_port_disabled"));
  ASSERT_TRUE(find(second, "outbound_cluster_off"));
  EXPECT_EQ(num(Json::get(back, "requested_ns")) + num(Json::get(back, "total_ns")),
            find(second, "outbound_cluster_off")->end);
}

// IKS at boot: pairs (0x0,0x102) and (0x1,0x101), each A15 with the last
// free A7 as upstream pairs them; the odd A7 (0x100) and the
// counterparts go offline and the A7 cluster powers off.
TEST(Switcher, EnableHalvesTheCpusAndPowersTheLittleClusterOff) {
  const std::string d = scratch("iks-boot");
  RunResult r = run_iks(d, "");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string log = slurp(d + "/console.log");
  EXPECT_NE(log.find("bL_switcher: CPU0 (0x0) paired with 0x102"), std::string::npos) << log;
  EXPECT_NE(log.find("bL_switcher: CPU1 (0x1) paired with 0x101"), std::string::npos);
  Json j(slurp(d + "/stats.json"));
  yajl_val a7 = at(Json::get(j.root(), "clusters"), 1);
  EXPECT_STREQ(YAJL_GET_STRING(Json::get(a7, "power_state")), "off");
  EXPECT_EQ(num(Json::get(a7, "power_downs")), 1);
}

// Without the early poke the outbound does not wait for the inbound: the
// blackout then includes the inbound's cluster power-up. With it, the
// inbound powers up while the outbound still has IRQs on.
TEST(Switcher, EarlyPokeShrinksTheBlackout) {
  const std::string d = scratch("iks-poke");
  RunResult with = run_iks(d, "--event 100ms:switch:0:1");
  ASSERT_EQ(with.exit_code, 0) << with.err;
  Json jw(slurp(d + "/stats.json"));
  const std::string d2 = scratch("iks-nopoke");
  RunResult without = run_iks(d2, "--no-early-poke --event 100ms:switch:0:1");
  ASSERT_EQ(without.exit_code, 0) << without.err;
  Json jn(slurp(d2 + "/stats.json"));
  yajl_val sw = at(Json::get(jw.root(), "switches"), 0), sn = at(Json::get(jn.root(), "switches"), 0);
  const long long bw = num(Json::get(sw, "blackout_ns")), bn = num(Json::get(sn, "blackout_ns"));
  // With the poke: tens of us, the inbound's resume path missing its cold
  // caches in DRAM (~17 us) included, far below the 450 us power-up.
  EXPECT_LT(bw, 50000);
  EXPECT_GT(bn, 450000) << "without the poke the cluster power-up is inside the blackout";
  EXPECT_GT(bn - bw, 90000);
  // Ordering with the poke: the inbound is alive before IRQs go off.
  const auto st = steps_of(sw);
  EXPECT_LE(find(st, "wait_inbound_alive")->end, find(st, "blackout")->start);
  EXPECT_FALSE(find(steps_of(sn), "wait_inbound_alive"));
}

// A request for a CPU in flight is queued and handled after it, as upstream
// (the thread re-reads wanted_cluster); both switches complete, in order.
// CPU0's switcher thread is busy with the first switch and takes the
// second request when it loops. CPU0 sleeps in cluster-sleep at 100 ms, so
// its thread starts the first switch only at ~100.67 ms and then waits for
// the A7 cluster until ~101.8 ms: the second request, at 101 ms, lands in
// flight. (Two requests before the thread runs merge into the last one, as
// upstream's wanted_cluster does.)
TEST(Switcher, RequestWhileInFlightIsHandledAfter) {
  const std::string d = scratch("iks-queue");
  RunResult r = run_iks(d, "--event 100ms:switch:0:1 --event 101ms:switch:0:0");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  yajl_val sws = Json::get(j.root(), "switches");
  ASSERT_EQ(len(sws), 2u);
  EXPECT_EQ(num(Json::get(at(sws, 0), "to_cluster")), 1);
  EXPECT_EQ(num(Json::get(at(sws, 1), "to_cluster")), 0);
  // The second started only after the first had the inbound running.
  const auto a = steps_of(at(sws, 0)), b = steps_of(at(sws, 1));
  EXPECT_GE(find(b, "entry_vectors_gated")->start, find(a, "cpu_pm_exit")->end);
  // Its request time is the second event's, not the first switch's.
  EXPECT_GE(num(Json::get(at(sws, 1), "requested_ns")), 101000000);
}

// A request for the cluster the CPU is already on makes no switch, and is
// not charged to the next one: that switch's latency starts at its own
// request (it once started at the no-op one, 50 ms earlier).
TEST(Switcher, RequestThatSwitchesNothingIsNotChargedToTheNext) {
  const std::string d = scratch("iks-noop");
  RunResult r = run_iks(d, "--event 100ms:switch:0:0 --event 150ms:switch:0:1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  yajl_val sws = Json::get(j.root(), "switches");
  ASSERT_EQ(len(sws), 1u);
  EXPECT_GE(num(Json::get(at(sws, 0), "requested_ns")), 150000000);
  EXPECT_LT(num(Json::get(at(sws, 0), "total_ns")), 2000000);
}

TEST(Switcher, RequestForACpuWithoutAPairIsRefused) {
  const std::string d = scratch("iks-nopair");
  RunResult r = run_iks(d + "", "--event 100ms:switch:2:0");
  EXPECT_EQ(r.exit_code, 5);
  EXPECT_NE(r.err.find("bL_switch_request: CPU2 has no counterpart to switch to "
                       "(the switcher took it offline)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("Invalid argument (-22)"), std::string::npos) << r.err;
  RunResult off = run_blsim("--dtb " + tc2_dtb() + " --switcher none --duration 50ms "
                            "--event 10ms:switch:0:1", d);
  EXPECT_EQ(off.exit_code, 5);
  EXPECT_NE(off.err.find("the switcher is not active"), std::string::npos) << off.err;
}

// A storm of requests on both pairs, with IPIs to both logical CPUs fired
// in between: every request is carried out (none lost), every IPI and every
// device interrupt is delivered exactly once to the logical CPU it was sent
// to, wherever that CPU was at the time, and each switch is well formed.
// A request for a CPU hotplug took down is refused (it once woke the dead
// core forever, in zero simulated time). In cluster mode the cluster's
// online CPUs move without it.
TEST(Switcher, RequestForAnOfflineCpuIsRefused) {
  const std::string d = scratch("iks-offline");
  RunResult r = run_iks(d, "--event 40ms:cpu_down:1 --event 60ms:switch:1:1", "100ms");
  EXPECT_EQ(r.exit_code, 5);
  EXPECT_NE(r.err.find("event '60ms:switch:1:1' refused by the kernel"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("bL_switch_request: CPU1 is offline"), std::string::npos) << r.err;
  EXPECT_FALSE(exists(d + "/stats.json"));

  RunResult c = run_blsim("--dtb " + tc2_dtb() + " --switcher cluster --duration 100ms --out " + d +
                              "/cl --event 40ms:cpu_down:1 --event 60ms:switch:0:1", d);
  ASSERT_EQ(c.exit_code, 0) << c.err;
  Json j(slurp(d + "/cl/stats.json"));
  yajl_val sws = Json::get(j.root(), "switches");
  ASSERT_EQ(len(sws), 1u);
  EXPECT_EQ(num(Json::get(at(sws, 0), "cpu")), 0);
  EXPECT_EQ(num(Json::get(at(sws, 0), "to_cluster")), 1);
}

TEST(Switcher, StormOfRequestsOnBothPairs) {
  const std::string d = scratch("iks-storm");
  std::string ev;
  unsigned n = 0, ipis = 0;
  // 1000 requests on both pairs at pseudo-random times and CPUs (a fixed
  // LCG: the same storm every run), each IPI in the middle of a switch.
  uint32_t rng = 12345;
  auto next = [&rng] { rng = rng * 1103515245u + 12345u; return rng >> 16; };
  std::map<unsigned, unsigned> where{{0, 0}, {1, 0}};
  uint64_t t = 40000;
  for (unsigned i = 0; i < 1000; ++i, ++n) {
    t += 2000 + next() % 1000;                     // us: past two cluster wake-ups
    const unsigned cpu = next() % 2;
    where[cpu] ^= 1;                               // always to the other cluster
    ev += " --event " + std::to_string(t) + "us:switch:" + std::to_string(cpu) + ":" +
          std::to_string(where[cpu]);
    ev += " --event " + std::to_string(t + 20 + next() % 150) + "us:ipi:" +
          std::to_string(next() % 2);
    ++ipis;
  }
  RunResult r = run_iks(d, ev, std::to_string(t / 1000 + 50) + "ms");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  yajl_val events = Json::get(j.root(), "events"), sws = Json::get(j.root(), "switches");
  ASSERT_EQ(len(events), n + ipis);
  for (size_t i = 0; i < n + ipis; ++i) EXPECT_EQ(num(Json::get(at(events, i), "result")), 0);
  // Each request moves its CPU to the other cluster: one switch each.
  EXPECT_EQ(len(sws), n);
  // Exactly once: IPIs sent to a logical CPU = IPIs it received, per type.
  yajl_val cpus = Json::get(j.root(), "cpus");
  long long call_func = 0;
  for (size_t c = 0; c < 2; ++c) {
    yajl_val sent = Json::get(at(cpus, c), "ipis_sent"), got = Json::get(at(cpus, c), "ipis_received");
    for (const char* t : {"call_function", "reschedule"})
      EXPECT_EQ(num(Json::get(got, t)), num(Json::get(sent, t))) << "cpu" << c << " " << t;
    call_func += num(Json::get(got, "call_function"));
    // "Inbound alive" arrives by the inbound's early poke of GICD_SGIR (not
    // smp_send_ipi): exactly one per switch of this CPU.
    long long switches_of_c = 0;
    for (size_t i = 0; i < len(sws); ++i)
      switches_of_c += num(Json::get(at(sws, i), "cpu")) == static_cast<long long>(c);
    EXPECT_EQ(num(Json::get(got, "completion")), switches_of_c) << "cpu" << c;
  }
  EXPECT_EQ(call_func, static_cast<long long>(ipis));
  // The mailbox's SPI (132) was handled once per event, following CPU0
  // across its switches.
  yajl_val irqs = Json::get(j.root(), "irq_counts");
  EXPECT_EQ(num(Json::get(irqs, "132")), static_cast<long long>(n + ipis));
  // Each CPU alternates clusters, starting on the A15s: a switch always
  // leaves the cluster the previous one of that CPU went to.
  std::map<long long, long long> cluster_of_cpu{{0, 0}, {1, 0}};
  for (size_t i = 0; i < len(sws); ++i) {
    yajl_val sw = at(sws, i);
    const long long cpu = num(Json::get(sw, "cpu"));
    EXPECT_EQ(num(Json::get(sw, "from_cluster")), cluster_of_cpu[cpu]) << "switch " << i;
    cluster_of_cpu[cpu] = num(Json::get(sw, "to_cluster"));
    EXPECT_NE(num(Json::get(sw, "from_cluster")), num(Json::get(sw, "to_cluster")));
    EXPECT_LT(num(Json::get(sw, "blackout_ns")), 50000);
  }
  // At the end both logical CPUs are on a live core and nothing is stuck.
  const std::string log = slurp(d + "/console.log");
  EXPECT_EQ(log.find("BUG"), std::string::npos);
}

// Whole-cluster mode moves every logical CPU of the cluster at once (both
// A15s to their A7s on one request), after a rendezvous, and costs more per
// switch than IKS: a longer blackout (the full context) and more energy.
TEST(Switcher, ClusterModeMovesTheWholeClusterAndCostsMore) {
  const std::string di = scratch("sw-iks-cost"), dc = scratch("sw-cluster-cost");
  ASSERT_EQ(run_blsim("--dtb " + tc2_dtb() + " --switcher iks --duration 200ms --out " + di +
                      " --event 100ms:switch:0:1", di).exit_code, 0);
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --switcher cluster --duration 200ms --out " +
                          dc + " --event 100ms:switch:0:1", dc);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json ji(slurp(di + "/stats.json")), jc(slurp(dc + "/stats.json"));
  yajl_val si = Json::get(ji.root(), "switches"), sc = Json::get(jc.root(), "switches");
  ASSERT_EQ(len(si), 1u);
  ASSERT_EQ(len(sc), 2u) << "one request moves both CPUs of the A15 cluster";
  long long first_release = 1LL << 62, last_rendezvous_start = 0;
  for (size_t k = 0; k < 2; ++k) {
    yajl_val s = at(sc, k);
    EXPECT_STREQ(YAJL_GET_STRING(Json::get(s, "mode")), "cluster");
    EXPECT_EQ(num(Json::get(s, "to_cluster")), 1);
    const auto st = steps_of(s);
    ASSERT_TRUE(find(st, "cluster_rendezvous"));
    last_rendezvous_start = std::max(last_rendezvous_start, find(st, "cluster_rendezvous")->start);
    first_release = std::min(first_release, find(st, "inbound_released")->start);
    EXPECT_GT(num(Json::get(s, "blackout_ns")), num(Json::get(at(si, 0), "blackout_ns")));
  }
  // No inbound is released before both outbounds reached the rendezvous.
  EXPECT_GE(first_release, last_rendezvous_start);
  EXPECT_EQ(std::string(YAJL_GET_STRING(Json::get(at(si, 0), "mode"))), "iks");
  // Energy of the switch: cluster mode spends more than IKS per switch.
  const double ei = YAJL_GET_DOUBLE(Json::get(at(si, 0), "energy_j"));
  const double ec = YAJL_GET_DOUBLE(Json::get(at(sc, 0), "energy_j"));
  EXPECT_GT(ec, ei);
}

// A part without CCI coherency (blsim,no-coherency on the cci node, as the
// Exynos 5410): in cluster mode every outbound flushes its caches to memory
// before its inbound may run, inside the blackout.
TEST(Switcher, NoCoherencyFlushesEverySwitchToMemory) {
  const std::string d = scratch("sw-nocoh");
  const std::string dts = edit(tc2_dts(), "\t\tblsim,transit-latency-ns = <10>;",
                               "\t\tblsim,transit-latency-ns = <10>;\n\t\tblsim,no-coherency;");
  const std::string dtb = compile_dts(dts, d, "nocoh");
  ASSERT_FALSE(dtb.empty());
  RunResult r = run_blsim("--dtb " + dtb + " --switcher cluster --duration 200ms --out " + d +
                          " --event 100ms:switch:0:1", d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  yajl_val sc = Json::get(j.root(), "switches");
  ASSERT_EQ(len(sc), 2u);
  for (size_t k = 0; k < 2; ++k) {
    const auto st = steps_of(at(sc, k));
    const Step* f = find(st, "outbound_flush_to_memory");
    ASSERT_TRUE(f) << "switch " << k;
    EXPECT_GE(f->start, find(st, "blackout")->start);
    EXPECT_LE(f->end, find(st, "inbound_released")->start);
  }
  EXPECT_NE(slurp(d + "/console.log").find("no CCI coherency"), std::string::npos);
}

// The run-time active switch: switcher:0 brings every logical CPU back to
// its original cluster and the removed CPUs online; switcher:1 halves again.
TEST(Switcher, RunTimeDisableAndEnable) {
  const std::string d = scratch("sw-active");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --switcher iks --duration 400ms --out " + d +
                          " --event 100ms:switch:0:1 --event 150ms:switcher:0"
                          " --event 250ms:switcher:1", d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  yajl_val sws = Json::get(j.root(), "switches");
  ASSERT_EQ(len(sws), 2u);
  EXPECT_STREQ(YAJL_GET_STRING(Json::get(at(sws, 1), "cause")), "disable");
  EXPECT_EQ(num(Json::get(at(sws, 1), "to_cluster")), 0);
  const std::string log = slurp(d + "/console.log");
  const size_t off = log.find("big.LITTLE switcher disabled");
  ASSERT_NE(off, std::string::npos);
  EXPECT_NE(log.find("CPU4: Booted secondary processor 0x102", 0), std::string::npos);
  EXPECT_NE(log.find("big.LITTLE switcher initialized", off), std::string::npos);
  // Enabled again: the A7s went offline again, the A7 cluster is off at the end.
  yajl_val a7 = at(Json::get(j.root(), "clusters"), 1);
  EXPECT_STREQ(YAJL_GET_STRING(Json::get(a7, "power_state")), "off");
}

// A cold IKS switch (the A7 cluster is off) on CPU0 while a task pinned to
// CPU0 runs 50 us every 200 us (SCHED_FIFO, so the CFS hog that keeps CPU0
// busy, and makes sure some task is runnable whenever the switcher thread
// runs, does not delay it). The switcher thread sleeps in
// wait_for_completion() while the inbound's cluster powers up (~450 us), so
// the task keeps its period. The bound: the task can only wait for the
// thread's two runs on CPU0, (1) from its wake-up through the power-up
// request (entry_vectors_gated + inbound_power_up, ~1 us, plus the
// switch into and out of the thread, 2500 kernel instructions, ~2 us)
// and (2) from "inbound alive" through the blackout to the thread's sleep
// (blackout + the handshake and the thread's loop, a few us, plus the same
// ~2 us of switching). Each run is under blackout + 10 us. Before the
// thread slept, the task waited 414 us and missed a period.
TEST(Switcher, ColdSwitchDoesNotStallAPinnedTask) {
  const std::string d = scratch("iks-pinned");
  RunResult r = run_iks(d, "--workload " BLSIM_SOURCE_DIR "/tests/data/workloads/pinned-50-200.json"
                           " --event 100ms:switch:0:1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  ASSERT_TRUE(j.ok());
  yajl_val sw = at(Json::get(j.root(), "switches"), 0);
  const auto st = steps_of(sw);
  const Step* alive = find(st, "wait_inbound_alive");
  ASSERT_TRUE(alive);
  ASSERT_GT(alive->end - alive->start, 400000) << "not a cold switch: the bound means nothing";
  const long long blackout = num(Json::get(sw, "blackout_ns"));
  const long long bound = blackout + 10000;
  const long long waited = num(Json::get(sw, "task_wait_ns"));
  EXPECT_GT(waited, 0) << "the task was runnable during the switch and must have waited";
  EXPECT_LE(waited, bound);
  yajl_val t = at(Json::get(j.root(), "tasks"), 0);
  EXPECT_STREQ(YAJL_GET_STRING(Json::get(t, "name")), "tick50");
  EXPECT_EQ(num(Json::get(t, "missed")), 0);
  EXPECT_LE(num(Json::get(Json::get(t, "wakeup_latency_ns"), "max")), bound);
  EXPECT_LE(num(Json::get(Json::get(t, "timer_latency_ns"), "max")), bound);
}

// The kernel code between the switch's hardware accesses is charged from the
// /cpus node's blsim,switch-path-instructions: 20000 more instructions when
// entering the critical zone take at least 16.6 us on any TC2 core (the
// fastest: kernel IPC 1.0 at 1.2 GHz) and lengthen the blackout by that.
TEST(Switcher, PathInstructionsComeFromTheDt) {
  const std::string a = scratch("iks-path-base"), b = scratch("iks-path-more");
  const std::string ev = "--event 100ms:switch:0:1 --event 150ms:switch:0:0";
  ASSERT_EQ(run_iks(a, ev).exit_code, 0);
  RunResult r = run_iks(b, ev + " --dt '/cpus:blsim,switch-path-instructions=<150 300 20080 120 60 120>'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json ja(slurp(a + "/stats.json")), jb(slurp(b + "/stats.json"));
  const long long warm_a = num(Json::get(at(Json::get(ja.root(), "switches"), 1), "blackout_ns"));
  const long long warm_b = num(Json::get(at(Json::get(jb.root(), "switches"), 1), "blackout_ns"));
  EXPECT_GE(warm_b - warm_a, 16600);
}
