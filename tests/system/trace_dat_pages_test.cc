// SPDX-License-Identifier: GPL-2.0-only
// trace_dat_pages_test.cc - trace.dat's per-CPU page sizes are counted as
// the records come (TraceDat::add), both with and without the held clock
// model lines, whose fate is known only at write(). Whatever the path, the
// file must be the one a TraceDat fed only the kept records writes.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <sys/stat.h>

#include "run_helpers.h"
#include "sim/trace_dat.h"

using namespace blsim_test;

namespace {

struct Rec {
  uint64_t ns;
  unsigned cpu;
  int held;  // -1: a kernel line; else the cluster of a held model line
};

// Enough records to fill a dozen 4 KiB pages per CPU, with held lines
// among them, enough to change a CPU's page count when they are left out
// (held_of gives each one's cluster, -1 for none).
std::vector<Rec> records(int (*held_of)(unsigned i, unsigned cpu)) {
  std::vector<Rec> v;
  for (unsigned i = 0; i < 6000; ++i) {
    const unsigned cpu = i % 3;
    v.push_back({1000ull * i + (i % 7) * 300000000ull / 1000, cpu, held_of(i, cpu)});
  }
  return v;
}

// The file TraceDat writes for recs, leaving out the held lines of the
// clusters drop says; or, with keep_only, fed only the kept records. With
// live_at, paged as they come from that record on (TraceDat::go_live(),
// which its caller makes only once no line is held again: later held lines
// are not fed).
std::string dat_file(const std::string& dir, const std::vector<Rec>& recs,
                     const std::vector<bool>& drop, bool keep_only, size_t live_at = SIZE_MAX,
                     bool in_place = false) {
  TraceDat dat;
  EXPECT_TRUE(dat.open(dir));
  for (size_t i = 0; i < recs.size(); ++i) {
    const Rec& r = recs[i];
    if (i == live_at) EXPECT_TRUE(dat.go_live(3, drop));
    const bool dropped = r.held >= 0 && drop[static_cast<size_t>(r.held)];
    if ((keep_only || i >= live_at) && dropped) continue;
    const std::string fields = "state=" + std::to_string(r.ns % 5) + " cpu_id=" + std::to_string(r.cpu);
    dat.add(r.ns, r.cpu, "<idle>", 0, r.held >= 0 ? "cpu_frequency" : "cpu_idle", fields.c_str(),
            "d..1", keep_only ? -1 : r.held);
  }
  const std::string path = dir + "/out.dat";
  FILE* f = fopen(path.c_str(), "w+b");
  EXPECT_TRUE(f != nullptr);
  EXPECT_TRUE(dat.write(f, 3, drop, in_place ? &path : nullptr));
  fclose(f);
  return slurp(path);
}

void expect_same_as_kept_only(const char* name, int (*held_of)(unsigned, unsigned),
                              const std::vector<bool>& drop) {
  const std::string d = scratch(name);
  const std::vector<Rec> recs = records(held_of);
  const std::string all = dat_file(d, recs, drop, false);
  const std::string kept = dat_file(d, recs, drop, true);
  ASSERT_GT(kept.size(), 3u * 4096u);
  // The held lines change the layout: without them dropped right, the
  // files could not be equal.
  const std::string none = dat_file(d, recs, std::vector<bool>(drop.size(), false), false);
  if (drop != std::vector<bool>(drop.size(), false)) ASSERT_NE(none.size(), kept.size()) << name;
  EXPECT_TRUE(all == kept) << name << ": " << all.size() << " vs " << kept.size() << " bytes";
}

}  // namespace

// Each CPU column holds model lines of one cluster (a column is a core):
// the counts kept as records came decide the layout.
TEST(TraceDatPages, HeldLinesOfOneClusterPerColumnDroppedOrKept) {
  auto held = [](unsigned i, unsigned cpu) { return i % 4 == 0 ? static_cast<int>(cpu % 2) : -1; };
  expect_same_as_kept_only("dat-pages-drop0", held, {true, false});
  expect_same_as_kept_only("dat-pages-drop1", held, {false, true});
  expect_same_as_kept_only("dat-pages-keep", held, {false, false});
  expect_same_as_kept_only("dat-pages-dropall", held, {true, true});
}

