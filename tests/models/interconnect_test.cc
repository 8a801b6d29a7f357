// SPDX-License-Identifier: GPL-2.0-only
// Interconnect models: Bus (decode, offset translation, errors), Memory
// (sparse storage, latency and bandwidth queue), Cci400 (programmer's model,
// change-pending handshake, snoop routing and counting, transit latency).
// Every TEST elaborates its own modules: ctest runs each in its own process.
#include <gtest/gtest.h>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "models/common/initiator.h"
#include "models/interconnect/bus.h"
#include "models/interconnect/cci400.h"
#include "models/interconnect/memory.h"

#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

using namespace sc_core;

namespace {

// Runs a test script on its own SC_THREAD and issues transactions for it.
struct TestInitiator : sc_module {
  tlm_utils::simple_initiator_socket<TestInitiator> socket;
  std::function<void(TestInitiator&)> script;
  bool done = false;

  SC_HAS_PROCESS(TestInitiator);
  explicit TestInitiator(sc_module_name n) : sc_module(n), socket("socket") { SC_THREAD(run); }
  void run() {
    if (script) script(*this);
    done = true;
  }

  // One b_transport; `delay` is updated, nothing waits.
  tlm::tlm_response_status transport(tlm::tlm_command cmd, uint64_t addr, void* data, unsigned len,
                                     sc_time& delay, bool shareable = false,
                                     uint64_t* addr_after = nullptr) {
    tlm::tlm_generic_payload gp;
    CoherentExt ext;
    gp.set_command(cmd);
    gp.set_address(addr);
    gp.set_data_ptr(static_cast<unsigned char*>(data));
    gp.set_data_length(len);
    gp.set_streaming_width(len);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    if (shareable) gp.set_extension(&ext);
    socket->b_transport(gp, delay);
    if (shareable) gp.clear_extension(&ext);
    if (addr_after) *addr_after = gp.get_address();
    return gp.get_response_status();
  }
  // A 32-bit access that then waits out its annotated delay (as a core would).
  uint32_t read32(uint64_t addr, sc_time* took = nullptr) {
    uint32_t v = 0xFFFFFFFF;
    sc_time d = SC_ZERO_TIME;
    EXPECT_EQ(transport(tlm::TLM_READ_COMMAND, addr, &v, 4, d), tlm::TLM_OK_RESPONSE)
        << std::hex << addr;
    wait(d);
    if (took) *took = d;
    return v;
  }
  void write32(uint64_t addr, uint32_t v) {
    sc_time d = SC_ZERO_TIME;
    EXPECT_EQ(transport(tlm::TLM_WRITE_COMMAND, addr, &v, 4, d), tlm::TLM_OK_RESPONSE)
        << std::hex << addr;
    wait(d);
  }
};

// A target that records what reached it and answers after a fixed latency.
struct TestTarget : sc_module {
  tlm_utils::simple_target_socket<TestTarget> socket;
  sc_time latency;
  unsigned calls = 0, dbg_calls = 0;
  uint64_t last_addr = ~0ull;
  uint32_t word = 0;  // what a 32-bit read returns

  TestTarget(sc_module_name n, sc_time lat, uint32_t w)
      : sc_module(n), socket("socket"), latency(lat), word(w) {
    socket.register_b_transport(this, &TestTarget::b_transport);
    socket.register_transport_dbg(this, &TestTarget::transport_dbg);
  }
  void b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
    ++calls;
    last_addr = gp.get_address();
    if (gp.is_read() && gp.get_data_length() == 4) std::memcpy(gp.get_data_ptr(), &word, 4);
    delay += latency;
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
  }
  unsigned transport_dbg(tlm::tlm_generic_payload& gp) {
    ++dbg_calls;
    last_addr = gp.get_address();
    if (gp.is_read() && gp.get_data_length() == 4) std::memcpy(gp.get_data_ptr(), &word, 4);
    return gp.get_data_length();
  }
};

// Binds whatever a test leaves unbound, since SystemC insists on complete
// binding: idle initiators on slave interfaces, a sink on master / regs.
struct TieOff {
  std::vector<std::unique_ptr<TestInitiator>> initiators;
  std::vector<std::unique_ptr<TestTarget>> targets;
  void slave_if(Cci400& cci, unsigned i) {
    initiators.push_back(std::make_unique<TestInitiator>(("idle" + std::to_string(i)).c_str()));
    initiators.back()->socket.bind(cci.from_cluster[i]);
  }
  void regs(Cci400& cci) {
    initiators.push_back(std::make_unique<TestInitiator>("idle_regs"));
    initiators.back()->socket.bind(cci.regs);
  }
  void master(Cci400& cci) {
    targets.push_back(std::make_unique<TestTarget>("sink", SC_ZERO_TIME, 0));
    cci.to_bus.bind(targets.back()->socket);
  }
};

std::string report_text(const std::function<void()>& f) {
  try {
    f();
  } catch (const sc_report& r) {
    return r.what();
  }
  return "";
}

const sc_time NS(1, SC_NS);
const sc_time PS(1, SC_PS);

}  // namespace

// ---- Bus -------------------------------------------------------------------

