// SPDX-License-Identifier: GPL-2.0-only
// Core: running ahead of SystemC's time (local time) and catching up.
// Each TEST is its own process (SystemC elaborates once).
#include <gtest/gtest.h>
#include <systemc>

#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include <tlm_utils/simple_target_socket.h>

#include "models/clock/clock_domain.h"
#include "models/common/initiator.h"
#include "models/cpu/core.h"
#include "models/interconnect/memory.h"

#include <tlm_utils/simple_initiator_socket.h>

using namespace sc_core;

namespace {

sc_time ns(double v) { return sc_time(v, SC_NS); }
const sc_time kStart(10, SC_NS);  // when the core's body starts

// The core both rigs drive: an A15 at one instruction a cycle, powered and
// out of reset.
std::unique_ptr<Core> test_core(ClockDomain& clk, Cache& l2) {
  CoreParams p;
  p.type = "cortex-a15";
  p.ipc.fill(1.0);
  return std::make_unique<Core>("core", p, clk, l2, true, false);
}

// One powered core out of reset at 1 GHz whose firmware is `body`, and a
// process that notifies an event at `other_at` (the "something else" that
// happens in the simulation).
struct Rig : sc_module {
  ClockDomain clk{"clk", 1000000000};
  Cache l2{CacheParams{}};
  std::unique_ptr<Core> core;
  sc_event other;
  sc_time other_at = SC_ZERO_TIME;
  sc_time other_ran;  // when the other process ran
  // The core's bus ends here: each access costs 10 ns, and the time the
  // target saw it is kept.
  tlm_utils::simple_target_socket<Rig> target{"target"};
  sc_time target_saw;
  bool target_catches_up = false;  // a target that works at SystemC's time
  sc_time target_stamp;            // sc_time_stamp() in the target
  // The extension as the hops find it (initiator_of) and as TLM has it.
  const InitiatorExt* target_ext = nullptr;
  const InitiatorExt* target_ext_tlm = nullptr;

  SC_HAS_PROCESS(Rig);
  Rig(sc_module_name n, std::function<void(Core&)> body) : sc_module(n) {
    core = test_core(clk, l2);
    core->set_firmware([this, body] {
      wait(kStart);  // past initialisation, when every process runs once
      body(*core);
      for (;;) wait(other);  // park
    });
    core->to_cluster.bind(target);
    target.register_b_transport(this, &Rig::b_transport);
    SC_THREAD(other_thread);
  }
  void b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
    target_ext = initiator_of(gp);
    target_ext_tlm = gp.get_extension<InitiatorExt>();
    if (target_catches_up) catch_up(gp, delay);
    target_stamp = sc_time_stamp();
    target_saw = sc_time_stamp() + delay;
    delay += ns(10);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
  }
  void other_thread() {
    if (other_at == SC_ZERO_TIME) return;
    wait(other_at);
    other_ran = sc_time_stamp();
    other.notify();
  }
};

}  // namespace

// Cycles with nothing else due are taken on the lead: SystemC's time stands
// still, the core's local time moves, and sync() lands exactly on it.
TEST(Core, CyclesRunAheadWhenNothingElseIsDue) {
  sc_time stamp_after_run, local_after_run, stamp_after_sync;
  Rig rig("rig", [&](Core& c) {
    c.run_cycles(100, false, nullptr);
    c.run_cycles(50, false, nullptr);
    stamp_after_run = sc_time_stamp();
    local_after_run = c.local_time();
    c.sync();
    stamp_after_sync = sc_time_stamp();
  });
  Core::set_horizon(sc_time(1, SC_MS));
  sc_start(sc_time(1, SC_MS));
  EXPECT_EQ(stamp_after_run, kStart);
  EXPECT_EQ(local_after_run, kStart + ns(150));
  EXPECT_EQ(stamp_after_sync, kStart + ns(150));
}

// Cycles that would end at or after something else's instant are waited
// out: the other process runs at its own time, between the core's steps, as
// it would if the core had waited at every step.
TEST(Core, CyclesWaitWhenSomethingElseIsDueFirst) {
  sc_time local_before, stamp_after;
  Rig rig("rig", [&](Core& c) {
    c.run_cycles(100, false, nullptr);  // ahead to 100 ns
    local_before = c.local_time();
    c.run_cycles(100, false, nullptr);  // would pass 150 ns: waits
    stamp_after = sc_time_stamp();
  });
  rig.other_at = ns(150);
  Core::set_horizon(sc_time(1, SC_MS));
  sc_start(sc_time(1, SC_MS));
  EXPECT_EQ(local_before, kStart + ns(100));
  EXPECT_EQ(rig.other_ran, ns(150));
  EXPECT_EQ(stamp_after, kStart + ns(200));
}

