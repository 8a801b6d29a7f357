// SPDX-License-Identifier: GPL-2.0-only
// VcdWriter (sim/vcd_writer.h): riding on another output's writer thread
// (as waves.vcd rides on the stats thread) gives the file its own thread
// gives, with values worked out on the host's thread (VcdEnergy's rail
// power) in their places among the recorded changes.
#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "run_helpers.h"
#include "sim/dt.h"
#include "sim/dt_config.h"
#include "sim/platform.h"
#include "sim/stats.h"
#include "sim/switch_log.h"
#include "sim/vcd_writer.h"
#include "sim/writer_thread.h"

namespace {

struct Step {
  bool on_host;  // worked out on the host's thread (set_at()), not recorded
  int signal;    // index into the three signals below
  uint64_t ps, v;
};

// Several changes a timestamp, a signal changed twice in one (the last
// wins), values that repeat (not dumped), host-side values among them.
std::vector<Step> steps() {
  std::vector<Step> s;
  for (uint64_t t = 1; t <= 400; ++t) {
    const uint64_t ps = t * 1000 + (t % 7 == 0 ? 0 : 500);
    // Until t = 60 only values worked out on the host: the host's thread
    // writes before the VCD records anything of its own.
    s.push_back({t <= 60, 0, ps, t * 37 % 1000});
    if (t % 3) s.push_back({true, 1, ps, t % 2});
    if (t % 5 == 0) s.push_back({false, 2, ps, t % 8});
    if (t % 11 == 0) s.push_back({true, 0, ps, t});  // overrides the first
  }
  return s;
}

// Host records: 'v' and a VcdWriter record, or 'e' and a Step to set.
// (Without ride, every step is recorded.)
constexpr char kVcd = 'v', kHostValue = 'e';

std::string vcd_file(const std::string& name, bool ride) {
  const std::string dir = blsim_test::scratch(name);
  VcdWriter w;
  EXPECT_TRUE(w.open(dir));
  const int ids[] = {w.add_signal("c0", "power", 32, 5), w.add_signal("c0", "bit", 1, 0),
                     w.add_signal("c1", "state", 3, 2)};
  WriterThread host;
  if (ride) {
    w.ride_on(host, kVcd);
    host.start([&](std::string_view c) {
      for (size_t at = 0; at < c.size();) {
        if (c[at] == kVcd) {
          w.take(c.data() + at + 1);
          at += 1 + VcdWriter::kRecordBytes;
          continue;
        }
        Step st;
        std::memcpy(&st, c.data() + at + 1, sizeof st);
        w.set_at(ids[st.signal], st.ps, st.v);
        at += 1 + sizeof st;
      }
    });
  }
  for (const Step& st : steps()) {
    if (!st.on_host || !ride) {
      w.change(ids[st.signal], st.ps, st.v);
      continue;
    }
    char* p = host.claim(1 + sizeof st);
    *p = kHostValue;
    std::memcpy(p + 1, &st, sizeof st);
    host.commit(st.ps % 3 ? 64 : 4096);  // small chunks: many hand-overs
  }
  host.finish();
  EXPECT_TRUE(w.stage(500000));
  EXPECT_TRUE(w.publish());
  return blsim_test::slurp(dir + "/waves.vcd");
}

}  // namespace

TEST(VcdWriter, RidingOnAnotherThreadWritesTheSameFile) {
  const std::string own = vcd_file("vcd_own", false), ridden = vcd_file("vcd_ride", true);
  // t = 10: power 370 and state 2 (bit set to its value again: not
  // dumped); t = 22: power 814, then 22 from the host, which wins.
  EXPECT_NE(own.find("#10500\nb101110010 !\nb10 #\n#11500"), std::string::npos) << own.substr(0, 1500);
  EXPECT_NE(own.find("#22500\nb10110 !\n#23500"), std::string::npos) << own.substr(0, 1500);
  EXPECT_EQ(own, ridden);
}

