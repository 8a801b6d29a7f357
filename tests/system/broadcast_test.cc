// SPDX-License-Identifier: GPL-2.0-only
// broadcast_test.cc - the tick broadcast on the whole platform.
//
// On TC2 the generic timer is in its core's power domain: in cluster-sleep
// (local-timer-stop) it cannot wake its core, and the kernel hands the
// CPU's next event to the motherboard's SP804. These tests boot the real
// kernel model in-process (ondemand's sampling timer gives a CPU timed
// wake-ups, menu picks cluster-sleep for the long gaps between them) and
// watch the SP804's interrupt, the cores' generic timers and the kernel's
// cpu_idle tracepoint; and run blsim with cpuidle off, where nothing of the
// broadcast is used.
#include <gtest/gtest.h>
#include <systemc>

#include <libfdt.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "run_helpers.h"
#include "sim/dt.h"
#include "sim/dt_config.h"
#include "sim/events.h"
#include "sim/hw_glue.h"
#include "sim/platform.h"

extern "C" {
#include "hw.h"
#include "linux/cpufreq.h"
#include "linux/cpuidle.h"
#include "linux/init.h"
#include "linux/tick.h"
}

using namespace blsim_test;

namespace {

constexpr uint32_t kExitState = 0xffffffffu;  // PWR_EVENT_EXIT

// An event the SP804 delivered: the CPU's timer expiry and the interrupt.
struct Delivery {
  unsigned cpu;
  uint64_t expires_ns, irq_ns;
  bool core_powered;  // the CPU's generic timer could have fired itself
};

struct Observed {
  std::vector<Delivery> deliveries;
  std::vector<TraceRecord> idle;                 // cpu_idle events (fields printed)
  unsigned local_fired_while_off = 0;            // PPI raised with the core off
  unsigned local_fires = 0;
  unsigned a7_cluster_downs = 0;                 // A7 cluster power domain off
};

// Boots the kernel model in-process on fdt (blsim's run without the
// reporters) for `ms` of simulated time with the ondemand governor, watching
// the SP804 and the generic timers.
// `events` are blsim --event strings; `governor` the cpuidle governor.
void boot_and_watch(Fdt& fdt, unsigned ms, Observed& o, const std::vector<std::string>& events = {},
                    const std::string& governor = "menu") {
  PlatformConfig pc = read_platform_config(fdt);
  // cpuidle on, no switcher (what blsim's defaults put on /chosen).
  void* blob = fdt.bytes().data();
  int chosen = fdt_path_offset(blob, "/chosen");
  ASSERT_GE(chosen, 0);
  ASSERT_EQ(fdt_setprop_string(blob, chosen, "bootargs",
                               ("no_bL_switcher cpuidle.governor=" + governor).c_str()), 0);
  static std::unique_ptr<Platform> p;  // lives until the process ends (SystemC)
  std::vector<ScriptedEvent> evs;
  for (auto& e : events) {
    ScriptedEvent se;
    std::string why;
    ASSERT_TRUE(parse_event(e, &se, &why)) << e << ": " << why;
    evs.push_back(se);
  }
  p = std::make_unique<Platform>(pc, evs);
  GlueSetup gs = p->glue_setup(fdt.blob());
  gs.trace = [&o](const TraceRecord& r) {
    if (r.event != "cpu_idle") return;
    o.idle.push_back(r);
    o.idle.back().fields = r.fields_text();  // printed now: the checks read it
    o.idle.back().fmt = nullptr;
  };
  p->sp804().irq.bind([&o](bool level) {
    if (!level) return;
    // What the broadcast handler will find: masked CPUs whose event is due.
    const uint64_t now = sc_core::sc_time_stamp().value() / 1000;
    const u32 mask = tick_get_broadcast_oneshot_mask();
    for (unsigned cpu = 0; cpu < NR_CPUS; ++cpu) {
      if (!(mask & (1u << cpu))) continue;
      const uint64_t ev = tick_cpu_next_event(cpu);
      // The logical CPU is the physical core of the same index (no switcher).
      if (ev <= now) o.deliveries.push_back({cpu, ev, now, p->timer(cpu).powered()});
    }
  });
  for (unsigned i = 0; i < p->nr_cores(); ++i) {
    Core* core = &p->core(i);
    GenericTimer* t = &p->timer(i);
    t->irq.bind([&o, core](bool level) {
      if (!level) return;
      ++o.local_fires;
      if (core->state() == Core::State::Off || core->state() == Core::State::Reset)
        ++o.local_fired_while_off;
    });
  }
  for (auto& cc : pc.clusters)
    if (cc.type == "cortex-a7")
      p->cluster(cc.id).power->add_listener([&o](PowerDomain::State st) {
        if (st == PowerDomain::State::Off) ++o.a7_cluster_downs;
      });
  glue_init(gs);
  ASSERT_EQ(cpufreq_set_governor("ondemand"), 0);
  sc_core::sc_start(sc_core::sc_time(ms, sc_core::SC_MS));
  ASSERT_FALSE(glue_failure());
}

// The DT's exit-latency-us of the first idle state of platform core `cpu`
// (the cpus node of that DT order index; no switcher: logical = physical).
unsigned dt_exit_latency_us(const Fdt& fdt, unsigned cpu) {
  const void* blob = fdt.blob();
  const int cpus = fdt_path_offset(blob, "/cpus");
  unsigned i = 0;
  int n;
  fdt_for_each_subnode(n, blob, cpus) {
    const char* dt = static_cast<const char*>(fdt_getprop(blob, n, "device_type", nullptr));
    if (!dt || std::string(dt) != "cpu") continue;
    if (i++ != cpu) continue;
    int len = 0;
    const fdt32_t* ph = static_cast<const fdt32_t*>(fdt_getprop(blob, n, "cpu-idle-states", &len));
    if (!ph || len < 4) return 0;
    const int st = fdt_node_offset_by_phandle(blob, fdt32_to_cpu(ph[0]));
    const fdt32_t* v = static_cast<const fdt32_t*>(fdt_getprop(blob, st, "exit-latency-us", &len));
    return v && len == 4 ? fdt32_to_cpu(*v) : 0;
  }
  return 0;
}

// The first cpu_idle exit of cpu at or after ns.
uint64_t first_exit_after(const Observed& o, unsigned cpu, uint64_t ns) {
  for (auto& r : o.idle)
    if (r.cpu == cpu && r.ns >= ns && r.fields.find("state=4294967295") == 0) return r.ns;
  return UINT64_MAX;
}

// The DT with the first A7 node moved ahead of the A15s: an A7 boots and
// is CPU0, where ondemand's sampling timer runs; with the other A7s idle the
// whole A7 cluster goes off between samples (as energy_test.cc does it).
std::string a7_first_dtb() { return blsim_test::a7_first_dtb("broadcast_a7_first"); }

// Checks every delivery: on time, core off, woken within the exit latency.
void check_deliveries(const Observed& o, const Fdt& fdt, unsigned min_deliveries) {
  unsigned deep = 0;
  for (auto& r : o.idle)
    if (r.fields.find("state=1 ") == 0) ++deep;
  EXPECT_GE(deep, min_deliveries);
  ASSERT_GE(o.deliveries.size(), min_deliveries);
  uint64_t worst = 0;
  for (const Delivery& d : o.deliveries) {
    const unsigned lat_us = dt_exit_latency_us(fdt, d.cpu);
    ASSERT_GT(lat_us, 0u);
    EXPECT_GE(d.irq_ns, d.expires_ns);
    EXPECT_LE(d.irq_ns - d.expires_ns, 2000u) << "SP804 late for cpu" << d.cpu;
    // The core was off: its own timer could not have woken it.
    EXPECT_FALSE(d.core_powered) << "cpu" << d.cpu << " at " << d.irq_ns;
    const uint64_t woke = first_exit_after(o, d.cpu, d.irq_ns);
    ASSERT_NE(woke, UINT64_MAX);
    EXPECT_LE(woke - d.expires_ns, lat_us * 1000ull)
        << "cpu" << d.cpu << " timer at " << d.expires_ns << " ns woke at " << woke << " ns";
    if (woke - d.expires_ns > worst) worst = woke - d.expires_ns;
  }
  // No generic timer ever raised its PPI while its core was off or in reset.
  EXPECT_EQ(o.local_fired_while_off, 0u);
  std::printf("[ broadcast ] %zu events delivered by the SP804 in %u cluster-sleeps; "
              "worst wake-up %.1f us after the timer's expiry\n", o.deliveries.size(), deep,
              worst / 1e3);
}

}  // namespace