// Ending exactly on another process's instant is not running ahead either:
// the order of the two is then SystemC's.
TEST(Core, CyclesEndingOnAnotherInstantWait) {
  sc_time stamp_after;
  Rig rig("rig", [&](Core& c) {
    c.run_cycles(140, false, nullptr);
    stamp_after = sc_time_stamp();
  });
  rig.other_at = ns(150);
  Core::set_horizon(sc_time(1, SC_MS));
  sc_start(sc_time(1, SC_MS));
  EXPECT_EQ(stamp_after, ns(150));
}

// The horizon (the end of the caller's sc_start) bounds the lead; without
// one (the default) a core never runs ahead.
TEST(Core, HorizonBoundsTheLead) {
  sc_time stamp_first, stamp_second;
  Rig rig("rig", [&](Core& c) {
    c.run_cycles(100, false, nullptr);
    stamp_first = sc_time_stamp();
    c.run_cycles(100, false, nullptr);  // would reach the horizon: waits
    stamp_second = sc_time_stamp();
  });
  Core::set_horizon(kStart + ns(200));
  sc_start(sc_time(1, SC_MS));
  EXPECT_EQ(stamp_first, kStart);
  EXPECT_EQ(stamp_second, kStart + ns(200));
}

TEST(Core, NoHorizonNoRunningAhead) {
  sc_time stamp_after;
  Rig rig("rig", [&](Core& c) {
    c.run_cycles(100, false, nullptr);
    stamp_after = sc_time_stamp();
  });
  sc_start(sc_time(1, SC_MS));
  EXPECT_EQ(stamp_after, kStart + ns(100));
}

// Blocking catches up first: a WFI entered with a lead records its state
// change at the core's local time.
TEST(Core, WfiCatchesUpBeforeItBlocks) {
  sc_time entered;
  Rig rig("rig", [&](Core& c) {
    c.add_state_listener([&](Core::State s) {
      if (s == Core::State::Wfi) entered = sc_time_stamp();
    });
    c.run_cycles(300, false, nullptr);
    c.wait_for_interrupt();
  });
  Core::set_horizon(sc_time(1, SC_MS));
  sc_start(sc_time(1, SC_MS));
  EXPECT_EQ(entered, kStart + ns(300));
}

// A bus access: its lead goes out in the delay (TLM-2.0 time annotation),
// so a target that computes with sc_time_stamp() + delay sees it at the
// core's local time; its latency then goes on the lead like any other cycles.
TEST(Core, BusAccessSeenAtLocalTimeAndItsLatencyRunsAhead) {
  sc_time stamp_after, local_after;
  Rig rig("rig", [&](Core& c) {
    c.run_cycles(40, false, nullptr);
    uint8_t b[4] = {0};
    c.transact(tlm::TLM_READ_COMMAND, 0, b, 4);
    stamp_after = sc_time_stamp();
    local_after = c.local_time();
  });
  Core::set_horizon(sc_time(1, SC_MS));
  sc_start(sc_time(1, SC_MS));
  EXPECT_EQ(rig.target_stamp, kStart);  // the lead came in the delay
  EXPECT_EQ(rig.target_saw, kStart + ns(40));
  EXPECT_EQ(local_after, kStart + ns(50));
  EXPECT_LT(stamp_after, kStart + ns(50));
}

// A target that works at SystemC's time catches up: it runs at the instant
// of the access, and the delay it sees is its latency only.
TEST(Core, TargetThatCatchesUpRunsAtTheInstantOfTheAccess) {
  sc_time local_after;
  Rig rig("rig", [&](Core& c) {
    c.run_cycles(40, false, nullptr);
    uint8_t b[4] = {0};
    c.transact(tlm::TLM_WRITE_COMMAND, 0, b, 4);
    local_after = c.local_time();
  });
  rig.target_catches_up = true;
  Core::set_horizon(sc_time(1, SC_MS));
  sc_start(sc_time(1, SC_MS));
  EXPECT_EQ(rig.target_stamp, kStart + ns(40));
  EXPECT_EQ(rig.target_saw, kStart + ns(40));
  EXPECT_EQ(local_after, kStart + ns(50));
}

