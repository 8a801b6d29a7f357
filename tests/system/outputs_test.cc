// SPDX-License-Identifier: GPL-2.0-only
// outputs_test.cc - the files a run writes beside stats.json, and the tools
// that read them: trace.txt (ftrace text, checked by a strict parser of the
// format below), waves.vcd (read back by GTKWave's vcd2fst/fst2vcd), the
// stats.json schema (python3-jsonschema), tools/plot, blsim compare, and the
// progress line.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdarg>
#include <sys/stat.h>
#include <fstream>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <tuple>
#include <vector>

#include "run_helpers.h"
#include "sim/trace_args.h"
#include "sim/trace_writer.h"

using namespace blsim_test;

// The shell command that validates a stats.json against docs/stats.schema.json
// (python3-jsonschema): the published schema, then a strict copy that fails
// on any member the schema does not describe (check_stats_schema.py). Exit
// 0 if both pass, 1 with one line per error on stdout. exynos_test.cc uses
// it too.
namespace blsim_test {
std::string stats_schema_check(const std::string& stats) {
  const std::string src = BLSIM_SOURCE_DIR;
  return "python3 '" + src + "/tests/system/check_stats_schema.py' '" + src +
         "/docs/stats.schema.json' '" + stats + "'";
}
}  // namespace blsim_test

namespace {

const char kSwitchRun[] = " --switcher iks --event 100ms:switch:0:1 --duration 200ms";

// One run with an IKS switch, for the tests that only read its output. Each
// test is its own process (ctest -j runs them in parallel), so each needs a
// folder of its own: a shared one is wiped by the next test's scratch().
const std::string& switch_run() {
  static std::string dir;
  if (dir.empty()) {
    const std::string d = scratch(std::string("outputs-switch-") +
                                  ::testing::UnitTest::GetInstance()->current_test_info()->name());
    RunResult r = run_blsim("--dtb " + tc2_dtb() + kSwitchRun + " --out " + d + "/out", d);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    dir = d + "/out";
  }
  return dir;
}

// One second of mp3-short (IKS, ondemand, menu: the benchmark's run), for
// the tests that only read its output; a folder per test, as switch_run().
const std::string& mp3_run() {
  static std::string dir;
  if (dir.empty()) {
    const std::string d = scratch(std::string("outputs-mp3-") +
                                  ::testing::UnitTest::GetInstance()->current_test_info()->name());
    RunResult r = run_blsim("--dtb " + tc2_dtb() + " --workload " + rtapp_example("mp3-short.json") +
                                " --duration 1s --switcher iks"
                                " --cpufreq-governor ondemand --cpuidle-governor menu --out " + d + "/out",
                            d);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    dir = d + "/out";
  }
  return dir;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  size_t p = 0;
  while (p < text.size()) {
    size_t e = text.find('\n', p);
    if (e == std::string::npos) e = text.size();
    out.push_back(text.substr(p, e - p));
    p = e + 1;
  }
  return out;
}

// ---- ftrace text (kernel/trace/trace.c, trace_output.c, Linux 4.x) -------
struct FtraceLine {
  std::string comm, event, fields;
  int pid = 0;
  unsigned cpu = 0;
  uint64_t us = 0;
  std::map<std::string, std::string> kv;
};

// Parses the whole file strictly; returns false with *why on the first
// departure from the format.
bool parse_ftrace(const std::string& text, std::vector<FtraceLine>* out, std::string* why) {
  const std::vector<std::string> l = lines_of(text);
  const char* kHeader[] = {
      "# tracer: nop",
      "#",
      nullptr,  // entries line
      "#",
      "#                              _-----=> irqs-off",
      "#                             / _----=> need-resched",
      "#                            | / _---=> hardirq/softirq",
      "#                            || / _--=> preempt-depth",
      "#                            ||| /     delay",
      "#           TASK-PID   CPU#  ||||    TIMESTAMP  FUNCTION",
      "#              | |       |   ||||       |         |"};
  const size_t nh = sizeof kHeader / sizeof *kHeader;
  if (l.size() < nh) return *why = "short header", false;
  for (size_t i = 0; i < nh; ++i)
    if (kHeader[i] && l[i] != kHeader[i]) return *why = "header line " + std::to_string(i + 1) + ": '" + l[i] + "'", false;
  std::smatch m;
  static const std::regex entries(R"(# entries-in-buffer/entries-written: (\d+)/(\d+)   #P:(\d+))");
  if (!std::regex_match(l[2], m, entries)) return *why = "entries line: '" + l[2] + "'", false;
  const size_t n = std::stoul(m[1]);
  if (m[1] != m[2] || l.size() - nh != n)
    return *why = "entries count " + std::to_string(n) + " vs " + std::to_string(l.size() - nh) + " lines", false;
  // "%16s-%-5d [%03d] " + 4 flag characters + " %5lu.%06lu: " + "event: fields"
  static const std::regex line(
      R"(( {0,15}\S.*)-(\d+) *\[(\d{3})\] ([dX.])([Nnp.])([Hhs.])([0-9a-f.]) ( *\d+)\.(\d{6}): ([a-z_][a-z0-9_]*): (.*))");
  static const std::regex field(R"(([a-z_]+)=(\S+))");
  uint64_t last = 0;
  for (size_t i = nh; i < l.size(); ++i) {
    const std::string& s = l[i];
    const std::string where = "line " + std::to_string(i + 1) + " '" + s + "': ";
    if (!std::regex_match(s, m, line)) return *why = where + "not an ftrace event line", false;
    FtraceLine f;
    // Exact columns: comm right-aligned in 16, '-', pid left-aligned in 5.
    // 0-15 comm, 16 '-', 17-21 pid, 23-27 "[cpu]", 29-32 flags, 34- seconds.
    if (s.size() < 47 || s[16] != '-' || s[22] != ' ' || s[23] != '[' || s[27] != ']' ||
        s[28] != ' ' || s[33] != ' ')
      return *why = where + "columns", false;
    f.comm = s.substr(0, 16);
    f.comm.erase(0, f.comm.find_first_not_of(' '));
    f.pid = std::stoi(s.substr(17, 5));
    if (s.substr(17, 5).find_first_not_of("0123456789 ") != std::string::npos)
      return *why = where + "pid column", false;
    f.cpu = static_cast<unsigned>(std::stoul(m[3]));
    if (m[8].str().size() < 5) return *why = where + "seconds field narrower than %5lu", false;
    f.us = std::stoull(m[8]) * 1000000 + std::stoull(m[9]);
    if (f.us < last) return *why = where + "time goes backwards", false;
    last = f.us;
    f.event = m[10];
    f.fields = m[11];
    // A trace_marker write (rt-app's markers) is free text after the event.
    if (f.event == "tracing_mark_write") {
      out->push_back(f);
      continue;
    }
    for (const std::string& kv : [&] {
           std::vector<std::string> w;
           size_t p = 0;
           while (p <= f.fields.size()) {
             size_t e = f.fields.find(' ', p);
             if (e == std::string::npos) e = f.fields.size();
             w.push_back(f.fields.substr(p, e - p));
             p = e + 1;
           }
           return w;
         }()) {
      // sched_switch's format puts "==>" between the prev_ and next_ fields.
      if (f.event == "sched_switch" && kv == "==>" && f.kv.count("prev_state") && !f.kv.count("next_comm"))
        continue;
      std::smatch fm;
      if (!std::regex_match(kv, fm, field)) return *why = where + "field '" + kv + "' is not key=value", false;
      f.kv[fm[1]] = fm[2];
    }
    out->push_back(f);
  }
  return true;
}

bool is_uint(const std::string& s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos; }

// ---- VCD: value changes by full signal name ------------------------------
using Waves = std::map<std::string, std::vector<std::pair<uint64_t, uint64_t>>>;

bool read_vcd(const std::string& text, Waves* w, std::string* timescale, std::string* why) {
  std::istringstream in(text);
  std::string tok;
  std::vector<std::string> scope;
  std::map<std::string, std::string> name_of;
  uint64_t t = 0;
  bool defs = true;
  auto set = [&](const std::string& code, uint64_t v) {
    auto it = name_of.find(code);
    if (it == name_of.end()) return false;
    auto& s = (*w)[it->second];
    if (s.empty() || s.back().second != v || s.back().first == t) {
      if (!s.empty() && s.back().first == t) s.back().second = v;
      else s.push_back({t, v});
    }
    return true;
  };
  while (in >> tok) {
    if (defs) {
      if (tok == "$scope") {
        std::string kind, name;
        in >> kind >> name >> tok;
        scope.push_back(name);
      } else if (tok == "$upscope") {
        in >> tok;
        if (scope.empty()) return *why = "unbalanced $upscope", false;
        scope.pop_back();
      } else if (tok == "$var") {
        std::string type, width, code, name, rest;
        in >> type >> width >> code >> name;
        while (in >> rest && rest != "$end") {}
        std::string full;
        for (auto& s : scope) full += s + ".";
        name_of[code] = full + name;
        (*w)[full + name];
      } else if (tok == "$timescale") {
        timescale->clear();
        while (in >> tok && tok != "$end") *timescale += tok;
      } else if (tok == "$enddefinitions") {
        in >> tok;
        defs = false;
      } else if (tok[0] == '$') {
        while (in >> tok && tok != "$end") {}
      }
      continue;
    }
    if (tok == "$dumpvars" || tok == "$end") continue;
    if (tok[0] == '#') {
      const uint64_t nt = std::stoull(tok.substr(1));
      if (nt < t) return *why = "time goes backwards at " + tok, false;
      t = nt;
    } else if (tok[0] == 'b') {
      std::string code;
      in >> code;
      if (tok.find_first_not_of("01", 1) != std::string::npos) return *why = "bad vector " + tok, false;
      if (!set(code, std::stoull(tok.substr(1), nullptr, 2))) return *why = "unknown code " + code, false;
    } else if (tok[0] == '0' || tok[0] == '1') {
      if (!set(tok.substr(1), tok[0] == '1')) return *why = "unknown code " + tok, false;
    } else {
      return *why = "unexpected token " + tok, false;
    }
  }
  return !defs || (*why = "no $enddefinitions", false);
}

// stats.json validated against docs/stats.schema.json by python3-jsonschema.
void expect_matches_schema(const std::string& stats, const std::string& name) {
  const std::string d = scratch(name);
  RunResult r = run_cmd(stats_schema_check(stats), d);
  EXPECT_EQ(r.exit_code, 0) << "python3-jsonschema (tools/setup installs it): " << r.out << r.err;
}

// A short run of its own (args after --dtb), in scratch folder `name`;
// returns its stats.json, "" if blsim failed.
std::string run_for_schema(const std::string& name, const std::string& dtb, const std::string& args) {
  const std::string d = scratch(name);
  RunResult r = run_blsim("--dtb " + dtb + " " + args + " --quiet --out " + d + "/out", d);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.exit_code == 0 ? d + "/out/stats.json" : "";
}

bool png(const std::string& path) {
  const std::string s = slurp(path);
  return s.size() > 100 && s.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0;
}

}  // namespace

