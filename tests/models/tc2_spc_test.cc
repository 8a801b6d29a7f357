// SPDX-License-Identifier: GPL-2.0-only
// The TC2 SCC and its SPC, driven through its register bank the way tc2_pm.c
// and spc.c drive it, with stub cores on the STANDBYWFI / wake / reset wires.
#include "models/clock/clock_domain.h"
#include "models/clock/pll.h"
#include "models/common/initiator.h"
#include "models/power/power_domain.h"
#include "models/power/regulator.h"
#include "models/power/tc2_scc.h"
#include "models/regs/tc2_scc.h"

#include <gtest/gtest.h>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

using namespace sc_core;

namespace {

sc_time us(double v) { return sc_time(v, SC_US); }

constexpr uint64_t kSccBase = 0x7fff0000;
constexpr uint32_t kSpc = SCC_SPC_OFFSET;

// A core-side bus master: one 32-bit access at a time, waiting out its delay.
struct Master : sc_module {
  tlm_utils::simple_initiator_socket<Master> sock{"sock"};
  explicit Master(sc_module_name n) : sc_module(n) {}
  // What an access saw: its data, when (in SystemC's time) the target let
  // it go, and the delay it left.
  struct Timed {
    uint32_t data;
    sc_time returned_at, delay;
  };
  uint32_t access(tlm::tlm_command cmd, uint32_t off, uint32_t v = 0) {
    return send(cmd, off, v, nullptr).data;
  }
  uint32_t read(uint32_t off) { return access(tlm::TLM_READ_COMMAND, off); }
  void write(uint32_t off, uint32_t v) { access(tlm::TLM_WRITE_COMMAND, off, v); }
  // A write from a core that has run `lead` ahead (Core::transact).
  Timed write_with_lead(uint32_t off, uint32_t v, const sc_time& lead) {
    InitiatorExt ext;
    ext.lead = lead;
    return send(tlm::TLM_WRITE_COMMAND, off, v, &ext);
  }

 private:
  // ext: the initiator's extension, whose lead starts the delay; none for
  // an access from no core.
  Timed send(tlm::tlm_command cmd, uint32_t off, uint32_t v, InitiatorExt* ext) {
    tlm::tlm_generic_payload gp;
    sc_time d = ext ? ext->lead : SC_ZERO_TIME;
    if (ext) gp.set_extension(ext);
    gp.set_command(cmd);
    gp.set_address(kSccBase + off);
    gp.set_data_ptr(reinterpret_cast<unsigned char*>(&v));
    gp.set_data_length(4);
    gp.set_streaming_width(4);
    sock->b_transport(gp, d);
    if (ext) gp.clear_extension(ext);
    EXPECT_EQ(gp.get_response_status(), tlm::TLM_OK_RESPONSE) << "offset " << off;
    const Timed t{v, sc_time_stamp(), d};
    wait(d);
    return t;
  }
};

struct Script : sc_module {
  std::function<void()> body;
  SC_HAS_PROCESS(Script);
  Script(sc_module_name n, std::function<void()> b) : sc_module(n), body(std::move(b)) {
    SC_THREAD(run);
  }
  void run() { body(); }
};

// TC2-like OPP tables (kHz, uV).
std::vector<Tc2SccParams::Opp> a15_opps() {
  return {{500000, 900000},  {600000, 900000},  {700000, 950000},   {800000, 950000},
          {900000, 1000000}, {1000000, 1000000}, {1100000, 1050000}, {1200000, 1050000}};
}
std::vector<Tc2SccParams::Opp> a7_opps() {
  return {{350000, 900000}, {400000, 900000}, {500000, 900000}, {600000, 950000},
          {700000, 950000}, {800000, 1000000}, {900000, 1050000}, {1000000, 1050000}};
}

// The board around the SCC. Rails: 10 mV/us, 5 us settle. PLLs: 20 us
// relock. Cluster power switch: 300 us up, 100 us down. COMMS: 100 us.
struct Board {
  Tc2SccParams p;
  std::unique_ptr<ClockDomain> clk[2];
  std::unique_ptr<Pll> pll[2];
  std::unique_ptr<Regulator> rail[2];
  std::unique_ptr<PowerDomain> pd[2];
  std::unique_ptr<Tc2Scc> scc;
  Master m{"m"};
  sc_event irq_ev;
  std::vector<sc_time> irq_rises;
  struct Edge {
    sc_time at;
    unsigned cluster, cpu;
    bool held;
  };
  std::vector<Edge> resets;

