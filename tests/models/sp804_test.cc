// SPDX-License-Identifier: GPL-2.0-only
// SP804 dual timer model: expiry times, modes, interrupt clear, readback,
// the ID registers and the bus interface. Each TEST is its own process
// (SystemC elaborates once), so each builds its own timer and a thread that
// plays the driver.
#include <gtest/gtest.h>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <cstring>
#include <functional>
#include <vector>

#include "models/regs/sp804.h"
#include "models/timer/sp804.h"

using namespace sc_core;

namespace {

constexpr uint32_t kOneShotCtl = TIMER_CTRL_ENABLE | TIMER_CTRL_IE | TIMER_CTRL_32BIT | TIMER_CTRL_ONESHOT;
constexpr uint32_t kPeriodicCtl = TIMER_CTRL_ENABLE | TIMER_CTRL_IE | TIMER_CTRL_32BIT | TIMER_CTRL_PERIODIC;

// The timer at 1 MHz, its interrupt edges recorded, and `body` run as an
// SC_THREAD from time 0; simulation ends at `until`.
struct Init : sc_module {
  tlm_utils::simple_initiator_socket<Init> s{"s"};
  explicit Init(sc_module_name n) : sc_module(n) {}
};

struct Rig {
  Sp804 t{"sp804", Sp804Params{1000000, sc_time(10, SC_NS)}};
  Init init{"init"};
  std::vector<std::pair<sc_time, bool>> edges, edges1, edges2;
  Rig() {
    init.s.bind(t.regs);
    t.irq.bind([this](bool l) { edges.push_back({sc_time_stamp(), l}); });
    t.irq1.bind([this](bool l) { edges1.push_back({sc_time_stamp(), l}); });
    t.irq2.bind([this](bool l) { edges2.push_back({sc_time_stamp(), l}); });
  }
  void run(std::function<void()> body, sc_time until) {
    sc_spawn(body);
    sc_start(until);
  }
};

sc_time us(double v) { return sc_time(v, SC_US); }

}  // namespace

TEST(Sp804Regs, ResetValuesAndIds) {
  Rig r;
  EXPECT_EQ(r.t.read(TIMER_LOAD), 0u);
  EXPECT_EQ(r.t.read(TIMER_VALUE), 0xFFFFFFFFu);
  EXPECT_EQ(r.t.read(TIMER_CTRL), 0x20u);
  EXPECT_EQ(r.t.read(TIMER_RIS), 0u);
  EXPECT_EQ(r.t.read(TIMER_2_BASE + TIMER_VALUE), 0xFFFFFFFFu);
  EXPECT_EQ(r.t.read(TIMER_2_BASE + TIMER_CTRL), 0x20u);
  const uint32_t pid[4] = {0x04, 0x18, 0x14, 0x00}, cid[4] = {0x0D, 0xF0, 0x05, 0xB1};
  for (unsigned i = 0; i < 4; ++i) {
    EXPECT_EQ(r.t.read(SP804_PERIPHID0 + 4 * i), pid[i]) << i;
    EXPECT_EQ(r.t.read(SP804_PCELLID0 + 4 * i), cid[i]) << i;
  }
  EXPECT_FALSE(r.t.irq.level());
}

// One-shot: Load 1000 at 1 MHz fires 1000 us after the Control write that
// enables it, exactly; then the counter halts at 0 and nothing else fires.
TEST(Sp804Timing, OneShotExpiresExactlyAndHalts) {
  Rig r;
  r.run([&] {
    wait(us(5));
    r.t.write(TIMER_LOAD, 1000);
    r.t.write(TIMER_CTRL, kOneShotCtl);
  }, us(5000));
  ASSERT_EQ(r.edges.size(), 1u);
  EXPECT_EQ(r.edges[0].first, us(1005));
  EXPECT_TRUE(r.edges[0].second);
  EXPECT_EQ(r.edges1.size(), 1u);
  EXPECT_TRUE(r.edges2.empty());
  EXPECT_EQ(r.t.read(TIMER_VALUE), 0u);
  EXPECT_EQ(r.t.read(TIMER_RIS), 1u);
  EXPECT_EQ(r.t.read(TIMER_MIS), 1u);
}

// Periodic: Load N gives an interrupt every N ticks (after a clear each time).
TEST(Sp804Timing, PeriodicExpiresEveryLoadTicks) {
  Rig r;
  std::vector<sc_time> fired;
  r.t.irq.bind([&](bool l) {
    if (!l) return;
    fired.push_back(sc_time_stamp());
    r.t.write(TIMER_INTCLR, 1);  // the handler's clear, at the same time
  });
  r.run([&] {
    r.t.write(TIMER_LOAD, 250);
    r.t.write(TIMER_CTRL, kPeriodicCtl);
  }, us(1100));
  ASSERT_EQ(fired.size(), 4u);
  for (unsigned i = 0; i < 4; ++i) EXPECT_EQ(fired[i], us(250.0 * (i + 1))) << i;
}

