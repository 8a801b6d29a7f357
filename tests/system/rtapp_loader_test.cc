// SPDX-License-Identifier: GPL-2.0-only
// rtapp_loader_test.cc - the rt-app loader on the third-party corpus, on our
// own workloads, and on each bad input with its exact message.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "rtapp_examples.h"
#include "sim/workload/rtapp_loader.h"

using blsim_test::rtapp_example;

namespace {

const std::string kWorkloads = BLSIM_SOURCE_DIR "/workloads/";

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// Independent of the loader: cut the text of each task out of "tasks" with a
// hand brace matcher, then count the event keys in it with a regex (rt-app's
// event names, optionally followed by anything, as rt-app matches prefixes).
std::map<std::string, int> count_event_keys(const std::string& text) {
  std::map<std::string, int> counts;
  size_t at = text.find("\"tasks\"");
  at = text.find('{', at);
  size_t i = at + 1;
  int depth = 1;
  std::string last_string;
  size_t task_start = 0;
  std::string task_name;
  while (i < text.size() && depth > 0) {
    char c = text[i];
    if (c == '"') {
      size_t j = text.find('"', i + 1);
      last_string = text.substr(i + 1, j - i - 1);
      i = j + 1;
      continue;
    }
    if (c == '{') {
      if (depth == 1) { task_name = last_string; task_start = i; }
      depth++;
    } else if (c == '}') {
      depth--;
      if (depth == 1) {
        const std::string body = text.substr(task_start, i + 1 - task_start);
        static const std::regex ev(
            "\"(run|sleep|timer|suspend|resume|lock|unlock|wait|signal|broad|sync|barrier|"
            "mem|iorun|yield|fork)[A-Za-z0-9_]*\"\\s*:");
        counts[task_name] = static_cast<int>(std::distance(
            std::sregex_iterator(body.begin(), body.end(), ev), std::sregex_iterator()));
      }
    }
    i++;
  }
  return counts;
}

int count_events(const wl_task& t) {
  int n = 0;
  for (int p = 0; p < t.nphases; p++) n += t.phases[p].nevents;
  return n;
}

struct Loaded {
  bool ok = false;
  wl_program p{};
  std::string error;
  std::vector<std::string> warnings;
  ~Loaded() { wl_program_free(&p); }
};

void load_file(const std::string& path, Loaded* l, int ncpus = 5) {
  RtappOptions o;
  o.num_cpus = ncpus;
  l->ok = rtapp_load(path, o, &l->p, &l->error, &l->warnings);
}

void load_text(const std::string& text, Loaded* l, int ncpus = 5) {
  RtappOptions o;
  o.num_cpus = ncpus;
  l->ok = rtapp_load_text(text, "bad.json", o, &l->p, &l->error, &l->warnings);
}

void expect_error(const std::string& text, const std::string& message, int ncpus = 5) {
  Loaded l;
  load_text(text, &l, ncpus);
  EXPECT_FALSE(l.ok);
  EXPECT_EQ(l.error, message);
  EXPECT_EQ(l.p.ntasks, 0) << "nothing is loaded on error";
}

const wl_task* task(const wl_program& p, const std::string& name) {
  for (int t = 0; t < p.ntasks; t++)
    if (name == p.tasks[t].name) return &p.tasks[t];
  return nullptr;
}

void expect_counts_match(const std::string& file) {
  Loaded l;
  load_file(rtapp_example(file), &l);
  ASSERT_TRUE(l.ok) << l.error;
  const std::map<std::string, int> want = count_event_keys(slurp(rtapp_example(file)));
  ASSERT_EQ(static_cast<int>(want.size()), l.p.ntasks);
  for (const auto& w : want) {
    const wl_task* t = task(l.p, w.first);
    ASSERT_NE(t, nullptr) << w.first;
    EXPECT_EQ(count_events(*t), w.second) << file << ": task " << w.first;
    EXPECT_GT(w.second, 0);
  }
}

const std::string kBoardWarnings[] = {"ftrace", "gnuplot", "logdir", "log_basename", "lock_pages"};

void expect_board_warnings_once(const Loaded& l, const std::string& file) {
  for (const std::string& k : kBoardWarnings) {
    const std::string msg = file + ": global." + k + ": only meaningful on a real board; ignored";
    int n = 0;
    for (const std::string& w : l.warnings) n += w == msg;
    EXPECT_EQ(n, 1) << msg;
  }
}

}  // namespace