  explicit Board(std::function<void(Tc2SccParams&)> tweak = nullptr) {
    p.opps[0] = a15_opps();
    p.opps[1] = a7_opps();
    p.comms_latency = us(100);
    p.access_latency = sc_time(100, SC_NS);
    p.perf_firmware = SC_ZERO_TIME;  // the board's own timings only
    if (tweak) tweak(p);
    for (unsigned c = 0; c < 2; ++c) {
      const auto& o = p.opps[c].empty() ? Tc2SccParams::Opp{500000, 900000}
                                        : p.opps[c][p.initial_perf[c]];
      const std::string n = std::to_string(c);
      clk[c] = std::make_unique<ClockDomain>(("clk" + n).c_str(), uint64_t(o.khz) * 1000);
      pll[c] = std::make_unique<Pll>(("pll" + n).c_str(),
                                     PllParams{24000000, us(20), 100000000, 1200000000}, *clk[c]);
      rail[c] = std::make_unique<Regulator>(("vcore" + n).c_str(),
                                            RegulatorParams{800000, 1050000, o.uv, 10000, us(5)});
      pd[c] = std::make_unique<PowerDomain>(("cluster" + n).c_str(),
                                            PowerDomainParams{us(300), us(100)}, nullptr, true);
    }
    scc = std::make_unique<Tc2Scc>("scc", p);
    m.sock.bind(scc->regs);
    for (unsigned c = 0; c < 2; ++c) {
      scc->connect_cluster(c, pd[c].get(), rail[c].get(), pll[c].get());
      for (unsigned cpu = 0; cpu < p.cpus[c]; ++cpu)
        scc->core_reset(c, cpu).bind([this, c, cpu](bool held) {
          resets.push_back({sc_time_stamp(), c, cpu, held});
        });
    }
    scc->irq.bind([this](bool level) {
      if (level) {
        irq_rises.push_back(sc_time_stamp());
        irq_ev.notify(SC_ZERO_TIME);
      }
    });
  }

  // The interrupt may already be up (an operation that completed during the
  // access that started it), as a level-triggered handler would see it.
  void wait_irq() {
    if (!scc->irq.level()) wait(irq_ev);
  }
  // spc.c's ve_spc_read_sys_cfg + irq handler: start, wait for the
  // interrupt, read PWC_STATUS (which clears it), then RDATA if complete.
  bool read_sys_cfg(uint32_t offset, uint32_t* data) {
    m.write(kSpc + COMMS, SPC_SYSCFG_START | SPC_SYSCFG_SCC | offset >> 2);
    wait_irq();
    const uint32_t st = m.read(kSpc + PWC_STATUS);
    EXPECT_FALSE(scc->irq.level());
    if (!(st & SPC_STAT_COMPLETE(SPC_SYS_CFG))) return false;
    *data = m.read(kSpc + SYSCFG_RDATA);
    return true;
  }
  // ve_spc_set_performance: write PERF_LVL, wait for the interrupt, status.
  uint32_t set_perf(unsigned cluster, uint32_t level) {
    const uint32_t reg = cluster == p.a15_cluster_id ? PERF_LVL_A15 : PERF_LVL_A7;
    m.write(kSpc + reg, level);
    wait_irq();
    return m.read(kSpc + PWC_STATUS);
  }
};

}  // namespace