// trace.txt of a run with an IKS switch passes a strict parser of ftrace's
// text format, and has the kernel's events and the models' power states.
TEST(Outputs, TraceTxtIsFtraceTextWithTheSwitch) {
  const std::string text = slurp(switch_run() + "/trace.txt");
  std::vector<FtraceLine> ev;
  std::string why;
  ASSERT_TRUE(parse_ftrace(text, &ev, &why)) << why;
  std::map<std::string, int> count;
  for (FtraceLine& f : ev) {
    ++count[f.event];
    EXPECT_EQ(f.comm, "<idle>");
    EXPECT_EQ(f.pid, 0);
    EXPECT_LT(f.cpu, 5u);
    if (f.event == "cpu_idle" || f.event == "cpu_frequency") {
      EXPECT_EQ(f.kv.size(), 2u) << f.fields;
      EXPECT_TRUE(is_uint(f.kv["state"]) && is_uint(f.kv["cpu_id"])) << f.fields;
    } else if (f.event == "power_domain_target") {
      EXPECT_EQ(f.kv.size(), 3u) << f.fields;
      EXPECT_TRUE(std::regex_match(f.kv["name"], std::regex("(core|cluster)[0-9]+"))) << f.fields;
      EXPECT_TRUE(is_uint(f.kv["state"]) && is_uint(f.kv["cpu_id"])) << f.fields;
    } else if (f.event.rfind("cpu_migrate_", 0) == 0) {
      EXPECT_TRUE(is_uint(f.kv["timestamp"])) << f.fields;
      EXPECT_TRUE(std::regex_match(f.kv["cpu_hwid"], std::regex("0x[0-9A-F]{8}"))) << f.fields;
      // The event's own ns timestamp rounds to the line's microseconds.
      EXPECT_LE(std::stoull(f.kv["timestamp"]) / 1000, f.us) << f.fields;
    }
  }
  EXPECT_EQ(count["cpu_migrate_begin"], 1);
  EXPECT_EQ(count["cpu_migrate_finish"], 1);
  EXPECT_GT(count["cpu_idle"], 0);
  EXPECT_GT(count["power_domain_target"], 0);
  // The switch's begin (on cluster 0's MPIDR) comes before its finish (on 0x100 or up).
  size_t b = 0, f = 0;
  for (size_t i = 0; i < ev.size(); ++i) {
    if (ev[i].event == "cpu_migrate_begin") b = i;
    if (ev[i].event == "cpu_migrate_finish") f = i;
  }
  EXPECT_LT(b, f);
  EXPECT_EQ(ev[b].kv["cpu_hwid"], "0x00000000");
  EXPECT_EQ(ev[f].kv["cpu_hwid"], "0x00000102");  // CPU0's partner: the last free A7, as upstream
  EXPECT_GE(ev[b].us, 100000u);
}

// trace.txt of mp3-short (IKS, ondemand, menu: the benchmark's run) passes
// the strict parser whole, with the scheduler's events naming rt-app's
// threads and every sched_switch line headed by the task it switches out.
TEST(Outputs, TraceOfMp3ShortIsFtraceText) {
  std::vector<FtraceLine> ev;
  std::string why;
  ASSERT_TRUE(parse_ftrace(slurp(mp3_run() + "/trace.txt"), &ev, &why)) << why;
  std::map<std::string, int> count;
  std::set<std::string> next_comms;
  for (FtraceLine& f : ev) {
    ++count[f.event];
    if (f.event != "sched_switch") continue;
    EXPECT_EQ(f.comm, f.pid ? f.kv["prev_comm"] : "<idle>") << f.fields;
    EXPECT_EQ(std::to_string(f.pid), f.kv["prev_pid"]) << f.fields;
    next_comms.insert(f.kv["next_comm"]);
  }
  for (const char* e : {"sched_switch", "sched_wakeup", "cpu_idle", "cpu_frequency",
                        "cpu_migrate_begin", "cpu_migrate_finish", "power_domain_target"})
    EXPECT_GT(count[e], 0) << e;
  EXPECT_EQ(count["cpu_migrate_begin"], count["cpu_migrate_finish"]);
  for (const char* t : {"AudioTick", "AudioOut", "AudioTrack", "mp3.decoder", "OMXCall"})
    EXPECT_EQ(next_comms.count(t), 1u) << t;
}