TEST(BusTest, RoutesByAddressAndTranslatesToLocalOffset) {
  TestInitiator cpu0("cpu0"), cpu1("cpu1");
  Bus bus("bus", BusParams{7 * NS});
  TestTarget gic("gic", 3 * NS, 0x11111111), mem("mem", 40 * NS, 0x22222222);
  cpu0.socket.bind(bus.from_initiators);
  cpu1.socket.bind(bus.from_initiators);
  EXPECT_EQ(bus.map(0x2c001000, 0x1000, gic.socket, "gic"), 0u);
  EXPECT_EQ(bus.map(0x80000000, 0x40000000, mem.socket, "memory"), 1u);

  cpu0.script = [&](TestInitiator& i) {
    uint32_t v = 0;
    sc_time d = 5 * NS;
    uint64_t after = 0;
    EXPECT_EQ(i.transport(tlm::TLM_READ_COMMAND, 0x2c001104, &v, 4, d, false, &after),
              tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(v, 0x11111111u);
    EXPECT_EQ(gic.last_addr, 0x104u);
    EXPECT_EQ(after, 0x2c001104u);  // the initiator's address is restored
    EXPECT_EQ(d, 15 * NS);          // 5 in + 7 bus + 3 target
    // Last byte of memory: the top of the region is still decoded.
    d = SC_ZERO_TIME;
    EXPECT_EQ(i.transport(tlm::TLM_READ_COMMAND, 0xBFFFFFFC, &v, 4, d), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(mem.last_addr, 0x3FFFFFFCu);
    EXPECT_EQ(v, 0x22222222u);
    EXPECT_EQ(d, 47 * NS);
  };
  cpu1.script = [&](TestInitiator& i) {
    wait(100 * NS);  // after cpu0
    EXPECT_EQ(i.read32(0x80000040), 0x22222222u);
    EXPECT_EQ(mem.last_addr, 0x40u);
  };
  sc_start();
  EXPECT_TRUE(cpu0.done && cpu1.done);
  EXPECT_EQ(gic.calls, 1u);
  EXPECT_EQ(mem.calls, 2u);
  EXPECT_EQ(bus.transactions(), 3u);
  EXPECT_EQ(bus.address_errors(), 0u);
}

TEST(BusTest, RejectsOverlappingMapNamingBothRegions) {
  Bus bus("bus", BusParams{NS});
  bus.map(0x1000, 0x1000, 0, "gic");
  bus.map(0x2000, 0x1000, 1, "timer");  // adjacent above: fine
  bus.map(0x0000, 0x1000, 2, "boot");   // adjacent below: fine
  std::string msg = report_text([&] { bus.map(0x1800, 0x100, 3, "scc"); });
  EXPECT_NE(msg.find("scc"), std::string::npos) << msg;
  EXPECT_NE(msg.find("gic"), std::string::npos) << msg;
  // A region enclosing an existing one, and one overlapping only the tail of
  // a lower neighbour.
  msg = report_text([&] { bus.map(0x0800, 0x4000, 3, "huge"); });
  EXPECT_NE(msg.find("huge"), std::string::npos) << msg;
  msg = report_text([&] { bus.map(0x2FFF, 0x10, 3, "tail"); });
  EXPECT_NE(msg.find("timer"), std::string::npos) << msg;
  EXPECT_NE(report_text([&] { bus.map(0x9000, 0, 3, "empty"); }), "");
  EXPECT_EQ(bus.regions().size(), 3u);
  EXPECT_EQ(bus.decode(0x2FFF)->name, "timer");
  EXPECT_EQ(bus.decode(0x3000), nullptr);
}

// decode() remembers the region it found last: an address just outside it,
// either side, or in a gap must still be looked up.
TEST(BusTest, DecodeAfterAHitLooksAgainOutsideIt) {
  Bus bus("bus", BusParams{NS});
  bus.map(0x0000, 0x1000, 0, "boot");
  bus.map(0x1000, 0x1000, 1, "gic");
  bus.map(0x3000, 0x1000, 2, "timer");
  EXPECT_EQ(bus.decode(0x1800)->name, "gic");
  EXPECT_EQ(bus.decode(0x1FFF)->name, "gic");
  EXPECT_EQ(bus.decode(0x0FFF)->name, "boot");
  EXPECT_EQ(bus.decode(0x1000)->name, "gic");
  EXPECT_EQ(bus.decode(0x2000), nullptr);  // the gap above gic
  EXPECT_EQ(bus.decode(0x3000)->name, "timer");
  EXPECT_EQ(bus.decode(0x4000), nullptr);
  EXPECT_EQ(bus.decode(0x0)->name, "boot");
}

TEST(BusTest, UnmappedAddressIsAddressError) {
  TestInitiator cpu("cpu");
  Bus bus("bus", BusParams{2 * NS});
  TestTarget dev("dev", NS, 0x5a5a5a5a);
  cpu.socket.bind(bus.from_initiators);
  bus.map(0x10000, 0x100, dev.socket, "dev");
  cpu.script = [&](TestInitiator& i) {
    uint32_t v = 0;
    sc_time d = SC_ZERO_TIME;
    EXPECT_EQ(i.transport(tlm::TLM_READ_COMMAND, 0xFFFC, &v, 4, d), tlm::TLM_ADDRESS_ERROR_RESPONSE);
    EXPECT_EQ(i.transport(tlm::TLM_WRITE_COMMAND, 0x10100, &v, 4, d),
              tlm::TLM_ADDRESS_ERROR_RESPONSE);
    // Runs off the end of the region: decode error too, nothing reaches dev.
    EXPECT_EQ(i.transport(tlm::TLM_READ_COMMAND, 0x100FE, &v, 4, d),
              tlm::TLM_ADDRESS_ERROR_RESPONSE);
    EXPECT_EQ(i.transport(tlm::TLM_READ_COMMAND, 0x100FC, &v, 4, d), tlm::TLM_OK_RESPONSE);
  };
  sc_start();
  EXPECT_TRUE(cpu.done);
  EXPECT_EQ(dev.calls, 1u);
  EXPECT_EQ(dev.last_addr, 0xFCu);
  EXPECT_EQ(bus.address_errors(), 3u);
}

TEST(BusTest, DebugTransportTranslatesWithoutTiming) {
  TestInitiator cpu("cpu");
  Bus bus("bus", BusParams{2 * NS});
  TestTarget a("a", NS, 1), b("b", NS, 0xcafef00d);
  cpu.socket.bind(bus.from_initiators);
  bus.map(0x1000, 0x1000, a.socket, "a");
  bus.map(0x4000, 0x1000, b.socket, "b");
  cpu.script = [&](TestInitiator& i) {
    tlm::tlm_generic_payload gp;
    uint32_t v = 0;
    gp.set_command(tlm::TLM_READ_COMMAND);
    gp.set_address(0x4010);
    gp.set_data_ptr(reinterpret_cast<unsigned char*>(&v));
    gp.set_data_length(4);
    EXPECT_EQ(i.socket->transport_dbg(gp), 4u);
    EXPECT_EQ(v, 0xcafef00du);
    EXPECT_EQ(b.last_addr, 0x10u);
    EXPECT_EQ(gp.get_address(), 0x4010u);
    gp.set_address(0x8000);
    EXPECT_EQ(i.socket->transport_dbg(gp), 0u);
  };
  sc_start();
  EXPECT_TRUE(cpu.done);
  EXPECT_EQ(b.dbg_calls, 1u);
  EXPECT_EQ(b.calls, 0u);
  EXPECT_EQ(bus.transactions(), 0u);
  EXPECT_EQ(sc_time_stamp(), SC_ZERO_TIME);
}

// ---- TargetPort (models/common/target_port.h) -------------------------------

// The port every hot target uses in place of tlm_utils' sockets: still no
// DMI (every access timed), and an nb_transport_fw is a model error rather
// than being turned into a b_transport.
TEST(TargetPortTest, OffersNoDmiAndRefusesNbTransport) {
  TestInitiator cpu("cpu");
  Memory mem("mem", MemoryParams{4096, NS, 3.2});
  cpu.socket.bind(mem.from_bus);
  cpu.script = [&](TestInitiator& i) {
    uint32_t v = 0;
    tlm::tlm_generic_payload gp;
    gp.set_command(tlm::TLM_READ_COMMAND);
    gp.set_address(0);
    gp.set_data_ptr(reinterpret_cast<unsigned char*>(&v));
    gp.set_data_length(4);
    gp.set_streaming_width(4);
    tlm::tlm_dmi dmi;
    EXPECT_FALSE(i.socket->get_direct_mem_ptr(gp, dmi));
    EXPECT_EQ(dmi.get_granted_access(), tlm::tlm_dmi::DMI_ACCESS_NONE);
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_time d = SC_ZERO_TIME;
    const std::string msg = report_text([&] { i.socket->nb_transport_fw(gp, phase, d); });
    EXPECT_NE(msg.find("nb_transport_fw"), std::string::npos) << msg;
    EXPECT_EQ(mem.reads(), 0u);
    // The debug path still reaches the model's own function.
    v = 0xffffffff;
    EXPECT_EQ(i.socket->transport_dbg(gp), 4u);
    EXPECT_EQ(v, 0u);
  };
  sc_start();
  EXPECT_TRUE(cpu.done);
}

// A port nobody binds is a wiring mistake: elaboration fails naming it,
// as with tlm_utils' sockets.
TEST(TargetPortTest, AnUnboundPortFailsElaboration) {
  Memory mem("lonely", MemoryParams{4096, NS, 3.2});
  const std::string msg = report_text([] { sc_start(); });
  EXPECT_NE(msg.find("lonely.from_bus"), std::string::npos) << msg;
}

// ---- Memory ----------------------------------------------------------------

TEST(MemoryTest, SparseReadAfterWrite) {
  TestInitiator cpu("cpu");
  Memory mem("mem", MemoryParams{1ull << 30, 10 * NS, 8.0});
  cpu.socket.bind(mem.from_bus);
  cpu.script = [&](TestInitiator& i) {
    EXPECT_EQ(i.read32(0x12340), 0u);  // never written
    i.write32(0x3FFFFFFC, 0xdeadbeef);  // last word of 1 GiB
    EXPECT_EQ(i.read32(0x3FFFFFFC), 0xdeadbeefu);
    // 8 bytes straddling a page boundary.
    uint8_t out[8] = {1, 2, 3, 4, 5, 6, 7, 8}, in[8] = {};
    sc_time d = SC_ZERO_TIME;
    EXPECT_EQ(i.transport(tlm::TLM_WRITE_COMMAND, 0xFFC, out, 8, d), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(i.transport(tlm::TLM_READ_COMMAND, 0xFFC, in, 8, d), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(std::memcmp(in, out, 8), 0);
    // The untouched neighbours of written bytes read 0.
    EXPECT_EQ(i.read32(0xFF8), 0u);
    EXPECT_EQ(i.read32(0x1004), 0u);
    // Off the end.
    uint32_t v;
    EXPECT_EQ(i.transport(tlm::TLM_READ_COMMAND, 0x3FFFFFFE, &v, 4, d),
              tlm::TLM_ADDRESS_ERROR_RESPONSE);
  };
  sc_start();
  EXPECT_TRUE(cpu.done);
  EXPECT_EQ(mem.pages_allocated(), 3u);  // 0x0, 0x1000, 0x3FFFF000: not 1 GiB
  EXPECT_EQ(mem.reads(), 5u);
  EXPECT_EQ(mem.writes(), 2u);
  EXPECT_EQ(mem.bytes_read(), 4u + 4 + 8 + 4 + 4);
  EXPECT_EQ(mem.bytes_written(), 12u);
  uint32_t w = 0;
  mem.read_backdoor(0x3FFFFFFC, &w, 4);
  EXPECT_EQ(w, 0xdeadbeefu);
}

TEST(MemoryTest, BackToBackReadsQueueOnBandwidth) {
  // 50 ns latency, 6.4 bytes/ns: a 64-byte line takes 10 ns on the channel.
  TestInitiator cpu("cpu");
  Memory mem("mem", MemoryParams{1 << 20, 50 * NS, 6.4});
  cpu.socket.bind(mem.from_bus);
  cpu.script = [&](TestInitiator& i) {
    uint8_t line[128];
    sc_time d1 = SC_ZERO_TIME, d2 = SC_ZERO_TIME;
    // Two line fills issued at the same time (say, two outstanding misses).
    i.transport(tlm::TLM_READ_COMMAND, 0x0, line, 64, d1);
    i.transport(tlm::TLM_READ_COMMAND, 0x40, line, 64, d2);
    EXPECT_EQ(d1, 60 * NS);  // latency + 10 ns transfer
    EXPECT_EQ(d2, 70 * NS);  // waits for the first transfer: + 10 ns
    EXPECT_EQ(mem.busy_until(), 20 * NS);
    // Arriving later in local time (temporally decoupled at 15 ns): 5 ns wait.
    sc_time d3 = 15 * NS;
    i.transport(tlm::TLM_READ_COMMAND, 0x80, line, 64, d3);
    EXPECT_EQ(d3, 15 * NS + 5 * NS + 60 * NS);
    wait(100 * NS);
    // Channel idle again: a 128-byte write costs latency + 20 ns, no wait.
    sc_time d4 = SC_ZERO_TIME;
    i.transport(tlm::TLM_WRITE_COMMAND, 0x100, line, 128, d4);
    EXPECT_EQ(d4, 70 * NS);
    EXPECT_EQ(mem.busy_until(), 120 * NS);
  };
  sc_start();
  EXPECT_TRUE(cpu.done);
  EXPECT_EQ(mem.bytes(), 64u * 3 + 128);
}

TEST(MemoryTest, TransferTimeRoundsUpToAPicosecond) {
  TestInitiator cpu("cpu");
  Memory mem("mem", MemoryParams{4096, SC_ZERO_TIME, 3.0});  // 4 bytes: 1333.3 ps
  cpu.socket.bind(mem.from_bus);
  cpu.script = [&](TestInitiator& i) {
    uint32_t v;
    sc_time d = SC_ZERO_TIME;
    i.transport(tlm::TLM_READ_COMMAND, 0, &v, 4, d);
    EXPECT_EQ(d, 1334 * PS);
  };
  sc_start();
  EXPECT_TRUE(cpu.done);
}

TEST(MemoryTest, RejectsNonPositiveBandwidth) {
  EXPECT_NE(report_text([] { Memory m("m", MemoryParams{4096, NS, 0.0}); }), "");
}

// ---- Cci400 ----------------------------------------------------------------

namespace {
// TC2's wiring: A15 cluster on the interface at 0x4000, A7 on 0x5000.
CciParams tc2_cci(unsigned n = 2) {
  CciParams p;
  p.num_slave_ifs = n;
  p.slave_if_offsets = {0x4000, 0x5000};
  if (n > 2) p.slave_if_offsets.push_back(0x3000);
  p.transit_latency = 4 * NS;
  p.snoop_latency = 9 * NS;
  p.change_pending_latency = 300 * NS;
  p.revision = 5;  // r1p0
  return p;
}
}  // namespace

TEST(CciTest, SnoopEnableGoesThroughChangePending) {
  TestInitiator cpu("cpu");
  Cci400 cci("cci", tc2_cci());
  cpu.socket.bind(cci.regs);
  std::vector<std::pair<unsigned, bool>> changes;
  std::vector<sc_time> change_times;
  cci.on_port_change([&](unsigned port, bool on) {
    changes.emplace_back(port, on);
    change_times.push_back(sc_time_stamp());
  });
  cpu.script = [&](TestInitiator& i) {
    EXPECT_EQ(i.read32(0x4000), 0xC0000000u);  // support bits only at reset
    EXPECT_EQ(i.read32(0x000C), 0u);
    i.write32(0x4000, 0x3);  // t = 0: cci_port_control(port, true)
    EXPECT_EQ(i.read32(0x000C), 1u);            // change pending right after
    EXPECT_EQ(i.read32(0x4000), 0xC0000003u);  // reads back at once
    EXPECT_FALSE(cci.snoops_enabled(0));        // but not in effect yet
    wait(300 * NS - PS);
    EXPECT_EQ(i.read32(0x000C), 1u);
    EXPECT_TRUE(changes.empty());
    wait(PS);
    EXPECT_EQ(i.read32(0x000C), 0u);
    EXPECT_TRUE(cci.snoops_enabled(0));
    EXPECT_TRUE(cci.dvm_enabled(0));
    EXPECT_FALSE(cci.snoops_enabled(1));
    // And off again, as MCPM's last man does.
    i.write32(0x4000, 0x0);
    EXPECT_TRUE(cci.change_pending());
    EXPECT_TRUE(cci.snoops_enabled(0));
    wait(400 * NS);
    EXPECT_FALSE(cci.change_pending());
    EXPECT_FALSE(cci.snoops_enabled(0));
    EXPECT_EQ(i.read32(0x4000), 0xC0000000u);
  };
  TieOff tie;
  tie.slave_if(cci, 0);
  tie.slave_if(cci, 1);
  tie.master(cci);
  sc_start();
  EXPECT_TRUE(cpu.done);
  ASSERT_EQ(changes.size(), 2u);
  EXPECT_EQ(changes[0], std::make_pair(0u, true));
  EXPECT_EQ(changes[1], std::make_pair(0u, false));
  EXPECT_EQ(change_times[0], 300 * NS);
  EXPECT_EQ(change_times[1], 600 * NS);
  EXPECT_EQ(cci.port_stats(0).snoop_enables, 1u);
  EXPECT_EQ(cci.port_stats(0).snoop_disables, 1u);
  EXPECT_EQ(cci.port_stats(1).snoop_enables, 0u);
}

TEST(CciTest, PortControlPollLoopThroughBus) {
  // arm-cci's cci_port_control(): write, then spin on Status until clear,
  // every read crossing the CCI and the bus (cluster -> CCI -> bus -> regs).
  TestInitiator cpu("cpu");
  CciParams p = tc2_cci();
  Cci400 cci("cci", p);
  Bus bus("bus", BusParams{20 * NS});
  cpu.socket.bind(cci.from_cluster[1]);
  cci.to_bus.bind(bus.from_initiators);
  bus.map(0x2c090000, CCI_SIZE, cci.regs, "cci");
  unsigned polls = 0;
  cpu.script = [&](TestInitiator& i) {
    i.write32(0x2c095000, 0x3);  // takes 24 ns; change due at 4 + 20 + 300
    while (i.read32(0x2c09000C) & 1) ++polls;
    EXPECT_EQ(sc_time_stamp(), 336 * NS);  // 24 + 13 reads of 24 ns
    EXPECT_TRUE(cci.snoops_enabled(1));
  };
  TieOff tie;
  tie.slave_if(cci, 0);
  sc_start();
  EXPECT_TRUE(cpu.done);
  // Each read reaches Status 24 ns after issue: those seen at 48..312 ns find
  // the change pending, the one seen at 336 ns does not.
  EXPECT_EQ(polls, 12u);
}

TEST(CciTest, SnoopsGoOnlyToEnabledInterfaces) {
  TestInitiator a15("a15"), a7("a7"), dma("dma"), ctl("ctl");
  CciParams p = tc2_cci(3);
  p.snoop_control_at_reset = {0x3, 0x3, 0x0};  // both clusters coherent, DMA not
  Cci400 cci("cci", p);
  TestTarget mem("mem", 50 * NS, 0);
  a15.socket.bind(cci.from_cluster[0]);
  a7.socket.bind(cci.from_cluster[1]);
  dma.socket.bind(cci.from_cluster[2]);
  cci.to_bus.bind(mem.socket);
  ctl.socket.bind(cci.regs);
  a15.script = [&](TestInitiator& i) {
    uint32_t v;
    sc_time d = SC_ZERO_TIME;
    i.transport(tlm::TLM_READ_COMMAND, 0x80000000, &v, 4, d, true);
    EXPECT_EQ(d, 4 * NS + 9 * NS + 50 * NS);  // transit + one snoop round + memory
    d = SC_ZERO_TIME;
    i.transport(tlm::TLM_READ_COMMAND, 0x80000000, &v, 4, d, false);  // non-shareable
    EXPECT_EQ(d, 54 * NS);
    wait(1000 * NS);
    // The A7 cluster's port is now off: nobody left to snoop.
    d = SC_ZERO_TIME;
    i.transport(tlm::TLM_WRITE_COMMAND, 0x80000000, &v, 4, d, true);
    EXPECT_EQ(d, 54 * NS);
  };
  dma.script = [&](TestInitiator& i) {
    uint32_t v;
    sc_time d = SC_ZERO_TIME;
    wait(10 * NS);
    // Shareable from an interface with snoops off: unsnooped, counted.
    i.transport(tlm::TLM_READ_COMMAND, 0x80000000, &v, 4, d, true);
    EXPECT_EQ(d, 54 * NS);
  };
  ctl.script = [&](TestInitiator& i) {
    wait(100 * NS);
    i.write32(0x5000, 0x0);  // A7 cluster going down: its port off at 400 ns
  };
  sc_start();
  EXPECT_TRUE(a15.done && dma.done && ctl.done);
  EXPECT_EQ(cci.port_stats(1).snoops_received, 1u);
  EXPECT_EQ(cci.port_stats(2).snoops_received, 0u);  // DMA's snoops are off
  EXPECT_EQ(cci.port_stats(0).snoops_received, 0u);  // never snoops itself
  EXPECT_EQ(cci.port_stats(0).snoops_issued, 1u);
  EXPECT_EQ(cci.incoherent_accesses(), 1u);
  EXPECT_EQ(cci.port_stats(2).incoherent, 1u);
  EXPECT_EQ(cci.port_stats(0).shareable, 2u);
  EXPECT_EQ(cci.port_stats(0).transactions, 3u);
  EXPECT_EQ(cci.port_stats(1).snoop_disables, 1u);
  EXPECT_EQ(cci.snoops(), 1u);
}

TEST(CciTest, TransitLatencyAddedExactly) {
  TestInitiator cpu("cpu");
  Cci400 cci("cci", tc2_cci());
  TestTarget mem("mem", SC_ZERO_TIME, 0x600dcafe);
  cpu.socket.bind(cci.from_cluster[0]);
  cci.to_bus.bind(mem.socket);
  cpu.script = [&](TestInitiator& i) {
    uint32_t v = 0;
    sc_time d = 5 * NS;
    uint64_t after = 0;
    EXPECT_EQ(i.transport(tlm::TLM_READ_COMMAND, 0x80001230, &v, 4, d, false, &after),
              tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(d, 9 * NS);  // 5 in + 4 transit, nothing else
    EXPECT_EQ(v, 0x600dcafeu);
    EXPECT_EQ(mem.last_addr, 0x80001230u);  // the CCI does not translate
    // Shareable, own snoops off: still transit only (and counted incoherent).
    d = SC_ZERO_TIME;
    i.transport(tlm::TLM_READ_COMMAND, 0x80001230, &v, 4, d, true);
    EXPECT_EQ(d, 4 * NS);
  };
  TieOff tie;
  tie.slave_if(cci, 1);
  tie.regs(cci);
  sc_start();
  EXPECT_TRUE(cpu.done);
  EXPECT_EQ(mem.calls, 2u);
  EXPECT_EQ(cci.incoherent_accesses(), 1u);
  EXPECT_EQ(cci.snoops(), 0u);
}

TEST(CciTest, OwnSnoopsOnButNoOtherEnabledAddsNoSnoopLatency) {
  TestInitiator cpu("cpu");
  CciParams p = tc2_cci();
  p.snoop_control_at_reset = {0x3, 0x0};
  Cci400 cci("cci", p);
  TestTarget mem("mem", SC_ZERO_TIME, 0);
  cpu.socket.bind(cci.from_cluster[0]);
  cci.to_bus.bind(mem.socket);
  cpu.script = [&](TestInitiator& i) {
    uint32_t v;
    sc_time d = SC_ZERO_TIME;
    i.transport(tlm::TLM_READ_COMMAND, 0, &v, 4, d, true);
    EXPECT_EQ(d, 4 * NS);
  };
  TieOff tie;
  tie.slave_if(cci, 1);
  tie.regs(cci);
  sc_start();
  EXPECT_TRUE(cpu.done);
  EXPECT_EQ(cci.incoherent_accesses(), 0u);
  EXPECT_EQ(cci.snoops(), 0u);
  EXPECT_EQ(cci.port_stats(0).snoops_issued, 0u);
}

TEST(CciTest, ControlOverrideSnoopDisableStopsSnoops) {
  TestInitiator cpu("cpu"), ctl("ctl");
  CciParams p = tc2_cci();
  p.snoop_control_at_reset = {0x3, 0x3};
  Cci400 cci("cci", p);
  TestTarget mem("mem", SC_ZERO_TIME, 0);
  cpu.socket.bind(cci.from_cluster[0]);
  ctl.socket.bind(cci.regs);
  cci.to_bus.bind(mem.socket);
  cpu.script = [&](TestInitiator& i) {
    uint32_t v;
    sc_time d = SC_ZERO_TIME;
    i.transport(tlm::TLM_READ_COMMAND, 0, &v, 4, d, true);
    EXPECT_EQ(d, 13 * NS);
    wait(10 * NS);
    d = SC_ZERO_TIME;
    i.transport(tlm::TLM_READ_COMMAND, 0, &v, 4, d, true);
    EXPECT_EQ(d, 4 * NS);
  };
  ctl.script = [&](TestInitiator& i) {
    wait(5 * NS);
    i.write32(CCI_CTRL_OVERRIDE, 0xFFFFFFFF);
    EXPECT_EQ(i.read32(CCI_CTRL_OVERRIDE), 0xFu);
  };
  TieOff tie;
  tie.slave_if(cci, 1);
  sc_start();
  EXPECT_TRUE(cpu.done && ctl.done);
  EXPECT_EQ(cci.snoops(), 1u);
}

TEST(CciTest, IdentificationAndControlRegisters) {
  TestInitiator cpu("cpu");
  Cci400 cci("cci", tc2_cci());
  cpu.socket.bind(cci.regs);
  cpu.script = [&](TestInitiator& i) {
    EXPECT_EQ(i.read32(CCI_PID2), 0x5Bu);  // revision 5 in [7:4]: arm-cci says r1
    EXPECT_EQ(i.read32(CCI_PID0), 0x20u);
    EXPECT_EQ(i.read32(CCI_PID1), 0xB4u);
    EXPECT_EQ(i.read32(CCI_PID4), 0x44u);
    EXPECT_EQ(i.read32(CCI_CID0), 0x0Du);
    EXPECT_EQ(i.read32(CCI_CID1), 0xF0u);
    EXPECT_EQ(i.read32(CCI_CID2), 0x05u);
    EXPECT_EQ(i.read32(CCI_CID3), 0xB1u);
    EXPECT_EQ(i.read32(CCI_PMCR), 0x2000u);  // 4 counters
    i.write32(CCI_PMCR, 0xFFFF);
    EXPECT_EQ(i.read32(CCI_PMCR), 0x2039u);
    i.write32(CCI_SECURE_ACCESS, 0x3);
    EXPECT_EQ(i.read32(CCI_SECURE_ACCESS), 0x1u);
    // Snoop Control: only [1:0] writable, [31:30] always set.
    i.write32(0x5000, 0xFFFFFFFC);
    EXPECT_EQ(i.read32(0x5000), 0xC0000000u);
    i.write32(0x5004, 0x7);
    EXPECT_EQ(i.read32(0x5004), 0x3u);
    // QoS, PMU and unwired interface windows: RAZ/WI, no change pending.
    wait(1000 * NS);
    i.write32(0x5100, 0x1234);
    i.write32(0x1000, 0x3);
    i.write32(0x9000, 0x11);
    EXPECT_EQ(i.read32(0x5100), 0u);
    EXPECT_EQ(i.read32(0x1000), 0u);
    EXPECT_EQ(i.read32(0x9000), 0u);
    EXPECT_EQ(i.read32(CCI_CTRL_STATUS), 0u);
    // Not a 32-bit word: slave error.
    uint16_t h = 0;
    sc_time d = SC_ZERO_TIME;
    EXPECT_EQ(i.transport(tlm::TLM_READ_COMMAND, 0x4000, &h, 2, d),
              tlm::TLM_GENERIC_ERROR_RESPONSE);
    uint32_t w = 0;
    EXPECT_EQ(i.transport(tlm::TLM_READ_COMMAND, 0x4002, &w, 4, d),
              tlm::TLM_GENERIC_ERROR_RESPONSE);
  };
  TieOff tie;
  tie.slave_if(cci, 0);
  tie.slave_if(cci, 1);
  tie.master(cci);
  sc_start();
  EXPECT_TRUE(cpu.done);
  EXPECT_EQ(cci.port_stats(1).snoop_enables, 0u);
}

TEST(CciTest, RejectsInconsistentParams) {
  CciParams p = tc2_cci();
  p.slave_if_offsets = {0x4000};
  EXPECT_NE(report_text([&] { Cci400 c("c1", p); }).find("offsets"), std::string::npos);
  p.slave_if_offsets = {0x4000, 0x4800};
  EXPECT_NE(report_text([&] { Cci400 c("c2", p); }).find("0x4800"), std::string::npos);
  p.slave_if_offsets = {0x4000, 0x4000};
  EXPECT_NE(report_text([&] { Cci400 c("c3", p); }).find("both"), std::string::npos);
}

// ---- chains (InitiatorExt::chain) ----------------------------------------

namespace {
// A core's path to DRAM: a CCI interface, the bus (DRAM at 0x80000000, 1 MiB
// and 4 KiB of something else above it) and the memory: per 64-byte line
// 4 ns transit + 7 ns bus + 50 ns latency + 10 ns transfer.
struct DramPath {
  Cci400 cci;
  Bus bus;
  Memory mem;
  TestTarget above;
  TieOff tie;
  explicit DramPath(const std::string& n)
      : cci((n + "_cci").c_str(), tc2_cci()), bus((n + "_bus").c_str(), BusParams{7 * NS}),
        mem((n + "_mem").c_str(), MemoryParams{1 << 20, 50 * NS, 6.4}),
        above((n + "_above").c_str(), 3 * NS, 0) {
    cci.to_bus.bind(bus.from_initiators);
    bus.map(0x80000000, 1 << 20, mem.from_bus, "dram");
    bus.map(0x80100000, 0x1000, above.socket, "above");
    tie.slave_if(cci, 1);
    tie.regs(cci);
  }
  // Every hop counted n accesses (a chain's lines each as one).
  void expect_accesses(uint64_t n) const {
    EXPECT_EQ(mem.reads(), n);
    EXPECT_EQ(bus.transactions(), n);
    EXPECT_EQ(cci.port_stats(0).transactions, n);
  }
};

// One timing-only read of a 64-byte line from a core (an InitiatorExt), as
// a chain of `chain` lines up to `limit`; returns the lines it made.
uint32_t read_lines(TestInitiator& i, uint64_t addr, uint32_t chain, sc_time& delay,
                    sc_time limit = sc_max_time(), bool shareable = false) {
  static uint8_t line[64];
  tlm::tlm_generic_payload gp;
  InitiatorExt ext;
  CoherentExt coherent;
  ext.timing_only = true;
  ext.lead = delay;
  ext.chain = chain;
  ext.chain_limit = limit;
  gp.set_command(tlm::TLM_READ_COMMAND);
  gp.set_address(addr);
  gp.set_data_ptr(line);
  gp.set_data_length(64);
  gp.set_streaming_width(64);
  gp.set_extension(&ext);
  if (shareable) gp.set_extension(&coherent);
  i.socket->b_transport(gp, delay);
  gp.clear_extension(&ext);
  if (shareable) gp.clear_extension(&coherent);
  EXPECT_EQ(gp.get_response_status(), tlm::TLM_OK_RESPONSE);
  return ext.chain_done;
}
}  // namespace

// A chain's lines cost what the same reads one after another cost, each
// issued at the end of the one before (the lead of a core), and each counts
// as a transaction at every hop.
TEST(ChainTest, LinesMadeAtOnceCostWhatSingleReadsCost) {
  TestInitiator one("one"), all("all");
  DramPath p1("p1"), p2("p2");
  one.socket.bind(p1.cci.from_cluster[0]);
  all.socket.bind(p2.cci.from_cluster[0]);
  sc_time singles = 5 * NS, chained = 5 * NS;
  uint32_t made = 0;
  one.script = [&](TestInitiator& i) {
    for (uint64_t k = 0; k < 6; ++k) read_lines(i, 0x80000000 + 64 * k, 1, singles);
  };
  all.script = [&](TestInitiator& i) { made = read_lines(i, 0x80000000, 6, chained); };
  sc_start();
  ASSERT_TRUE(one.done && all.done);
  EXPECT_EQ(made, 6u);
  EXPECT_EQ(singles, 5 * NS + 6 * (4 + 7 + 50 + 10) * NS);
  EXPECT_EQ(chained, singles);
  p2.expect_accesses(6);
  EXPECT_EQ(p2.mem.bytes_read(), 6u * 64);
  EXPECT_EQ(p2.mem.busy_until(), p1.mem.busy_until());
}

// The line that completes at or past the limit (the core's next activity)
// is the last: the core waits there, as it would after a single read.
TEST(ChainTest, StopsAfterTheLineThatReachesTheLimit) {
  TestInitiator cpu("cpu");
  DramPath p("p");
  cpu.socket.bind(p.cci.from_cluster[0]);
  uint32_t made = 0;
  sc_time d = SC_ZERO_TIME;
  cpu.script = [&](TestInitiator& i) {
    // Lines complete at 71, 142, 213 ns: 142 reaches a limit at 142.
    made = read_lines(i, 0x80000000, 5, d, 142 * NS);
  };
  sc_start();
  ASSERT_TRUE(cpu.done);
  EXPECT_EQ(made, 2u);
  EXPECT_EQ(d, 142 * NS);
  p.expect_accesses(2);
}

// Where the lines cannot be treated alike the chain is one line: a span
// that runs past the DRAM region (the rest decodes elsewhere) or a
// shareable request (snoop state of its own instant). A span that ends at
// the region's end stays whole.
TEST(ChainTest, BecomesOneLineWhereItsLinesDiffer) {
  TestInitiator cpu("cpu");
  DramPath p("p");
  cpu.socket.bind(p.cci.from_cluster[0]);
  uint32_t across = 0, shareable = 0, inside = 0;
  sc_time d1 = SC_ZERO_TIME, d2 = SC_ZERO_TIME, d3 = SC_ZERO_TIME;
  cpu.script = [&](TestInitiator& i) {
    across = read_lines(i, 0x80100000 - 128, 3, d1);  // the third is above DRAM
    shareable = read_lines(i, 0x80000000, 3, d2, sc_max_time(), true);
    inside = read_lines(i, 0x80100000 - 192, 3, d3);  // exactly to DRAM's end
  };
  sc_start();
  ASSERT_TRUE(cpu.done);
  EXPECT_EQ(across, 1u);
  EXPECT_EQ(shareable, 1u);
  EXPECT_EQ(inside, 3u);
  EXPECT_EQ(p.above.calls, 0u);
  p.expect_accesses(5);
}

// Memory alone (its own limit): lines past its end are left to their own
// transactions.
TEST(ChainTest, MemoryTakesOnlyTheLinesInsideIt) {
  TestInitiator cpu("cpu");
  Memory mem("mem", MemoryParams{256, 50 * NS, 6.4});
  cpu.socket.bind(mem.from_bus);
  uint32_t made = 0;
  sc_time d = SC_ZERO_TIME;
  cpu.script = [&](TestInitiator& i) { made = read_lines(i, 128, 4, d); };
  sc_start();
  ASSERT_TRUE(cpu.done);
  EXPECT_EQ(made, 2u);
  EXPECT_EQ(mem.reads(), 2u);
  EXPECT_EQ(d, 2 * 60 * NS);
}