TEST(Tc2Spc, SysInfoConfAndBootResetState) {
  Board b;
  uint32_t sys_info = 0, a15_conf = 0, a7_conf = 0, reset = 0, perf15 = 9, perf7 = 9;
  Script s("s", [&] {
    sys_info = b.m.read(SCC_SYS_INFO);
    a15_conf = b.m.read(SCC_A15_CONF);
    a7_conf = b.m.read(SCC_A7_CONF);
    reset = b.m.read(SCC_RESET_CTRL);
    perf15 = b.m.read(kSpc + PERF_LVL_A15);
    perf7 = b.m.read(kSpc + PERF_LVL_A7);
  });
  sc_start(us(10));
  EXPECT_EQ((sys_info >> 16) & 0xf, 2u);  // tc2_pm.c: A15 cpus
  EXPECT_EQ((sys_info >> 20) & 0xf, 3u);  // A7 cpus
  EXPECT_EQ(a15_conf & 0xf, 0u);
  EXPECT_EQ(a7_conf & 0xf, 1u);
  EXPECT_EQ(reset, 1u << 2);  // only A15 cpu 0 out of reset
  EXPECT_EQ(perf15, 0u);
  EXPECT_EQ(perf7, 0u);
  EXPECT_FALSE(b.scc->core_reset(0, 0).level());
  EXPECT_TRUE(b.scc->core_reset(0, 1).level());
  for (unsigned cpu = 0; cpu < 3; ++cpu) EXPECT_TRUE(b.scc->core_reset(1, cpu).level());
  EXPECT_EQ(sc_time_stamp(), us(10));
}

TEST(Tc2Spc, SwappedClusterIdsAndInitialState) {
  Board b([](Tc2SccParams& p) {
    p.a15_cluster_id = 1;
    p.a7_cluster_id = 0;
    p.cpus[0] = 3;
    p.cpus[1] = 2;
    std::swap(p.opps[0], p.opps[1]);
    p.initially_running[0] = {true, false, true};
    p.initially_running[1] = {false, false};
    p.initial_perf[1] = 7;
  });
  uint32_t sys_info = 0, a15_conf = 0, reset = 0, perf15 = 0;
  Script s("s", [&] {
    sys_info = b.m.read(SCC_SYS_INFO);
    a15_conf = b.m.read(SCC_A15_CONF);
    reset = b.m.read(SCC_RESET_CTRL);
    perf15 = b.m.read(kSpc + PERF_LVL_A15);
  });
  sc_start(us(10));
  EXPECT_EQ(sys_info, (2u << 16) | (3u << 20));
  EXPECT_EQ(a15_conf, 1u);
  EXPECT_EQ(reset, (1u << 16) | (1u << 18));  // A7 cpus 0 and 2
  EXPECT_EQ(perf15, 7u);
  EXPECT_EQ(b.clk[1]->freq_hz(), 1200000000u);
}

TEST(Tc2Spc, OppTableReadsThroughCommsLikeSpcC) {
  Board b([](Tc2SccParams& p) { p.opps[1].resize(5); });  // A7: 5 OPPs
  std::vector<std::pair<unsigned long, unsigned long>> table[2];
  int num_opps[2] = {-1, -1};
  bool last_ok[2] = {};
  sc_time done;
  Script s("s", [&] {
    b.m.read(kSpc + PWC_STATUS);  // ve_spc_init clears stale status
    for (unsigned cluster = 0; cluster < 2; ++cluster) {  // ve_spc_populate_opps
      uint32_t off = cluster == 0 ? SPC_A15_PERFVAL_BASE : SPC_A7_PERFVAL_BASE;
      unsigned idx;
      bool ok = true;
      for (idx = 0; idx < 8; ++idx, off += 4) {
        uint32_t data = 0;
        ok = b.read_sys_cfg(off, &data);
        if (!ok) break;
        table[cluster].push_back({(data & 0xFFFFF) * 20ul, (data >> 20) * 1000ul});
      }
      num_opps[cluster] = idx;
      last_ok[cluster] = ok;
    }
    done = sc_time_stamp();
  });
  sc_start(us(10000));
  EXPECT_EQ(num_opps[0], 8);
  EXPECT_TRUE(last_ok[0]);
  EXPECT_EQ(num_opps[1], 5);   // the 6th read completed with STAT_ERR
  EXPECT_FALSE(last_ok[1]);
  ASSERT_EQ(table[0].size(), 8u);
  for (unsigned i = 0; i < 8; ++i) {
    EXPECT_EQ(table[0][i].first, a15_opps()[i].khz) << i;
    EXPECT_EQ(table[0][i].second, a15_opps()[i].uv) << i;
  }
  ASSERT_EQ(table[1].size(), 5u);
  EXPECT_EQ(table[1][0].first, 350000u);
  EXPECT_EQ(table[1][4].first, 700000u);
  EXPECT_EQ(table[1][4].second, 950000u);
  // 14 COMMS operations of 100 us, each interrupting once.
  ASSERT_EQ(b.irq_rises.size(), 14u);
  // COMMS written at 100 ns (after the 100 ns PWC_STATUS read), answered 100 us later.
  EXPECT_EQ(b.irq_rises[0], us(100) + sc_time(100, SC_NS));
  EXPECT_GT(done, us(1400));
  EXPECT_LT(done, us(1410));
}

