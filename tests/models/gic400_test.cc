// SPDX-License-Identifier: GPL-2.0-only
// GIC-400 model: register semantics, routing, SGIs, outputs, bus errors.
// Each TEST is its own process (SystemC elaborates once), so each one builds
// its own GIC and a test initiator standing for the cores.
#include <gtest/gtest.h>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <cstring>
#include <memory>
#include <vector>

#include "models/common/initiator.h"
#include "models/irq/gic400.h"
#include "models/regs/gic400.h"

using namespace sc_core;

namespace {

const sc_time kLatency(10, SC_NS);

// Stands for the cores: issues accesses as CPU interface `cpu` (the
// InitiatorExt the platform's cores attach), or with no extension.
class TestInitiator : public sc_module {
 public:
  tlm_utils::simple_initiator_socket<TestInitiator> dist_socket{"dist_socket"};
  tlm_utils::simple_initiator_socket<TestInitiator> cpu_socket{"cpu_socket"};

  struct Result {
    uint32_t value = 0;
    tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;
    sc_time delay;
  };

  explicit TestInitiator(sc_module_name n) : sc_module(n) {}

  // One transaction; cpu < 0 sends no InitiatorExt.
  Result access(bool gicc, int cpu, bool write, uint64_t addr, uint32_t value,
                unsigned len) {
    tlm::tlm_generic_payload gp;
    unsigned char data[8] = {};
    std::memcpy(data, &value, 4);
    gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    gp.set_address(addr);
    gp.set_data_ptr(data);
    gp.set_data_length(len);
    gp.set_streaming_width(len);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    InitiatorExt ext;
    ext.gic_cpu = static_cast<unsigned>(cpu);
    if (cpu >= 0) gp.set_extension(&ext);
    Result r;
    (gicc ? cpu_socket : dist_socket)->b_transport(gp, r.delay);
    if (cpu >= 0) gp.clear_extension(&ext);
    r.status = gp.get_response_status();
    std::memcpy(&r.value, data, 4);
    if (len < 4) r.value &= (1u << (8 * len)) - 1;
    return r;
  }

  uint32_t rd(unsigned cpu, uint32_t off) { return ok(access(false, cpu, false, off, 0, 4)); }
  void wr(unsigned cpu, uint32_t off, uint32_t v) { ok(access(false, cpu, true, off, v, 4)); }
  uint32_t rd8(unsigned cpu, uint32_t off) { return ok(access(false, cpu, false, off, 0, 1)); }
  void wr8(unsigned cpu, uint32_t off, uint32_t v) { ok(access(false, cpu, true, off, v, 1)); }
  uint32_t crd(unsigned cpu, uint32_t off) { return ok(access(true, cpu, false, off, 0, 4)); }
  void cwr(unsigned cpu, uint32_t off, uint32_t v) { ok(access(true, cpu, true, off, v, 4)); }

 private:
  static uint32_t ok(const Result& r) {
    EXPECT_EQ(r.status, tlm::TLM_OK_RESPONSE);
    return r.value;
  }
};

// A GIC, the initiator, and rising-edge counters on every output.
struct Bench {
  Gic400 gic;
  TestInitiator cpu{"cpus"};
  std::vector<unsigned> irq_rises, wake_rises;

  explicit Bench(unsigned num_cpus = 5, unsigned num_spis = 64)
      : gic("gic", GicParams{num_cpus, num_spis, kLatency}),
        irq_rises(num_cpus), wake_rises(num_cpus) {
    cpu.dist_socket.bind(gic.dist_regs);
    cpu.cpu_socket.bind(gic.cpu_regs);
    for (unsigned c = 0; c < num_cpus; ++c) {
      gic.irq_out(c).bind([this, c](bool l) { irq_rises[c] += l; });
      gic.wake_out(c).bind([this, c](bool l) { wake_rises[c] += l; });
    }
    sc_start(SC_ZERO_TIME);  // end elaboration: sockets usable from here
  }