// Paged as they come from the middle of the run on (go_live(): the held
// lines so far dropped, none held after), the file is the same, and the
// spool and the per-CPU files are gone once it is written.
TEST(TraceDatPages, RecordsPagedAsTheyComeMakeTheSameFile) {
  auto held = [](unsigned i, unsigned cpu) { return i % 4 == 0 ? static_cast<int>(cpu % 2) : -1; };
  for (size_t at : {size_t(0), size_t(1), size_t(2500), size_t(5999)}) {
    const std::string d = scratch("dat-pages-live");
    const std::vector<Rec> recs = records(held);
    const std::vector<bool> drop = {true, true};
    const std::string kept = dat_file(d, recs, drop, true);
    EXPECT_TRUE(dat_file(d, recs, drop, false, at) == kept) << "live from record " << at;
    EXPECT_EQ(std::system(("test \"$(ls -A '" + d + "')\" = out.dat").c_str()), 0)
        << "temporary files left in " << d;
    // Made in CPU 0's file and renamed to out.dat (blsim's way).
    EXPECT_TRUE(dat_file(d, recs, drop, false, at, true) == kept) << "in place, live from " << at;
    EXPECT_EQ(std::system(("test \"$(ls -A '" + d + "')\" = out.dat").c_str()), 0)
        << "temporary files left in " << d;
  }
}

// The tasks' names are in the head: names first seen after go_live() may
// grow it past the room left before CPU 0's pages. The file is then
// assembled by copying, and is still the one written without go_live().
TEST(TraceDatPages, HeadGrownPastItsRoomIsCopied) {
  for (unsigned tasks : {3u, 400u}) {  // the head stays in its room; grows by pages
    const std::string d = scratch("dat-pages-head");
    bool renamed = false;  // out.dat's file is another after write()
    auto make = [&](bool live) {
      TraceDat dat;
      EXPECT_TRUE(dat.open(d));
      for (unsigned i = 0; i < 3000; ++i) {
        if (live && i == 100) EXPECT_TRUE(dat.go_live(2, {}));
        const int pid = i < 100 ? 0 : static_cast<int>(1000 + i % tasks);
        const std::string comm = pid ? "worker-" + std::to_string(pid) : "<idle>";
        dat.add(1000ull * (i + 1), i % 2, comm.c_str(), pid, "cpu_idle", "state=1 cpu_id=0", "d..1", -1);
      }
      const std::string path = d + "/out.dat";
      FILE* f = fopen(path.c_str(), "w+b");
      EXPECT_TRUE(f != nullptr);
      struct stat before, after;
      EXPECT_EQ(fstat(fileno(f), &before), 0);
      EXPECT_TRUE(dat.write(f, 2, {}, &path));
      fclose(f);
      EXPECT_EQ(stat(path.c_str(), &after), 0);
      renamed = after.st_ino != before.st_ino;
      return slurp(path);
    };
    const std::string spooled = make(false);
    EXPECT_FALSE(renamed);  // without go_live() it is written into f
    const std::string live = make(true);
    EXPECT_EQ(renamed, tasks == 3) << tasks << " tasks: CPU 0's file made the file, or a copy";
    ASSERT_GT(spooled.size(), 8u * 4096u);
    EXPECT_TRUE(live == spooled) << tasks << " tasks: " << live.size() << " vs " << spooled.size() << " bytes";
    EXPECT_EQ(std::system(("test \"$(ls -A '" + d + "')\" = out.dat").c_str()), 0)
        << "temporary files left in " << d;
  }
}