TEST(Tc2Spc, CommsWordEncoding) {
  Board b;
  EXPECT_EQ(b.scc->opp_word(0, 7), (1050u << 20) | 60000u);  // 1.2 GHz / 20 kHz
  EXPECT_EQ(b.scc->opp_word(1, 0), (900u << 20) | 17500u);
}

TEST(Tc2Spc, PerfLevelUpRaisesVoltageThenClock) {
  Board b;
  uint32_t status = 0, level = 0;
  sc_time t0, done;
  uint64_t hz_at_settle = 1;
  std::vector<std::pair<sc_time, uint64_t>> freq;
  b.clk[0]->add_listener([&](uint64_t, uint64_t hz) { freq.push_back({sc_time_stamp(), hz}); });
  Script s("s", [&] {
    wait(us(10));
    t0 = sc_time_stamp();
    b.m.write(kSpc + PERF_LVL_A15, 7);  // 500 MHz/900 mV -> 1.2 GHz/1050 mV
    wait(us(19));  // t0 + 19.1 us: rail settled at t0 + 20 us
    hz_at_settle = b.clk[0]->freq_hz();
    wait(b.irq_ev);
    done = sc_time_stamp();
    status = b.m.read(kSpc + PWC_STATUS);
    level = b.m.read(kSpc + PERF_LVL_A15);
  });
  sc_start(us(1000));
  // The write is seen at t0 (its 100 ns access cost runs after).
  EXPECT_EQ(done, t0 + us(15 + 5 + 20));  // ramp + settle + relock
  EXPECT_EQ(status, SPC_STAT_COMPLETE(SPC_CA15_DVFS));
  EXPECT_EQ(level, 7u);
  EXPECT_EQ(hz_at_settle, 500000000u);  // clock untouched until the rail settled
  ASSERT_EQ(freq.size(), 2u);
  EXPECT_EQ(freq[0], std::make_pair(t0 + us(20), uint64_t(0)));
  EXPECT_EQ(freq[1], std::make_pair(t0 + us(40), uint64_t(1200000000)));
  EXPECT_EQ(b.rail[0]->voltage_uv(), 1050000u);
  ASSERT_EQ(b.scc->dvfs_records().size(), 1u);
  const auto& r = b.scc->dvfs_records()[0];
  EXPECT_EQ(r.requested, t0);
  EXPECT_EQ(r.voltage_settled, t0 + us(20));
  EXPECT_EQ(r.clock_locked, t0 + us(40));
  EXPECT_EQ(r.from_level, 0u);
  EXPECT_EQ(r.to_level, 7u);
  EXPECT_FALSE(r.error);
  EXPECT_EQ(b.clk[1]->freq_hz(), 350000000u);  // the other cluster untouched
}

TEST(Tc2Spc, PerfLevelDownLowersClockThenVoltage) {
  Board b([](Tc2SccParams& p) { p.initial_perf[1] = 7; });  // A7 at 1 GHz / 1050 mV
  uint32_t status = 0;
  uint32_t uv_at_lock = 0;
  sc_time t0, done;
  Script s("s", [&] {
    wait(us(10));
    t0 = sc_time_stamp();
    b.m.write(kSpc + PERF_LVL_A7, 2);  // -> 500 MHz / 900 mV
    wait(b.pll[1]->locked_event());
    uv_at_lock = b.rail[1]->voltage_uv();
    wait(b.irq_ev);
    done = sc_time_stamp();
    status = b.m.read(kSpc + PWC_STATUS);
  });
  sc_start(us(1000));
  EXPECT_EQ(uv_at_lock, 1050000u);  // rail still up when the slower clock locked
  EXPECT_EQ(done, t0 + us(20 + 15 + 5));
  EXPECT_EQ(status, SPC_STAT_COMPLETE(SPC_CA7_DVFS));
  EXPECT_EQ(b.clk[1]->freq_hz(), 500000000u);
  EXPECT_EQ(b.rail[1]->voltage_uv(), 900000u);
  ASSERT_EQ(b.scc->dvfs_records().size(), 1u);
  EXPECT_EQ(b.scc->dvfs_records()[0].clock_locked, t0 + us(20));
  EXPECT_EQ(b.scc->dvfs_records()[0].voltage_settled, t0 + us(40));
}