TEST(RtappLoaderCorpus, Mp3ShortEventCountsMatchTheFile) { expect_counts_match("mp3-short.json"); }

TEST(RtappLoaderCorpus, BrowserShortEventCountsMatchTheFile) {
  // browser-short.json has a trailing comma after its last task.
  ASSERT_NE(slurp(rtapp_example("browser-short.json")).find("},\n\t},"), std::string::npos);
  expect_counts_match("browser-short.json");
}

TEST(RtappLoaderCorpus, Mp3ShortKeepsFileOrder) {
  Loaded l;
  load_file(rtapp_example("mp3-short.json"), &l);
  ASSERT_TRUE(l.ok) << l.error;
  EXPECT_EQ(l.p.duration_ns, 6000000000LL);
  EXPECT_EQ(l.p.calib_cpu, 0);
  EXPECT_EQ(l.p.default_policy, WL_SCHED_OTHER);
  const wl_task* dec = task(l.p, "mp3.decoder");
  ASSERT_NE(dec, nullptr);
  ASSERT_EQ(dec->nphases, 1);
  const wl_phase& ph = dec->phases[0];
  const wl_event_kind want[] = {WL_EV_SUSPEND, WL_EV_RUN,    WL_EV_LOCK, WL_EV_SIGNAL,
                                WL_EV_WAIT,    WL_EV_UNLOCK, WL_EV_RUN};
  ASSERT_EQ(ph.nevents, 7);
  for (int i = 0; i < 7; i++) EXPECT_EQ(ph.events[i].kind, want[i]) << i;
  EXPECT_EQ(ph.events[1].duration_ns, 1000000);
  EXPECT_EQ(ph.events[6].duration_ns, 150000);
  EXPECT_EQ(ph.loop, -1);  // the task's "loop": -1 is its single phase's
  EXPECT_EQ(dec->sched.nice, -2);
  // wait {"ref": "queue", "mutex": "mutex"}: the same objects as signal and lock.
  EXPECT_EQ(ph.events[4].res, ph.events[3].res);
  EXPECT_EQ(ph.events[4].dep, ph.events[2].res);
  EXPECT_STREQ(l.p.resources[ph.events[2].res].name, "mutex");
  EXPECT_EQ(l.p.resources[ph.events[2].res].kind, WL_RES_MUTEX);

  const wl_task* out = task(l.p, "AudioOut");
  ASSERT_NE(out, nullptr);
  const wl_phase& o = out->phases[0];
  ASSERT_EQ(o.nevents, 4);
  EXPECT_EQ(o.events[0].kind, WL_EV_RUN);
  EXPECT_EQ(o.events[0].duration_ns, 275000);
  EXPECT_EQ(o.events[1].kind, WL_EV_RESUME);
  EXPECT_EQ(o.events[1].task, 2);  // AudioTrack
  EXPECT_EQ(o.events[2].duration_ns, 4725000);
  EXPECT_EQ(o.events[3].kind, WL_EV_SUSPEND);

  const wl_task* tick = task(l.p, "AudioTick");
  ASSERT_NE(tick, nullptr);
  ASSERT_EQ(tick->nphases, 2);
  EXPECT_STREQ(tick->phases[1].name, "p2");
  EXPECT_EQ(tick->phases[1].loop, 4);
  EXPECT_EQ(tick->phases[1].events[0].kind, WL_EV_TIMER);
  EXPECT_EQ(tick->phases[1].events[0].duration_ns, 6000000);
  EXPECT_EQ(tick->phases[1].events[0].res, tick->phases[0].events[1].res);  // one "tick" timer
  ASSERT_EQ(tick->ncpus, 1);
  EXPECT_EQ(tick->cpus[0], 0);
}