  // What Linux's gic_dist_init / gic_cpu_init leave behind, in short.
  void enable_all(uint32_t pmr = 0xF0) {
    cpu.wr(0, GIC_DIST_CTRL, 1);
    for (unsigned c = 0; c < gic.params().num_cpus; ++c) {
      cpu.cwr(c, GIC_CPU_PRIMASK, pmr);
      cpu.cwr(c, GIC_CPU_CTRL, 1);
    }
  }
  // Enable an SPI, with priority and targets set by byte accesses.
  void setup_spi(unsigned id, uint8_t prio, uint8_t targets, unsigned by = 0) {
    cpu.wr8(by, GIC_DIST_PRI + id, prio);
    cpu.wr8(by, GIC_DIST_TARGET + id, targets);
    cpu.wr(by, GIC_DIST_ENABLE_SET + id / 32 * 4, 1u << (id % 32));
  }
  bool irq(unsigned c) { return gic.irq_out(c).level(); }
  bool wake(unsigned c) { return gic.wake_out(c).level(); }
};

// SystemC modules live until the process ends (one TEST per process).
Bench& bench(unsigned num_cpus = 5, unsigned num_spis = 64) {
  return *new Bench(num_cpus, num_spis);
}

uint32_t sgir(unsigned filter, uint32_t targets, unsigned id) {
  return filter << 24 | targets << 16 | id;
}

}  // namespace

TEST(Gic400, SgiFromCpu0ToCpu3ArrivesOnceAtCpu3Only) {
  Bench& b = bench(5);
  b.enable_all();
  b.cpu.wr(0, GIC_DIST_SOFTINT, sgir(0, 1u << 3, 7));

  EXPECT_TRUE(b.irq(3));
  EXPECT_EQ(b.cpu.crd(3, GIC_CPU_HIGHPRI), 7u);
  EXPECT_EQ(b.cpu.rd(3, GIC_DIST_PENDING_SET) & 0xFFFF, 1u << 7);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_PENDING_SET) & 0xFFFF, 0u);  // banked: not cpu0's
  EXPECT_EQ(b.cpu.crd(3, GIC_CPU_INTACK), 7u | 0u << 10);    // source cpu0 in [12:10]
  EXPECT_FALSE(b.irq(3));
  EXPECT_EQ(b.cpu.rd(3, GIC_DIST_ACTIVE_SET) & 0xFFFF, 1u << 7);
  EXPECT_EQ(b.cpu.crd(3, GIC_CPU_INTACK), GICC_INT_SPURIOUS);  // arrived once
  b.cpu.cwr(3, GIC_CPU_EOI, 7);

  EXPECT_EQ(b.cpu.rd(3, GIC_DIST_ACTIVE_SET) & 0xFFFF, 0u);
  EXPECT_EQ(b.cpu.rd(3, GIC_DIST_PENDING_SET) & 0xFFFF, 0u);
  EXPECT_EQ(b.cpu.crd(3, GIC_CPU_HIGHPRI), GICC_INT_SPURIOUS);
  EXPECT_EQ(b.cpu.crd(3, GIC_CPU_RUNNINGPRI), 0xFFu);
  for (unsigned c = 0; c < 5; ++c) {
    EXPECT_EQ(b.irq_rises[c], c == 3 ? 1u : 0u) << "cpu " << c;
    EXPECT_EQ(b.wake_rises[c], c == 3 ? 1u : 0u) << "cpu " << c;
    EXPECT_FALSE(b.irq(c));
    if (c != 3) {
      EXPECT_EQ(b.cpu.crd(c, GIC_CPU_INTACK), GICC_INT_SPURIOUS);
    }
  }
}

TEST(Gic400, SgiSourceAndTargetListFilters) {
  Bench& b = bench(5);
  b.enable_all();
  b.cpu.wr(2, GIC_DIST_SOFTINT, sgir(1, 0, 4));  // all but the requester (cpu2)
  for (unsigned c = 0; c < 5; ++c) EXPECT_EQ(b.irq(c), c != 2) << "cpu " << c;
  EXPECT_EQ(b.cpu.crd(4, GIC_CPU_INTACK), 4u | 2u << 10);
  b.cpu.cwr(4, GIC_CPU_EOI, 4u | 2u << 10);
  b.cpu.wr(1, GIC_DIST_SOFTINT, sgir(2, 0xFF, 9));  // requester only; list ignored
  EXPECT_EQ(b.cpu.crd(1, GIC_CPU_INTACK), 4u | 2u << 10);  // lower ID first
  EXPECT_EQ(b.cpu.crd(1, GIC_CPU_INTACK), GICC_INT_SPURIOUS);  // 9 cannot preempt 4
  b.cpu.cwr(1, GIC_CPU_EOI, 4u | 2u << 10);
  EXPECT_EQ(b.cpu.crd(1, GIC_CPU_INTACK), 9u | 1u << 10);
  b.cpu.wr(0, GIC_DIST_SOFTINT, sgir(3, 0xFF, 1));  // reserved filter: nothing
  EXPECT_EQ(b.cpu.crd(3, GIC_CPU_HIGHPRI), 4u | 2u << 10);
}