TEST(Tc2Spc, PerfLevelOutOfRangeCompletesWithError) {
  Board b;
  uint32_t st15 = 0, st7 = 0;
  Script s("s", [&] {
    st15 = b.set_perf(0, 8);
    st7 = b.set_perf(1, 100);
  });
  sc_start(us(1000));
  EXPECT_EQ(st15, SPC_STAT_ERR(SPC_CA15_DVFS));  // 0x2
  EXPECT_EQ(st7, SPC_STAT_ERR(SPC_CA7_DVFS));    // 0x20
  EXPECT_EQ(b.clk[0]->freq_hz(), 500000000u);
  EXPECT_EQ(b.pll[0]->relocks(), 0u);
  EXPECT_EQ(b.scc->perf_level(0), 0u);
  ASSERT_EQ(b.scc->dvfs_records().size(), 2u);
  EXPECT_TRUE(b.scc->dvfs_records()[1].error);
}

// The SCC keeps its last kKeptDvfsRecords operations, not every one of
// the run: the oldest go first.
TEST(Tc2Spc, DvfsRecordsKeepTheLastOnes) {
  Board b;
  const size_t n = Tc2Scc::kKeptDvfsRecords + 10;
  std::vector<sc_time> asked;  // just before each request
  Script s("s", [&] {
    for (size_t i = 0; i < n; ++i) {
      asked.push_back(sc_time_stamp());
      b.set_perf(0, 8);  // out of range: completes at once, as an error
    }
  });
  sc_start(sc_time(100, SC_MS));
  ASSERT_EQ(asked.size(), n);
  const auto& r = b.scc->dvfs_records();
  ASSERT_EQ(r.size(), Tc2Scc::kKeptDvfsRecords);
  EXPECT_GE(r.front().requested, asked[10]);
  EXPECT_LT(r.front().requested, asked[11]);
  EXPECT_GE(r.back().requested, asked.back());
  EXPECT_TRUE(r.back().error);
}

TEST(Tc2Spc, SecondPerfRequestIsQueued) {
  Board b;
  uint32_t req_busy = 0, req_idle = 1;
  Script s("s", [&] {
    b.m.write(kSpc + PERF_LVL_A15, 2);  // 700 MHz / 950 mV: 5+5+20 = 30 us
    b.m.write(kSpc + PERF_LVL_A15, 0);  // back: 20 + 5 + 5 = 30 us
    req_busy = b.m.read(kSpc + PERF_REQ_A15);
    wait(us(100));
    req_idle = b.m.read(kSpc + PERF_REQ_A15);
  });
  sc_start(us(1000));
  EXPECT_EQ(req_busy, 1u);
  EXPECT_EQ(req_idle, 0u);
  ASSERT_EQ(b.scc->dvfs_records().size(), 2u);
  const auto& r0 = b.scc->dvfs_records()[0];
  const auto& r1 = b.scc->dvfs_records()[1];
  EXPECT_EQ(r0.completed, us(30));
  EXPECT_EQ(r1.requested, sc_time(100, SC_NS));
  EXPECT_EQ(r1.from_level, 2u);
  EXPECT_EQ(r1.completed, us(60));
  EXPECT_EQ(b.clk[0]->freq_hz(), 500000000u);
}