// A CPU in cluster-sleep with a timer armed for the future is woken on time
// by the SP804, not by its own (stopped) generic timer: the SP804 fires at
// the timer's expiry (within one 1 us tick and the programming latency) and
// the CPU is out of cluster-sleep within the state's DT exit latency of it.
TEST(Broadcast, TimerWakesACpuInClusterSleepThroughTheSp804) {
  Fdt fdt = Fdt::load(tc2_dtb());
  Observed o;
  boot_and_watch(fdt, 200, o);
  if (HasFatalFailure()) return;
  const std::string& log = glue_console();
  EXPECT_NE(log.find("timer0 as tick broadcast device"), std::string::npos) << log;
  // Cluster-sleep was used, many times, and each time it was the SP804 that
  // delivered the CPU's event. (CPU0 alone: its core goes off, the A15
  // cluster stays on for CPU1.)
  check_deliveries(o, fdt, 10);
}

// The same with an A7 as CPU0 and the whole A7 cluster off between
// ondemand's samples. The ladder governor: the other two A7s, woken by a few
// IPIs 10 ms apart, are promoted to cluster-sleep and stay there (menu
// learns from those IPI wake-ups that their sleeps end early and keeps them
// in WFI), so the last man powers the cluster off. The wake-up through the
// SP804 then includes the cluster's power-up and still lands within
// cluster-sleep-little's 500 us exit latency of the timer's expiry.
TEST(Broadcast, TimerWakesAnA7ThroughTheSp804WithItsClusterOff) {
  const std::string dtb = a7_first_dtb();
  ASSERT_FALSE(dtb.empty());
  Fdt fdt = Fdt::load(dtb);
  std::vector<unsigned> other_a7s;
  {
    PlatformConfig pc = read_platform_config(fdt);
    ASSERT_EQ(pc.cpus[0].type, "cortex-a7");
    for (unsigned i = 1; i < pc.cpus.size(); ++i)
      if (pc.cpus[i].type == "cortex-a7") other_a7s.push_back(i);
  }
  ASSERT_EQ(other_a7s.size(), 2u);
  std::vector<std::string> ev;
  for (unsigned t = 3; t <= 63; t += 10)
    for (unsigned c : other_a7s) ev.push_back(std::to_string(t) + "ms:ipi:" + std::to_string(c));
  Observed o;
  boot_and_watch(fdt, 200, o, ev, "ladder");
  if (HasFatalFailure()) return;
  EXPECT_EQ(dt_exit_latency_us(fdt, 0), 500u);
  EXPECT_GE(o.a7_cluster_downs, 10u) << "the A7 cluster did not power off between samples";
  check_deliveries(o, fdt, 10);
}

