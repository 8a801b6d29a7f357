// SPDX-License-Identifier: GPL-2.0-only
// SwitchLog (sim/switch_log.h): when a finished switch is settled, and
// switches[] written with some switches' JSON made ahead (as stats.json
// does during a run) is the text written all at once; and how far the
// StatsCollector forgets the switches it handed over (sim/stats.h).
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>

#include "sim/json_writer.h"
#include "sim/stats.h"
#include "sim/switch_log.h"

namespace {

// One IKS switch of cpu from core `out`: requested at t, over 100 ns later.
void one_switch(SwitchLog& log, unsigned cpu, unsigned out, uint64_t t) {
  log.request(t, cpu, "cpufreq");
  log.kernel_step(t + 10, out, cpu, SWITCH_STEP_ENTRY_VECTORS_GATED, false);
  log.kernel_step(t + 20, out, cpu, SWITCH_STEP_ENTRY_VECTORS_GATED, true);
  log.kernel_step(t + 30, out, cpu, SWITCH_STEP_OUTBOUND_POWER_DOWN, false);
  log.core_reset(t + 100, out);
}

double energy(uint64_t t0, uint64_t t1) { return 1e-9 * static_cast<double>(t1 - t0) / 3.0; }

std::string written(const SwitchLog& log, int schema, const SwitchLog::Ahead* ahead) {
  JsonWriter j;
  j.begin_object();
  log.write_json(j, energy, schema, ahead);
  j.end_object();
  return j.str();
}

// texts[0..n) as Ahead::first writes them: one value, joined as YAJL
// joins array elements; false (nothing written) if n reaches `unreadable`.
std::function<bool(JsonWriter&, size_t, bool*)> first_of(const std::string* texts,
                                                         size_t unreadable = SIZE_MAX) {
  return [texts, unreadable](JsonWriter& j, size_t n, bool* wrote) {
    *wrote = false;
    if (n > unreadable) return false;
    std::string all;
    for (size_t i = 0; i < n; ++i) all += (i ? SwitchLog::kElementSeparator : "") + texts[i];
    j.raw_value(all);
    *wrote = true;
    return true;
  };
}

}  // namespace

TEST(SwitchLog, AFinishedSwitchIsSettledOnceItsCpuHasALaterOne) {
  SwitchLog log({0, 0, 1, 1});
  one_switch(log, 0, 0, 1000);
  ASSERT_EQ(log.done().size(), 1u);
  EXPECT_FALSE(log.settled(log.done()[0]));  // a task's wait may still be its
  log.request(5000, 0, "cpufreq");
  log.kernel_step(5010, 1, 0, SWITCH_STEP_ENTRY_VECTORS_GATED, false);  // in flight
  EXPECT_TRUE(log.settled(log.done()[0]));
  one_switch(log, 1, 1, 2000);
  EXPECT_FALSE(log.settled(log.done()[1]));
}

TEST(SwitchLog, SwitchesWrittenAheadReadAsSwitchesWrittenAtOnce) {
  for (int schema : {1, 2}) {
    SwitchLog log({0, 0, 1, 1});
    one_switch(log, 0, 0, 1000);
    one_switch(log, 1, 1, 1500);
    one_switch(log, 0, 2, 3000);
    ASSERT_EQ(log.done().size(), 3u);
    const std::string at_once = written(log, schema, nullptr);
    SwitchLog::Ahead ahead;
    std::string texts[2];
    for (int i = 0; i < 2; ++i) {
      const SwitchRecord& s = log.done()[static_cast<size_t>(i)];
      texts[i] = SwitchLog::element_json(s, energy(s.requested_ns, s.end_ns), schema);
      ahead.switches.push_back(&s);
    }
    ahead.first = first_of(texts);
    EXPECT_EQ(written(log, schema, &ahead), at_once) << "schema " << schema;
    // Texts that cannot be read are rendered instead.
    ahead.first = first_of(texts, 1);
    EXPECT_EQ(written(log, schema, &ahead), at_once) << "schema " << schema;
    // Texts written in part, then a failure: the switches could still be
    // rendered, but the document already holds some of them.
    ahead.first = [](JsonWriter& j, size_t, bool* wrote) {
      j.raw_value("{}");
      *wrote = true;
      return false;
    };
    JsonWriter w;
    w.begin_object();
    EXPECT_FALSE(log.write_json(w, energy, schema, &ahead)) << "schema " << schema;
    ahead.first = first_of(texts);
    // Texts that name other switches than the first in request order are
    // not used.
    std::swap(ahead.switches[0], ahead.switches[1]);
    EXPECT_EQ(written(log, schema, &ahead), at_once) << "schema " << schema;
  }
}