TEST(RtappLoaderCorpus, BoardOnlyKeysWarnOnceEach) {
  for (const char* f : {"mp3-short.json", "browser-short.json"}) {
    Loaded l;
    load_file(rtapp_example(f), &l);
    ASSERT_TRUE(l.ok) << l.error;
    expect_board_warnings_once(l, f);
  }
  // Repeated in one file, still one warning.
  Loaded l;
  load_text("{\"tasks\":{\"t\":{\"run\":1}},\"global\":{\"logdir\":\"a\",\"pi_enabled\":true},"
            "\"global\":{\"logdir\":\"b\"}}", &l);
  ASSERT_TRUE(l.ok) << l.error;
  int n = 0;
  for (const std::string& w : l.warnings) n += w.find("logdir") != std::string::npos;
  EXPECT_EQ(n, 1);
}

TEST(RtappLoaderCorpus, BrowserSuspendQueuesAreNotTasks) {
  // "resume": "Browser" wakes whoever did "suspend": "Browser"; no task has that name.
  Loaded l;
  load_file(rtapp_example("browser-short.json"), &l);
  ASSERT_TRUE(l.ok) << l.error;
  const wl_event& e = task(l.p, "BrowserMain")->phases[0].events[2];
  EXPECT_EQ(e.kind, WL_EV_RESUME);
  EXPECT_EQ(e.task, -1);
  EXPECT_STREQ(l.p.resources[e.res].name, "Browser");
  EXPECT_EQ(e.res, task(l.p, "BrowserDisplay")->phases[0].events[0].res);
}

TEST(RtappLoaderOwn, WorkloadsLoadWithoutWarnings) {
  for (const char* f : {"idle.json", "periodic-light.json", "bursty.json", "all-big-busy.json"}) {
    Loaded l;
    load_file(kWorkloads + f, &l);
    ASSERT_TRUE(l.ok) << l.error;
    EXPECT_TRUE(l.warnings.empty()) << f << ": " << l.warnings.front();
    EXPECT_EQ(l.p.duration_ns, 0) << f;
  }
  Loaded p;
  load_file(kWorkloads + "periodic-light.json", &p);
  const wl_phase& ph = p.p.tasks[0].phases[0];
  ASSERT_EQ(ph.nevents, 2);
  EXPECT_EQ(ph.events[0].kind, WL_EV_RUN);
  EXPECT_EQ(ph.events[0].duration_ns, 2000000);
  EXPECT_EQ(ph.events[1].kind, WL_EV_TIMER);
  EXPECT_EQ(ph.events[1].duration_ns, 10000000);
  Loaded b;
  load_file(kWorkloads + "bursty.json", &b);
  ASSERT_EQ(b.p.tasks[0].nphases, 3);
  EXPECT_EQ(b.p.tasks[0].phases[1].events[0].kind, WL_EV_SLEEP);
  Loaded a;
  load_file(kWorkloads + "all-big-busy.json", &a);
  EXPECT_EQ(a.p.tasks[0].instances, 2);
}

TEST(RtappLoaderLeniency, TrailingCommasAndComments) {
  Loaded l;
  load_text("{ \"tasks\" : { \"t\" : { \"cpus\": [0, 1,], /* c */ \"run\" : 10, // x\n"
            " \"sleep\" : 5, /* , */ }, }, }\n", &l);
  ASSERT_TRUE(l.ok) << l.error;
  ASSERT_EQ(l.p.tasks[0].phases[0].nevents, 2);
  EXPECT_EQ(l.p.tasks[0].ncpus, 2);
  EXPECT_EQ(l.p.tasks[0].phases[0].events[1].duration_ns, 5000);
}