// An SGI's pending state is one bit per (ID, source CPU): sent twice by one
// CPU before the target takes it, it is taken once (why stats.json's
// ipis_received can be lower than ipis_sent, most under IKS, whose blackout
// keeps IRQs masked); sent by two CPUs, it is taken once per source.
TEST(Gic400, SgiSentTwiceByOneSourceIsTakenOnce) {
  Bench& b = bench(5);
  b.enable_all();
  b.cpu.wr(0, GIC_DIST_SOFTINT, sgir(0, 1u << 3, 2));
  b.cpu.wr(0, GIC_DIST_SOFTINT, sgir(0, 1u << 3, 2));
  b.cpu.wr(1, GIC_DIST_SOFTINT, sgir(0, 1u << 3, 2));
  EXPECT_EQ(b.cpu.crd(3, GIC_CPU_INTACK), 2u | 0u << 10);
  b.cpu.cwr(3, GIC_CPU_EOI, 2u | 0u << 10);
  EXPECT_EQ(b.cpu.crd(3, GIC_CPU_INTACK), 2u | 1u << 10);
  b.cpu.cwr(3, GIC_CPU_EOI, 2u | 1u << 10);
  EXPECT_EQ(b.cpu.crd(3, GIC_CPU_INTACK), GICC_INT_SPURIOUS);
  // Sent again after the IAR read (active, not pending): taken again.
  b.cpu.wr(0, GIC_DIST_SOFTINT, sgir(0, 1u << 3, 2));
  EXPECT_EQ(b.cpu.crd(3, GIC_CPU_INTACK), 2u | 0u << 10);
}

TEST(Gic400, ResetValues) {
  Bench& b = bench(5, 64);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_CTRL), 0u);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_CTR), (96u / 32 - 1) | (5u - 1) << 5);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_IIDR), 0x0200143Bu);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_ICPIDR2), 0x2Bu);
  EXPECT_EQ(b.cpu.rd(1, GIC_DIST_ENABLE_SET), 0x0000FFFFu);
  EXPECT_EQ(b.cpu.rd(1, GIC_DIST_ENABLE_SET + 4), 0u);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_IGROUP), 0u);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_CONFIG), 0xAAAAAAAAu);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_CONFIG + 4), 0x55540000u);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_CONFIG + 8), 0x55555555u);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_PRI + 40), 0u);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_TARGET + 32), 0u);
  for (unsigned c = 0; c < 5; ++c) {  // ITARGETSR0-7 name the requester
    EXPECT_EQ(b.cpu.rd(c, GIC_DIST_TARGET), 0x01010101u << c);
    EXPECT_EQ(b.cpu.rd(c, GIC_DIST_TARGET + 28), 0x01010101u << c);
  }
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_TARGET + 96), 0u);  // beyond the SPIs: RAZ
  EXPECT_EQ(b.cpu.crd(2, GIC_CPU_CTRL), 0u);
  EXPECT_EQ(b.cpu.crd(2, GIC_CPU_PRIMASK), 0u);
  EXPECT_EQ(b.cpu.crd(2, GIC_CPU_BINPOINT), 2u);
  EXPECT_EQ(b.cpu.crd(2, GIC_CPU_RUNNINGPRI), 0xFFu);
  EXPECT_EQ(b.cpu.crd(2, GIC_CPU_HIGHPRI), 1023u);
  EXPECT_EQ(b.cpu.crd(2, GIC_CPU_IDENT), 0x0202143Bu);
}