// The hops find a core's extension without asking TLM (initiator.h,
// last_core_payload), never take it for another payload's, and forget the
// core's payload with the core.
TEST(Core, HopsFindTheCoresExtensionAndNoOtherPayloadsIt) {
  const InitiatorExt* plain_seen = nullptr;
  const InitiatorExt* tagged_seen = nullptr;
  InitiatorExt tagged_ext;
  Rig rig("rig", [&](Core& c) {
    uint8_t b[4] = {0};
    c.transact(tlm::TLM_READ_COMMAND, 0, b, 4);
    tlm::tlm_generic_payload plain, tagged;
    tagged.set_extension(&tagged_ext);
    plain_seen = initiator_of(plain);
    tagged_seen = initiator_of(tagged);
    tagged.clear_extension(&tagged_ext);
  });
  Core::set_horizon(sc_time(1, SC_MS));
  sc_start(sc_time(1, SC_MS));
  ASSERT_NE(rig.target_ext, nullptr);
  EXPECT_EQ(rig.target_ext, rig.target_ext_tlm);
  EXPECT_EQ(plain_seen, nullptr);
  EXPECT_EQ(tagged_seen, &tagged_ext);
  EXPECT_NE(last_core_payload.gp, nullptr);
  rig.core.reset();
  EXPECT_EQ(last_core_payload.gp, nullptr);
  EXPECT_EQ(last_core_payload.ext, nullptr);
}

namespace {
// Two cores on one blocking target (TLM-2.0 lets b_transport wait: this
// one takes 20 ns of SystemC's time), which looks at who asked before and
// after its wait. a's access starts at kStart, b's at kStart + 5 ns, inside
// a's.
struct TwoCoreRig : sc_module {
  ClockDomain clk{"clk", 1000000000};
  Cache l2{CacheParams{}};
  std::unique_ptr<Core> a, b;
  tlm_utils::simple_target_socket<TwoCoreRig> target_a{"target_a"};
  tlm_utils::simple_target_socket<TwoCoreRig> target_b{"target_b"};
  std::vector<std::pair<unsigned, unsigned>> seen;  // (before, after) the wait

  SC_HAS_PROCESS(TwoCoreRig);
  explicit TwoCoreRig(sc_module_name n) : sc_module(n) {
    CoreParams p;
    p.type = "cortex-a15";
    p.ipc.fill(1.0);
    p.index = 1;
    a = std::make_unique<Core>("a", p, clk, l2, true, false);
    p.index = 2;
    b = std::make_unique<Core>("b", p, clk, l2, true, false);
    a->set_firmware([this] { access_at(*a, kStart); });
    b->set_firmware([this] { access_at(*b, kStart + ns(5)); });
    a->to_cluster.bind(target_a);
    b->to_cluster.bind(target_b);
    target_a.register_b_transport(this, &TwoCoreRig::b_transport);
    target_b.register_b_transport(this, &TwoCoreRig::b_transport);
  }
  void access_at(Core& c, sc_time t) {
    wait(t);
    uint8_t d[4] = {0};
    c.transact(tlm::TLM_WRITE_COMMAND, 0, d, 4);
    for (;;) wait(sc_time(1, SC_SEC));  // park
  }
  void b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
    const unsigned before = initiator_of(gp)->core;
    wait(ns(20));
    seen.emplace_back(before, initiator_of(gp)->core);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};
}  // namespace

// A target that waits inside one core's transaction while the other core
// sends one still finds the first core's extension after its wait: the
// remembered payload is the other core's by then, and the lookup falls back
// to TLM's.
TEST(Core, BlockingTargetStillFindsItsOwnCoresExtension) {
  TwoCoreRig rig("rig");
  Core::set_horizon(sc_time(1, SC_MS));
  sc_start(sc_time(1, SC_MS));
  ASSERT_EQ(rig.seen.size(), 2u);
  EXPECT_EQ(rig.seen[0], std::make_pair(1u, 1u));  // a's, done at kStart + 20 ns
  EXPECT_EQ(rig.seen[1], std::make_pair(2u, 2u));  // b's, done at kStart + 25 ns
}