TEST(RtappLoaderLeniency, RepeatedAndNumberedKeysAreEventsInOrder) {
  Loaded l;
  load_text("{\"tasks\":{\"t\":{\"run\":1,\"sleep\":2,\"run\":3,\"run0\":4,\"timer0\":"
            "{\"ref\":\"unique\",\"period\":20000,\"mode\":\"absolute\"},\"broadcast\":\"c\","
            "\"runtime\":7,\"running\":8}}}", &l);
  ASSERT_TRUE(l.ok) << l.error;
  const wl_phase& ph = l.p.tasks[0].phases[0];
  ASSERT_EQ(ph.nevents, 8);
  const wl_event_kind want[] = {WL_EV_RUN, WL_EV_SLEEP, WL_EV_RUN, WL_EV_RUN,
                                WL_EV_TIMER, WL_EV_BROADCAST, WL_EV_RUNTIME, WL_EV_RUN};
  for (int i = 0; i < 8; i++) EXPECT_EQ(ph.events[i].kind, want[i]) << i;
  for (int i = 0; i < 4; i++) EXPECT_EQ(ph.events[i].duration_ns, (i + 1) * 1000);
  EXPECT_STREQ(ph.events[3].key, "run0");
  EXPECT_EQ(ph.events[4].timer_mode, WL_TIMER_ABSOLUTE);
  EXPECT_EQ(l.p.resources[ph.events[4].res].owner_task, 0);
  EXPECT_EQ(l.p.resources[ph.events[4].res].absolute, 1);
  ASSERT_EQ(l.warnings.size(), 1u);
  EXPECT_EQ(l.warnings[0],
            "bad.json: tasks.t.running: read as a \"run\" event (rt-app matches event keys by prefix)");
}

TEST(RtappLoaderLeniency, BareSuspendIsOnTheTasksName) {
  Loaded l;
  load_text("{\"tasks\":{\"a\":{\"suspend\",\"run\":1},\"b\":{\"resume\":\"a\",\"suspend\" : \"\","
            "\"run\":2}}}", &l);
  ASSERT_TRUE(l.ok) << l.error;
  EXPECT_STREQ(l.p.resources[l.p.tasks[0].phases[0].events[0].res].name, "a");
  EXPECT_STREQ(l.p.resources[l.p.tasks[1].phases[0].events[1].res].name, "b");
  EXPECT_EQ(l.p.tasks[1].phases[0].events[0].task, 0);
}

TEST(RtappLoaderLeniency, SchedulingAndLoops) {
  Loaded l;
  load_text("{\"tasks\":{\"rt\":{\"policy\":\"SCHED_FIFO\",\"priority\":50,\"instance\":3,"
            "\"delay\":100,\"run\":1},"
            "\"dl\":{\"policy\":\"SCHED_DEADLINE\",\"dl-runtime\":1000,\"dl-period\":10000,"
            "\"loop\":5,\"phases\":{\"a\":{\"run\":1},\"b\":{\"policy\":\"SCHED_OTHER\","
            "\"priority\":5,\"cpus\":[4],\"run\":2}}}}}", &l);
  ASSERT_TRUE(l.ok) << l.error;
  const wl_task& rt = l.p.tasks[0];
  EXPECT_EQ(rt.sched.policy, WL_SCHED_FIFO);
  EXPECT_EQ(rt.sched.priority, 50);
  EXPECT_EQ(rt.instances, 3);
  EXPECT_EQ(rt.delay_ns, 100000);
  EXPECT_EQ(rt.loop, -1);
  EXPECT_EQ(rt.phases[0].loop, 1);
  const wl_task& dl = l.p.tasks[1];
  EXPECT_EQ(dl.sched.dl_runtime_ns, 1000000);
  EXPECT_EQ(dl.sched.dl_period_ns, 10000000);
  EXPECT_EQ(dl.sched.dl_deadline_ns, 10000000);
  EXPECT_EQ(dl.loop, 5);
  EXPECT_EQ(dl.phases[0].sched_set, 0u);
  EXPECT_EQ(dl.phases[1].sched_set, WL_SCHED_SET_POLICY | WL_SCHED_SET_PRIO);
  EXPECT_EQ(dl.phases[1].sched.nice, 5);
  ASSERT_EQ(dl.phases[1].ncpus, 1);
  EXPECT_EQ(dl.phases[1].cpus[0], 4);
}