// IntClr drops the line; masking IntEnable hides the raw status from MIS
// and the wire; BGLoad changes only the next period.
TEST(Sp804Irq, ClearMaskAndBackgroundLoad) {
  Rig r;
  uint32_t ris_masked = 9, mis_masked = 9;
  bool line_masked = true, line_after_clear = true;
  r.run([&] {
    r.t.write(TIMER_LOAD, 100);
    r.t.write(TIMER_CTRL, kPeriodicCtl);
    wait(us(150));                              // fired at 100
    r.t.write(TIMER_CTRL, kPeriodicCtl & ~TIMER_CTRL_IE);
    ris_masked = r.t.read(TIMER_RIS);
    mis_masked = r.t.read(TIMER_MIS);
    line_masked = r.t.irq.level();
    r.t.write(TIMER_CTRL, kPeriodicCtl);
    r.t.write(TIMER_INTCLR, 0);
    line_after_clear = r.t.irq.level();
    r.t.write(TIMER_BGLOAD, 400);                  // next reload: counter keeps going
    wait(us(150));                              // fired at 200 (period in progress)
    r.t.write(TIMER_INTCLR, 1);
  }, us(700));
  EXPECT_EQ(ris_masked, 1u);
  EXPECT_EQ(mis_masked, 0u);
  EXPECT_FALSE(line_masked);
  EXPECT_FALSE(line_after_clear);
  // Rising edges: 100, 150 (unmasked again before the clear), 200 (the
  // period in progress), then 600 (the BGLoad 400 period).
  std::vector<sc_time> rises;
  for (auto& e : r.edges) if (e.second) rises.push_back(e.first);
  ASSERT_EQ(rises.size(), 4u);
  EXPECT_EQ(rises[0], us(100));
  EXPECT_EQ(rises[1], us(150));
  EXPECT_EQ(rises[2], us(200));
  EXPECT_EQ(rises[3], us(600));
}

// Value mid-count: the count at 1 MHz, frozen while disabled, continuing
// when enabled again; the prescaler divides; 16-bit mode masks.
TEST(Sp804Timing, ValueReadbackMidCount) {
  Rig r;
  uint32_t v[6] = {};
  r.run([&] {
    r.t.write(TIMER_LOAD, 10000);
    r.t.write(TIMER_CTRL, kOneShotCtl);
    wait(us(2500));
    v[0] = r.t.read(TIMER_VALUE);                  // 7500
    wait(sc_time(500, SC_NS));
    v[1] = r.t.read(TIMER_VALUE);                  // still 7500 (no tick yet)
    r.t.write(TIMER_CTRL, kOneShotCtl & ~TIMER_CTRL_ENABLE);
    wait(us(1000));
    v[2] = r.t.read(TIMER_VALUE);                  // frozen
    r.t.write(TIMER_CTRL, kOneShotCtl);
    wait(us(500));
    v[3] = r.t.read(TIMER_VALUE);                  // 7000
    r.t.write(TIMER_2_BASE + TIMER_LOAD, 0x12345);
    r.t.write(TIMER_2_BASE + TIMER_CTRL, TIMER_CTRL_ENABLE | (1u << TIMER_CTRL_PRESCALE_SHIFT));  // /16, 16-bit
    v[4] = r.t.read(TIMER_2_BASE + TIMER_VALUE);      // 0x2345
    wait(us(160));
    v[5] = r.t.read(TIMER_2_BASE + TIMER_VALUE);      // 10 ticks of 16 us later
  }, us(12000));
  EXPECT_EQ(v[0], 7500u);
  EXPECT_EQ(v[1], 7500u);
  EXPECT_EQ(v[2], 7500u);
  EXPECT_EQ(v[3], 7000u);
  EXPECT_EQ(v[4], 0x2345u);
  EXPECT_EQ(v[5], 0x2345u - 10);
  // Timer 1 fires when the remaining 7500 ticks have run: 2500 + 1000 (off) + 7500.
  ASSERT_FALSE(r.edges1.empty());
  EXPECT_EQ(r.edges1[0].first, us(11000) + sc_time(500, SC_NS));
}

// Rewriting Load while a one-shot runs restarts it from the new value (the
// Linux driver's set_next_event), and restarts a halted one-shot too.
TEST(Sp804Timing, LoadRestartsTheCount) {
  Rig r;
  r.run([&] {
    r.t.write(TIMER_LOAD, 1000);
    r.t.write(TIMER_CTRL, kOneShotCtl);
    wait(us(600));
    r.t.write(TIMER_LOAD, 1000);                   // now due at 1600
    wait(us(1400));                             // fired at 1600, halted
    r.t.write(TIMER_INTCLR, 1);
    r.t.write(TIMER_LOAD, 50);                     // due at 2050
  }, us(3000));
  std::vector<sc_time> rises;
  for (auto& e : r.edges) if (e.second) rises.push_back(e.first);
  ASSERT_EQ(rises.size(), 2u);
  EXPECT_EQ(rises[0], us(1600));
  EXPECT_EQ(rises[1], us(2050));
}

// The TLM target: 32-bit accesses with the access latency; others are errors.
TEST(Sp804Bus, WordAccessesAndErrors) {
  Rig r;
  Init& init = r.init;
  auto access = [&](bool write, uint64_t addr, uint32_t& v, unsigned len, sc_time& d) {
    tlm::tlm_generic_payload gp;
    unsigned char data[4];
    std::memcpy(data, &v, 4);
    gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    gp.set_address(addr);
    gp.set_data_ptr(data);
    gp.set_data_length(len);
    gp.set_streaming_width(len);
    init.s->b_transport(gp, d);
    std::memcpy(&v, data, 4);
    return gp.get_response_status();
  };
  tlm::tlm_response_status st[4];
  uint32_t val = 0;
  sc_time d = SC_ZERO_TIME;
  r.run([&] {
    uint32_t v = 1234;
    st[0] = access(true, 0x1c110000 + TIMER_LOAD, v, 4, d);
    st[1] = access(false, 0x1c110000 + TIMER_VALUE, val, 4, d);
    v = 0;
    st[2] = access(false, TIMER_CTRL, v, 2, d);
    st[3] = access(false, TIMER_CTRL + 1, v, 4, d);
  }, us(1));
  EXPECT_EQ(st[0], tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(st[1], tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(val, 1234u);  // the base is decoded within 4 KiB
  EXPECT_EQ(st[2], tlm::TLM_BURST_ERROR_RESPONSE);
  EXPECT_EQ(st[3], tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(d, sc_time(40, SC_NS));
}