TEST(Tc2Spc, WfiResetsCoreOnlyWithWakeMaskBit) {
  Board b([](Tc2SccParams& p) { p.initially_running[0] = {true, true}; });
  uint32_t reset_plain_wfi = 0, wfi_stat = 0, reset_armed = 0;
  Script s("s", [&] {
    b.scc->cpu_standbywfi(0, 1, true);  // idle WFI, mask clear
    wait(us(5));
    reset_plain_wfi = b.m.read(SCC_RESET_CTRL);
    wfi_stat = b.m.read(kSpc + STANDBYWFI_STAT);
    b.scc->cpu_standbywfi(0, 1, false);
    wait(us(5));
    b.m.write(kSpc + WAKE_INT_MASK, 1u << 1);  // ve_spc_cpu_wakeup_irq(0, 1)
    wait(us(5));
    b.scc->cpu_standbywfi(0, 1, true);  // tc2_pm_down's wfi()
    wait(SC_ZERO_TIME);
    wait(SC_ZERO_TIME);
    reset_armed = b.m.read(SCC_RESET_CTRL);
  });
  sc_start(us(100));
  EXPECT_EQ(reset_plain_wfi, (1u << 2) | (1u << 3));
  EXPECT_EQ(wfi_stat, 1u << 1);
  EXPECT_EQ(reset_armed, 1u << 2);  // cpu 1's nCORERESET cleared
  ASSERT_EQ(b.resets.size(), 1u);
  EXPECT_EQ(b.resets[0].cpu, 1u);
  EXPECT_TRUE(b.resets[0].held);
  // 5 + 0.2 (two reads) + 5 + 0.1 (mask write) + 5: the WFI entry itself.
  EXPECT_EQ(b.resets[0].at, sc_time(15.3, SC_US));
  EXPECT_TRUE(b.pd[0]->is_on());  // PWRDN_EN clear, cpu 0 still running
}

TEST(Tc2Spc, ClusterPowersOffOnlyWithPwrdnEnAndAllCoresInReset) {
  Board b([](Tc2SccParams& p) { p.initially_running[1] = {true, true, true}; });
  bool on_after_two = false, on_without_pwrdn = false;
  sc_time off_at;
  b.pd[1]->add_listener([&](PowerDomain::State st) {
    if (st == PowerDomain::State::Off) off_at = sc_time_stamp();
  });
  Script s("s", [&] {
    b.m.write(kSpc + WAKE_INT_MASK, 0x7u << 4);  // A7 cpus 0..2
    b.scc->cpu_standbywfi(1, 0, true);
    b.scc->cpu_standbywfi(1, 1, true);
    wait(us(10));
    on_after_two = b.pd[1]->is_on();
    b.scc->cpu_standbywfi(1, 2, true);  // all in reset, PWRDN_EN still 0
    wait(us(200));
    on_without_pwrdn = b.pd[1]->is_on();
    b.m.write(kSpc + A7_PWRDN_EN, 1);  // at 210.1 us
  });
  sc_start(us(1000));
  EXPECT_TRUE(on_after_two);
  EXPECT_TRUE(on_without_pwrdn);
  EXPECT_TRUE(b.pd[1]->is_off());
  EXPECT_EQ(b.pd[1]->power_downs(), 1u);
  EXPECT_EQ(off_at, sc_time(310.1, SC_US));  // 100 us power-down latency after the write
  EXPECT_EQ(b.resets.size(), 3u);
  EXPECT_TRUE(b.pd[0]->is_on());
}