// The generic timer model alone: while its core is off or in reset the
// comparator does not fire (PPI low), CNTPCT keeps counting, and the timer
// is evaluated again when the core is powered: a CVAL that passed meanwhile
// raises the PPI at power-up, not before.
TEST(Broadcast, GenericTimerIsStoppedWhileItsCoreIsOff) {
  GenericTimer t("t", GenericTimerParams{24000000, sc_core::sc_time(1, sc_core::SC_NS)});
  std::vector<std::pair<uint64_t, bool>> edges;
  t.irq.bind([&](bool l) { edges.push_back({sc_core::sc_time_stamp().value() / 1000, l}); });
  uint64_t cnt_before = 0, cnt_after = 0;
  sc_core::sc_spawn([&] {
    t.set_cval(24000);                       // 1 ms
    t.set_ctl(CNTP_CTL_ENABLE);
    sc_core::wait(sc_core::sc_time(100, sc_core::SC_US));
    t.set_powered(false);                    // the core goes off
    cnt_before = t.cntpct();
    sc_core::wait(sc_core::sc_time(1900, sc_core::SC_US));
    cnt_after = t.cntpct();
    t.set_powered(true);                     // back at 2 ms
  });
  sc_core::sc_start(sc_core::sc_time(3, sc_core::SC_MS));
  ASSERT_EQ(edges.size(), 1u);
  EXPECT_EQ(edges[0].first, 2000000u);       // at power-up, not at 1 ms
  EXPECT_TRUE(edges[0].second);
  EXPECT_EQ(cnt_after - cnt_before, 1900u * 24);  // the counter kept going
}