namespace {
// A core reading DRAM (50 ns latency, a 64-byte line in 10 ns) through a
// port that counts its transactions, and another initiator that, at
// other_at, moves 1 KiB (160 ns of the channel).
struct ChainRig : sc_module {
  ClockDomain clk{"clk", 1000000000};
  Cache l2{CacheParams{}};
  std::unique_ptr<Core> core;
  Memory mem{"mem", MemoryParams{1 << 20, sc_time(50, SC_NS), 6.4}};
  tlm_utils::simple_initiator_socket<ChainRig> dma{"dma"};
  tlm_utils::simple_target_socket<ChainRig> port{"port"};
  tlm_utils::simple_initiator_socket<ChainRig> to_mem{"to_mem"};
  unsigned port_calls = 0;
  sc_time other_at;
  sc_time local_after;

  SC_HAS_PROCESS(ChainRig);
  ChainRig(sc_module_name n, std::function<void(Core&)> body) : sc_module(n) {
    core = test_core(clk, l2);
    core->set_firmware([this, body] {
      wait(kStart);
      body(*core);
      local_after = core->local_time();
      for (;;) wait(1, SC_SEC);
    });
    core->to_cluster.bind(port);
    port.register_b_transport(this, &ChainRig::forward);
    to_mem.bind(mem.from_bus);
    dma.bind(mem.from_bus);
    SC_THREAD(dma_thread);
  }
  void forward(tlm::tlm_generic_payload& gp, sc_time& delay) {
    ++port_calls;
    to_mem->b_transport(gp, delay);
  }
  void dma_thread() {
    wait(other_at);
    static uint8_t block[1024];
    tlm::tlm_generic_payload gp;
    gp.set_command(tlm::TLM_WRITE_COMMAND);
    gp.set_data_ptr(block);
    gp.set_data_length(sizeof block);
    gp.set_streaming_width(sizeof block);
    sc_time d = SC_ZERO_TIME;
    dma->b_transport(gp, d);
  }
};
}  // namespace

// A chain of line reads is the reads one after another: the lines that end
// before the DMA's access (at 200 ns) are made on the lead, the one that
// ends past it (at 250 ns) makes the core wait, and the last then queues
// behind the DMA's transfer (200-360 ns): 360 + 60 = 420 ns. Had the chain
// run past the DMA, the last line would have ended at 310 ns.
TEST(Core, ChainOfReadsWaitsWhereSingleReadsWould) {
  ChainRig rig("rig", [](Core& c) {
    uint8_t line[64];
    c.transact_chain(tlm::TLM_READ_COMMAND, 0, line, 64, 5);
  });
  rig.other_at = ns(200);
  Core::set_horizon(sc_time(1, SC_MS));
  sc_start(sc_time(1, SC_MS));
  EXPECT_EQ(rig.local_after, ns(420));
  EXPECT_EQ(rig.mem.reads(), 5u);
  EXPECT_EQ(rig.mem.writes(), 1u);
  EXPECT_EQ(rig.port_calls, 2u);  // four lines at once, then the last
}

// The same with singles, the reference the chain must match.
TEST(Core, SingleReadsWaitAtTheSameInstants) {
  ChainRig rig("rig", [](Core& c) {
    uint8_t line[64];
    for (int k = 0; k < 5; ++k) c.transact(tlm::TLM_READ_COMMAND, 64 * k, line, 64, true, true);
  });
  rig.other_at = ns(200);
  Core::set_horizon(sc_time(1, SC_MS));
  sc_start(sc_time(1, SC_MS));
  EXPECT_EQ(rig.local_after, ns(420));
  EXPECT_EQ(rig.port_calls, 5u);
}

// The end of the current sc_start() bounds a chain as it bounds the lead:
// of lines ending at 70, 130, 190 ns, the third passes a slice that ends at
// 140 ns and is the last made in it; the core waits it out in the next.
TEST(Core, ChainStopsAtTheHorizon) {
  ChainRig rig("rig", [](Core& c) {
    uint8_t line[64];
    c.transact_chain(tlm::TLM_READ_COMMAND, 0, line, 64, 5);
  });
  rig.other_at = sc_time(1, SC_MS);
  Core::set_horizon(ns(140));
  sc_start(ns(140));
  EXPECT_EQ(rig.mem.reads(), 3u);
  EXPECT_EQ(rig.port_calls, 1u);
  Core::set_horizon(sc_time(1, SC_MS));
  sc_start(sc_time(1, SC_MS) - ns(140));
  EXPECT_EQ(rig.local_after, ns(310));
  EXPECT_EQ(rig.mem.reads(), 5u);
  EXPECT_EQ(rig.port_calls, 2u);
}