TEST(RtappLoaderErrors, NotJsonGivesLineAndColumn) {
  expect_error("{\n  \"tasks\" : {\n    \"t\" : { \"run\" 10 }\n  }\n}\n",
               "bad.json:3:21: not JSON: object key and value must be separated by a colon (':')");
  expect_error("{ \"tasks\": { \"t\": { \"run\": 10 ",
               "bad.json:1:31: not JSON: premature EOF");
  expect_error("", "bad.json:1:1: not JSON: empty file");
}

TEST(RtappLoaderErrors, UnknownEventKey) {
  expect_error("{\"tasks\":{\"thread0\":{\"phases\":{\"p1\":{\"run\":10,\"rnu\":10}}}}}",
               "bad.json: tasks.thread0.phases.p1.rnu: unknown event key");
  expect_error("{\"tasks\":{\"thread0\":{\"run\":10,\"sleeep\":10}}}",
               "bad.json: tasks.thread0.sleeep: unknown event key");
}

TEST(RtappLoaderErrors, NonPositiveTimes) {
  expect_error("{\"tasks\":{\"t\":{\"run\":-5}}}",
               "bad.json: tasks.t.run: must be a positive time in microseconds (got -5)");
  expect_error("{\"tasks\":{\"t\":{\"run\":10,\"sleep\":1,\"sleep\":-1}}}",
               "bad.json: tasks.t.sleep#2: must be a positive time in microseconds (got -1)");
  expect_error("{\"tasks\":{\"t\":{\"phases\":{\"p\":{\"run\":1,\"timer\":{\"ref\":\"x\",\"period\":0}}}}}}",
               "bad.json: tasks.t.phases.p.timer.period: must be a positive time in microseconds (got 0)");
  expect_error("{\"tasks\":{\"t\":{\"run\":1}},\"global\":{\"duration\":0}}",
               "bad.json: global.duration: must be a positive number of seconds, or -1 (got 0)");
}

TEST(RtappLoaderErrors, ResumeOfAMissingTask) {
  expect_error("{\"tasks\":{\"a\":{\"run\":1,\"resume\":\"ghost\"},\"b\":{\"suspend\":\"b\",\"run\":1}}}",
               "bad.json: tasks.a.resume: resume of \"ghost\": no task and no suspend of that name");
}

TEST(RtappLoaderErrors, UnlockOfAMutexNeverLocked) {
  expect_error("{\"tasks\":{\"a\":{\"lock\":\"m\",\"run\":1,\"unlock\":\"m\"},"
               "\"b\":{\"run\":1,\"unlock\":\"m\"}}}",
               "bad.json: tasks.b.unlock: unlock of mutex \"m\" that task \"b\" never locks");
}

TEST(RtappLoaderErrors, CpuThePlatformLacks) {
  expect_error("{\"tasks\":{\"t\":{\"cpus\":[0,7],\"run\":1}}}",
               "bad.json: tasks.t.cpus: CPU 7 does not exist (the platform has 5 CPUs: 0-4)");
  expect_error("{\"tasks\":{\"t\":{\"phases\":{\"p\":{\"cpus\":[2],\"run\":1}}}}}",
               "bad.json: tasks.t.phases.p.cpus: CPU 2 does not exist (the platform has 2 CPUs: 0-1)", 2);
  expect_error("{\"tasks\":{\"t\":{\"run\":1}},\"global\":{\"calibration\":\"CPU9\"}}",
               "bad.json: global.calibration: CPU 9 does not exist (the platform has 5 CPUs: 0-4)");
}