TEST(VcdWriter, RidesOnlyFromTheStart) {
  VcdWriter w;
  ASSERT_TRUE(w.open(blsim_test::scratch("vcd_late_ride")));
  const int id = w.add_signal("c0", "x", 8, 0);
  w.change(id, 10, 1);
  WriterThread host;
  EXPECT_THROW(w.ride_on(host, kVcd), std::logic_error);
}

// A core's change told whole, as the stats thread tells it for a cluster
// whose index a compact record cannot hold (StatsCollector's EnergyTap),
// sets the core's state in the waves as the compact change does.
TEST(VcdWriter, ACoresChangeToldWholeSetsItsStateAsTheCompactOneDoes) {
  Fdt fdt = Fdt::load(blsim_test::tc2_dtb());
  Platform p(read_platform_config(fdt));
  const unsigned core = p.clusters()[0].cores.at(0);
  const Core::State to = p.core(core).state() == Core::State::Wfi ? Core::State::Run : Core::State::Wfi;
  const ClusterEnergy::CoreChange change = {1000, 0, static_cast<uint8_t>(to),
                                            static_cast<uint8_t>(WorkKind::Kernel)};
  auto waves = [&](const std::string& name, bool whole) {
    const std::string dir = blsim_test::scratch(name);
    VcdWriter w;
    EXPECT_TRUE(w.open(dir));
    const std::unique_ptr<VcdEnergy> energy = attach_platform_vcd(w, p);
    const std::unique_ptr<ClusterEnergy> follower = p.clusters()[0].energy->follower_copy();
    WriterThread host;  // not started: the change below is the only one
    w.ride_on(host, kVcd);
    if (whole) energy->changed(0, *follower, ClusterEnergy::whole(change));
    else energy->changed(0, *follower, change);
    EXPECT_TRUE(w.stage(2000));
    EXPECT_TRUE(w.publish());
    return blsim_test::slurp(dir + "/waves.vcd");
  };
  const std::string compact = waves("vcd_core_compact", false);
  const size_t at = compact.find("\n#1000\n");
  ASSERT_NE(at, std::string::npos) << compact;
  const std::string state = "b" + std::string(to == Core::State::Wfi ? "11" : "10") + " ";
  EXPECT_NE(compact.find("\n" + state, at), std::string::npos) << compact.substr(at);
  EXPECT_EQ(waves("vcd_core_whole", true), compact);
}

// The waves' rail powers and cores' states follow the stats thread's
// energy followers from where the waves started: a follower that heard a
// change the waves did not (copied after it) is refused when the VCD is
// carried, not followed into a file that would miss that change.
TEST(VcdWriter, IsCarriedOnlyFromWhereTheFollowersStart) {
  for (const bool moved : {false, true}) {
    Fdt fdt = Fdt::load(blsim_test::tc2_dtb());
    Platform p(read_platform_config(fdt));
    std::vector<unsigned> core_cluster;
    for (unsigned i = 0; i < p.nr_cores(); ++i) core_cluster.push_back(0);
    SwitchLog log(core_cluster);
    VcdWriter w;
    ASSERT_TRUE(w.open(blsim_test::scratch(moved ? "vcd_carry_moved" : "vcd_carry_same")));
    std::unique_ptr<VcdEnergy> energy = attach_platform_vcd(w, p);
    if (moved) {  // a core's change after the waves' initial values, before the followers
      const unsigned core = p.clusters()[0].cores.at(0);
      const Core::State to = p.core(core).state() == Core::State::Wfi ? Core::State::Run : Core::State::Wfi;
      p.clusters()[0].energy->core_changed(0, {to, WorkKind::Kernel});
    }
    StatsCollector stats(p, log);
    if (moved) {
      EXPECT_THROW(stats.carry(w, std::move(energy)), std::logic_error);
    } else {
      EXPECT_NO_THROW(stats.carry(w, std::move(energy)));
      stats.finish();
    }
  }
}