TEST(Gic400, ReadWriteSemantics) {
  Bench& b = bench(5, 64);
  b.cpu.wr(0, GIC_DIST_CTRL, 0xFFFFFFFF);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_CTRL), 3u);
  b.cpu.wr(0, GIC_DIST_CTR, 0);  // read-only
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_CTR), 0x82u);

  b.cpu.wr(0, GIC_DIST_ENABLE_SET + 4, 0x5);
  b.cpu.wr(0, GIC_DIST_ENABLE_SET + 4, 0x8);  // set-only: 0-bits do nothing
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_ENABLE_SET + 4), 0xDu);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_ENABLE_CLEAR + 4), 0xDu);
  b.cpu.wr(0, GIC_DIST_ENABLE_CLEAR + 4, 0x1);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_ENABLE_SET + 4), 0xCu);

  b.cpu.wr(0, GIC_DIST_PENDING_SET + 8, 1u << 3);  // SPI 67
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_PENDING_CLEAR + 8), 1u << 3);
  b.cpu.wr(0, GIC_DIST_PENDING_CLEAR + 8, 1u << 3);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_PENDING_SET + 8), 0u);
  b.cpu.wr(0, GIC_DIST_ACTIVE_SET + 4, 1u << 9);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_ACTIVE_CLEAR + 4), 1u << 9);
  b.cpu.wr(0, GIC_DIST_ACTIVE_CLEAR + 4, 1u << 9);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_ACTIVE_SET + 4), 0u);

  b.cpu.wr(0, GIC_DIST_IGROUP + 4, 0xF0F0F0F0);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_IGROUP + 4), 0xF0F0F0F0u);
  b.cpu.wr(0, GIC_DIST_IGROUP + 4, 0);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_IGROUP + 4), 0u);

  // Five priority bits; byte and word views agree.
  b.cpu.wr(0, GIC_DIST_PRI + 32, 0xFFFFFFFF);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_PRI + 32), 0xF8F8F8F8u);
  b.cpu.wr8(0, GIC_DIST_PRI + 34, 0x47);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_PRI + 32), 0xF840F8F8u);
  EXPECT_EQ(b.cpu.rd8(0, GIC_DIST_PRI + 34), 0x40u);

  b.cpu.wr(0, GIC_DIST_TARGET + 32, 0xFFFFFFFF);  // only 5 CPUs exist
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_TARGET + 32), 0x1F1F1F1Fu);
  b.cpu.wr(0, GIC_DIST_TARGET, 0xFFFFFFFF);  // SGI/PPI targets: read-only
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_TARGET), 0x01010101u);

  b.cpu.wr(0, GIC_DIST_CONFIG + 8, 0xAAAAAAAA);  // SPIs 32..47 edge
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_CONFIG + 8), 0xFFFFFFFFu);
  b.cpu.wr(0, GIC_DIST_CONFIG, 0);  // SGIs: read-only
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_CONFIG), 0xAAAAAAAAu);

  b.cpu.cwr(1, GIC_CPU_PRIMASK, 0xFF);
  EXPECT_EQ(b.cpu.crd(1, GIC_CPU_PRIMASK), 0xF8u);
  EXPECT_EQ(b.cpu.crd(0, GIC_CPU_PRIMASK), 0u);  // banked
  b.cpu.cwr(1, GIC_CPU_BINPOINT, 0);
  EXPECT_EQ(b.cpu.crd(1, GIC_CPU_BINPOINT), 2u);  // clamped to the minimum
  b.cpu.cwr(1, GIC_CPU_BINPOINT, 5);
  EXPECT_EQ(b.cpu.crd(1, GIC_CPU_BINPOINT), 5u);
  b.cpu.cwr(1, GIC_CPU_CTRL, 0xFFFFFFFF);
  EXPECT_EQ(b.cpu.crd(1, GIC_CPU_CTRL), 0x1Fu);
  EXPECT_EQ(b.cpu.crd(0, GIC_CPU_CTRL), 0u);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_SOFTINT), 0u);  // write-only: RAZ
}

TEST(Gic400, PriorityMaskAndPreemption) {
  Bench& b = bench(5, 64);
  b.enable_all(0xA0);
  b.setup_spi(40, 0xA0, 0x1);
  b.gic.set_spi(40, true);
  EXPECT_FALSE(b.irq(0));  // priority must be strictly below PMR
  EXPECT_TRUE(b.wake(0));
  EXPECT_EQ(b.cpu.crd(0, GIC_CPU_INTACK), GICC_INT_SPURIOUS);
  EXPECT_EQ(b.cpu.crd(0, GIC_CPU_HIGHPRI), 40u);  // HPPIR ignores the mask
  b.cpu.cwr(0, GIC_CPU_PRIMASK, 0xA8);
  EXPECT_TRUE(b.irq(0));
  EXPECT_EQ(b.cpu.crd(0, GIC_CPU_INTACK), 40u);
  EXPECT_EQ(b.cpu.crd(0, GIC_CPU_RUNNINGPRI), 0xA0u);

  b.setup_spi(41, 0xA0, 0x1);  // same priority: no preemption
  b.setup_spi(42, 0x80, 0x1);  // higher priority: preempts
  b.gic.set_spi(41, true);
  EXPECT_FALSE(b.irq(0));
  b.gic.set_spi(42, true);
  EXPECT_TRUE(b.irq(0));
  EXPECT_EQ(b.cpu.crd(0, GIC_CPU_INTACK), 42u);
  EXPECT_EQ(b.cpu.crd(0, GIC_CPU_RUNNINGPRI), 0x80u);
  b.gic.set_spi(42, false);
  b.cpu.cwr(0, GIC_CPU_EOI, 42);
  EXPECT_EQ(b.cpu.crd(0, GIC_CPU_RUNNINGPRI), 0xA0u);
  EXPECT_FALSE(b.irq(0));  // 41 waits for 40's priority drop
  b.cpu.cwr(0, GIC_CPU_EOI, 40);  // level still high: 40 is pending again
  EXPECT_EQ(b.cpu.crd(0, GIC_CPU_INTACK), 40u);
  b.gic.set_spi(40, false);
  b.cpu.cwr(0, GIC_CPU_EOI, 40);
  EXPECT_EQ(b.cpu.crd(0, GIC_CPU_INTACK), 41u);
}