TEST(RtappLoaderErrors, UnknownPolicy) {
  const std::string tail =
      " (expected SCHED_OTHER, SCHED_IDLE, SCHED_FIFO, SCHED_RR or SCHED_DEADLINE)";
  expect_error("{\"tasks\":{\"t\":{\"policy\":\"SCHED_BATCH\",\"run\":1}}}",
               "bad.json: tasks.t.policy: unknown policy \"SCHED_BATCH\"" + tail);
  expect_error("{\"tasks\":{\"t\":{\"run\":1}},\"global\":{\"default_policy\":\"FIFO\"}}",
               "bad.json: global.default_policy: unknown policy \"FIFO\"" + tail);
}

TEST(RtappLoaderErrors, OtherStructuralErrors) {
  expect_error("[1]", "bad.json: the top level must be an object, not an array");
  expect_error("{\"global\":{}}", "bad.json: no \"tasks\" object");
  expect_error("{\"tasks\":{\"t\":{\"phases\":{\"p\":{\"loop\":2}}}}}",
               "bad.json: tasks.t.phases.p: no events (rt-app refuses a phase without events)");
  expect_error("{\"tasks\":{\"t\":{\"run\":\"10\"}}}",
               "bad.json: tasks.t.run: must be an integer number of microseconds, not a string");
  expect_error("{\"tasks\":{\"t\":{\"run\":1,\"fork\":\"nobody\"}}}",
               "bad.json: tasks.t.fork: fork of \"nobody\": no such task");
  expect_error("{\"tasks\":{\"t\":{\"policy\":\"SCHED_FIFO\",\"priority\":0,\"run\":1}}}",
               "bad.json: tasks.t.priority: must be 1..99 for SCHED_FIFO (got 0)");
  expect_error("{\"tasks\":{\"t\":{\"run\":1,\"wait\":{\"ref\":\"q\"}}}}",
               "bad.json: tasks.t.wait: missing \"mutex\"");
}

TEST(RtappLoaderErrors, MissingFile) {
  Loaded l;
  load_file("/nonexistent/x.json", &l);
  EXPECT_FALSE(l.ok);
  EXPECT_EQ(l.error, "x.json: cannot read: No such file or directory");
}

// Nesting far beyond rt-app's grammar stops the parse with the depth named,
// before a tree deep enough to overflow the stack when freed is built.
TEST(RtappLoaderErrors, NestingTooDeep) {
  const std::string head = "{\"tasks\":{\"t\":{\"run\":100}},\"z\":";
  expect_error(head + std::string(500000, '[') + std::string(500000, ']') + "}",
               "bad.json:1:96: too deep: arrays and objects nested more than 64 levels "
               "(rt-app's grammar needs 5)");
  // 64 levels (the root object and 63 arrays) still parse: the error is
  // about the workload, not the depth.
  Loaded l;
  load_text(head + std::string(63, '[') + std::string(63, ']') + "}", &l);
  EXPECT_EQ(l.error.find("too deep"), std::string::npos) << l.error;
}

