// SPDX-License-Identifier: GPL-2.0-only
// RegisterBank (models/common/register_bank.h): the access rules and error
// responses of the MMIO models, dispatch to handlers and arrays, stored
// registers and reset(), the unmapped rule, latency and when an access
// catches up with SystemC's time. Each TEST is its own process.
#include <gtest/gtest.h>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <cstring>
#include <string>
#include <vector>

#include "models/common/initiator.h"
#include "models/common/register_bank.h"
#include "models/common/report.h"

using namespace sc_core;

namespace {

// A device with one register of each kind.
struct Dev : sc_module {
  RegisterBank regs;
  tlm_utils::simple_initiator_socket<Dev> core{"core"};  // the bus side
  uint32_t plain = 0, acted = 0;
  std::vector<uint32_t> seen;  // what the stored register's write hook saw
  uint32_t arr[3] = {};

  Dev(sc_module_name n, bool passive_reads)
      : sc_module(n),
        regs("regs", {0xfff, sc_time(10, SC_NS), passive_reads, RegisterBank::Unmapped::Warn, 3}) {
    regs.add("PLAIN", 0x00)
        .reads([this](unsigned) { return plain; })
        .writes([this](unsigned, uint32_t v) { plain = v; });
    regs.add("STORED", 0x04).stored(0x5, 0xff).writes([this](unsigned, uint32_t v) {
      seen.push_back(v);
    });
    regs.add("RO", 0x08).reads([](unsigned) { return 0xabcdu; });
    regs.add("ACTS", 0x0c).read_acts().reads([this](unsigned) { return ++acted; });
    regs.add("STORES", 0x10).write_only_stores().writes([this](unsigned, uint32_t v) {
      plain = v;
    });
    regs.add("ARR", 0x100, 3, 0x10)
        .reads([this](unsigned i) { return arr[i]; })
        .writes([this](unsigned i, uint32_t v) { arr[i] = v + i; });
    core.bind(regs);
  }
};

struct Access {
  tlm::tlm_response_status status;
  uint32_t data;
  sc_time delay;
};

// One transaction from a core whose lead over SystemC's time is `lead`.
Access access(Dev& dev, tlm::tlm_command cmd, uint64_t addr, uint32_t data = 0,
              unsigned len = 4, sc_time lead = SC_ZERO_TIME, unsigned char* be = nullptr) {
  unsigned char buf[8] = {};
  std::memcpy(buf, &data, 4);
  tlm::tlm_generic_payload gp;
  InitiatorExt ext;
  ext.lead = lead;
  gp.set_extension(&ext);
  gp.set_command(cmd);
  gp.set_address(addr);
  gp.set_data_ptr(buf);
  gp.set_data_length(len);
  gp.set_streaming_width(len);
  if (be) {
    gp.set_byte_enable_ptr(be);
    gp.set_byte_enable_length(4);
  }
  gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  sc_time delay = lead;
  dev.core->b_transport(gp, delay);
  gp.clear_extension(&ext);
  Access a{gp.get_response_status(), 0, delay};
  std::memcpy(&a.data, buf, 4);
  return a;
}

bool warned(const std::string& text) {
  for (const auto& w : model_warnings())
    if (w.find(text) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST(RegisterBank, ErrorResponsesFollowTheMmio32Rules) {
  Dev d("dev", false);
  unsigned char be[4] = {0xff, 0xff, 0xff, 0xff};
  EXPECT_EQ(access(d, tlm::TLM_READ_COMMAND, 0x00, 0, 2).status, tlm::TLM_BURST_ERROR_RESPONSE);
  EXPECT_EQ(access(d, tlm::TLM_READ_COMMAND, 0x00, 0, 4, SC_ZERO_TIME, be).status,
            tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
  EXPECT_EQ(access(d, tlm::TLM_WRITE_COMMAND, 0x02, 7).status, tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(d.plain, 0u);  // no error response acted
  // The offset is decoded within the mask: the region base may stay.
  EXPECT_EQ(access(d, tlm::TLM_WRITE_COMMAND, 0x7fff0000, 42).status, tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(d.plain, 42u);
  EXPECT_EQ(access(d, tlm::TLM_READ_COMMAND, 0x7fff0000).data, 42u);
}

TEST(RegisterBank, ArraysStoredRegistersAndReset) {
  Dev d("dev", false);
  d.regs.write(0x120, 7);
  EXPECT_EQ(d.arr[2], 9u);  // element 2, stride 0x10
  EXPECT_EQ(d.regs.read(0x110), 0u);
  EXPECT_EQ(d.regs.read(0x04), 0x5u);
  d.regs.write(0x04, 0x1234);
  EXPECT_EQ(d.regs.read(0x04), 0x34u);  // writable bits only
  ASSERT_EQ(d.seen.size(), 1u);
  EXPECT_EQ(d.seen[0], 0x34u);  // the hook sees the stored value
  d.regs.set_reset_value(0x04, 0x77);
  EXPECT_EQ(d.regs.value(0x04), 0x77u);
  d.regs.write(0x04, 0x1);
  d.regs.reset();
  EXPECT_EQ(d.regs.value(0x04), 0x77u);
  d.plain = 3;
  d.regs.reset();
  EXPECT_EQ(d.plain, 3u);  // a handler's state is the model's, not the bank's
}

TEST(RegisterBank, UnmappedAndReadOnlyWarnOncePerOffsetAndDirection) {
  model_warnings_reset();
  Dev d("dev", false);
  EXPECT_EQ(d.regs.read(0x40), 0u);
  EXPECT_EQ(d.regs.read(0x40), 0u);
  d.regs.write(0x08, 0x99);  // read-only
  EXPECT_EQ(d.regs.read(0x08), 0xabcdu);
  EXPECT_EQ(model_warnings().size(), 2u);
  EXPECT_TRUE(warned("dev: read of unmodelled register at offset 0x040 reads as zero"));
  EXPECT_TRUE(warned("dev: write of 0x00000099 to read-only or unmodelled offset 0x008 ignored"));
}

TEST(RegisterBank, AnOffsetDeclaredTwiceIsAModelError) {
  Dev d("dev", false);
  EXPECT_THROW(d.regs.add("AGAIN", 0x110), sc_report);  // ARR[1]
  EXPECT_THROW(d.regs.add("ODD", 0x202), sc_report);    // not a word
}

TEST(RegisterBank, LatencyAndCatchUp) {
  Dev active("active", false), passive("passive", true);
  sc_spawn([&] {
    const sc_time lead(100, SC_NS), lat(10, SC_NS);
    // Reads always catch up: the core's lead is waited out here.
    Access a = access(active, tlm::TLM_READ_COMMAND, 0x00, 0, 4, lead);
    EXPECT_EQ(a.delay, lat);
    EXPECT_EQ(sc_time_stamp(), lead);
    // Passive reads keep the lead in the delay, SystemC's time stands.
    a = access(passive, tlm::TLM_READ_COMMAND, 0x00, 0, 4, lead);
    EXPECT_EQ(a.delay, lead + lat);
    EXPECT_EQ(sc_time_stamp(), lead);
    // ... unless the register's read acts, or it is a write.
    a = access(passive, tlm::TLM_READ_COMMAND, 0x0c, 0, 4, lead);
    EXPECT_EQ(a.data, 1u);
    EXPECT_EQ(a.delay, lat);
    EXPECT_EQ(sc_time_stamp(), 2 * lead);
    a = access(passive, tlm::TLM_WRITE_COMMAND, 0x00, 5, 4, lead);
    EXPECT_EQ(a.delay, lat);
    EXPECT_EQ(sc_time_stamp(), 3 * lead);
    // A write that only stores goes on the lead, in either bank ...
    a = access(active, tlm::TLM_WRITE_COMMAND, 0x10, 6, 4, lead);
    EXPECT_EQ(active.plain, 6u);
    EXPECT_EQ(a.delay, lead + lat);
    EXPECT_EQ(sc_time_stamp(), 3 * lead);
    a = access(passive, tlm::TLM_WRITE_COMMAND, 0x10, 7, 4, lead);
    EXPECT_EQ(passive.plain, 7u);
    EXPECT_EQ(a.delay, lead + lat);
    EXPECT_EQ(sc_time_stamp(), 3 * lead);
    // ... and a read of it is as any other.
    a = access(active, tlm::TLM_READ_COMMAND, 0x10, 0, 4, lead);
    EXPECT_EQ(a.delay, lat);
    EXPECT_EQ(sc_time_stamp(), 4 * lead);
  });
  sc_start(sc_time(1, SC_US));
}