TEST(Gic400, SpiRoutingRetargetingAndTriggerModes) {
  Bench& b = bench(5, 64);
  b.enable_all();
  IrqWire line;  // a peripheral's interrupt output
  line.bind(b.gic.spi_sink(33));
  b.setup_spi(33, 0x80, 1u << 1);
  line.raise();
  EXPECT_TRUE(b.irq(1));
  EXPECT_FALSE(b.irq(0));
  EXPECT_FALSE(b.irq(2));
  b.cpu.wr8(0, GIC_DIST_TARGET + 33, 1u << 2);  // retarget while pending
  EXPECT_FALSE(b.irq(1));
  EXPECT_TRUE(b.irq(2));
  EXPECT_EQ(b.cpu.crd(1, GIC_CPU_INTACK), GICC_INT_SPURIOUS);
  EXPECT_EQ(b.cpu.crd(2, GIC_CPU_INTACK), 33u);
  line.lower();  // level-sensitive: no longer pending once the line drops
  b.cpu.cwr(2, GIC_CPU_EOI, 33);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_PENDING_SET + 4) & 2u, 0u);
  EXPECT_FALSE(b.irq(2));

  b.cpu.wr(0, GIC_DIST_CONFIG + 8, 2u << 2);  // SPI 33 edge-triggered
  line.raise();
  line.lower();  // the edge is latched
  EXPECT_TRUE(b.irq(2));
  EXPECT_EQ(b.cpu.crd(2, GIC_CPU_INTACK), 33u);
  b.cpu.cwr(2, GIC_CPU_EOI, 33);
  EXPECT_FALSE(b.irq(2));  // and consumed by the acknowledge

  b.cpu.wr8(0, GIC_DIST_TARGET + 33, 0x3);  // 1-of-N: the first to ack wins
  line.raise();
  EXPECT_TRUE(b.irq(0));
  EXPECT_TRUE(b.irq(1));
  EXPECT_EQ(b.cpu.crd(1, GIC_CPU_INTACK), 33u);
  EXPECT_FALSE(b.irq(0));
  EXPECT_EQ(b.cpu.crd(0, GIC_CPU_INTACK), GICC_INT_SPURIOUS);
}

TEST(Gic400, SpendCpendSgirMoveAPendingSgi) {
  Bench& b = bench(5, 64);
  b.enable_all();
  b.cpu.wr(0, GIC_DIST_SOFTINT, sgir(0, 1u << 1, 5));
  EXPECT_EQ(b.cpu.rd8(1, GIC_DIST_SGI_PENDING_SET + 5), 0x01u);
  EXPECT_EQ(b.cpu.rd(1, GIC_DIST_SGI_PENDING_CLEAR + 4), 0x00000100u);  // byte 5 of word 1
  EXPECT_EQ(b.cpu.rd8(0, GIC_DIST_SGI_PENDING_SET + 5), 0u);  // banked per target
  b.cpu.wr(3, GIC_DIST_SOFTINT, sgir(0, 1u << 1, 5));  // a second source
  EXPECT_EQ(b.cpu.rd8(1, GIC_DIST_SGI_PENDING_SET + 5), 0x09u);
  b.cpu.wr8(1, GIC_DIST_SGI_PENDING_CLEAR + 5, 0x01);  // clears cpu0's only
  EXPECT_EQ(b.cpu.rd8(1, GIC_DIST_SGI_PENDING_SET + 5), 0x08u);
  EXPECT_TRUE(b.irq(1));
  b.cpu.wr8(1, GIC_DIST_SGI_PENDING_CLEAR + 5, 0x08);
  EXPECT_FALSE(b.irq(1));
  EXPECT_EQ(b.cpu.rd(1, GIC_DIST_PENDING_SET) & 0xFFFF, 0u);
  b.cpu.wr8(1, GIC_DIST_SGI_PENDING_SET + 5, 0x04);  // now as if sent by cpu2
  EXPECT_TRUE(b.irq(1));
  EXPECT_EQ(b.cpu.rd(1, GIC_DIST_PENDING_SET) & 0xFFFF, 1u << 5);
  EXPECT_EQ(b.cpu.crd(1, GIC_CPU_INTACK), 5u | 2u << 10);
  b.cpu.cwr(1, GIC_CPU_EOI, 5u | 2u << 10);
  EXPECT_EQ(b.cpu.rd8(1, GIC_DIST_SGI_PENDING_SET + 5), 0u);
  b.cpu.wr(1, GIC_DIST_PENDING_SET, 1u << 6);  // SGI pending bits: not via ISPENDR0
  EXPECT_EQ(b.cpu.rd(1, GIC_DIST_PENDING_SET) & 0xFFFF, 0u);
  b.cpu.wr8(1, GIC_DIST_SGI_PENDING_SET + 6, 0xFF);  // sources beyond 5 CPUs do not exist
  EXPECT_EQ(b.cpu.rd8(1, GIC_DIST_SGI_PENDING_SET + 6), 0x1Fu);
}