namespace {

// One core held in reset, unpowered or powered, whose firmware waits for
// the release and notes when it came and how many times the thread woke
// until then; a driver process works the reset and the cluster's power.
struct ResetRig : sc_module {
  ClockDomain clk{"clk", 1000000000};
  Cache l2{CacheParams{}};
  std::unique_ptr<Core> core;
  std::function<void(Core&)> drive;
  sc_time released_at;
  uint64_t wakes = 0;  // the core thread's waits that ended, up to the release
  tlm_utils::simple_target_socket<ResetRig> bus{"bus"};  // never used

  unsigned releases = 0;

  SC_HAS_PROCESS(ResetRig);
  // firmware_loops: after each release the firmware waits for an interrupt
  // and, when a reset ends that, for the next release (TC2's boot pen).
  ResetRig(sc_module_name n, bool powered, std::function<void(Core&)> d,
           bool firmware_loops = false)
      : sc_module(n), drive(std::move(d)) {
    CoreParams p;
    p.type = "cortex-a7";
    p.ipc.fill(1.0);
    core = std::make_unique<Core>("core", p, clk, l2, powered, true);
    core->set_firmware([this, firmware_loops] {
      const uint64_t before = core_wait_count.waits;
      core->wait_reset_release();
      wakes = core_wait_count.waits - before;
      released_at = sc_time_stamp();
      ++releases;
      while (firmware_loops) {
        core->wait_for_interrupt();  // PowerLost when the reset comes
        core->wait_reset_release();
        ++releases;
      }
      for (;;) wait(sc_time(1, SC_SEC));  // park
    });
    core->to_cluster.bind(bus);
    bus.register_b_transport(this, &ResetRig::b_transport);
    SC_THREAD(driver);
  }
  void b_transport(tlm::tlm_generic_payload& gp, sc_time&) {
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
  }
  void driver() { drive(*core); }
};

}  // namespace

// A core held in reset waits only for its release: its cluster going off
// and on meanwhile (IKS powers a cluster down and up under its cores'
// resets) does not wake its thread, and the release wakes it once.
TEST(Core, PowerChangesUnderResetDoNotWakeTheCore) {
  ResetRig rig("rig", true, [](Core& c) {
    for (int k = 0; k < 3; ++k) {
      wait(ns(100));
      c.set_cluster_power(false);
      wait(ns(100));
      c.set_cluster_power(true);
    }
    wait(ns(100));
    c.set_reset(false);
  });
  sc_start(sc_time(1, SC_MS));
  EXPECT_EQ(rig.released_at, ns(700));
  EXPECT_EQ(rig.wakes, 1u);
  EXPECT_EQ(rig.core->state(), Core::State::Run);
}

// A release while the cluster is off frees the core only when the power
// comes back, and that power-on is what wakes it.
TEST(Core, ReleaseWithoutPowerWaitsForThePower) {
  ResetRig rig("rig", false, [](Core& c) {
    wait(ns(100));
    c.set_reset(false);
    wait(ns(150));
    c.set_cluster_power(true);
  });
  sc_start(sc_time(1, SC_MS));
  EXPECT_EQ(rig.released_at, ns(250));
  EXPECT_EQ(rig.wakes, 1u);
  EXPECT_EQ(rig.core->state(), Core::State::Run);
}

// A core released again and again without simulated time passing (a
// wake-up it cannot take makes the power controller release it, and it
// goes straight back) stops the run with a model error instead of
// spinning for ever at one instant.
namespace {

// 5000 reset pulses, `gap` between each edge and the next.
void pulse_reset(Core& c, const sc_time& gap) {
  for (int k = 0; k < 5000; ++k) {
    c.set_reset(true);
    wait(gap);
    c.set_reset(false);
    wait(gap);
  }
}

}  // namespace

TEST(Core, ReleasesWithoutTimePassingStopTheRun) {
  ResetRig rig("rig", true, [](Core& c) { pulse_reset(c, SC_ZERO_TIME); }, true);
  EXPECT_THROW(sc_start(sc_time(1, SC_MS)), sc_report);
  EXPECT_EQ(rig.releases, 999u);  // the 1000th stops the run
}

// The same releases a nanosecond apart are a core at work: no error.
TEST(Core, ReleasesAsTimePassesAreNoLivelock) {
  ResetRig rig("rig", true, [](Core& c) { pulse_reset(c, ns(1)); }, true);
  EXPECT_NO_THROW(sc_start(sc_time(1, SC_MS)));
  EXPECT_EQ(rig.releases, 5000u);
}