// A column with model lines of two clusters cannot use the counts: write()
// counts that column from the spool instead, with the same result.
TEST(TraceDatPages, ColumnWithTwoClustersCountedFromTheSpool) {
  auto held = [](unsigned i, unsigned) { return i % 4 == 0 ? static_cast<int>((i / 4) % 2) : -1; };
  expect_same_as_kept_only("dat-pages-mixed0", held, {true, false});
  expect_same_as_kept_only("dat-pages-mixed1", held, {false, true});
}

// One field text under three events, many tasks and both flag sets: a
// record is encoded once and its bytes reused (TraceDat's memo), but only
// as its own event lays them out, and never its common fields. (cpu_idle
// and cpu_frequency take state and cpu_id from the text and ignore the
// name; power_domain_target puts the name first.) trace-cmd report, with
// the latency columns (-l), must show each line's own event, task, flags
// and fields.
TEST(TraceDatPages, RepeatedFieldsKeepEachLinesEventTaskAndFlags) {
  const std::string d = scratch("dat-pages-repeat");
  const char* const kEvents[] = {"power_domain_target", "cpu_idle", "cpu_frequency"};
  std::string want;
  {
    TraceDat dat;
    ASSERT_TRUE(dat.open(d));
    for (unsigned i = 0; i < 12; ++i) {
      const std::string event = kEvents[i % 3];
      const int pid = i % 2 ? static_cast<int>(100 + i) : 0;
      const char* comm = pid ? "task" : "<idle>";
      // The flags from one buffer, its text changing: read by content.
      static char flags[5];
      std::strcpy(flags, i % 4 < 2 ? "d..1" : "....");
      dat.add(1000ull * (i + 1), 0, comm, pid, event.c_str(), "name=core1 state=7 cpu_id=2", flags, -1);
      // -l prints the flags and the preempt depth, then a need-resched column.
      want += event + " " + std::to_string(pid) + " " + flags + ". " +
              (event == kEvents[0] ? "name=core1 " : "") + "state=7 cpu_id=2\n";
    }
    FILE* f = fopen((d + "/out.dat").c_str(), "w+b");
    ASSERT_TRUE(f != nullptr);
    ASSERT_TRUE(dat.write(f, 1, {}));
    fclose(f);
  }
  // "<comm>-<pid>  0d..1. <time>: cpu_idle:   <fields>": CPU 0, then the flags.
  RunResult rep = run_cmd("trace-cmd report -N -l '" + d + "/out.dat' | sed -n "
                          "'s/^ *[^ ]*-\\([0-9]*\\) *0\\([^ ]*\\) *[0-9.]*: *\\([a-z_]*\\): *\\(.*\\)/\\3 \\1 \\2 \\4/p'", d);
  EXPECT_EQ(rep.exit_code, 0) << rep.err;
  EXPECT_EQ(rep.out, want);
}

// The file cannot become f_path (here: a folder that is not there): write()
// fails, and CPU 0's file goes with the others when the TraceDat does.
TEST(TraceDatPages, FileMadeInPlaceButNotRenamedLeavesNothing) {
  const std::string d = scratch("dat-pages-norename");
  const std::string path = d + "/out.dat", nowhere = d + "/missing/out.dat";
  FILE* f = fopen(path.c_str(), "w+b");
  ASSERT_TRUE(f != nullptr);
  {
    TraceDat dat;
    ASSERT_TRUE(dat.open(d));
    ASSERT_TRUE(dat.go_live(2, {}));
    for (unsigned i = 0; i < 2000; ++i)
      dat.add(1000ull * (i + 1), i % 2, "<idle>", 0, "cpu_idle", "state=1 cpu_id=0", "d..1", -1);
    EXPECT_FALSE(dat.write(f, 2, {}, &nowhere));
  }
  fclose(f);
  EXPECT_EQ(std::system(("test \"$(ls -A '" + d + "')\" = out.dat").c_str()), 0)
      << "temporary files left in " << d;
}