// rt-app's trace_marker lines, as rt-app writes them: rtapp_main start
// and clock_ref, then per thread rtapp_task start and a start and an end
// rtapp_loop for every loop of a phase, numbered as rt-app numbers them,
// each end followed by rtapp_stats, from the thread's own context.
TEST(Outputs, TraceHasRtappMarkers) {
  const std::string d = scratch("outputs-rtapp-markers");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --workload /usr/share/doc/rt-app/examples/mp3-short.json"
                          " --duration 300ms --quiet --out " + d + "/out", d);
  ASSERT_EQ(r.exit_code, 0) << "rt-app's examples (Debian package rt-app; tools/setup installs it): " << r.err;
  std::vector<FtraceLine> ev;
  std::string why;
  ASSERT_TRUE(parse_ftrace(slurp(d + "/out/trace.txt"), &ev, &why)) << why;
  std::vector<std::string> main;
  std::map<std::string, int> task_start, loop_start, loop_end, stats;
  std::map<std::string, int> max_thread_loop;
  static const std::regex loop(R"(rtapp_loop: event=(start|end) thread_loop=(\d+) phase=\d+ phase_loop=(\d+))");
  static const std::regex stat(
      R"(rtapp_stats: period=(\d+) run=(\d+) wu_lat=(\d+) slack=(-?\d+) c_period=(\d+) c_run=(\d+))");
  std::smatch m;
  for (FtraceLine& f : ev) {
    if (f.event != "tracing_mark_write") continue;
    if (f.fields.rfind("rtapp_main: ", 0) == 0) {
      main.push_back(f.fields);
    } else if (f.fields == "rtapp_task: event=start") {
      ++task_start[f.comm];
    } else if (std::regex_match(f.fields, m, stat)) {
      ++stats[f.comm];
      // AudioTick's loops are one 6 ms timer; mp3.decoder's one run of 1150 us.
      if (f.comm == "AudioTick") EXPECT_EQ(m[5].str() + "/" + m[6].str(), "6000/0") << f.fields;
      if (f.comm == "mp3.decoder") EXPECT_EQ(m[5].str() + "/" + m[6].str(), "0/1150") << f.fields;
    } else {
      if (std::regex_match(f.fields, m, loop))
        max_thread_loop[f.comm] = std::max({max_thread_loop[f.comm], std::stoi(m[2]), std::stoi(m[3])});
      EXPECT_TRUE(std::regex_match(f.fields, loop)) << f.fields;
      ++(f.fields.find("event=start") != std::string::npos ? loop_start : loop_end)[f.comm];
    }
  }
  ASSERT_EQ(main.size(), 2u);
  EXPECT_EQ(main[0], "rtapp_main: event=start");
  EXPECT_EQ(main[1].rfind("rtapp_main: event=clock_ref data=", 0), 0u) << main[1];
  for (const char* t : {"AudioTick", "AudioOut", "AudioTrack", "mp3.decoder", "OMXCall"}) {
    EXPECT_EQ(task_start[t], 1) << t;
    EXPECT_GT(loop_end[t], 5) << t;
    EXPECT_LE(loop_start[t] - loop_end[t], 1) << t;  // the last loop may still run at the end
    EXPECT_EQ(stats[t], loop_end[t]) << t;
  }
  // Endless loops count on, as rt-app's do (AudioTick: the task's loop
  // over 2 phases; mp3.decoder: the loop of its one phase).
  EXPECT_GT(max_thread_loop["AudioTick"], 5);
  EXPECT_GT(max_thread_loop["mp3.decoder"], 5);
  r = run_blsim("--dtb " + tc2_dtb() + " --workload /usr/share/doc/rt-app/examples/mp3-short.json"
                " --duration 300ms --quiet --trace-events 'sched_*' --out " + d + "/nomark", d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(slurp(d + "/nomark/trace.txt").find("tracing_mark_write"), std::string::npos);
}

// waves.vcd, converted by GTKWave's vcd2fst and dumped back by fst2vcd,
// holds the same signals and value changes as blsim wrote.
// trace.txt's lines are formatted by hand (no snprintf per line): the same
// bytes as the kernel's "%16s-%-5d [%03d] %s %5lu.%06lu: " into a 96-byte
// buffer, at the edges too (long comm, negative pid, 4-digit CPU, huge times).
TEST(Outputs, TraceLineAsSnprintfPrintsIt) {
  const std::string long_comm(70, 'x');
  const struct { uint64_t ns; unsigned cpu; const char* comm; int pid; } cases[] = {
      {0, 0, "<idle>", 0},
      {499, 1, "kworker/0:1", 42},
      {500, 2, "a", -1},
      {123456789012ull, 1234, "exactly16chars!!", 123456},
      {999999999999999999ull, 7, "seventeen_chars__", -2147483647 - 1},
      {1500, 3, long_comm.c_str(), 7},
      {60000000500ull, 123, "fifteen_chars__", 12345},  // 3-digit CPU, 5-digit pid
      {999999999ull, 99, "sixteen_chars___", -9999},
      {9999999500ull, 4, "<idle>", 0},   // rounds up to 10 s
      {99999999499ull, 4, "<idle>", 0},  // the last microsecond below 100 s
      {99999999500ull, 4, "<idle>", 0},  // rounds up to 100 s
  };
  for (const auto& c : cases) {
    TraceRecord r{c.ns, c.cpu, 0, c.comm, c.pid, "cpu_idle", "state=1 cpu_id=0"};
    char head[96];
    const uint64_t us = (c.ns + 500) / 1000;
    snprintf(head, sizeof head, "%16s-%-5d [%03u] %s %5llu.%06llu: ", c.comm, c.pid, c.cpu, "d..1",
             static_cast<unsigned long long>(us / 1000000),
             static_cast<unsigned long long>(us % 1000000));
    EXPECT_EQ(TraceWriter::format_line(r, "d..1"), std::string(head) + "cpu_idle: state=1 cpu_id=0");
  }
}

TEST(Outputs, WavesVcdReadsBackThroughGtkwave) {
  const std::string d = scratch("outputs-vcd");
  const std::string vcd = switch_run() + "/waves.vcd";
  RunResult r = run_cmd("vcd2fst '" + vcd + "' '" + d + "/w.fst' && fst2vcd '" + d + "/w.fst'", d);
  ASSERT_EQ(r.exit_code, 0) << "vcd2fst/fst2vcd (Debian package gtkwave; tools/setup installs it): " << r.err;
  Waves mine, back;
  std::string ts1, ts2, why;
  ASSERT_TRUE(read_vcd(slurp(vcd), &mine, &ts1, &why)) << why;
  ASSERT_TRUE(read_vcd(r.out, &back, &ts2, &why)) << why;
  EXPECT_EQ(ts1, "1ps");
  EXPECT_EQ(ts2, "1ps");
  for (const char* s : {"tc2.cluster0.cluster0_freq_khz", "tc2.cluster1.cluster1_voltage_uv", "tc2.cluster0.cluster0_power_state",
                        "tc2.cluster0.cluster0_power_uw", "tc2.cluster1.cluster1_power_uw",
                        "tc2.cluster1.cluster1_cci_snoop", "tc2.cluster0.core0_state", "tc2.cluster1.core4_state"})
    EXPECT_TRUE(mine.count(s)) << s;
  ASSERT_EQ(mine.size(), back.size());
  for (auto& [name, changes] : mine) {
    ASSERT_TRUE(back.count(name)) << name;
    EXPECT_EQ(changes, back[name]) << name;
  }
  // The switch is visible: core 0 reset after 100 ms, cluster 1's snoops on
  // (they may go off again at the end, when the idle A7 cluster sleeps).
  EXPECT_EQ(mine["tc2.cluster0.cluster0_freq_khz"].front().second, 1200000u);
  bool core0_reset = false;
  for (auto& [t, v] : mine["tc2.cluster0.core0_state"]) core0_reset |= t > 100000000000ull && v == 1;
  EXPECT_TRUE(core0_reset);
  bool snoop_on = false;
  for (auto& [t, v] : mine["tc2.cluster1.cluster1_cci_snoop"]) snoop_on |= t > 100000000000ull && v == 1;
  EXPECT_TRUE(snoop_on);
  // No two signals share a name (GTKWave's wave list shows names alone).
  std::set<std::string> leaves;
  for (auto& [name, changes] : mine) EXPECT_TRUE(leaves.insert(name.substr(name.rfind('.') + 1)).second) << name;
}

// waves.gtkw beside waves.vcd lists every signal of the dump, by its full
// name with its bit range, each once, and only those, with the clusters
// labelled by their CPU type.
TEST(Outputs, GtkwaveSaveFileShowsEverySignal) {
  Waves w;
  std::string ts, why;
  ASSERT_TRUE(read_vcd(slurp(switch_run() + "/waves.vcd"), &w, &ts, &why)) << why;
  const std::string gtkw = slurp(switch_run() + "/waves.gtkw");
  std::set<std::string> listed;
  for (const std::string& l : lines_of(gtkw)) {
    if (l.empty() || l[0] == '@' || l[0] == '[' || l[0] == '-' || l[0] == '*') continue;
    const std::string name = l.substr(0, l.find('['));
    EXPECT_TRUE(w.count(name)) << "waves.gtkw lists '" << l << "', not in waves.vcd";
    EXPECT_TRUE(listed.insert(name).second) << name << " twice";
  }
  EXPECT_EQ(listed.size(), w.size());
  EXPECT_NE(gtkw.find("tc2.cluster0.cluster0_freq_khz[31:0]\n"), std::string::npos);
  EXPECT_NE(gtkw.find("-cluster0 (A15)\n"), std::string::npos) << gtkw;
  EXPECT_NE(gtkw.find("-cluster1 (A7)\n"), std::string::npos) << gtkw;
  // Zoomed to the run's 200 ms: GTKWave shows 2^-z / 200 ps per pixel,
  // the run in 800 pixels.
  std::smatch m;
  ASSERT_TRUE(std::regex_search(gtkw, m, std::regex(R"(\n\*(-[0-9.]+) -1( -1){26}\n)"))) << gtkw;
  EXPECT_NEAR(std::pow(2.0, -std::stod(m[1])) / 200 * 800, 200e9, 1e6);
}