TEST(Gic400, BankedIsenabler0AndPpis) {
  Bench& b = bench(5, 64);
  b.enable_all();
  b.cpu.wr(1, GIC_DIST_ENABLE_SET, 1u << 30);
  b.cpu.wr8(1, GIC_DIST_PRI + 30, 0x40);
  EXPECT_EQ(b.cpu.rd(1, GIC_DIST_ENABLE_SET), 0x4000FFFFu);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_ENABLE_SET), 0x0000FFFFu);
  EXPECT_EQ(b.cpu.rd8(0, GIC_DIST_PRI + 30), 0u);
  b.cpu.wr(0, GIC_DIST_ENABLE_CLEAR, 0xFFFFFFFF);  // SGI enables are fixed
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_ENABLE_SET), 0x0000FFFFu);
  EXPECT_EQ(b.cpu.rd(1, GIC_DIST_ENABLE_SET), 0x4000FFFFu);

  b.gic.set_ppi(0, 30, true);  // cpu0's timer: disabled on cpu0
  EXPECT_FALSE(b.irq(0));
  EXPECT_FALSE(b.irq(1));
  b.gic.ppi_sink(1, 30)(true);
  EXPECT_TRUE(b.irq(1));
  EXPECT_EQ(b.cpu.crd(1, GIC_CPU_INTACK), 30u);
  EXPECT_EQ(b.cpu.crd(1, GIC_CPU_RUNNINGPRI), 0x40u);
  EXPECT_EQ(b.cpu.crd(0, GIC_CPU_RUNNINGPRI), 0xFFu);
  EXPECT_EQ(b.cpu.rd(1, GIC_DIST_ACTIVE_SET), 1u << 30);
  EXPECT_EQ(b.cpu.rd(0, GIC_DIST_ACTIVE_SET), 0u);
}

TEST(Gic400, WakeOutWithCpuInterfaceDisabled) {
  Bench& b = bench(5, 64);
  b.cpu.wr(0, GIC_DIST_CTRL, 1);  // distributor on, every CPU interface off
  b.setup_spi(50, 0x80, 1u << 4);
  b.gic.set_spi(50, true);
  EXPECT_FALSE(b.irq(4));
  EXPECT_TRUE(b.wake(4));
  for (unsigned c = 0; c < 4; ++c) EXPECT_FALSE(b.wake(c)) << "cpu " << c;
  EXPECT_EQ(b.cpu.crd(4, GIC_CPU_INTACK), GICC_INT_SPURIOUS);  // interface disabled
  b.cpu.cwr(4, GIC_CPU_PRIMASK, 0xF0);
  b.cpu.cwr(4, GIC_CPU_CTRL, 1);  // the woken core brings its interface up
  EXPECT_TRUE(b.irq(4));
  EXPECT_TRUE(b.wake(4));
  b.cpu.cwr(4, GIC_CPU_CTRL, 0);  // gic_cpu_if_down before power-off
  EXPECT_FALSE(b.irq(4));
  EXPECT_TRUE(b.wake(4));
  b.cpu.wr(0, GIC_DIST_ENABLE_CLEAR + 4, 1u << (50 - 32));  // disabled: no wake-up
  EXPECT_FALSE(b.wake(4));
  b.cpu.wr(0, GIC_DIST_ENABLE_SET + 4, 1u << (50 - 32));
  EXPECT_TRUE(b.wake(4));
  b.cpu.wr(0, GIC_DIST_CTRL, 0);  // distributor off forwards nothing
  EXPECT_FALSE(b.wake(4));
  EXPECT_EQ(b.wake_rises[4], 2u);
  EXPECT_EQ(b.irq_rises[4], 1u);
}