// What StatsCollector does during a run: a settled switch's text is made
// from its packed bytes on another thread, and its steps go back to the
// log, for the next switch to fill. The log then writes the same
// switches[], from the texts, and refuses to write a switch without its
// steps and without its text (it would come out with no steps).
TEST(SwitchLog, ASwitchWithoutItsStepsIsWrittenFromItsPackedText) {
  SwitchLog log({0, 0, 1, 1});
  one_switch(log, 0, 0, 1000);
  one_switch(log, 1, 1, 1500);
  one_switch(log, 0, 2, 3000);
  const std::string at_once = written(log, 2, nullptr);
  const size_t steps = log.done()[0].steps.size();
  ASSERT_GT(steps, 2u);
  SwitchLog::Ahead ahead;
  std::string texts[2];
  const SwitchStep* room[2];
  SwitchRecord copy;
  copy.steps.assign(9, SwitchStep{});  // unpack() replaces what was there
  copy.cause = "an earlier cause, longer than the new one";
  for (int i = 0; i < 2; ++i) {
    const SwitchRecord& s = log.done()[static_cast<size_t>(i)];
    std::string bytes(SwitchLog::packed_size(s), '\0');
    SwitchLog::pack(s, bytes.data());
    EXPECT_EQ(SwitchLog::unpack(bytes.data(), &copy), bytes.size());
    room[i] = s.steps.data();
    log.drop_steps(s);
    EXPECT_EQ(copy.steps.size(), steps);
    EXPECT_EQ(copy.cause, "cpufreq");
    EXPECT_FALSE(copy.steps_taken);
    EXPECT_TRUE(s.steps.empty());
    EXPECT_EQ(s.steps.capacity(), 0u);  // the room went back to the log
    EXPECT_TRUE(s.steps_taken);
    EXPECT_EQ(copy.requested_ns, s.requested_ns);
    EXPECT_EQ(copy.end_ns, s.end_ns);
    texts[i] = SwitchLog::element_json(copy, energy(copy.requested_ns, copy.end_ns), 2);
    ahead.switches.push_back(&s);
  }
  ahead.first = first_of(texts);
  EXPECT_EQ(written(log, 2, &ahead), at_once);
  JsonWriter j;
  j.begin_object();
  EXPECT_TRUE(log.write_json(j, energy, 2, &ahead));
  JsonWriter k;
  k.begin_object();
  EXPECT_FALSE(log.write_json(k, energy, 2, nullptr));
  ahead.first = first_of(texts, 1);  // cannot be read back
  JsonWriter m;
  m.begin_object();
  EXPECT_FALSE(log.write_json(m, energy, 2, &ahead));
  // The next switches fill the rooms given back, the last first.
  one_switch(log, 1, 3, 5000);
  EXPECT_EQ(log.done().back().steps.data(), room[1]);
  one_switch(log, 1, 1, 7000);
  EXPECT_EQ(log.done().back().steps.data(), room[0]);
}

// What the stats thread keeps of the switches it was handed goes once no
// switch still to render can ask for it, collect() after collect(). With
// nothing open and nothing waiting, a switch still to come is requested
// no earlier than now: the bound is now, not "never" (kept as the last
// bound, "never" stopped every later pruning, and the maps grew with the
// run).
TEST(StatsCollector, HandedSwitchesAreForgottenSliceAfterSlice) {
  const uint64_t none = UINT64_MAX;
  StatsCollector::KeepBound kept;
  uint64_t from = 0;
  ASSERT_TRUE(kept.advance(none, none, 10000000, &from));  // no switch yet
  EXPECT_EQ(from, 10000000u);
  ASSERT_TRUE(kept.advance(15000000, none, 20000000, &from));  // one open since 15 ms
  EXPECT_EQ(from, 15000000u);
  EXPECT_FALSE(kept.advance(15000000, none, 30000000, &from));  // still open: no further
  ASSERT_TRUE(kept.advance(none, 25000000, 40000000, &from));  // done, not handed yet
  EXPECT_EQ(from, 25000000u);
  ASSERT_TRUE(kept.advance(none, none, 50000000, &from));  // all handed over
  EXPECT_EQ(from, 50000000u);
}