TEST(Tc2Spc, LastManDownThenWakeRequestPowersUpAndReleasesReset) {
  Board b([](Tc2SccParams& p) { p.initially_running[1] = {true, true, true}; });
  sc_time on_at;
  bool released_early = true;
  uint32_t raw = 0, stat = 0, reset_after = 0, bx = 0;
  b.pd[1]->add_listener([&](PowerDomain::State st) {
    if (st == PowerDomain::State::On) on_at = sc_time_stamp();
  });
  Script s("s", [&] {
    // tc2_pm_down on every A7 cpu; the last also enables power-down and the
    // global wake-up.
    b.m.write(kSpc + A7_BX_ADDR0 + 4, 0x80001234);
    b.m.write(kSpc + WAKE_INT_MASK, 0x7u << 4);
    b.m.write(kSpc + A7_PWRDN_EN, 1);
    b.m.write(kSpc + WAKE_INT_MASK, (0x7u << 4) | GBL_WAKEUP_INT_MSK);
    for (unsigned cpu = 0; cpu < 3; ++cpu) b.scc->cpu_standbywfi(1, cpu, true);
    wait(us(200));  // off at ~100.4 us
    EXPECT_TRUE(b.pd[1]->is_off());
    // The cores, held in reset, drop STANDBYWFI.
    for (unsigned cpu = 0; cpu < 3; ++cpu) b.scc->cpu_standbywfi(1, cpu, false);
    // The GIC sees an interrupt for A7 cpu 1 (at ~200.4 us).
    b.scc->cpu_wake_request(1, 1, true);
    wait(us(100));
    released_early = !b.scc->in_reset(1, 1);
    raw = b.m.read(kSpc + WAKE_INT_RAW);
    stat = b.m.read(kSpc + WAKE_INT_STAT);
    wait(us(300));
    reset_after = b.m.read(SCC_RESET_CTRL);
    bx = b.m.read(kSpc + A7_BX_ADDR0 + 4);
    b.scc->cpu_wake_request(1, 1, false);
  });
  sc_start(us(2000));
  const sc_time wake_at = sc_time(200.4, SC_US);
  EXPECT_FALSE(released_early);
  EXPECT_EQ(raw, 1u << 5);
  EXPECT_EQ(stat, 1u << 5);
  EXPECT_EQ(on_at, wake_at + us(300));  // the cluster's power-up latency
  EXPECT_EQ(reset_after, (1u << 2) | (1u << 17));  // A15 cpu 0, A7 cpu 1
  ASSERT_EQ(b.resets.size(), 4u);
  EXPECT_EQ(b.resets[3].cpu, 1u);
  EXPECT_FALSE(b.resets[3].held);
  EXPECT_EQ(b.resets[3].at, on_at);  // released as soon as power is good
  EXPECT_EQ(bx, 0x80001234u);
  EXPECT_EQ(b.scc->resume_address(1, 1), 0x80001234u);
  EXPECT_TRUE(b.scc->in_reset(1, 0));
  EXPECT_TRUE(b.scc->in_reset(1, 2));
  EXPECT_EQ(b.pd[1]->power_ups(), 1u);
}

TEST(Tc2Spc, WakeRequestIgnoredWithoutMaskBit) {
  Board b;
  Script s("s", [&] {
    b.scc->cpu_wake_request(0, 1, true);  // cpu 1 in reset since boot, mask clear
    wait(us(50));
    EXPECT_TRUE(b.scc->in_reset(0, 1));
    // mcpm_boot_secondary: tc2_pm_power_up sets the mask bit; the wake-up
    // IPI is still pending, so the core comes out of reset at once.
    b.m.write(kSpc + WAKE_INT_MASK, 1u << 1);
  });
  sc_start(us(100));
  EXPECT_FALSE(b.scc->in_reset(0, 1));
  ASSERT_EQ(b.resets.size(), 1u);
  EXPECT_EQ(b.resets[0].at, us(50));
  EXPECT_FALSE(b.resets[0].held);
  EXPECT_EQ(b.pd[0]->power_ups(), 0u);  // the cluster was on all along
}

TEST(Tc2Spc, BxAddrMailboxes) {
  Board b;
  uint32_t got[5] = {};
  Script s("s", [&] {
    b.m.write(kSpc + A15_BX_ADDR0, 0x11);
    b.m.write(kSpc + A15_BX_ADDR0 + 4, 0x22);
    for (unsigned cpu = 0; cpu < 3; ++cpu)
      b.m.write(kSpc + A7_BX_ADDR0 + 4 * cpu, 0x100 + cpu);
    got[0] = b.m.read(kSpc + A15_BX_ADDR0);
    got[1] = b.m.read(kSpc + A15_BX_ADDR0 + 4);
    for (unsigned cpu = 0; cpu < 3; ++cpu) got[2 + cpu] = b.m.read(kSpc + A7_BX_ADDR0 + 4 * cpu);
    b.m.write(kSpc + SYSCFG_WDATA, 0xabcd);  // right after A15's mailboxes
  });
  sc_start(us(100));
  EXPECT_EQ(got[0], 0x11u);
  EXPECT_EQ(got[1], 0x22u);
  EXPECT_EQ(got[2], 0x100u);
  EXPECT_EQ(got[4], 0x102u);
  EXPECT_EQ(b.scc->resume_address(0, 1), 0x22u);
  EXPECT_EQ(b.scc->resume_address(1, 2), 0x102u);
  EXPECT_EQ(b.scc->resume_address(0, 0), 0x11u);  // WDATA did not alias a mailbox
}