// On the Exynos the top scope is the board's, not tc2.
TEST(Outputs, WavesScopeIsNamedForTheBoard) {
  const std::string d = scratch("outputs-vcd-exynos");
  RunResult r = run_blsim("--dtb " + exynos_dtb() + " --duration 20ms --quiet --out " + d + "/out", d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Waves w;
  std::string ts, why;
  ASSERT_TRUE(read_vcd(slurp(d + "/out/waves.vcd"), &w, &ts, &why)) << why;
  ASSERT_FALSE(w.empty());
  for (auto& [name, changes] : w) EXPECT_EQ(name.rfind("exynos5422.cluster", 0), 0u) << name;
  EXPECT_TRUE(w.count("exynos5422.cluster0.core7_state"));  // cluster 0: the A15s, CPUs 4-7
  EXPECT_NE(slurp(d + "/out/waves.gtkw").find("-cluster0 (A15)"), std::string::npos);
}

// stats.json of a real run validates against docs/stats.schema.json.
TEST(Outputs, StatsJsonMatchesTheSchema) {
  expect_matches_schema(switch_run() + "/stats.json", "outputs-schema");
}

// The same for mp3-short under IKS/ondemand/menu: tasks[] (threads without a
// timer have null slack), cpufreq and cpuidle statistics, many switches.
TEST(Outputs, StatsJsonOfMp3ShortMatchesTheSchema) {
  expect_matches_schema(mp3_run() + "/stats.json", "outputs-schema-mp3");
}

// More short runs for the schema, so that the members only some runs write,
// and the other values of its enums and nulls, are checked too.

// Cluster mode: a switch with mode "cluster" and a cluster_rendezvous step.
TEST(Outputs, StatsJsonOfAClusterSwitchMatchesTheSchema) {
  const std::string stats = run_for_schema(
      "outputs-schema-cluster-run", tc2_dtb(), "--switcher cluster --event 100ms:switch:0:1 --duration 200ms");
  ASSERT_FALSE(stats.empty());
  const std::string text = slurp(stats);
  EXPECT_NE(text.find("\"mode\": \"cluster\""), std::string::npos);
  EXPECT_NE(text.find("\"cluster_rendezvous\""), std::string::npos);
  expect_matches_schema(stats, "outputs-schema-cluster");
}

// Hotplug: boot[] "dead", events[] done, and one still running at the end
// (done_ns and result null).
TEST(Outputs, StatsJsonOfHotplugMatchesTheSchema) {
  const std::string stats = run_for_schema(
      "outputs-schema-hotplug-run", tc2_dtb(),
      "--event 50ms:cpu_down:2 --event 120ms:cpu_up:2 --event 195ms:cpu_down:3 --duration 200ms");
  ASSERT_FALSE(stats.empty());
  const std::string text = slurp(stats);
  EXPECT_NE(text.find("\"event\": \"dead\""), std::string::npos);
  EXPECT_NE(text.find("\"done_ns\": null"), std::string::npos);
  expect_matches_schema(stats, "outputs-schema-hotplug");
}

// cpuidle.off=1: no driver (cpuidle_driver null, no idle_state_usage).
TEST(Outputs, StatsJsonWithoutCpuidleMatchesTheSchema) {
  const std::string stats =
      run_for_schema("outputs-schema-noidle-run", tc2_dtb(), "--cpuidle-governor none --duration 100ms");
  ASSERT_FALSE(stats.empty());
  const std::string text = slurp(stats);
  EXPECT_NE(text.find("\"cpuidle_driver\": null"), std::string::npos);
  EXPECT_EQ(text.find("\"idle_state_usage\""), std::string::npos);
  expect_matches_schema(stats, "outputs-schema-noidle");
}

// A workload without the switcher, with --host-stats (host figures not null).
TEST(Outputs, StatsJsonOfBurstyWithoutSwitcherMatchesTheSchema) {
  const std::string stats = run_for_schema(
      "outputs-schema-bursty-run", tc2_dtb(),
      "--switcher none --workload " + std::string(BLSIM_SOURCE_DIR) +
          "/workloads/bursty.json --duration 300ms --host-stats");
  ASSERT_FALSE(stats.empty());
  const std::string text = slurp(stats);
  EXPECT_NE(text.find("\"switcher\": \"none\""), std::string::npos);
  EXPECT_NE(text.find("\"pid\": "), std::string::npos);
  EXPECT_EQ(text.find("\"host_seconds\": null"), std::string::npos);
  expect_matches_schema(stats, "outputs-schema-bursty");
}

// The strict pass: a member the schema does not describe fails, named by
// its path, though the published schema alone allows it.
TEST(Outputs, SchemaStrictPassNamesAnUndescribedMember) {
  const std::string d = scratch("outputs-schema-strict");
  const std::string extra =
      edit(slurp(switch_run() + "/stats.json"), "\"blackout_ns\": ", "\"new_member\": 1, \"blackout_ns\": ");
  ASSERT_FALSE(extra.empty());
  std::ofstream(d + "/extra.json") << extra;
  RunResult r = run_cmd(stats_schema_check(d + "/extra.json"), d);
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("switches/0/new_member: not described by the schema"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("blackout_ns"), std::string::npos) << r.out;
  r = run_cmd(
      "python3 -c 'import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[2])), "
      "json.load(open(sys.argv[1])), cls=jsonschema.Draft202012Validator)' '" +
          std::string(BLSIM_SOURCE_DIR) + "/docs/stats.schema.json' '" + d + "/extra.json'",
      d);
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

// The schema is not vacuous: a stats.json with a field of the wrong type fails.
TEST(Outputs, SchemaRejectsAWrongType) {
  const std::string d = scratch("outputs-schema-bad");
  std::string bad = edit(slurp(switch_run() + "/stats.json"), "\"blackout_ns\": ", "\"blackout_ns\": -");
  ASSERT_FALSE(bad.empty());
  std::ofstream(d + "/bad.json") << bad;
  RunResult r = run_cmd(
      "python3 -c 'import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[2])), "
      "json.load(open(sys.argv[1])), cls=jsonschema.Draft202012Validator)' '" +
          std::string(BLSIM_SOURCE_DIR) + "/docs/stats.schema.json' '" + d + "/bad.json'",
      d);
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("blackout_ns"), std::string::npos) << r.err;
}

// tools/plot makes the PNGs from the run's folder.
TEST(Outputs, PlotMakesPngs) {
  const std::string d = scratch("outputs-plot");
  ASSERT_EQ(run_cmd("cp -r '" + switch_run() + "' '" + d + "/out'", d).exit_code, 0);
  RunResult r = run_cmd(std::string(BLSIM_SOURCE_DIR) + "/tools/plot '" + d + "/out'", d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* f : {"freq.png", "power.png", "core_states.png", "switch.png"})
    EXPECT_TRUE(png(d + "/out/" + f)) << f << " missing or not a PNG; " << r.err;
  EXPECT_EQ(run_cmd(std::string(BLSIM_SOURCE_DIR) + "/tools/plot '" + d + "/nothing'", d).exit_code, 2);
}

// waves.vcd's coreI_state is not told by the core: it rides on the energy
// model's changes, which also come for a change of the core's work alone
// (sim/vcd_writer.cc). trace.txt's power_domain_target lines are told by
// the core itself. Microsecond by microsecond (trace.txt's resolution) the
// two give every core the same states: none missed, none made up.
TEST(Outputs, WavesCoreStatesAreTheCoresOwn) {
  Waves w;
  std::string ts, why;
  ASSERT_TRUE(read_vcd(slurp(mp3_run() + "/waves.vcd"), &w, &ts, &why)) << why;
  std::vector<FtraceLine> ev;
  ASSERT_TRUE(parse_ftrace(slurp(mp3_run() + "/trace.txt"), &ev, &why)) << why;
  // (us, state): the last state in each microsecond, repeats dropped.
  using States = std::vector<std::pair<uint64_t, uint64_t>>;
  auto settled = [](const States& changes) {
    States out;
    for (auto [us, s] : changes) {
      if (!out.empty() && out.back().first == us) out.pop_back();
      if (out.empty() || out.back().second != s) out.push_back({us, s});
    }
    return out;
  };
  size_t compared = 0;
  for (unsigned core = 0; core < 5; ++core) {
    const std::string name = "core" + std::to_string(core);
    const auto& vcd = w["tc2.cluster" + std::string(core < 2 ? "0" : "1") + "." + name + "_state"];
    ASSERT_FALSE(vcd.empty()) << name;
    States from_vcd, from_trace = {{0, vcd.front().second}};  // both from the dump's first value
    for (auto [ps, s] : vcd) from_vcd.push_back({(ps / 1000 + 500) / 1000, s});  // as trace.txt rounds
    for (FtraceLine& f : ev)
      if (f.event == "power_domain_target" && f.kv["name"] == name)
        from_trace.push_back({f.us, std::stoull(f.kv["state"])});
    EXPECT_EQ(settled(from_vcd), settled(from_trace)) << name;
    compared += from_trace.size();
  }
  EXPECT_GT(compared, 5000u);  // a second of mp3-short: thousands of WFI entries and exits
}

// A core's change of state changes its cluster's rail power at the same
// instant, and the dump keeps the order the two were made in: the power
// first (the energy model hears the core first), then the state, both from
// one record now (sim/vcd_writer.cc). Wherever one timestamp shows both,
// the power line comes first.
TEST(Outputs, WavesShowTheRailPowerBeforeTheCoreState) {
  std::map<std::string, std::string> cluster_of_code;  // power or state code -> "clusterN"
  std::map<std::string, bool> is_power;
  std::istringstream in(slurp(mp3_run() + "/waves.vcd"));
  std::string line, scope;
  std::vector<std::pair<std::string, std::string>> block;  // (cluster, code) in order
  size_t both = 0;
  auto check = [&] {
    for (size_t i = 0; i < block.size(); ++i)
      for (size_t k = i + 1; k < block.size(); ++k)
        if (block[i].first == block[k].first && !is_power[block[i].second] && is_power[block[k].second]) {
          ADD_FAILURE() << "a core state before its cluster's power: " << block[i].second << " then "
                        << block[k].second;
          return;
        }
    bool power = false, state = false;
    for (auto& [cl, code] : block) (is_power[code] ? power : state) = true;
    both += power && state;
  };
  bool defs = true, dumping = false;
  while (std::getline(in, line)) {
    std::istringstream l(line);
    std::string a, b, c, d, name;
    if (defs) {
      l >> a;
      if (a == "$scope") l >> b >> scope;
      if (a == "$var") {
        l >> b >> c >> d >> name;  // wire WIDTH CODE NAME
        if (name.find("_power_uw") != std::string::npos || name.find("_state") != std::string::npos) {
          cluster_of_code[d] = scope;
          is_power[d] = name.find("_power_uw") != std::string::npos &&
                        name.find("power_state") == std::string::npos;
        }
      }
      if (a == "$enddefinitions") defs = false;
      continue;
    }
    if (line.empty()) continue;
    if (line == "$dumpvars") dumping = true;  // the starting values, in declaration order
    if (line[0] == '#' || dumping) {
      if (line == "$end") dumping = false;
      if (!dumping) check();
      block.clear();
      continue;
    }
    const std::string code = line[0] == 'b' ? line.substr(line.find(' ') + 1) : line.substr(1);
    if (cluster_of_code.count(code)) block.push_back({cluster_of_code[code], code});
  }
  check();
  EXPECT_GT(both, 1000u);  // timestamps where a core's state and its rail's power both changed
}

// waves.vcd's clusterN.power_uw, integrated as the steps it is, gives each
// rail's energy in stats.json: the signal is the energy model's own power,
// sampled at every change it integrates (a voltage ramp, short against the
// run, is the only place where the steps and the exact integral differ).
TEST(Outputs, WavesPowerIntegratesToTheRailEnergy) {
  Waves w;
  std::string ts, why;
  ASSERT_TRUE(read_vcd(slurp(mp3_run() + "/waves.vcd"), &w, &ts, &why)) << why;
  Json j(slurp(mp3_run() + "/stats.json"));
  ASSERT_TRUE(j.ok()) << j.error();
  const uint64_t end_ps = static_cast<uint64_t>(num(Json::get(Json::get(j.root(), "sim"), "simulated_ns"))) * 1000;
  yajl_val rails = Json::get(j.root(), "rails");
  ASSERT_TRUE(rails && YAJL_IS_ARRAY(rails) && YAJL_GET_ARRAY(rails)->len == 2);
  const char* rail_of_cluster[] = {"vcore-a15", "vcore-a7"};  // configs/tc2.dts
  for (unsigned c = 0; c < 2; ++c) {
    const auto& steps = w["tc2.cluster" + std::to_string(c) + ".cluster" + std::to_string(c) + "_power_uw"];
    ASSERT_GT(steps.size(), 100u) << "cluster " << c;
    double j_vcd = 0;
    for (size_t i = 0; i < steps.size(); ++i) {
      const uint64_t t1 = i + 1 < steps.size() ? steps[i + 1].first : end_ps;
      j_vcd += static_cast<double>(steps[i].second) * 1e-6 * static_cast<double>(t1 - steps[i].first) * 1e-12;
    }
    double j_rail = -1;
    for (size_t i = 0; i < YAJL_GET_ARRAY(rails)->len; ++i) {
      yajl_val r = YAJL_GET_ARRAY(rails)->values[i];
      if (std::string(YAJL_GET_STRING(Json::get(r, "name"))) == rail_of_cluster[c])
        j_rail = YAJL_GET_DOUBLE(Json::get(r, "energy_j"));
    }
    ASSERT_GT(j_rail, 0) << rail_of_cluster[c];
    EXPECT_NEAR(j_vcd, j_rail, 0.002 * j_rail) << "cluster " << c;
  }
}

// blsim compare: identical files pass; a switch's blackout 20% longer fails
// the 5% default and is named in the table; a looser tolerance passes it.
TEST(Outputs, CompareGatesOnSwitchLatency) {
  const std::string d = scratch("outputs-compare");
  const std::string base = switch_run() + "/stats.json";
  const std::string text = slurp(base);
  Json j(text);
  ASSERT_TRUE(j.ok());
  yajl_val sw = Json::get(j.root(), "switches");
  ASSERT_TRUE(sw && YAJL_IS_ARRAY(sw) && sw->u.array.len >= 1);
  const long long b = num(Json::get(sw->u.array.values[0], "blackout_ns"));
  ASSERT_GT(b, 0);
  const std::string slower = edit(text, "\"blackout_ns\": " + std::to_string(b),
                                  "\"blackout_ns\": " + std::to_string(b * 12 / 10));
  ASSERT_FALSE(slower.empty());
  std::ofstream(d + "/new.json") << slower;

  RunResult same = run_blsim("compare '" + base + "' '" + base + "'", d);
  EXPECT_EQ(same.exit_code, 0) << same.out << same.err;
  EXPECT_NE(same.out.find("0 beyond tolerance (default 5%)"), std::string::npos) << same.out;

  RunResult moved = run_blsim("compare '" + base + "' '" + d + "/new.json'", d);
  EXPECT_EQ(moved.exit_code, 6) << moved.out << moved.err;
  // The run's one switch (CPU0, A15 to A7): its distribution's p50, p99 and max.
  EXPECT_TRUE(std::regex_search(moved.out, std::regex(R"(switches\[cpu0:0->1\]\.blackout_ns\.p50 +\d+ +\d+ +\+20\.0% +5% !)")))
      << moved.out;
  EXPECT_NE(moved.out.find("3 beyond"), std::string::npos) << moved.out;

  EXPECT_EQ(run_blsim("compare --tolerance 25% '" + base + "' '" + d + "/new.json'", d).exit_code, 0);
  EXPECT_EQ(run_blsim("compare '" + base + "'", d).exit_code, 1);
  EXPECT_EQ(run_blsim("compare --tolerance x '" + base + "' '" + base + "'", d).exit_code, 1);
  EXPECT_EQ(run_blsim("compare '" + base + "' '" + d + "/missing.json'", d).exit_code, 2);
}

// The progress line is drawn with --progress (stderr is not a terminal here,
// so it is off by default) and changes nothing in the outputs.
TEST(Outputs, ProgressLineChangesNothing) {
  const std::string d = scratch("outputs-progress");
  const std::string args = "--dtb " + tc2_dtb() + kSwitchRun;
  RunResult on = run_blsim(args + " --progress --out " + d + "/on", d);
  RunResult off = run_blsim(args + " --out " + d + "/off", d);
  ASSERT_EQ(on.exit_code, 0) << on.err;
  ASSERT_EQ(off.exit_code, 0) << off.err;
  EXPECT_NE(on.err.find("real time, ETA"), std::string::npos) << on.err;
  EXPECT_EQ(off.err.find("ETA"), std::string::npos) << off.err;
  for (const char* f : {"stats.json", "trace.txt", "trace.dat", "waves.vcd", "waves.gtkw"}) {
    EXPECT_EQ(slurp(d + "/on/" + f), slurp(d + "/off/" + f)) << f;
    EXPECT_EQ(slurp(d + "/on/" + f), slurp(switch_run() + "/" + f)) << f;
  }
}

// A frequency change (powersave: both clusters to their lowest OPP at boot)
// is in trace.txt as cpu_frequency, one line per core of the cluster, and in
// waves.vcd's freq_khz.
TEST(Outputs, FrequencyChangesReachTraceAndWaves) {
  const std::string d = scratch("outputs-freq");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --cpufreq-governor powersave --duration 50ms --out " + d + "/out", d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<FtraceLine> ev;
  std::string why, ts;
  ASSERT_TRUE(parse_ftrace(slurp(d + "/out/trace.txt"), &ev, &why)) << why;
  std::map<std::string, std::string> last_khz;  // cpu_id -> kHz
  for (FtraceLine& f : ev)
    if (f.event == "cpu_frequency") last_khz[f.kv["cpu_id"]] = f.kv["state"];
  EXPECT_EQ(last_khz["0"], "500000");
  EXPECT_EQ(last_khz["1"], "500000");
  EXPECT_EQ(last_khz["2"], "350000");
  Waves w;
  ASSERT_TRUE(read_vcd(slurp(d + "/out/waves.vcd"), &w, &ts, &why)) << why;
  EXPECT_EQ(w["tc2.cluster0.cluster0_freq_khz"].back().second, 500000u);
  EXPECT_EQ(w["tc2.cluster1.cluster1_freq_khz"].back().second, 350000u);
  EXPECT_LT(w["tc2.cluster0.cluster0_voltage_uv"].back().second, w["tc2.cluster0.cluster0_voltage_uv"].front().second);
}

// trace.dat of dir, read by trace-cmd report (Debian package trace-cmd)
// without its plugins (-N: each event printed by its format's print fmt)
// and with nanosecond times (-t), holds the events of trace.txt: per CPU
// the same sequence of task, pid, event and fields, each at the time
// trace.txt shows rounded to the microsecond. Returns the events by name.
static std::map<std::string, int> expect_dat_as_txt(const std::string& dir, const std::string& scratch_dir) {
  std::map<std::string, int> count;
  std::vector<FtraceLine> ev;
  std::string why;
  EXPECT_TRUE(parse_ftrace(slurp(dir + "/trace.txt"), &ev, &why)) << why;
  RunResult rep = run_cmd("trace-cmd report -N -t '" + dir + "/trace.dat'", scratch_dir);
  EXPECT_EQ(rep.exit_code, 0) << "trace-cmd (Debian package trace-cmd; tools/setup installs it): " << rep.err;
  EXPECT_EQ(rep.err, "");
  using Key = std::tuple<uint64_t, std::string, int, std::string, std::string>;
  std::map<unsigned, std::vector<Key>> txt, dat;
  for (const FtraceLine& f : ev) {
    txt[f.cpu].push_back({f.us, f.comm, f.pid, f.event, f.fields});
    ++count[f.event];
  }
  // "%16s-%-5d [%03d] %5lu.%09lu: %-20s fields": the print event's fields
  // start with the function's name (tracing_mark_write: ...).
  static const std::regex line(R"( *(.+)-(\d+) +\[(\d{3})\] +(\d+)\.(\d{9}): ([a-z_]+): +(.*))");
  std::smatch m;
  size_t n = 0;
  const std::vector<std::string> l = lines_of(rep.out);
  EXPECT_FALSE(l.empty());
  if (l.empty()) return count;
  EXPECT_EQ(l[0], "cpus=5");
  for (size_t i = 1; i < l.size(); ++i) {
    if (l[i].empty()) continue;
    if (!std::regex_match(l[i], m, line)) {
      ADD_FAILURE() << l[i];
      return count;
    }
    const uint64_t ns = std::stoull(m[4]) * 1000000000ull + std::stoull(m[5]);
    std::string event = m[6], fields = m[7];
    if (event == "print") {
      EXPECT_EQ(fields.rfind("tracing_mark_write: ", 0), 0u) << l[i];
      event = "tracing_mark_write";
      fields = fields.substr(20);
    }
    dat[std::stoul(m[3])].push_back({(ns + 500) / 1000, m[1], std::stoi(m[2]), event, fields});
    ++n;
  }
  EXPECT_EQ(n, ev.size());
  EXPECT_EQ(dat.size(), txt.size());
  for (auto& [cpu, seq] : txt) {
    EXPECT_EQ(dat[cpu].size(), seq.size()) << "cpu " << cpu;
    for (size_t i = 0; i < seq.size() && i < dat[cpu].size(); ++i)
      if (dat[cpu][i] != seq[i]) {
        ADD_FAILURE() << "cpu " << cpu << " event " << i << ": " << std::get<3>(seq[i]) << " "
                      << std::get<4>(seq[i]) << " at " << std::get<0>(seq[i]) << " us; trace.dat: "
                      << std::get<3>(dat[cpu][i]) << " " << std::get<4>(dat[cpu][i]) << " at "
                      << std::get<0>(dat[cpu][i]);
        break;
      }
  }
  return count;
}

// A run of 3 s of mp3-short (IKS, ondemand): the markers, every sched and
// power event, many pages per CPU. Then one with 470 ms between two
// events of CPU 0 (more than the 27 bits of a record's time delta: a
// time-extend record). With trace-cmd's plugins (its default view) the
// file reads too.
TEST(Outputs, TraceDatReadsBackThroughTraceCmd) {
  const std::string d = scratch("outputs-trace-dat");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --workload /usr/share/doc/rt-app/examples/mp3-short.json"
                          " --switcher iks --cpufreq-governor ondemand --duration 3s --quiet --out " + d + "/out", d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::map<std::string, int> count = expect_dat_as_txt(d + "/out", d);
  for (const char* e : {"sched_switch", "sched_wakeup", "sched_waking", "sched_wakeup_new", "cpu_idle",
                        "cpu_frequency", "cpu_migrate_begin", "cpu_migrate_finish", "cpu_migrate_current",
                        "power_domain_target", "tracing_mark_write"})
    EXPECT_GT(count[e], 0) << e;
  RunResult rep = run_cmd("trace-cmd report '" + d + "/out/trace.dat' | grep -c 'sched_switch: .* ==> '", d);
  EXPECT_EQ(rep.out, std::to_string(count["sched_switch"]) + "\n") << rep.err;

  r = run_blsim("--dtb " + tc2_dtb() + " --switcher iks --event 500ms:switch:0:1 --duration 600ms"
                " --trace-events 'cpu_frequency,cpu_migrate_*' --quiet --out " + d + "/sparse", d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  count = expect_dat_as_txt(d + "/sparse", d);
  EXPECT_EQ(count["cpu_migrate_begin"], 1);
  EXPECT_EQ(count.size(), 4u);
}

// The arguments of fmt packed as hw_trace_event() packs them.
static std::string packed(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string out;
  EXPECT_TRUE(pack_trace_args(fmt, ap, out)) << fmt;
  va_end(ap);
  return out;
}

// tw's trace.txt and trace.dat into dir, as a run ends.
void write_trace_files(TraceWriter& tw, const std::string& dir, unsigned nr_cpus) {
  tw.finish();
  ASSERT_TRUE(tw.stage(nr_cpus));
  ASSERT_TRUE(tw.publish());
  FILE* f = fopen((dir + "/trace.dat").c_str(), "w+b");
  ASSERT_TRUE(f != nullptr);
  EXPECT_TRUE(tw.write_dat(f, nr_cpus));
  fclose(f);
}

// A tracepoint as hw_trace_event gives it to blsim's trace writer
// (kernel_event(): its arguments packed straight into the writer's chunk)
// and as it gives it to any other listener (fill_trace_record(), then
// add()).
void event_direct(TraceWriter& w, uint64_t ns, unsigned cpu, const char* comm, int pid,
                  const char* event, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  w.kernel_event(ns, cpu, cpu, comm, pid, event, fmt, ap);
  va_end(ap);
}
void event_as_record(TraceWriter& w, uint64_t ns, unsigned cpu, const char* comm, int pid,
                     const char* event, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  TraceRecord r;
  fill_trace_record(r, ns, cpu, cpu, comm, pid, event, fmt, ap);
  va_end(ap);
  w.add(r);
}

// Both ways give the same trace.txt and trace.dat, for arguments the
// packing keeps, a string too long to keep (printed at once, cut as the
// kernel's would be), a format it does not take ('*' width), and a kernel
// cpu_frequency line (whose cpu_id both read with kernel_reports(); the
// reading itself is tests/system/trace_args_test.cc's). (What
// a line's core changes, with a platform attached, the fixed scenarios'
// byte-compares cover, not this test.)
TEST(Outputs, TracepointsPackedInPlaceAsThroughARecord) {
  using Feed = void (*)(TraceWriter&, uint64_t, unsigned, const char*, int, const char*, const char*, ...);
  const std::string long_name(600, 'n');
  auto run = [&](const std::string& dir, Feed feed) {
    TraceWriter tw;
    ASSERT_TRUE(tw.open(dir));
    for (unsigned i = 0; i < 30; ++i) {
      const uint64_t ns = 1000 + 997ull * i;
      const unsigned cpu = i % 2;
      feed(tw, ns, cpu, "<idle>", 0, "cpu_idle", "state=%u cpu_id=%u", i % 3, cpu);
      feed(tw, ns + 1, cpu, "task", 100 + static_cast<int>(i % 4), "sched_wakeup",
           "comm=%s pid=%d prio=%d target_cpu=%03u", i % 5 ? "task" : long_name.c_str(), 100 + i % 4, 120, cpu);
      feed(tw, ns + 2, cpu, "task", 101, "sched_waking", "comm=%s pid=%d prio=%*d target_cpu=%03u", "w", 101,
           4, 120, cpu);
      if (i % 10 == 0)
        feed(tw, ns + 3, cpu, "kworker", 7, "cpu_frequency", "state=%u cpu_id=%u", 600000 + i, cpu);
    }
    write_trace_files(tw, dir, 2);
  };
  const std::string d = scratch("outputs-tracepoints-in-place");
  ASSERT_EQ(mkdir((d + "/direct").c_str(), 0755), 0);
  ASSERT_EQ(mkdir((d + "/record").c_str(), 0755), 0);
  run(d + "/direct", event_direct);
  run(d + "/record", event_as_record);
  const std::string txt = slurp(d + "/direct/trace.txt");
  EXPECT_EQ(txt, slurp(d + "/record/trace.txt"));
  EXPECT_EQ(slurp(d + "/direct/trace.dat"), slurp(d + "/record/trace.dat"));
  EXPECT_NE(txt.find("prio= 120"), std::string::npos);  // the '*' width, printed at once
  EXPECT_NE(txt.find("comm=" + std::string(250, 'n') + "\n"), std::string::npos);  // cut at 255
  EXPECT_NE(txt.find("cpu_frequency: state=600010 cpu_id=0"), std::string::npos);
}

// The trace writer remembers the heads of a few lines per CPU column, and
// each printed field text with its trace.dat record by event, format and
// arguments. Fed directly: more tasks on a column than it remembers, comms
// past the head's 95 characters, one format's arguments under two events
// (the kernel model's sched_waking and sched_wakeup share one, as do
// cpu_migrate_begin and _finish). Each line of trace.txt must be what
// format_line() prints for it alone, and trace.dat must hold each line's
// own event, task and fields.
TEST(Outputs, TraceWriterPrintsEachLineAsAlone) {
  const std::string d = scratch("outputs-trace-writer");
  static const char* const kIdle = "state=%u cpu_id=%u";
  static const char* const kWake = "comm=%s pid=%d prio=%d target_cpu=%03u";
  static const char* const kMigrate = "timestamp=%llu cpu_hwid=0x%08X";
  const std::string long_comm(70, 'y'), huge_comm(100, 'z');
  std::vector<std::pair<TraceRecord, const char*>> recs;  // with the flags trace.txt shows
  uint64_t ns = 1000;
  for (unsigned i = 0; i < 40; ++i) {
    const unsigned cpu = i % 2;
    const std::string task = "t" + std::to_string(i % 6);
    const int pid = 100 + static_cast<int>(i % 6);
    recs.push_back({{ns += 777, cpu, cpu, "<idle>", 0, "cpu_idle", packed(kIdle, i % 3, cpu), kIdle}, "d..1"});
    const std::string wake = packed(kWake, task.c_str(), pid, 120, cpu);
    recs.push_back({{ns += 1001, cpu, cpu, task, pid, "sched_waking", wake, kWake}, "...."});
    recs.push_back({{ns += 1, cpu, cpu, task, pid, "sched_wakeup", wake, kWake}, "...."});
    const std::string hwid = packed(kMigrate, 5000ull, 0x100u + cpu);
    recs.push_back({{ns += 3, cpu, cpu, task, pid, "cpu_migrate_begin", hwid, kMigrate}, "...."});
    recs.push_back({{ns += 3, cpu, cpu, task, pid, "cpu_migrate_finish", hwid, kMigrate}, "...."});
    // A task renamed (prctl PR_SET_NAME): its pid with another comm.
    recs.push_back({{ns += 2, cpu, cpu, i / 2 % 2 ? "renamed" : "named", 200, "sched_wakeup", wake, kWake}, "...."});
    if (i % 10 == 9) {
      const std::string& comm = i % 20 == 9 ? long_comm : huge_comm;
      const int cpid = i % 20 == 9 ? 70 : 71;
      recs.push_back({{ns += 5, cpu, cpu, comm, cpid, "sched_wakeup",
                       "comm=" + task + " pid=" + std::to_string(pid) + " prio=120 target_cpu=00" +
                           std::to_string(cpu)},
                      "...."});
    }
  }
  const auto write = [](const std::string& dir, const std::vector<std::pair<TraceRecord, const char*>>& rs) {
    TraceWriter tw;
    ASSERT_TRUE(tw.open(dir));
    for (const auto& r : rs) tw.add(r.first);
    write_trace_files(tw, dir, 5);
  };
  write(d, recs);
  std::vector<std::string> lines;
  for (const std::string& l : lines_of(slurp(d + "/trace.txt")))
    if (!l.empty() && l[0] != '#') lines.push_back(l);
  ASSERT_EQ(lines.size(), recs.size());
  for (size_t i = 0; i < recs.size(); ++i)
    EXPECT_EQ(lines[i], TraceWriter::format_line(recs[i].first, recs[i].second)) << "line " << i;
  // trace.dat against trace.txt, without the lines whose head the long
  // comms cut short (as the kernel's would be: not lines a parser reads),
  // and the renamed task's (trace.dat keeps one comm per pid).
  recs.erase(std::remove_if(recs.begin(), recs.end(),
                            [](const auto& r) { return r.first.comm.size() > 60 || r.first.pid == 200; }),
             recs.end());
  ASSERT_EQ(mkdir((d + "/short").c_str(), 0755), 0);
  write(d + "/short", recs);
  const std::map<std::string, int> count = expect_dat_as_txt(d + "/short", d);
  EXPECT_EQ(count.at("sched_waking"), 40);
  EXPECT_EQ(count.at("sched_wakeup"), 40);
  EXPECT_EQ(count.at("cpu_migrate_finish"), 40);
}

// cpu_frequency: one line per CPU at time 0 (the boot frequency), then one
// per real change: none at 0 kHz (a PLL relock is not a frequency), none
// repeating the last. Here CPU 0 changes the A7 cluster's frequency for
// CPUs 2-4 (ondemand, no switcher): the kernel's lines only, not also the
// clock model's.
TEST(Outputs, FrequencyLinesOnePerRealChange) {
  const std::string d = scratch("outputs-freq-once");
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --workload " + std::string(BLSIM_SOURCE_DIR) +
                              "/workloads/bursty.json --switcher none --cpufreq-governor ondemand"
                              " --duration 1s --quiet --out " + d + "/out", d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<FtraceLine> ev;
  std::string why;
  ASSERT_TRUE(parse_ftrace(slurp(d + "/out/trace.txt"), &ev, &why)) << why;
  std::map<std::string, std::vector<FtraceLine>> per_cpu;
  for (FtraceLine& f : ev)
    if (f.event == "cpu_frequency") per_cpu[f.kv["cpu_id"]].push_back(f);
  ASSERT_EQ(per_cpu.size(), 5u);
  for (auto& [cpu, l] : per_cpu) {
    ASSERT_GE(l.size(), 2u) << "cpu " << cpu << ": the boot line and at least one change";
    EXPECT_EQ(l[0].us, 0u) << cpu;
    EXPECT_EQ(l[0].kv["state"], cpu < "2" ? "1200000" : "1000000") << cpu;
    for (size_t i = 0; i < l.size(); ++i) {
      EXPECT_NE(l[i].kv["state"], "0") << "cpu " << cpu << " at " << l[i].us;
      if (i) EXPECT_NE(l[i].kv["state"], l[i - 1].kv["state"]) << "cpu " << cpu << " at " << l[i].us;
    }
  }
}

// --trace-events chooses the events as ftrace's set_event does (names,
// SYSTEM:NAME, globs); a name that matches no event is a usage error.
TEST(Outputs, TraceEventsChoosesTheEvents) {
  const std::string d = scratch("outputs-trace-events");
  const std::string run = "--dtb " + tc2_dtb() + " --workload " + std::string(BLSIM_SOURCE_DIR) +
                          "/workloads/bursty.json --duration 200ms --quiet ";
  RunResult r = run_blsim(run + "--trace-events 'sched_wak*,power:cpu_idle' --out " + d + "/out", d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<FtraceLine> ev;
  std::string why;
  ASSERT_TRUE(parse_ftrace(slurp(d + "/out/trace.txt"), &ev, &why)) << why;
  std::map<std::string, int> count;
  for (FtraceLine& f : ev) ++count[f.event];
  EXPECT_GT(count["cpu_idle"], 0);
  EXPECT_GT(count["sched_waking"], 0);
  EXPECT_GT(count["sched_wakeup"], 0);
  for (auto& [e, n] : count)
    EXPECT_TRUE(e == "cpu_idle" || e.rfind("sched_wak", 0) == 0) << e;
  r = run_blsim(run + "--trace-events sched --out " + d + "/sched", d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ev.clear();
  ASSERT_TRUE(parse_ftrace(slurp(d + "/sched/trace.txt"), &ev, &why)) << why;
  for (FtraceLine& f : ev) EXPECT_EQ(f.event.rfind("sched_", 0), 0u) << f.event;
  r = run_blsim(run + "--trace-events cpu_idle,cpu_frequnecy --out " + d + "/bad", d);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("'cpu_frequnecy' names no event"), std::string::npos) << r.err;
  EXPECT_NE(run_cmd("test -e '" + d + "/bad'", d).exit_code, 0);
}

// An output that cannot be written (here trace.txt is a folder) fails the
// run with exit 4 naming that file, and none of the other outputs appears,
// nor any temporary file: they are staged first and published together.
TEST(Outputs, AnUnwritableOutputLeavesNoOtherBehind) {
  const std::string d = scratch("outputs-unwritable");
  ASSERT_EQ(run_cmd("mkdir -p '" + d + "/out/trace.txt'", d).exit_code, 0);
  RunResult r = run_blsim("--dtb " + tc2_dtb() + " --duration 20ms --quiet --out " + d + "/out", d);
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_NE(r.err.find("cannot write " + d + "/out/trace.txt: Is a directory"), std::string::npos)
      << r.err;
  RunResult ls = run_cmd("ls -A '" + d + "/out'", d);
  EXPECT_EQ(ls.out, "trace.txt\n");
}

// stats.json and trace.dat are staged on threads of their own while the
// main thread stages the others; a failure is still reported for the first
// output in list order that failed (stats.json, console.log, trace.txt,
// trace.dat, waves.vcd, waves.gtkw), whichever thread staged it, and
// nothing is published. Each temporary file is made a folder to fail it.
TEST(Outputs, TheFirstFailingOutputInListOrderIsNamed) {
  const std::string d = scratch("outputs-fail-order");
  struct Case {
    std::vector<const char*> blocked;  // temporary files made folders
    const char* named;
  };
  const Case cases[] = {
      {{".waves.vcd.tmp", ".trace.dat.tmp"}, "trace.dat"},   // a background stage first
      {{".trace.dat.tmp", ".trace.txt.tmp"}, "trace.txt"},   // a main-thread stage first
      {{".waves.gtkw.tmp", ".stats.json.tmp"}, "stats.json"},
  };
  int n = 0;
  for (const Case& c : cases) {
    const std::string out = d + "/out" + std::to_string(n++);
    for (const char* b : c.blocked)
      ASSERT_EQ(run_cmd("mkdir -p '" + out + "/" + b + "'", d).exit_code, 0);
    RunResult r = run_blsim("--dtb " + tc2_dtb() + " --duration 20ms --quiet --out " + out, d);
    EXPECT_EQ(r.exit_code, 4) << r.err;
    EXPECT_NE(r.err.find("cannot write " + out + "/" + c.named + ": Is a directory"),
              std::string::npos)
        << r.err;
    // Nothing is published, and nothing is left but (some of) the folders
    // made here: a spool's clean-up removes an empty one of its name.
    RunResult ls = run_cmd("ls -A '" + out + "'", d);
    std::istringstream left(ls.out);
    for (std::string name; std::getline(left, name);)
      EXPECT_NE(std::find_if(c.blocked.begin(), c.blocked.end(),
                             [&](const char* b) { return name == b; }),
                c.blocked.end())
          << c.named << ": " << name << " left behind";
  }
}

// A run stopped by SIGINT (^C) or SIGTERM removes the spools it was
// streaming trace.txt and waves.vcd into, and dies of the signal. (blsim
// runs in the foreground of its shell, the signal comes from a watcher: a
// background job of a script inherits SIGINT ignored, and keeps it so.)
TEST(Outputs, AnInterruptedRunLeavesNoTemporaryFiles) {
  const std::string d = scratch("outputs-interrupted");
  for (const char* sig : {"INT", "TERM"}) {
    const std::string out = d + "/out-" + sig, script = d + "/run-" + sig + ".sh";
    // A hog on CPU1 for the whole run: ~30 s of host time if not stopped.
    std::ofstream(script) << "(while [ ! -e " << out << "/.trace.txt.body.tmp ] && kill -0 $$; do sleep 0.05; done;"
                          << " sleep 0.3; kill -" << sig << " $$) &\n"
                          << "exec " << blsim_bin() << " --dtb " << tc2_dtb()
                          << " --event 1ms:busy:1:599000 --cpufreq-governor ondemand"
                          << " --duration 600s --quiet --out " << out << "\n";
    RunResult r = run_cmd("sh '" + script + "'; echo $?", d);
    EXPECT_EQ(r.out, std::string(sig) == "INT" ? "130\n" : "143\n") << r.err;
    EXPECT_EQ(run_cmd("ls -A '" + out + "'", d).out, "") << sig;
  }
}

// A signal the run inherited as ignored (nohup, `trap '' HUP`) stays
// ignored: the run goes on and writes its outputs.
TEST(Outputs, AnIgnoredSignalStaysIgnored) {
  const std::string d = scratch("outputs-nohup");
  const std::string out = d + "/out";
  RunResult r = run_cmd("sh -c 'trap \"\" HUP; " + blsim_bin() + " --dtb " + tc2_dtb() +
                            " --event 1ms:busy:1:59000 --duration 60s --quiet --out " + out +
                            " & pid=$!; while [ ! -e " + out + "/.trace.txt.body.tmp ] && kill -0 $pid;"
                            " do sleep 0.05; done;"
                            " kill -HUP $pid; wait $pid; echo $?'",
                        d);
  EXPECT_EQ(r.out, "0\n") << r.err;
  EXPECT_TRUE(exists(out + "/stats.json"));
}

// Without --out blsim records nothing for stats.json (no switch log, task
// energy or statistics, and the energy models stop: sim/run.cc elaborate()). The run itself must
// not change: the kernel's log, echoed with --console and stamped with
// simulated time, is the same with and without --out, over an IKS
// workload with switches, cpuidle and cpufreq.
TEST(Outputs, RunWithoutOutSimulatesTheSame) {
  const std::string d = scratch("outputs-no-out");
  const std::string cmd = blsim_bin() + " --dtb " + tc2_dtb() +
                          " --workload /usr/share/doc/rt-app/examples/mp3-short.json"
                          " --duration 300ms --switcher iks --cpufreq-governor ondemand"
                          " --cpuidle-governor menu --console --quiet";
  const RunResult without = run_cmd(cmd, d);
  const RunResult with = run_cmd(cmd + " --out " + d + "/out", d);
  ASSERT_EQ(without.exit_code, 0) << without.err;
  ASSERT_EQ(with.exit_code, 0) << with.err;
  EXPECT_NE(with.err.find("bL_switcher"), std::string::npos) << "no switcher in the log";
  EXPECT_EQ(without.err, with.err);
  EXPECT_EQ(without.out, with.out);
}
