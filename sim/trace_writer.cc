// SPDX-License-Identifier: GPL-2.0-only
#include "sim/trace_writer.h"

#include <systemc>

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <unordered_map>

#include <fnmatch.h>

#include "models/common/sim_now.h"
#include "sim/literal_index.h"
#include "sim/platform.h"
#include "sim/trace_args.h"

namespace {

// Every event blsim writes, with its ftrace system (set_event's names).
// The rt-app markers are ftrace's print event, which the text shows under
// the name of the function that wrote it, tracing_mark_write.
struct EventName {
  const char *system, *name, *text;
};
const EventName kEvents[] = {
    {"power", "cpu_idle", "cpu_idle"},
    {"power", "cpu_frequency", "cpu_frequency"},
    {"power", "cpu_migrate_begin", "cpu_migrate_begin"},
    {"power", "cpu_migrate_finish", "cpu_migrate_finish"},
    {"power", "cpu_migrate_current", "cpu_migrate_current"},
    {"power", "power_domain_target", "power_domain_target"},
    {"sched", "sched_switch", "sched_switch"},
    {"sched", "sched_waking", "sched_waking"},
    {"sched", "sched_wakeup", "sched_wakeup"},
    {"sched", "sched_wakeup_new", "sched_wakeup_new"},
    {"sched", "sched_migrate_task", "sched_migrate_task"},
    {"ftrace", "print", "tracing_mark_write"},
    // blsim's own, where upstream has no event (EAS, docs/fidelity-eas.md).
    {"blsim", "blsim_sched_migrate_reason", "blsim_sched_migrate_reason"},
    {"blsim", "blsim_eas_wakeup", "blsim_eas_wakeup"},
    {"blsim", "blsim_eas_overutilized", "blsim_eas_overutilized"},
};
const size_t kNrEvents = sizeof kEvents / sizeof *kEvents;

// A lookup per event line: by hash, not a strcmp per table row.
int event_index(std::string_view text_name) {
  static const std::unordered_map<std::string_view, int> by_name = [] {
    std::unordered_map<std::string_view, int> m;
    for (size_t i = 0; i < kNrEvents; ++i) m.emplace(kEvents[i].text, static_cast<int>(i));
    return m;
  }();
  const auto it = by_name.find(text_name);
  return it == by_name.end() ? -1 : it->second;
}

// event_index() for a kernel event's name, a literal (hw.h, so also a C
// string): by its address first (sim/literal_index.h).
int event_of(std::string_view name) {
  return index_by_literal(name.data(), event_index, [](int i) { return kEvents[i].text; });
}

// Does set_event entry pat name event e? "NAME", "SYSTEM:NAME", "SYSTEM"
// alone (all its events), each part a shell glob; the markers answer to
// their text name too.
bool entry_matches(const std::string& pat, const EventName& e) {
  auto glob = [](const std::string& p, const char* s) { return fnmatch(p.c_str(), s, 0) == 0; };
  const size_t colon = pat.find(':');
  if (colon != std::string::npos)
    return glob(pat.substr(0, colon), e.system) &&
           (colon + 1 == pat.size() || glob(pat.substr(colon + 1), e.name));
  return glob(pat, e.name) || glob(pat, e.text) || glob(pat, e.system);
}

uint64_t now_ns() { return sim_now().value() / 1000; }

// power_domain_target's fields, for a core's and a cluster's domain.
const char* const kCoreLine = "name=core%u state=%u cpu_id=%u";
const char* const kClusterLine = "name=cluster%u state=%u cpu_id=%u";

// irq-info flags are not modelled: the events raised on the idle and
// power-management paths (cpu_idle, power_domain_target) run with IRQs off
// at preempt depth 1 in the kernel, so they print d..1; the rest print ....
const char* flags_for(const char* event) {
  if (!strcmp(event, "cpu_idle") || !strcmp(event, "power_domain_target")) return "d..1";
  return "....";
}

// trace.dat's format of each event in kEvents, by index (-1: none).
int dat_format_of(int event) {
  static const std::vector<int> by_index = [] {
    std::vector<int> v;
    for (const EventName& e : kEvents) v.push_back(TraceDat::format_index(e.text));
    return v;
  }();
  return by_index[static_cast<size_t>(event)];
}

// flags_for() of each event in kEvents, by index: asked at every line.
const char* flags_of(int event) {
  static const std::vector<const char*> by_index = [] {
    std::vector<const char*> v;
    for (const EventName& e : kEvents) v.push_back(flags_for(e.text));
    return v;
  }();
  return by_index[static_cast<size_t>(event)];
}

// Decimal digits of v at p, in at least `width` characters padded on the
// left with `pad` ('0' or ' '), as printf's %0Nu / %Nu. Returns the end.
char* put_u(char* p, uint64_t v, int width = 0, char pad = ' ') {
  char d[24];
  int n = 0;
  do {
    d[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v);
  for (int i = n; i < width; ++i) *p++ = pad;
  while (n) *p++ = d[--n];
  return p;
}

void put_u(std::string& s, uint64_t v) {
  char d[24];
  s.append(d, static_cast<size_t>(put_u(d, v) - d));
}

// The two digits of each number below 100: the timestamp's microseconds
// and the CPU column are made two digits at a time.
constexpr std::array<char, 200> kTwoDigits = [] {
  std::array<char, 200> d{};
  for (int i = 0; i < 100; ++i) {
    d[2 * i] = static_cast<char>('0' + i / 10);
    d[2 * i + 1] = static_cast<char>('0' + i % 10);
  }
  return d;
}();

char* put_2(char* p, unsigned v) {  // v < 100, as %02u
  std::memcpy(p, &kTwoDigits[2 * v], 2);
  return p + 2;
}

// kernel/trace/trace_output.c: "%16s-%-5d [%03d] " then the lat flags,
// then " %5lu.%06lu: " with the time rounded to microseconds (ns2usecs).
// Made in two parts: the prefix, up to the space before the time, which a
// CPU column's lines mostly repeat (TraceWriter::prefix()), then the time.
// The whole head is what snprintf into a 96-byte buffer would make (so at
// most 95 characters; only a comm of ~50 characters would reach that).
// The padding is written whole first and the text over it (a line's head
// is made ~90k times a simulated second, and character loops were half
// its cost).
constexpr size_t kHeadRoom = 192;  // the comm (<= 95), and at most 90 more
constexpr size_t kHeadMax = 95;

// The prefix at p (room for kHeadRoom); returns its end.
char* put_prefix(char* p, unsigned cpu, const char* comm, int pid, const char* flags) {
  const size_t comm_len = strnlen(comm, kHeadMax);
  std::memset(p, ' ', 16);  // %16s: right-aligned
  if (comm_len < 16) p += 16 - comm_len;
  std::memcpy(p, comm, comm_len);
  p += comm_len;
  *p++ = '-';
  char* const pid_at = p;
  std::memset(p, ' ', 8);  // %-5d: left-aligned
  if (pid < 0) {
    *p++ = '-';
    p = put_u(p, static_cast<uint64_t>(-static_cast<int64_t>(pid)));
  } else {
    p = put_u(p, static_cast<uint64_t>(pid));
  }
  if (p - pid_at < 5) p = pid_at + 5;
  *p++ = ' ';
  *p++ = '[';
  if (cpu < 1000) {
    *p++ = static_cast<char>('0' + cpu / 100);
    p = put_2(p, cpu % 100);
  } else {
    p = put_u(p, cpu, 3, '0');
  }
  *p++ = ']';
  *p++ = ' ';
  const size_t flags_len = strnlen(flags, 8);
  std::memcpy(p, flags, flags_len);
  p += flags_len;
  *p++ = ' ';
  return p;
}

// The time after the prefix, at p: "%5lu.%06lu: " of the microseconds.
char* put_time(char* p, uint64_t ns) {
  const uint64_t us = (ns + 500) / 1000;
  const uint64_t s = us / 1000000;
  if (s < 100) {  // a run's first 100 s: "   ss", without put_u's loops
    std::memcpy(p, "    ", 4);
    if (s < 10) p[4] = static_cast<char>('0' + s);
    else put_2(p + 3, static_cast<unsigned>(s));
    p += 5;
  } else {
    p = put_u(p, s, 5, ' ');
  }
  *p++ = '.';
  const unsigned frac = static_cast<unsigned>(us % 1000000);  // %06lu
  p = put_2(p, frac / 10000);
  p = put_2(p, frac / 100 % 100);
  p = put_2(p, frac % 100);
  *p++ = ':';
  *p++ = ' ';
  return p;
}

// The head at buf after its prefix of prefix_len bytes there; returns its
// length.
size_t put_head_after(char* buf, size_t prefix_len, uint64_t ns) {
  return std::min<size_t>(static_cast<size_t>(put_time(buf + prefix_len, ns) - buf), kHeadMax);
}

// The rest of a line of trace.txt after its head of head_len bytes at
// buf, without the newline: the event's name, ": " and the fields, if the
// whole fits in room (>= kHeadRoom); returns its length, written or not
// (the caller then gives more room).
size_t put_rest(char* buf, size_t room, size_t head_len, std::string_view event,
                std::string_view fields) {
  const size_t n = head_len + event.size() + 2 + fields.size();
  if (n > room) return n;
  char* p = std::copy(event.begin(), event.end(), buf + head_len);
  *p++ = ':';
  *p++ = ' ';
  std::copy(fields.begin(), fields.end(), p);
  return n;
}

}  // namespace

// The writer thread (sim/writer_thread.h) formats both files from the
// records line() appends; nothing of out_, dat_, lines_ or held_ is
// touched by the simulation thread until finish().
bool TraceWriter::open(const std::string& dir) {
  if (!out_.open(dir, "trace.txt") || !dat_.open(dir)) return false;
  writer_.start([this](std::string_view chunk) { write_chunk(chunk); });
  return true;
}

std::vector<std::string> TraceWriter::event_names() {
  std::vector<std::string> v;
  for (const EventName& e : kEvents) v.push_back(std::string(e.system) + ":" + e.name);
  return v;
}

bool TraceWriter::set_events(const std::string& list, std::string* why) {
  off_.assign(kNrEvents, !list.empty());
  size_t p = 0;
  while (!list.empty() && p <= list.size()) {
    size_t e = list.find(',', p);
    if (e == std::string::npos) e = list.size();
    const std::string pat = list.substr(p, e - p);
    p = e + 1;
    bool any = false;
    for (size_t i = 0; i < kNrEvents; ++i)
      if (!pat.empty() && entry_matches(pat, kEvents[i])) off_[i] = !(any = true);
    if (!any) {
      *why = pat.empty() ? "an empty event name" : "'" + pat + "' names no event blsim writes";
      return false;
    }
  }
  return true;
}

// Where each logical CPU is (the switcher moves them): every event but
// cpu_migrate_current, which the switcher raises for all CPUs from one,
// runs on the CPU it names.
void TraceWriter::note_cpu(int ev, unsigned cpu, unsigned core) {
  static const int migrate_current = event_index("cpu_migrate_current");
  if (ev == migrate_current) return;
  if (cpu >= core_of_cpu_.size()) core_of_cpu_.resize(cpu + 1, -1);
  core_of_cpu_[cpu] = static_cast<int>(core);
}

void TraceWriter::add(const TraceRecord& r) {
  if (!writer_.running()) return;
  static const int frequency = event_index("cpu_frequency");
  const int ev = event_of(r.event);
  note_cpu(ev, r.cpu, r.core);
  const int decides = ev == frequency ? kernel_reports(r.fmt, r.fields, r.cpu) : -1;
  line(r.ns, r.cpu, r.comm, r.pid, ev, r.fields, -1, r.fmt, decides);
}

// A kernel cpu_frequency line, its fields packed for fmt (else text, fmt
// null), made on CPU cpu: the cluster it reports for, that of the CPU its
// cpu_id names (not of the CPU that made the change), whose frequency is
// the kernel's to report from now on (kernel_freq()); -1 for none. The
// number is read from the packed arguments where their text is sure
// (packed_decimal_after()), else from the text (rare: no kernel format).
int TraceWriter::kernel_reports(const char* fmt, std::string_view fields, unsigned cpu) {
  unsigned long long cpu_id;
  if (!fmt || !packed_decimal_after(fmt, fields, "cpu_id=", &cpu_id)) {
    const std::string text = trace_fields_text(fmt, fields);
    const char* id = strstr(text.c_str(), "cpu_id=");
    cpu_id = id ? strtoul(id + 7, nullptr, 10) : cpu;
  }
  const unsigned core = core_of_cpu(static_cast<unsigned>(cpu_id));
  if (core >= cluster_of_core_.size()) return -1;
  const unsigned cl = static_cast<unsigned>(cluster_of_core_[core]);
  if (cl >= kernel_freq_.size()) kernel_freq_.resize(cl + 1, false);
  kernel_freq_[cl] = true;
  return static_cast<int>(cl);
}

// The writer thread's records, each starting with its kind. A line:
// LineHead, then the comm and the fields, each with its NUL (the thread
// formats from them in place); with fmt set, the fields are its packed
// arguments (sim/trace_args.h), and the thread prints them first. A
// power_domain_target line (two-thirds of all lines): PowerHead alone,
// 16 bytes against a line's 80, the rest of the line being the same for
// all (a number too large for its field goes as a line instead).
enum : uint8_t { kLineRecord, kPowerRecord };

struct TraceWriter::LineHead {
  uint8_t kind;  // kLineRecord
  int32_t event;  // index in kEvents
  const char* fmt;  // a string literal of the kernel model: it outlives the run
  uint64_t ns;
  uint32_t cpu;
  int32_t pid;
  int32_t held;
  int32_t decides;  // a kernel cpu_frequency line: the cluster it reports for; else -1
  uint32_t comm_len, fields_len;
};

struct TraceWriter::PowerHead {
  uint8_t kind;     // kPowerRecord
  uint8_t cluster;  // a cluster's line (kClusterLine), else a core's (kCoreLine)
  uint16_t id;      // of the core or the cluster
  uint16_t state, cpu;
  uint64_t ps;      // SystemC's time
};

// A power_domain_target line's record head: the idle task's, its fields
// fmt's three numbers packed (power_line()). Both ways of recording the
// line make it here: write_chunk() from a PowerHead, and
// power_line_as_line().
namespace {
constexpr char kIdleComm[] = "<idle>";
}  // namespace

TraceWriter::LineHead TraceWriter::power_head(const char* fmt, uint64_t ns, unsigned cpu) {
  static const int ev = event_index("power_domain_target");
  return {kLineRecord, ev, fmt, ns, cpu, 0, -1, -1, sizeof kIdleComm - 1, 3 * sizeof(int64_t)};
}

void TraceWriter::line(uint64_t ns, unsigned cpu, std::string_view comm, int pid,
                       std::string_view event, std::string_view fields, int held) {
  line(ns, cpu, comm, pid, event_index(event), fields, held);
}

void TraceWriter::line(uint64_t ns, unsigned cpu, std::string_view comm, int pid, int ev,
                       std::string_view fields, int held, const char* fmt, int decides) {
  if (!wanted(ev) || !writer_.running()) return;
  const LineHead h = {kLineRecord, ev, fmt, ns, cpu, pid, held, decides,
                      static_cast<uint32_t>(comm.size()), static_cast<uint32_t>(fields.size())};
  char* p = writer_.claim(sizeof h + comm.size() + 1 + fields.size() + 1);
  std::memcpy(p, &h, sizeof h);
  p += sizeof h;
  p = std::copy(comm.begin(), comm.end(), p);
  *p++ = '\0';
  p = std::copy(fields.begin(), fields.end(), p);
  *p = '\0';
  writer_.commit();
}

// The same line as add() makes of the TraceRecord hw_trace_event would
// fill, without it: the arguments packed in the chunk, after the comm,
// and the room they did not take given back. A kernel frequency change
// is packed even when not wanted: the cluster it reports for is read
// from it (kernel_reports()).
void TraceWriter::kernel_event(uint64_t ns, unsigned cpu, unsigned core, const char* comm, int pid,
                               const char* event, const char* fmt, va_list ap) {
  if (!writer_.running()) return;
  static const int frequency = event_index("cpu_frequency");
  const int ev = event_of(event);
  note_cpu(ev, cpu, core);
  const bool want = wanted(ev);
  if (!want && ev != frequency) return;
  // A chunk keeps 4 KiB past its hand-over size (sim/writer_thread.h): a
  // claim this size, comms being at most 15 characters, never grows it.
  const size_t comm_len = std::strlen(comm), room = kTraceArgsMax;
  LineHead h = {kLineRecord, ev, fmt, ns, cpu, pid, -1, -1, static_cast<uint32_t>(comm_len), 0};
  const size_t claimed = sizeof h + comm_len + 1 + room + 1;
  char* const p = writer_.claim(claimed);
  char* const fields = p + sizeof h + comm_len + 1;
  long n = pack_trace_args_into(fmt, ap, fields);
  if (n < 0) {  // a format or argument the packing cannot keep: its text, as add() gets it
    h.fmt = nullptr;
    n = static_cast<long>(print_trace_fields(fmt, ap, fields));
  }
  if (ev == frequency) h.decides = kernel_reports(h.fmt, {fields, static_cast<size_t>(n)}, cpu);
  if (!want) {
    writer_.unclaim(claimed);
    return;
  }
  h.fields_len = static_cast<uint32_t>(n);
  std::memcpy(p, &h, sizeof h);
  std::memcpy(p + sizeof h, comm, comm_len + 1);
  fields[n] = '\0';
  writer_.unclaim(room - static_cast<size_t>(n));
  writer_.commit();
}

// The fields fmt prints for the packed arguments args of event ev, with
// trace.dat's record for them. Most lines print one of a few texts from
// the same arguments (a core's power_domain_target, a CPU's cpu_idle), so
// the texts are remembered by event, format and arguments (sim/text_memo.h):
// printing them again was a tenth of the writer thread's work, and
// looking each text up again for its record a twentieth. (The event is
// part of the key: a format can serve several, cpu_migrate_begin and
// _finish, each with a record of its own.)
TraceWriter::Printed& TraceWriter::printed(int ev, const char* fmt, std::string_view args) {
  const PrintedKey key = {fmt, ev};
  bool held;
  auto& s = printed_.slot(key, args, &held);
  if (held) return s.value;
  Printed& p = s.fill(key, args);
  p.text.clear();
  render_trace_fields(fmt, args, p.text);
  p.dat.format = -1;
  return p;
}

// The head before the time of a line on CPU column cpu, of a comm of
// comm_len bytes: remembered for the last few (comm, pid, flags) of each
// column (a column's lines mostly repeat a few: the idle task's
// power_domain_target and cpu_idle, a task's sched_switch), and made again
// for another.
std::string_view TraceWriter::prefix(unsigned cpu, const char* comm, size_t comm_len, int pid,
                                     const char* flags) {
  static_assert(sizeof(Prefix::text) >= kHeadRoom, "room for put_prefix()");
  if (cpu >= prefixes_.size()) prefixes_.resize(cpu + 1);
  PrefixSet& set = prefixes_[cpu];
  for (Prefix& x : set.ways)
    if (x.len && x.pid == pid && x.flags == flags && x.comm_len == comm_len &&
        !std::memcmp(x.comm, comm, comm_len))
      return {x.text, x.len};
  Prefix& x = set.ways[set.next++ % kPrefixWays];
  x.len = 0;
  const size_t len = static_cast<size_t>(put_prefix(x.text, cpu, comm, pid, flags) - x.text);
  if (comm_len < sizeof x.comm && std::strlen(comm) == comm_len) {  // else not kept
    x.pid = pid;
    x.flags = flags;
    x.comm_len = comm_len;
    std::memcpy(x.comm, comm, comm_len);
    x.len = len;
  }
  return {x.text, len};
}

// On the writer thread: one line into trace.txt's spool and trace.dat's.
void TraceWriter::write_line(const LineHead& h, const char* comm, const char* fields) {
  size_t fields_len = h.fields_len;
  Printed* p = nullptr;
  if (h.fmt) {
    p = &printed(h.event, h.fmt, std::string_view(fields, fields_len));
    fields = p->text.c_str();
    fields_len = p->text.size();
  }
  const char* event = kEvents[h.event].text;
  const char* flags = flags_of(h.event);
  const uint64_t start = out_.size();
  // The line made in place at the end of trace.txt's spool and kept whole
  // (a string grown by five appends cost as much as the formatting, and a
  // copy from the stack a tenth of this thread); a longer one in line_.
  static_assert(SpoolFile::kRoomBytes >= kHeadRoom + 2, "room for the head put_head_after() writes");
  char* const text = out_.room();
  const size_t room = SpoolFile::kRoomBytes;
  const std::string_view fv(fields, fields_len);
  const std::string_view pre = prefix(h.cpu, comm, h.comm_len, h.pid, flags);
  std::memcpy(text, pre.data(), pre.size());
  const size_t head = put_head_after(text, pre.size(), h.ns);
  size_t n = put_rest(text, room - 1, head, event, fv);
  if (n > room - 1) {
    line_.resize(std::max(n, kHeadRoom) + 1);
    std::memcpy(&line_[0], text, head);
    put_rest(&line_[0], line_.size() - 1, head, event, fv);
    line_[n++] = '\n';
    out_.write(line_.data(), n);
  } else {
    text[n++] = '\n';
    out_.wrote(n);
  }
  if (p)
    dat_.add(h.ns, h.cpu, comm, h.pid, dat_format_of(h.event), fields, flags, h.held, p->dat);
  else
    dat_.add(h.ns, h.cpu, comm, h.pid, event, fields, flags, h.held);
  ++lines_;
  if (h.held >= 0) held_.push_back({start, out_.size() - start, static_cast<unsigned>(h.held)});
  if (h.decides >= 0 && static_cast<size_t>(h.decides) < decided_.size() && !decided_[h.decides]) {
    decided_[h.decides] = true;
    --undecided_;
  }
}

// On the writer thread: the chunk's lines into trace.txt's spool and
// trace.dat's, in the order they were recorded.
void TraceWriter::write_chunk(std::string_view chunk) {
  uint64_t last_ns = 0;
  for (size_t p = 0; p < chunk.size();) {
    if (chunk[p] == kPowerRecord) {
      assert(p + sizeof(PowerHead) <= chunk.size());  // records are handed over whole
      PowerHead ph;
      std::memcpy(&ph, chunk.data() + p, sizeof ph);
      p += sizeof ph;
      const int64_t args[3] = {ph.id, ph.state, ph.cpu};
      const uint64_t ns = ph.ps / 1000;
      write_line(power_head(ph.cluster ? kClusterLine : kCoreLine, ns, ph.cpu), kIdleComm,
                 reinterpret_cast<const char*>(args));
      last_ns = ns;
    } else {
      assert(p + sizeof(LineHead) <= chunk.size());
      LineHead h;
      std::memcpy(&h, chunk.data() + p, sizeof h);
      const char* comm = chunk.data() + p + sizeof h;
      p += sizeof h + h.comm_len + 1 + h.fields_len + 1;
      write_line(h, comm, comm + h.comm_len + 1);
      last_ns = h.ns;
    }
  }
  // trace.dat's pages as the records come, once no line will be held
  // again (every cluster decided: the held lines so far are all dropped).
  if (!dat_live_tried_ && !undecided_ && !decided_.empty() && nr_cpus_) {
    dat_live_tried_ = true;
    dat_.go_live(nr_cpus_, decided_);
  }
  maybe_go_direct(last_ns);
}

// trace.txt goes straight into its staged file (sim/spool_file.h) once its
// head's length is sure: every cluster is decided (the kernel reported its
// frequency: the held lines so far are all dropped, and none is held
// again), and the entry count extrapolated from the part of the run done
// (at least a tenth) to the expected end has one number of digits from
// 0.7 to 1.5 times the estimate. A wrong guess costs the copy it meant to
// save, not a byte of the result.
void TraceWriter::maybe_go_direct(uint64_t ns) {
  if (out_.direct() || gave_up_direct_ || undecided_ || !end_ns_ || ns < end_ns_ / 10 || !ns) return;
  const uint64_t kept = lines_ - held_.size();
  const double est = static_cast<double>(kept) * static_cast<double>(end_ns_) / static_cast<double>(ns);
  auto digits = [](double v) { return std::to_string(static_cast<uint64_t>(v)).size(); };
  if (digits(est * 0.7) != digits(est * 1.5)) return;
  std::vector<std::pair<uint64_t, uint64_t>> skip;
  for (const Held& h : held_) skip.push_back({h.offset, h.length});
  if (!out_.go_direct(head(static_cast<uint64_t>(est), nr_cpus_).size(), skip)) {
    gave_up_direct_ = true;
    return;
  }
  lines_ = kept;
  held_.clear();
}

void TraceWriter::model_freq(uint64_t ns, unsigned core, unsigned cluster, const char* fields) {
  if (kernel_freq(cluster)) return;
  line(ns, core, "<idle>", 0, "cpu_frequency", fields, static_cast<int>(cluster));
}

// "name=coreN state=S cpu_id=C" (or clusterN), on CPU column cpu. One
// per core state change (~7,000 a simulated second under IKS): its three
// numbers go in a record of their own (PowerHead, 16 bytes against a
// line's 80), and the writer thread packs them as pack_trace_args() would
// for fmt (a literal naming the kind) and prints them. Hooked only when
// the event is wanted (attach()); the time goes as SystemC's picoseconds,
// divided on the writer thread.
void TraceWriter::power_line(const char* fmt, unsigned id, unsigned state, unsigned cpu) {
  static_assert(sizeof(PowerHead) == 16, "a power line in 16 bytes");
  if (!writer_.running()) return;
  if (id > UINT16_MAX || state > UINT16_MAX || cpu > UINT16_MAX)
    return power_line_as_line(fmt, id, state, cpu);
  const PowerHead h = {kPowerRecord, fmt == kClusterLine, static_cast<uint16_t>(id),
                       static_cast<uint16_t>(state), static_cast<uint16_t>(cpu), sim_now().value()};
  writer_.append(&h, sizeof h);
  writer_.commit();
}

// The same line as a line record, its three numbers packed, for numbers
// a PowerHead cannot hold. None does today (a cluster id is MPIDR's Aff1,
// at most 255; cores and CPUs are a few): kept so that a larger platform
// loses no line rather than writing a wrong one.
void TraceWriter::power_line_as_line(const char* fmt, unsigned id, unsigned state, unsigned cpu) {
  const int64_t args[3] = {id, state, cpu};
  const LineHead h = power_head(fmt, sim_now().value() / 1000, cpu);
  static_assert(sizeof args == 3 * sizeof(int64_t), "power_head()'s fields");
  char* const p = writer_.claim(sizeof h + sizeof kIdleComm + sizeof args + 1);
  std::memcpy(p, &h, sizeof h);
  std::memcpy(p + sizeof h, kIdleComm, sizeof kIdleComm);
  std::memcpy(p + sizeof h + sizeof kIdleComm, args, sizeof args);
  p[sizeof h + sizeof kIdleComm + sizeof args] = '\0';
  writer_.commit();
}

void TraceWriter::attach(Platform& p, uint64_t end_ns) {
  const auto& cpus = p.config().cpus;
  // Read by the writer thread from the first line on (the hand-over of
  // the first chunk orders these writes before its reads).
  end_ns_ = end_ns;
  nr_cpus_ = p.nr_cores();
  cluster_of_core_.clear();
  decided_.clear();
  undecided_ = 0;
  for (auto& c : cpus) {
    cluster_of_core_.push_back(static_cast<int>(c.cluster));
    if (c.cluster >= decided_.size()) decided_.resize(c.cluster + 1, true);
    if (decided_[c.cluster]) ++undecided_;
    decided_[c.cluster] = false;
  }
  model_khz_.assign(cpus.size(), 0);
  // The boot frequency of every core, at time 0: tools that integrate
  // frequency over time (LISA's, trace-cmd's) then know it from the start.
  for (unsigned i = 0; i < cpus.size(); ++i) {
    for (auto& cl : p.clusters())
      if (cl.cluster->params().id == cpus[i].cluster) model_khz_[i] = cl.clock->freq_hz() / 1000;
    fields_.assign("state=");
    put_u(fields_, model_khz_[i]);
    fields_ += " cpu_id=";
    put_u(fields_, i);
    line(0, i, "<idle>", 0, "cpu_frequency", fields_.c_str());
  }
  const bool power = wanted(event_index("power_domain_target"));  // set_events() came first
  for (unsigned i = 0; i < p.nr_cores() && power; ++i) {
    p.core(i).add_state_listener(
        [this, i](Core::State s) { power_line(kCoreLine, i, static_cast<unsigned>(s), i); });
  }
  for (auto& cl : p.clusters()) {
    const unsigned id = cl.cluster->params().id;
    std::vector<unsigned> cores;
    for (unsigned i = 0; i < cpus.size(); ++i)
      if (cpus[i].cluster == id) cores.push_back(i);
    const unsigned first = cores.empty() ? 0 : cores.front();
    if (power)
      cl.power->add_listener([this, id, first](PowerDomain::State s) {
        power_line(kClusterLine, id, static_cast<unsigned>(s), first);
      });
    // A PLL relock stops the clock (0 Hz) on its way to the new frequency:
    // only the settled frequency is a change cpufreq would report.
    // Once the kernel reports the cluster's frequency itself no model line
    // is recorded (model_freq()): none is made.
    cl.clock->add_listener([this, id, cores](uint64_t, uint64_t hz) {
      if (hz == 0 || kernel_freq(id)) return;
      for (unsigned c : cores) {
        if (model_khz_[c] == hz / 1000) continue;
        model_khz_[c] = hz / 1000;
        fields_.assign("state=");
        put_u(fields_, hz / 1000);
        fields_ += " cpu_id=";
        put_u(fields_, c);
        model_freq(now_ns(), c, id, fields_.c_str());
      }
    });
  }
}

std::string TraceWriter::format_line(const TraceRecord& r, const char* flags) {
  const std::string fields = r.fields_text();
  std::string s(kHeadRoom + r.event.size() + 2 + fields.size(), '\0');
  const size_t pre = static_cast<size_t>(put_prefix(&s[0], r.cpu, r.comm.c_str(), r.pid, flags) - &s[0]);
  s.resize(put_rest(&s[0], s.size(), put_head_after(&s[0], pre, r.ns), r.event, fields));
  return s;
}

bool TraceWriter::stage(unsigned nr_cpus) {
  writer_.finish();
  std::vector<std::pair<uint64_t, uint64_t>> skip;
  for (const Held& h : held_)
    if (kernel_freq(h.cluster)) skip.push_back({h.offset, h.length});
  return out_.stage(head(lines_ - skip.size(), nr_cpus), skip);
}

// ftrace's header for n entries on nr_cpus CPUs.
std::string TraceWriter::head(uint64_t n, unsigned nr_cpus) {
  std::string s;
  char buf[128];
  s += "# tracer: nop\n#\n";
  snprintf(buf, sizeof buf, "# entries-in-buffer/entries-written: %llu/%llu   #P:%u\n#\n",
           static_cast<unsigned long long>(n), static_cast<unsigned long long>(n), nr_cpus);
  s += buf;
  s +=
      "#                              _-----=> irqs-off\n"
      "#                             / _----=> need-resched\n"
      "#                            | / _---=> hardirq/softirq\n"
      "#                            || / _--=> preempt-depth\n"
      "#                            ||| /     delay\n"
      "#           TASK-PID   CPU#  ||||    TIMESTAMP  FUNCTION\n"
      "#              | |       |   ||||       |         |\n";
  return s;
}