// A resume-mailbox write only stores: it goes on the writer's lead. A
// write whose handler acts (PWRDN_EN pokes the sequencer) waits it out.
TEST(Tc2Spc, MailboxWritesGoOnTheLead) {
  Board b;
  Master::Timed mailbox, pwrdn;
  sc_time start;
  const sc_time lead(50, SC_NS), latency(100, SC_NS);
  Script s("s", [&] {
    start = sc_time_stamp();
    mailbox = b.m.write_with_lead(kSpc + A7_BX_ADDR0 + 4, 0x80008000, lead);
    pwrdn = b.m.write_with_lead(kSpc + A7_PWRDN_EN, 0, lead);
  });
  sc_start(us(10));
  EXPECT_EQ(mailbox.returned_at, start);
  EXPECT_EQ(mailbox.delay, lead + latency);
  EXPECT_EQ(b.scc->resume_address(1, 1), 0x80008000u);
  EXPECT_EQ(pwrdn.returned_at, start + lead + latency + lead);
  EXPECT_EQ(pwrdn.delay, latency);
}

TEST(Tc2Spc, BadAccessesAreRejected) {
  Board b;
  tlm::tlm_response_status unaligned = tlm::TLM_OK_RESPONSE, wide = tlm::TLM_OK_RESPONSE;
  Script s("s", [&] {
    uint64_t v = 0;
    tlm::tlm_generic_payload gp;
    sc_time d;
    gp.set_command(tlm::TLM_READ_COMMAND);
    gp.set_data_ptr(reinterpret_cast<unsigned char*>(&v));
    gp.set_address(kSccBase + 0x702);
    gp.set_data_length(4);
    gp.set_streaming_width(4);
    b.m.sock->b_transport(gp, d);
    unaligned = gp.get_response_status();
    gp.set_address(kSccBase + 0x700);
    gp.set_data_length(8);
    gp.set_streaming_width(8);
    b.m.sock->b_transport(gp, d);
    wide = gp.get_response_status();
  });
  sc_start(us(10));
  EXPECT_EQ(unaligned, tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(wide, tlm::TLM_BURST_ERROR_RESPONSE);
}

// A core's reset sink lowers its STANDBYWFI at once (Core::set_reset ->
// enter(Reset)), so poke_pm() runs inside pm_step() with work due (the
// last A7 is down: power the cluster off). A wake request from another
// process in the next delta cycle, before the sequencer runs again, is
// handled there, as before poke_pm() skipped idle wake-ups; a first
// version took that wake-up for one it would have skipped and stopped the
// run (both with and without the self-check).
void wake_request_in_the_delta_after_a_poke_from_reset(bool check) {
  Tc2Scc::set_check_pm_wakes(check);
  Board b([](Tc2SccParams& p) { p.initially_running[1] = {true, true, true}; });
  sc_event last_down;
  bool armed = false;
  for (unsigned cpu = 0; cpu < 3; ++cpu)
    b.scc->core_reset(1, cpu).bind([&, cpu](bool held) {
      if (!held) return;
      b.scc->cpu_standbywfi(1, cpu, false);  // as Core::enter(Reset) does
      if (armed && cpu == 2) last_down.notify(SC_ZERO_TIME);
    });
  Script gic("gic", [&] {
    wait(last_down);
    b.scc->cpu_wake_request(1, 0, true);  // an interrupt for A7 cpu 0
  });
  Script s("s", [&] {
    b.m.write(kSpc + WAKE_INT_MASK, 0x7u << 4);
    b.m.write(kSpc + A7_PWRDN_EN, 1);
    b.scc->cpu_standbywfi(1, 0, true);
    b.scc->cpu_standbywfi(1, 1, true);
    wait(us(10));
    armed = true;
    b.scc->cpu_standbywfi(1, 2, true);  // the last man
  });
  EXPECT_NO_THROW(sc_start(us(1000)));
  EXPECT_FALSE(b.scc->in_reset(1, 0));  // woken
  EXPECT_TRUE(b.scc->in_reset(1, 1));
  EXPECT_TRUE(b.scc->in_reset(1, 2));
  Tc2Scc::set_check_pm_wakes(false);
}

TEST(Tc2Spc, AWakeRequestRightAfterTheLastManIsHandled) {
  wake_request_in_the_delta_after_a_poke_from_reset(false);
}

TEST(Tc2Spc, AWakeRequestRightAfterTheLastManIsHandledUnderTheSelfCheck) {
  wake_request_in_the_delta_after_a_poke_from_reset(true);
}