namespace {

// Repeats are numbered while parsing (linear loading): the n-th copy of a
// key is key#n in messages, however many copies there are, and every copy
// is an event in file order.
TEST(RtappLoaderRepeats, ManyCopiesNumberedInOrder) {
  std::string text = "{\"tasks\":{\"t\":{\"loop\":1";
  for (int i = 1; i <= 5000; i++) text += ",\"run\":" + std::to_string(i) + ",\"sleep\":1";
  text += ",\"sleep\":-7}}}";
  expect_error(text, "bad.json: tasks.t.sleep#5001: must be a positive time in microseconds (got -7)");
  Loaded l;
  load_text(text.substr(0, text.size() - std::string(",\"sleep\":-7}}}").size()) + "}}}", &l);
  ASSERT_TRUE(l.ok) << l.error;
  ASSERT_EQ(l.p.tasks[0].phases[0].nevents, 10000);
  EXPECT_EQ(l.p.tasks[0].phases[0].events[9998].duration_ns, 5000 * 1000);
}

// rt-app 1.0 reads "sleep": 0 (template.json) as a nanosleep of nothing.
TEST(RtappLoaderRtapp10, SleepOfZero) {
  Loaded l;
  load_text("{\"tasks\":{\"t\":{\"run\":10,\"sleep\":0}}}", &l);
  ASSERT_TRUE(l.ok) << l.error;
  EXPECT_EQ(l.p.tasks[0].phases[0].events[1].kind, WL_EV_SLEEP);
  EXPECT_EQ(l.p.tasks[0].phases[0].events[1].duration_ns, 0);
}

// The pre-1.0 grammar is skipped as rt-app 1.0 skips it; a thread left
// without events spins (a 2 us run per loop); without pre-1.0 keys an
// eventless phase is still refused.
TEST(RtappLoaderRtapp10, PreOneZeroKeysAreSkipped) {
  Loaded l;
  load_text("{\"tasks\":{\"A\":{\"exec\":5000,\"period\":24000,\"lock_order\":[\"r0\"],"
            "\"resources\":{\"r0\":{\"duration\":1000}}},"
            "\"B\":{\"phases\":{\"p\":{\"exec\":300,\"sleep\":false,\"run\":7}}}}}", &l);
  ASSERT_TRUE(l.ok) << l.error;
  const wl_phase& a = l.p.tasks[0].phases[0];
  ASSERT_EQ(a.nevents, 1);
  EXPECT_EQ(a.events[0].kind, WL_EV_RUN);
  EXPECT_EQ(a.events[0].duration_ns, 2000);
  const wl_phase& b = l.p.tasks[1].phases[0];
  ASSERT_EQ(b.nevents, 1);
  EXPECT_EQ(b.events[0].duration_ns, 7000);
  bool warned = false;
  for (const std::string& w : l.warnings)
    warned = warned || w == "bad.json: tasks.A.exec: rt-app's grammar before 1.0, which rt-app "
                            "1.0 ignores; ignored";
  EXPECT_TRUE(warned);
  expect_error("{\"tasks\":{\"t\":{\"phases\":{\"p\":{\"loop\":2}}}}}",
               "bad.json: tasks.t.phases.p: no events (rt-app refuses a phase without events)");
}

// --workload repeated: later files add top-level keys, or members to an
// earlier object, replacing a member of the same name (merge.py).
TEST(RtappLoaderMerge, LaterFilesAddAndReplaceMembers) {
  const std::string d = std::string(BLSIM_BUILD_DIR) + "/test-scratch/rtapp-merge";
  ASSERT_EQ(std::system(("rm -rf '" + d + "' && mkdir -p '" + d + "'").c_str()), 0);
  std::ofstream(d + "/g.json") << "{\"global\":{\"duration\":3}}";
  std::ofstream(d + "/a.json") << "{\"tasks\":{\"a\":{\"run\":1},\"b\":{\"run\":2}}}";
  std::ofstream(d + "/b.json") << "{\"tasks\":{\"b\":{\"run\":20},\"c\":{\"run\":3}}}";
  Loaded l;
  RtappOptions o;
  l.ok = rtapp_load_files({d + "/g.json", d + "/a.json", d + "/b.json"}, o, &l.p, &l.error,
                          &l.warnings);
  ASSERT_TRUE(l.ok) << l.error;
  EXPECT_STREQ(l.p.source, "g.json+a.json+b.json");
  EXPECT_EQ(l.p.duration_ns, 3000000000LL);
  ASSERT_EQ(l.p.ntasks, 3);
  EXPECT_STREQ(l.p.tasks[1].name, "b");
  EXPECT_EQ(l.p.tasks[1].phases[0].events[0].duration_ns, 20000);
  EXPECT_STREQ(l.p.tasks[2].name, "c");
  ASSERT_FALSE(l.warnings.empty());
  EXPECT_EQ(l.warnings[0], "b.json: tasks.b: replaces the one of an earlier file");
  // An error in one file names that file.
  std::ofstream(d + "/bad.json") << "{\"tasks\": [}";
  Loaded e;
  EXPECT_FALSE(rtapp_load_files({d + "/a.json", d + "/bad.json"}, o, &e.p, &e.error, &e.warnings));
  EXPECT_EQ(e.error.rfind("bad.json:1:", 0), 0u) << e.error;
}

}  // namespace