// Without an SP804 in the DT the kernel sees (the simulator's board still
// has one), the broadcast is unavailable: the driver says so, cluster-sleep
// (local-timer-stop) is never entered, and the CPUs idle in WFI, woken by
// their own timers, as upstream's tick_broadcast_enter() -EBUSY makes them.
TEST(Broadcast, WithoutAnSp804DeepStatesThatStopTheTimerAreNotUsed) {
  Fdt fdt = Fdt::load(tc2_dtb());
  void* blob = fdt.bytes().data();
  const int n = fdt_node_offset_by_compatible(blob, -1, "arm,sp804");
  ASSERT_GE(n, 0);
  Observed o;
  // The platform still gets its SP804 (read_platform_config takes the
  // default), but nobody adds the node to the kernel's DT.
  ASSERT_EQ(fdt_nop_node(blob, n), 0);
  boot_and_watch(fdt, 100, o);
  if (HasFatalFailure()) return;
  const std::string& log = glue_console();
  EXPECT_NE(log.find("sp804: no arm,sp804 timer"), std::string::npos) << log;
  cpuidle_cpu_stats st{};
  ASSERT_EQ(cpuidle_get_cpu_stats(0, &st), 0);
  EXPECT_EQ(st.states[1].usage, 0u);
  EXPECT_GE(st.states[0].usage, 5u);
  EXPECT_TRUE(o.deliveries.empty());
  EXPECT_GT(o.local_fires, 5u);
}

// cpuidle off (--cpuidle-governor none): every idle is WFI, the generic
// timers do all the wake-ups and the SP804 never interrupts.
TEST(Broadcast, CpuidleOffUsesNoBroadcast) {
  const std::string d = scratch("broadcast-none");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --duration 100ms --cpufreq-governor ondemand "
                          "--cpuidle-governor none --out " + d, d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j(slurp(d + "/stats.json"));
  ASSERT_TRUE(j.ok());
  yajl_val irqs = Json::get(j.root(), "irq_counts");
  EXPECT_EQ(Json::get(irqs, "34"), nullptr) << "the SP804 interrupted";
  ASSERT_NE(Json::get(irqs, "30"), nullptr);
  EXPECT_GE(YAJL_GET_INTEGER(Json::get(irqs, "30")), 5);
  const std::string trace = slurp(d + "/trace.txt");
  EXPECT_EQ(trace.find("cpu_idle: state=1 "), std::string::npos);
  // With menu the same run uses cluster-sleep and the SP804.
  const std::string d2 = scratch("broadcast-menu");
  r = run_blsim("--dtb " + tc2_dtb() + " --duration 100ms --cpufreq-governor ondemand --out " + d2, d2);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j2(slurp(d2 + "/stats.json"));
  yajl_val irqs2 = Json::get(j2.root(), "irq_counts");
  ASSERT_NE(Json::get(irqs2, "34"), nullptr);
  EXPECT_GE(YAJL_GET_INTEGER(Json::get(irqs2, "34")), 5);
}