TEST(Gic400, SpuriousWhenNothingPending) {
  Bench& b = bench(5, 64);
  b.enable_all();
  for (unsigned c = 0; c < 5; ++c) EXPECT_EQ(b.cpu.crd(c, GIC_CPU_INTACK), 1023u);
  b.setup_spi(60, 0x80, 0x1);
  b.cpu.wr(0, GIC_DIST_ENABLE_CLEAR + 4, 1u << (60 - 32));
  b.gic.set_spi(60, true);  // pending but disabled
  EXPECT_EQ(b.cpu.crd(0, GIC_CPU_INTACK), 1023u);
  EXPECT_FALSE(b.irq(0));
  EXPECT_FALSE(b.wake(0));
  b.cpu.cwr(0, GIC_CPU_EOI, 1023);  // EOI of the spurious ID: harmless
  EXPECT_EQ(b.cpu.crd(0, GIC_CPU_RUNNINGPRI), 0xFFu);
}

TEST(Gic400, BusErrorsAndLatency) {
  Bench& b = bench(5, 64);
  auto st = [&](bool gicc, int cpu, bool w, uint64_t a, unsigned len) {
    return b.cpu.access(gicc, cpu, w, a, 0x80, len).status;
  };
  const auto kOk = tlm::TLM_OK_RESPONSE;
  EXPECT_EQ(st(false, 0, false, GIC_DIST_PRI + 33, 1), kOk);  // byte-accessible
  EXPECT_EQ(st(false, 0, true, GIC_DIST_TARGET + 35, 1), kOk);
  EXPECT_EQ(st(false, 0, false, GIC_DIST_SGI_PENDING_CLEAR + 3, 1), kOk);
  EXPECT_EQ(st(false, 0, false, GIC_DIST_CTRL, 1), tlm::TLM_GENERIC_ERROR_RESPONSE);
  EXPECT_EQ(st(false, 0, true, GIC_DIST_ENABLE_SET + 1, 1), tlm::TLM_GENERIC_ERROR_RESPONSE);
  EXPECT_EQ(st(false, 0, false, GIC_DIST_PRI + 32, 2), tlm::TLM_GENERIC_ERROR_RESPONSE);
  EXPECT_EQ(st(false, 0, false, GIC_DIST_PRI + 34, 4), tlm::TLM_GENERIC_ERROR_RESPONSE);
  EXPECT_EQ(st(true, 0, true, GIC_CPU_PRIMASK, 1), tlm::TLM_GENERIC_ERROR_RESPONSE);
  EXPECT_EQ(b.cpu.crd(0, GIC_CPU_PRIMASK), 0u);  // the failed write did nothing
  EXPECT_EQ(st(false, -1, false, GIC_DIST_CTRL, 4), tlm::TLM_GENERIC_ERROR_RESPONSE);
  EXPECT_EQ(st(true, -1, false, GIC_CPU_INTACK, 4), tlm::TLM_GENERIC_ERROR_RESPONSE);
  EXPECT_EQ(st(true, 5, false, GIC_CPU_INTACK, 4), tlm::TLM_GENERIC_ERROR_RESPONSE);
  EXPECT_EQ(st(false, 0, false, GIC_DIST_SIZE, 4), tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(st(true, 0, false, GIC_CPU_SIZE - 4, 4), kOk);  // reserved: RAZ
  EXPECT_EQ(st(true, 0, false, GIC_CPU_SIZE, 4), tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(b.cpu.access(false, 0, false, GIC_DIST_CTRL, 0, 4).delay, kLatency);
  EXPECT_EQ(b.cpu.access(true, 3, false, GIC_CPU_INTACK, 0, 4).delay, kLatency);
}

TEST(Gic400, RejectsBadParameters) {
  EXPECT_THROW(Gic400("gic_a", GicParams{5, 33, kLatency}), sc_report);
  EXPECT_THROW(Gic400("gic_b", GicParams{9, 32, kLatency}), sc_report);
  EXPECT_THROW(Gic400("gic_c", GicParams{0, 32, kLatency}), sc_report);
  Gic400 ok("gic_ok", GicParams{2, 32, kLatency});
  EXPECT_THROW(ok.irq_out(2), sc_report);
  EXPECT_THROW(ok.set_spi(64, true), sc_report);
  EXPECT_THROW(ok.set_ppi(0, 15, true), sc_report);
}

// An access moves the outputs of every CPU it can affect (the GIC scans
// only those): an SPI enabled by CPU 0 raises its targets' lines; IAR and
// EOIR of an SPI by one target move the other's; a banked PPI enable or a
// PMR write moves the requester's line only.
TEST(Gic400, AnAccessMovesTheLinesOfEveryCpuItAffects) {
  Bench& b = bench(5);
  b.enable_all();
  // A level SPI 40 high, targeted at CPUs 2 and 3, enabled by CPU 0.
  b.cpu.wr8(0, GIC_DIST_PRI + 40, 0x80);
  b.cpu.wr8(0, GIC_DIST_TARGET + 40, (1u << 2) | (1u << 3));
  b.gic.set_spi(40, true);
  EXPECT_FALSE(b.irq(2));
  b.cpu.wr(0, GIC_DIST_ENABLE_SET + 4, 1u << 8);  // by CPU 0, for CPUs 2 and 3
  EXPECT_TRUE(b.irq(2));
  EXPECT_TRUE(b.irq(3));
  EXPECT_FALSE(b.irq(0));
  // CPU 2 takes it: active now, so CPU 3's line drops too.
  EXPECT_EQ(b.cpu.crd(2, GIC_CPU_INTACK), 40u);
  EXPECT_FALSE(b.irq(2));
  EXPECT_FALSE(b.irq(3));
  // CPU 2's EOI (the line still high) makes it pending again for both.
  b.cpu.cwr(2, GIC_CPU_EOI, 40);
  EXPECT_TRUE(b.irq(2));
  EXPECT_TRUE(b.irq(3));
  // PPI 27 of CPU 1, pending but disabled; CPU 1 enables it in its banked
  // ISENABLER0: its own line rises, no one else's moves.
  b.cpu.wr8(1, GIC_DIST_PRI + 27, 0x80);
  b.gic.set_ppi(1, 27, true);
  EXPECT_FALSE(b.irq(1));
  const unsigned rises3 = b.irq_rises[3];
  b.cpu.wr(1, GIC_DIST_ENABLE_SET, 1u << 27);
  EXPECT_TRUE(b.irq(1));
  EXPECT_EQ(b.irq_rises[3], rises3);
  // CPU 2 lowers its PMR below the SPI's priority: its line drops.
  b.cpu.cwr(2, GIC_CPU_PRIMASK, 0x40);
  EXPECT_FALSE(b.irq(2));
  EXPECT_TRUE(b.irq(3));
}

// Writes of enables, priorities and targets skip the scan of the outputs
// when none of the IDs they cover is pending (Gic400::covers_pending): the
// state still changes, and a write that reaches a pending ID, by word or by
// byte, still moves the lines.
TEST(Gic400, WritesToIdsNoneOfWhichIsPendingChangeStateNotLines) {
  Bench& b = bench(5);
  b.enable_all(0xA0);
  b.setup_spi(40, 0x80, 1u << 2);
  b.gic.set_spi(40, true);
  ASSERT_TRUE(b.irq(2));
  const unsigned rises2 = b.irq_rises[2];
  // SPI 50, not pending: prioritised, targeted at CPU 4 and enabled.
  b.setup_spi(50, 0x40, 1u << 4);
  EXPECT_TRUE(b.irq(2));
  EXPECT_FALSE(b.irq(4));
  EXPECT_EQ(b.irq_rises[2], rises2);
  b.gic.set_spi(50, true);  // what the writes set is in force
  EXPECT_TRUE(b.irq(4));
  EXPECT_FALSE(b.wake(3));
  // A word of targets covering pending SPI 40 (byte 0) and idle 41..43.
  b.cpu.wr(0, GIC_DIST_TARGET + 40, (1u << 3) | (1u << 3) << 8);
  EXPECT_FALSE(b.irq(2));
  EXPECT_TRUE(b.irq(3));
  // A byte of priority below CPU 3's mask (0xA0): its line drops; back up.
  b.cpu.wr8(0, GIC_DIST_PRI + 40, 0xC0);
  EXPECT_FALSE(b.irq(3));
  EXPECT_TRUE(b.wake(3));  // still forwarded: nIRQOUT stays
  b.cpu.wr8(0, GIC_DIST_PRI + 40, 0x20);
  EXPECT_TRUE(b.irq(3));
  // Disabling pending SPI 40 (ICENABLER1 bit 8) drops CPU 3's lines.
  b.cpu.wr(0, GIC_DIST_ENABLE_CLEAR + 4, 1u << 8);
  EXPECT_FALSE(b.irq(3));
  EXPECT_FALSE(b.wake(3));
  EXPECT_TRUE(b.irq(4));
}
