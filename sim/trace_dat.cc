// SPDX-License-Identifier: GPL-2.0-only
#include "sim/trace_dat.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "sim/literal_index.h"
#include "sim/temp_files.h"
#include "sim/text_memo.h"

namespace {

// How a field's bytes come from trace.txt's "key=value" text.
enum class Kind {
  kU32,     // decimal
  kU64,     // decimal
  kS32,     // decimal, may be negative
  kHex32,   // 0x...
  kComm,    // char[16], NUL-padded
  kState,   // sched_switch prev_state: R, R+, S, X -> the kernel's bits
  kDataLoc, // __data_loc char[]: the string after the fixed fields
  kOne,     // not in the text: 1 (sched_wakeup's success)
  kIp,      // not in the text: the address of tracing_mark_write
  kBuf,     // char buf[]: the whole text, NUL-terminated (ftrace print)
};

struct Field {
  const char* decl;  // type and name, as the format file declares it
  const char* key;   // key in the text
  Kind kind;
  unsigned size;
  bool is_signed;
};

struct Format {
  const char* system;
  const char* name;   // format name (ftrace's)
  const char* text;   // name in trace.txt
  unsigned id;
  std::vector<Field> fields;
  const char* print_fmt;
};

// The address the markers' print event records as its ip, and the symbol
// that kallsyms gives it (the text's "tracing_mark_write:").
const uint64_t kMarkIp = 0xffffff8008000000ull;

const Field kComm = {"char comm[16]", "comm", Kind::kComm, 16, false};
const Field kPid = {"pid_t pid", "pid", Kind::kS32, 4, true};
const Field kPrio = {"int prio", "prio", Kind::kS32, 4, true};

// The table, built once. (Built in formats() itself, its parts were
// statics of their own, each with a guard that every call tested again:
// formats() runs twice an event.)
std::vector<Format> build_formats() {
  static const char* kCpuFmt =
      "\"state=%lu cpu_id=%lu\", (unsigned long)REC->state, (unsigned long)REC->cpu_id";
  static const char* kMigrateFmt =
      "\"timestamp=%llu cpu_hwid=0x%08lX\", (unsigned long long)REC->timestamp, "
      "(unsigned long)REC->cpu_hwid";
  static const char* kWakeFmt =
      "\"comm=%s pid=%d prio=%d target_cpu=%03d\", REC->comm, REC->pid, REC->prio, REC->target_cpu";
  static const std::vector<Field> kCpu = {{"u32 state", "state", Kind::kU32, 4, false},
                                          {"u32 cpu_id", "cpu_id", Kind::kU32, 4, false}};
  static const std::vector<Field> kMigrate = {{"u64 timestamp", "timestamp", Kind::kU64, 8, false},
                                              {"u32 cpu_hwid", "cpu_hwid", Kind::kHex32, 4, false}};
  static const std::vector<Field> kWake = {kComm, kPid, kPrio,
                                           {"int success", nullptr, Kind::kOne, 4, true},
                                           {"int target_cpu", "target_cpu", Kind::kS32, 4, true}};
  const std::vector<Format> f = {
      {"ftrace", "print", "tracing_mark_write", 5,
       {{"unsigned long ip", nullptr, Kind::kIp, 8, false}, {"char buf[]", nullptr, Kind::kBuf, 0, true}},
       "\"%ps: %s\", (void *)REC->ip, REC->buf"},
      {"power", "cpu_idle", "cpu_idle", 301, kCpu, kCpuFmt},
      {"power", "cpu_frequency", "cpu_frequency", 302, kCpu, kCpuFmt},
      {"power", "cpu_migrate_begin", "cpu_migrate_begin", 303, kMigrate, kMigrateFmt},
      {"power", "cpu_migrate_finish", "cpu_migrate_finish", 304, kMigrate, kMigrateFmt},
      {"power", "cpu_migrate_current", "cpu_migrate_current", 305, kMigrate, kMigrateFmt},
      {"power", "power_domain_target", "power_domain_target", 306,
       {{"__data_loc char[] name", "name", Kind::kDataLoc, 4, true},
        {"u32 state", "state", Kind::kU32, 4, false},
        {"u32 cpu_id", "cpu_id", Kind::kU32, 4, false}},
       "\"name=%s state=%lu cpu_id=%lu\", __get_str(name), (unsigned long)REC->state, "
       "(unsigned long)REC->cpu_id"},
      {"sched", "sched_switch", "sched_switch", 311,
       {{"char prev_comm[16]", "prev_comm", Kind::kComm, 16, false},
        {"pid_t prev_pid", "prev_pid", Kind::kS32, 4, true},
        {"int prev_prio", "prev_prio", Kind::kS32, 4, true},
        {"long prev_state", "prev_state", Kind::kState, 8, true},
        {"char next_comm[16]", "next_comm", Kind::kComm, 16, false},
        {"pid_t next_pid", "next_pid", Kind::kS32, 4, true},
        {"int next_prio", "next_prio", Kind::kS32, 4, true}},
       "\"prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%s%s ==> next_comm=%s next_pid=%d "
       "next_prio=%d\", REC->prev_comm, REC->prev_pid, REC->prev_prio, (REC->prev_state & 0xff) ? "
       "__print_flags(REC->prev_state & 0xff, \"|\", { 0x01, \"S\" }, { 0x02, \"D\" }, { 0x04, \"T\" }, "
       "{ 0x08, \"t\" }, { 0x10, \"X\" }, { 0x20, \"Z\" }, { 0x40, \"P\" }, { 0x80, \"I\" }) : \"R\", "
       "REC->prev_state & 0x100 ? \"+\" : \"\", REC->next_comm, REC->next_pid, REC->next_prio"},
      {"sched", "sched_waking", "sched_waking", 312, kWake, kWakeFmt},
      {"sched", "sched_wakeup", "sched_wakeup", 313, kWake, kWakeFmt},
      {"sched", "sched_wakeup_new", "sched_wakeup_new", 314, kWake, kWakeFmt},
      {"sched", "sched_migrate_task", "sched_migrate_task", 315,
       {kComm, kPid, kPrio, {"int orig_cpu", "orig_cpu", Kind::kS32, 4, true},
        {"int dest_cpu", "dest_cpu", Kind::kS32, 4, true}},
       "\"comm=%s pid=%d prio=%d orig_cpu=%d dest_cpu=%d\", REC->comm, REC->pid, REC->prio, "
       "REC->orig_cpu, REC->dest_cpu"},
      {"blsim", "blsim_sched_migrate_reason", "blsim_sched_migrate_reason", 901,
       {kComm, kPid, {"unsigned int orig_cpu", "orig_cpu", Kind::kU32, 4, false},
        {"unsigned int dest_cpu", "dest_cpu", Kind::kU32, 4, false},
        {"__data_loc char[] reason", "reason", Kind::kDataLoc, 4, true}},
       "\"comm=%s pid=%d orig_cpu=%u dest_cpu=%u reason=%s\", REC->comm, REC->pid, REC->orig_cpu, "
       "REC->dest_cpu, __get_str(reason)"},
      {"blsim", "blsim_eas_wakeup", "blsim_eas_wakeup", 902,
       {kComm, kPid, {"unsigned long util", "util", Kind::kU64, 8, false},
        {"int prev_cpu", "prev_cpu", Kind::kS32, 4, true},
        {"int dst_cpu", "dst_cpu", Kind::kS32, 4, true},
        {"unsigned long prev_energy", "prev_energy", Kind::kU64, 8, false},
        {"unsigned long best_energy", "best_energy", Kind::kU64, 8, false}},
       "\"comm=%s pid=%d util=%lu prev_cpu=%d dst_cpu=%d prev_energy=%lu best_energy=%lu\", "
       "REC->comm, REC->pid, REC->util, REC->prev_cpu, REC->dst_cpu, REC->prev_energy, "
       "REC->best_energy"},
      {"blsim", "blsim_eas_overutilized", "blsim_eas_overutilized", 903,
       {{"int overutilized", "overutilized", Kind::kS32, 4, true},
        {"unsigned int cpu", "cpu", Kind::kU32, 4, false}},
       "\"overutilized=%d cpu=%u\", REC->overutilized, REC->cpu"},
  };
  return f;
}

const std::vector<Format>& formats() {
  static const std::vector<Format> all = build_formats();
  return all;
}

const unsigned kCommonSize = 8;  // common_type, _flags, _preempt_count, _pid

// Offsets: the fields one after the other from 8, each at its natural
// alignment (at most 8), as the kernel's struct would have them.
std::vector<unsigned> offsets(const Format& f, unsigned* fixed_end) {
  std::vector<unsigned> o;
  unsigned at = kCommonSize;
  for (const Field& fl : f.fields) {
    const unsigned align = fl.kind == Kind::kComm || fl.kind == Kind::kBuf ? 1 : fl.size;
    at = (at + align - 1) / align * align;
    o.push_back(at);
    at += fl.size;
  }
  *fixed_end = at;
  return o;
}

// The tracefs "format" text of f.
std::string format_text(const Format& f) {
  std::string s = std::string("name: ") + f.name + "\nID: " + std::to_string(f.id) + "\nformat:\n";
  s +=
      "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
      "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
      "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
      "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n";
  unsigned end;
  const std::vector<unsigned> o = offsets(f, &end);
  for (size_t i = 0; i < f.fields.size(); ++i) {
    const Field& fl = f.fields[i];
    s += std::string("\tfield:") + fl.decl + ";\toffset:" + std::to_string(o[i]) +
         ";\tsize:" + std::to_string(fl.size) + ";\tsigned:" + (fl.is_signed ? "1" : "0") + ";\n";
  }
  s += std::string("\nprint fmt: ") + f.print_fmt + "\n";
  return s;
}

// Where each format's fields go, computed once: the offsets, the end of the
// fixed part, and per field the key of the next field that has one (the
// end of its value in the text).
struct Layout {
  std::vector<unsigned> off;
  unsigned end = 0;
  std::vector<const char*> next_key;
};

const std::vector<Layout>& layouts() {
  static const std::vector<Layout> l = [] {
    std::vector<Layout> v;
    for (const Format& f : formats()) {
      Layout lo;
      lo.off = offsets(f, &lo.end);
      for (size_t i = 0; i < f.fields.size(); ++i) {
        const char* next = nullptr;
        for (size_t j = i + 1; j < f.fields.size() && !next; ++j) next = f.fields[j].key;
        lo.next_key.push_back(next);
      }
      v.push_back(std::move(lo));
    }
    return v;
  }();
  return l;
}

// Where "key=" starts in text: at its start or after a space; npos if not.
size_t find_key(std::string_view text, std::string_view key, size_t from) {
  for (size_t p = text.find(key, from); p != std::string_view::npos; p = text.find(key, p + 1)) {
    if ((p == 0 || text[p - 1] == ' ') && p + key.size() < text.size() && text[p + key.size()] == '=')
      return p;
  }
  return std::string_view::npos;
}

// The value of key in "k1=v1 k2=v2 ...": from after "key=" up to the
// next " next_key=" (a value may hold spaces, a comm may hold '='); the
// " ==>" of sched_switch is not part of prev_state. False if absent.
// (The first match at the start, else the first " key=", as a search of
// the text for either would find it.)
bool value_of(std::string_view text, const char* key, const char* next_key, std::string_view* v) {
  const std::string_view k(key);
  size_t p;
  if (text.size() > k.size() && text.compare(0, k.size(), k) == 0 && text[k.size()] == '=') {
    p = k.size() + 1;
  } else {
    p = find_key(text, k, 1);
    if (p == std::string_view::npos) return false;
    p += k.size() + 1;
  }
  size_t e = text.size();
  if (next_key) {
    const std::string_view nk(next_key);
    e = p;
    do {
      e = text.find(nk, e + 1);
    } while (e != std::string_view::npos &&
             !(text[e - 1] == ' ' && e + nk.size() < text.size() && text[e + nk.size()] == '='));
    if (e == std::string_view::npos) return false;
    --e;  // the space before it
  }
  *v = text.substr(p, e - p);
  if (v->size() >= 4 && v->compare(v->size() - 4, 4, " ==>") == 0) v->remove_suffix(4);
  return true;
}

template <typename T>
void put(std::string& s, size_t at, T v) {
  std::memcpy(&s[at], &v, sizeof v);  // little-endian host: the file says so
}

// A decimal (or, hex, after "0x") field value as strtoull/strtoll read it
// from the whole value; false if it is empty or not all a number. The value
// is copied to a terminated buffer so that the libc parser sees exactly it.
bool parse_number(std::string_view v, Kind kind, long long* n) {
  const bool hex = kind == Kind::kHex32;
  if (hex && v.compare(0, 2, "0x") != 0) return false;
  char buf[64];
  if (v.empty() || v.size() >= sizeof buf) return false;
  std::memcpy(buf, v.data(), v.size());
  buf[v.size()] = '\0';
  char* e = nullptr;
  *n = hex ? static_cast<long long>(strtoull(buf + 2, &e, 16))
           : kind == Kind::kS32 ? strtoll(buf, &e, 10) : static_cast<long long>(strtoull(buf, &e, 10));
  return !*e;
}

// sched_switch's prev_state letters as the kernel's bits; -1 if unknown.
int64_t state_bits(std::string_view v) {
  int64_t st = 0;
  if (!v.empty() && v.back() == '+') {
    st |= 0x100;  // preempted (TASK_REPORT_MAX)
    v.remove_suffix(1);
  }
  if (v == "S") return st | 0x01;
  if (v == "D") return st | 0x02;
  if (v == "X") return st | 0x10;
  return v == "R" ? st : -1;
}

// One field of f's record from its text value v into r (fixed part) or
// tail (strings after it). False if the value does not parse.
bool encode_field(const Field& fl, unsigned at, unsigned end, std::string_view text,
                  std::string_view v, std::string& r, std::string& tail) {
  switch (fl.kind) {
    case Kind::kU32:
    case Kind::kU64:
    case Kind::kS32:
    case Kind::kHex32: {
      long long n;
      if (!parse_number(v, fl.kind, &n)) return false;
      if (fl.size == 8) put<uint64_t>(r, at, static_cast<uint64_t>(n));
      else put<uint32_t>(r, at, static_cast<uint32_t>(n));
      return true;
    }
    case Kind::kComm:
      std::memcpy(&r[at], v.data(), std::min<size_t>(v.size(), 15));
      return true;
    case Kind::kState: {
      const int64_t st = state_bits(v);
      if (st < 0) return false;
      put<int64_t>(r, at, st);
      return true;
    }
    case Kind::kDataLoc:
      put<uint32_t>(r, at, static_cast<uint32_t>((v.size() + 1) << 16 | (end + tail.size())));
      tail.append(v.data(), v.size());
      tail += '\0';
      return true;
    case Kind::kOne:
      put<int32_t>(r, at, 1);
      return true;
    case Kind::kIp:
      put<uint64_t>(r, at, kMarkIp);
      return true;
    case Kind::kBuf:
      tail.append(text.data(), text.size());
      tail += '\0';
      return true;
  }
  return false;
}

// The common fields of format fi's record at c: type, flags, preempt
// count, pid.
constexpr size_t kCommonBytes = 8;
void make_common(size_t fi, int pid, const char* flags, char (&c)[kCommonBytes]) {
  const uint16_t id = static_cast<uint16_t>(formats()[fi].id);
  std::memcpy(c, &id, sizeof id);
  c[2] = flags[0] == 'd' ? 0x01 : 0x00;  // TRACE_FLAG_IRQS_OFF
  c[3] = static_cast<char>(flags[3] >= '0' && flags[3] <= '9' ? flags[3] - '0' : 0);
  std::memcpy(c + 4, &pid, sizeof pid);
}

// The record's bytes for format number fi from the text fields into r;
// false if a field is missing or not a number. tail is scratch space.
bool encode(size_t fi, std::string_view text, int pid, const char* flags, std::string& r,
            std::string& tail) {
  const Format& f = formats()[fi];
  const Layout& lo = layouts()[fi];
  char common[kCommonBytes];
  make_common(fi, pid, flags, common);
  r.assign(common, kCommonBytes);
  r.resize(lo.end, '\0');
  tail.clear();  // __data_loc strings and the print buffer
  for (size_t i = 0; i < f.fields.size(); ++i) {
    const Field& fl = f.fields[i];
    std::string_view v;
    if (fl.key && !value_of(text, fl.key, lo.next_key[i], &v)) return false;
    if (!encode_field(fl, lo.off[i], lo.end, text, v, r, tail)) return false;
  }
  r += tail;
  return true;
}

int format_of(const char* text_name) {
  const std::vector<Format>& f = formats();
  // The names come from the trace writer's event table, one address per
  // event: by its address first (sim/literal_index.h), not a strcmp per
  // format before it.
  const auto search = [&f](const char* name) {
    for (size_t i = 0; i < f.size(); ++i)
      if (!strcmp(f[i].text, name)) return static_cast<int>(i);
    return -1;
  };
  return index_by_literal(text_name, search, [&f](int i) { return f[static_cast<size_t>(i)].text; });
}

void put_str(std::string& s, const std::string& v) { s.append(v.c_str(), v.size() + 1); }
template <typename T>
void put_num(std::string& s, T v) {
  s.append(reinterpret_cast<const char*>(&v), sizeof v);
}
// A section: its size (8 or 4 bytes, as the layout says), then its text.
void put_section(std::string& s, const std::string& text, bool size8) {
  if (size8) put_num<uint64_t>(s, text.size());
  else put_num<uint32_t>(s, static_cast<uint32_t>(text.size()));
  s += text;
}

const uint32_t kPage = 4096, kPageHead = 16;

// One CPU's ring-buffer pages, built record by record: per page the
// timestamp of its first event and the bytes used (commit), then the
// records, each with the time since the one before (a time-extend record
// first when that is over 27 bits). Pages are built in place in a batch
// of kBatchPages, written to fd at `at` onwards when it is full (a pwrite
// per page was half the pass's system time; a page grown by string
// appends, then copied into the batch, was most of its user time); with
// fd < 0 they are only counted (used_ is kept, no bytes).
class Pager {
 public:
  Pager(int fd, uint64_t at) : fd_(fd), at_(at) {}
  bool add(uint64_t ns, const char* data, size_t n);
  bool finish() { return flush() && write_batch(); }
  uint64_t bytes() const { return bytes_; }

 private:
  static constexpr size_t kBatchPages = 16;
  bool flush();
  bool write_batch();
  char* page() { return batch_.data() + full_ * kPage; }  // the open one
  template <typename T>
  void emit(T v) {
    if (fd_ >= 0) std::memcpy(page() + used_, &v, sizeof v);
    used_ += sizeof v;
  }
  int fd_;
  uint64_t at_, bytes_ = 0, last_ = 0;
  size_t used_ = 0;  // bytes of the page so far, head included; 0: none open
  size_t full_ = 0;  // whole pages in batch_ not written yet; they end at at_ + bytes_
  std::vector<char> batch_;  // kBatchPages pages, from the first (fd >= 0)
};

bool Pager::flush() {
  if (used_ <= kPageHead) return true;
  if (fd_ >= 0) {
    char* p = page();
    const uint64_t commit = used_ - kPageHead;
    std::memcpy(p + 8, &commit, sizeof commit);
    std::memset(p + used_, 0, kPage - used_);
    ++full_;
  }
  bytes_ += kPage;
  used_ = 0;
  return full_ < kBatchPages || write_batch();
}

bool Pager::write_batch() {
  if (full_ == 0) return true;
  const size_t n = full_ * kPage;
  const off_t at = static_cast<off_t>(at_ + bytes_ - n);
  full_ = 0;
  return pwrite(fd_, batch_.data(), n, at) == static_cast<ssize_t>(n);
}

bool Pager::add(uint64_t ns, const char* data, size_t n) {
  const size_t len = (n + 3) / 4 * 4;
  const bool big = len > 28 * 4;
  const uint64_t delta = used_ == 0 ? 0 : (ns > last_ ? ns - last_ : 0);
  const size_t need = 4 + (big ? 4 : 0) + len + (delta >= (1u << 27) ? 8 : 0);
  // Never: a record is its fields (at most 255 characters of text) encoded.
  if (kPageHead + need + 8 > kPage) return false;
  if (used_ != 0 && used_ + need > kPage && !flush()) return false;
  if (used_ == 0) {
    if (fd_ >= 0) {
      if (batch_.empty()) batch_.resize(kBatchPages * kPage);
      std::memset(page(), 0, kPageHead);
      std::memcpy(page(), &ns, sizeof ns);
    }
    used_ = kPageHead;
    last_ = ns;
  }
  uint64_t d = ns > last_ ? ns - last_ : 0;
  if (d >= (1u << 27)) {  // type_len 30: time extend, delta's high bits in array[0]
    emit<uint32_t>(static_cast<uint32_t>(30 | (d & ((1u << 27) - 1)) << 5));
    emit<uint32_t>(static_cast<uint32_t>(d >> 27));
    d = 0;
  }
  last_ = ns > last_ ? ns : last_;
  const uint32_t type_len = big ? 0 : static_cast<uint32_t>(len / 4);
  emit<uint32_t>(type_len | static_cast<uint32_t>(d << 5));
  if (big) emit<uint32_t>(static_cast<uint32_t>(n + 4));
  // A counting pager (fd -1, TraceDat::count()) has no data and no page.
  if (fd_ >= 0 && data) {
    // The padding to 4 bytes zeroed by one word written first (a memset
    // call for 0-3 bytes cost as much as the copy).
    if (len >= 4) {
      const uint32_t zero = 0;
      std::memcpy(page() + used_ + len - 4, &zero, 4);
    }
    std::memcpy(page() + used_, data, n);
  }
  used_ += len;
  return true;
}

// The spooled records' head: time, CPU column, held cluster, length.
struct RecordHead {
  uint64_t ns;
  uint32_t cpu;
  int32_t held;
  uint32_t len;
};

// The tracefs "format" sections: ftrace's own events (print), then the
// event systems, each with its formats.
void put_formats(std::string& h) {
  std::vector<std::string> systems;
  for (const Format& fm : formats())
    if (strcmp(fm.system, "ftrace") && std::find(systems.begin(), systems.end(), fm.system) == systems.end())
      systems.push_back(fm.system);
  uint32_t n = 0;
  for (const Format& fm : formats()) n += !strcmp(fm.system, "ftrace");
  put_num<uint32_t>(h, n);
  for (const Format& fm : formats())
    if (!strcmp(fm.system, "ftrace")) put_section(h, format_text(fm), true);
  put_num<uint32_t>(h, static_cast<uint32_t>(systems.size()));
  for (const std::string& sys : systems) {
    put_str(h, sys);
    n = 0;
    for (const Format& fm : formats()) n += sys == fm.system;
    put_num<uint32_t>(h, n);
    for (const Format& fm : formats())
      if (sys == fm.system) put_section(h, format_text(fm), true);
  }
}

// The spool read from its start in 256 KiB blocks by pread on its
// descriptor: the records are small (~60 bytes), and stdio's 4 KiB buffer
// made a read system call, and every fread a lock, per few of them.
class SpoolReader {
 public:
  explicit SpoolReader(FILE* f) : fd_(f ? fileno(f) : -1), buf_(1 << 18) {}
  // n bytes into dst; false at the end (or on an error, see failed()).
  bool read(void* dst, size_t n) {
    char* d = static_cast<char*>(dst);
    while (n) {
      if (pos_ == end_ && !fill()) return false;
      const size_t k = std::min(n, end_ - pos_);
      std::memcpy(d, buf_.data() + pos_, k);
      pos_ += k, d += k, n -= k;
    }
    return true;
  }
  // The next n bytes: in place when the block holds them all (a record
  // seldom straddles two), else copied into scratch. Null at the end.
  const char* next(size_t n, std::string& scratch) {
    if (end_ - pos_ >= n) {
      const char* p = buf_.data() + pos_;
      pos_ += n;
      return p;
    }
    scratch.resize(n);
    return read(&scratch[0], n) ? scratch.data() : nullptr;
  }
  bool failed() const { return failed_; }

 private:
  bool fill() {
    if (fd_ < 0) return false;
    const ssize_t r = pread(fd_, buf_.data(), buf_.size(), static_cast<off_t>(off_));
    if (r < 0) failed_ = true;
    if (r <= 0) return false;
    off_ += static_cast<uint64_t>(r);
    pos_ = 0;
    end_ = static_cast<size_t>(r);
    return true;
  }
  int fd_;
  std::vector<char> buf_;
  uint64_t off_ = 0;
  size_t pos_ = 0, end_ = 0;
  bool failed_ = false;
};

// Every kept record of the spool in, in order, to pagers[cpu] (CPUs past
// pagers' end and dropped clusters' held lines left out).
// finish: close each pager's last page (else it stays open for more).
bool page_records(FILE* body, std::vector<Pager>& pagers, const std::vector<bool>& drop_cluster,
                  bool finish = true) {
  if (!body) return false;
  SpoolReader in(body);
  RecordHead rh;
  std::string scratch;
  for (const char* h; (h = in.next(sizeof rh, scratch));) {
    std::memcpy(&rh, h, sizeof rh);
    const char* data = rh.len ? in.next(rh.len, scratch) : "";
    if (!data) return false;
    if (rh.cpu >= pagers.size()) continue;
    if (rh.held >= 0 && static_cast<size_t>(rh.held) < drop_cluster.size() && drop_cluster[rh.held])
      continue;
    if (!pagers[rh.cpu].add(rh.ns, data, rh.len)) return false;
  }
  if (in.failed()) return false;
  for (Pager& p : pagers)
    if (finish && !p.finish()) return false;
  return true;
}

}  // namespace

// A CPU's pages after go_live(): paged into a file of its own, from 0
// (CPU 0: from TraceDat::live_head_).
struct TraceDat::LiveCpu {
  Pager pager{-1, 0};
  int fd = -1, slot = -1;
  std::string path;
};

// The bodies by format and text, for the lines add() is given without
// one. Most lines repeat one of a few field texts: a core's
// power_domain_target is one of its two states, cpu_idle one of a few,
// sched_switch one of the tasks' few transitions (5 s of mp3-short:
// 52,580 lines, 3,666 texts, two-thirds of the lines
// power_domain_target). Parsing a text back cost ~1,400 instructions a
// line, half the trace writer thread's time; a hit costs a hash and a
// compare. A line seen once (the markers carry their own numbers) takes a
// slot and leaves it to the next (sim/text_memo.h).
class TraceDat::EncodeMemo {
 public:
  Body& body(size_t fi, std::string_view text) {
    bool held;
    auto& s = bodies_.slot(fi, text, &held);
    if (!held) s.fill(fi, text).format = -1;
    return s.value;
  }

 private:
  TextMemo<size_t, Body, 1024> bodies_;
};

const std::string* TraceDat::record(size_t fi, const char* text, int pid, const char* flags,
                                    Body& b) {
  if (b.format != static_cast<int>(fi)) {
    b.format = static_cast<int>(fi);
    b.ok = encode(fi, text, pid, flags, b.bytes, tail_);
  } else if (b.ok) {
    // This line's own common fields over the last one's (8 bytes: cheaper
    // to write than to ask whether pid or flags changed).
    char common[kCommonBytes];
    make_common(fi, pid, flags, common);
    std::memcpy(&b.bytes[0], common, kCommonBytes);
  }
  return b.ok ? &b.bytes : nullptr;
}

int TraceDat::format_index(const char* event) { return format_of(event); }

bool TraceDat::open(const std::string& dir) {
  dir_ = dir;
  return spool_.open(dir, "trace.dat.records");
}

bool TraceDat::go_live(unsigned nr_cpus, const std::vector<bool>& drop_cluster) {
  if (!spool_.is_open() || !live_.empty()) {
    errno = EINVAL;
    return false;
  }
  std::vector<LiveCpu> cpus(nr_cpus);
  std::vector<Pager> pagers;
  std::vector<uint64_t> at;
  live_head_ = pages_head(std::vector<uint64_t>(nr_cpus, 0), &at).size();
  bool ok = true;
  for (unsigned c = 0; c < nr_cpus && ok; ++c) {
    LiveCpu& l = cpus[c];
    l.path = dir_ + "/.trace.dat.cpu" + std::to_string(c) + ".tmp";
    l.fd = ::open(l.path.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    l.slot = l.fd >= 0 ? temp_files::track(l.path) : -1;
    ok = l.fd >= 0;
    pagers.emplace_back(l.fd, c == 0 ? live_head_ : 0);
  }
  FILE* body = ok ? spool_.rewind_body() : nullptr;
  ok = ok && page_records(body, pagers, drop_cluster, false);
  for (unsigned c = 0; c < nr_cpus; ++c) cpus[c].pager = std::move(pagers[c]);
  live_ = std::move(cpus);
  if (!ok) {
    const int e = errno;
    close_live();
    if (body) fseek(body, 0, SEEK_END);  // the spool goes on where it was
    errno = e;
    return false;
  }
  spool_.discard();
  return true;
}

// The per-CPU files closed and removed (they are temporary either way).
void TraceDat::close_live() {
  for (LiveCpu& l : live_) {
    if (l.fd >= 0) ::close(l.fd);
    if (!l.path.empty()) std::remove(l.path.c_str());
    temp_files::untrack(l.slot);
  }
  live_.clear();
}

void TraceDat::add(uint64_t ns, unsigned cpu, const char* comm, int pid, const char* event,
                   const char* fields, const char* flags, int held) {
  if (!spool_.is_open() && live_.empty()) return;
  const int f = format_of(event);
  if (f >= 0)
    add(ns, cpu, comm, pid, f, fields, flags, held, memo_->body(static_cast<size_t>(f), fields));
}

void TraceDat::add(uint64_t ns, unsigned cpu, const char* comm, int pid, int format,
                   const char* fields, const char* flags, int held, Body& body) {
  if (!spool_.is_open() && live_.empty()) return;
  if (format < 0) return;
  if (const std::string* rec = record(static_cast<size_t>(format), fields, pid, flags, body))
    keep(ns, cpu, comm, pid, held, *rec);
}

// Record rec, at ns on CPU column cpu: paged, or spooled and counted.
void TraceDat::keep(uint64_t ns, unsigned cpu, const char* comm, int pid, int held,
                    const std::string& rec) {
  if (pid > 0) comms_.try_emplace(pid, comm);
  if (!live_.empty()) {
    if (held >= 0 || (cpu < live_.size() && !live_[cpu].pager.add(ns, rec.data(), rec.size())))
      live_failed_ = true;
    return;
  }
  const RecordHead rh = {ns, cpu, held, static_cast<uint32_t>(rec.size())};
  spool_.write(reinterpret_cast<const char*>(&rh), sizeof rh);
  spool_.write(rec);
  count(rh.ns, rh.cpu, rh.held, rh.len);
}

// What a CPU's pages will take, counted as its records come, so that
// write() reads the spool once instead of twice. Whether a held record
// stays is known only at the end (the kernel may report its cluster's
// frequency later), so both totals are kept: all records, and all but the
// held ones. That needs a column's held records to be of one cluster; a
// column is one core, so they are, and a column that broke it would be
// counted from the spool instead.
struct TraceDat::CpuPages {
  Pager keep{-1, 0}, drop{-1, 0};
  int held_cluster = -1;
  bool mixed = false;
};

TraceDat::TraceDat() : memo_(new EncodeMemo) {}
TraceDat::~TraceDat() { close_live(); }

void TraceDat::count(uint64_t ns, uint32_t cpu, int32_t held, uint32_t len) {
  if (cpu >= pages_.size()) pages_.resize(cpu + 1);
  CpuPages& c = pages_[cpu];
  c.keep.add(ns, nullptr, len);
  if (held < 0) {
    c.drop.add(ns, nullptr, len);
    return;
  }
  if (c.held_cluster >= 0 && c.held_cluster != held) c.mixed = true;
  c.held_cluster = held;
}

// Each CPU's page bytes, false if a column must be counted from the spool.
bool TraceDat::counted(unsigned nr_cpus, const std::vector<bool>& drop_cluster,
                       std::vector<uint64_t>* bytes) const {
  bytes->assign(nr_cpus, 0);
  for (unsigned c = 0; c < nr_cpus && c < pages_.size(); ++c) {
    const CpuPages& p = pages_[c];
    if (p.mixed) return false;
    const bool dropped = p.held_cluster >= 0 &&
                         static_cast<size_t>(p.held_cluster) < drop_cluster.size() &&
                         drop_cluster[static_cast<size_t>(p.held_cluster)];
    Pager last = dropped ? p.drop : p.keep;  // a copy: its open page closed
    last.finish();
    (*bytes)[c] = last.bytes();
  }
  return true;
}

// Everything before the CPU data: the file's id, the header page and event
// descriptions, the formats, kallsyms, cmdlines, options, "flyrecord".
std::string TraceDat::file_head(unsigned nr_cpus) const {
  std::string h;
  h += "\x17\x08\x44tracing";
  put_str(h, "6");
  h += '\0';            // little endian
  h += '\x08';          // 8-byte long
  put_num<uint32_t>(h, kPage);
  put_str(h, "header_page");
  put_section(h,
              "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
              "\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
              "\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
              "\tfield: char data;\toffset:16;\tsize:4080;\tsigned:1;\n",
              true);
  put_str(h, "header_event");
  put_section(h,
              "# compressed entry header\n"
              "\ttype_len    :    5 bits\n"
              "\ttime_delta  :   27 bits\n"
              "\tarray       :   32 bits\n\n"
              "\tpadding     : type == 29\n"
              "\ttime_extend : type == 30\n"
              "\ttime_stamp : type == 31\n"
              "\tdata max type_len  == 28\n",
              true);
  put_formats(h);
  char sym[64];
  snprintf(sym, sizeof sym, "%016llx T tracing_mark_write\n", static_cast<unsigned long long>(kMarkIp));
  put_section(h, sym, false);  // kallsyms
  put_section(h, "", false);   // trace_printk formats
  std::string cmdlines;
  for (auto& [pid, comm] : comms_) cmdlines += std::to_string(pid) + " " + comm + "\n";
  put_section(h, cmdlines, true);
  put_num<uint32_t>(h, nr_cpus);
  h.append("options  ", 10);
  put_num<uint16_t>(h, 0);  // no options
  h.append("flyrecord", 10);
  return h;
}

// The header lists where each CPU's pages start: their sizes come from
// the counts kept by add(), then one pass over the spool writes the pages
// in place after the header.
bool TraceDat::write(FILE* f, unsigned nr_cpus, const std::vector<bool>& drop_cluster,
                     const std::string* f_path) {
  if (!live_.empty()) return write_live(f, nr_cpus, f_path);
  std::vector<uint64_t> bytes;
  if (!counted(nr_cpus, drop_cluster, &bytes)) {
    std::vector<Pager> count(nr_cpus, Pager(-1, 0));
    if (!page_records(spool_.rewind_body(), count, drop_cluster)) return false;
    for (unsigned c = 0; c < nr_cpus; ++c) bytes[c] = count[c].bytes();
  }
  std::vector<uint64_t> at;
  if (!write_head(f, pages_head(bytes, &at))) return false;
  std::vector<Pager> out;
  for (uint64_t a : at) out.emplace_back(fileno(f), a);
  return page_records(spool_.rewind_body(), out, drop_cluster);
}

std::string TraceDat::pages_head(const std::vector<uint64_t>& bytes, std::vector<uint64_t>* at) const {
  const unsigned nr_cpus = static_cast<unsigned>(bytes.size());
  std::string h = file_head(nr_cpus);
  uint64_t next = (h.size() + 16ull * nr_cpus + kPage - 1) / kPage * kPage;
  at->clear();
  for (unsigned c = 0; c < nr_cpus; ++c) {
    put_num<uint64_t>(h, next);
    put_num<uint64_t>(h, bytes[c]);
    at->push_back(next);
    next += bytes[c];
  }
  h.resize((h.size() + kPage - 1) / kPage * kPage, '\0');
  return h;
}

// pages_head()'s head into f.
bool TraceDat::write_head(FILE* f, const std::string& head) {
  return fwrite(head.data(), 1, head.size(), f) == head.size() && fflush(f) == 0;
}

// After go_live(): each CPU's last page closed, the head, then the CPUs'
// files one after the other; in CPU 0's file if its pages start where the
// head ends (go_live()), else copied into f.
bool TraceDat::write_live(FILE* f, unsigned nr_cpus, const std::string* f_path) {
  if (live_failed_ || nr_cpus != live_.size()) {
    errno = EIO;
    return false;
  }
  std::vector<uint64_t> bytes(nr_cpus);
  for (unsigned c = 0; c < nr_cpus; ++c) {
    if (!live_[c].pager.finish()) return false;
    bytes[c] = live_[c].pager.bytes();
  }
  std::vector<uint64_t> at;
  const std::string head = pages_head(bytes, &at);
  if (f_path && nr_cpus > 0 && at[0] == live_head_) return assemble_in_cpu0(head, bytes, at, *f_path);
  if (!write_head(f, head)) return false;
  // At its position, that is at[c]: the files go one after the other.
  for (unsigned c = 0; c < nr_cpus; ++c) {
    const uint64_t from = c == 0 ? live_head_ : 0;
    if (!copy_range(live_[c].fd, from, from + bytes[c], fileno(f))) return false;
  }
  return true;
}

// The head into the room before CPU 0's pages, the other CPUs' pages after
// them, and CPU 0's file renamed to f_path: it is the file now.
bool TraceDat::assemble_in_cpu0(const std::string& head, const std::vector<uint64_t>& bytes,
                                const std::vector<uint64_t>& at, const std::string& f_path) {
  LiveCpu& l = live_[0];
  if (pwrite(l.fd, head.data(), head.size(), 0) != static_cast<ssize_t>(head.size())) return false;
  if (lseek(l.fd, static_cast<off_t>(at[0] + bytes[0]), SEEK_SET) < 0) return false;
  for (size_t c = 1; c < live_.size(); ++c)
    if (!copy_range(live_[c].fd, 0, bytes[c], l.fd)) return false;
  if (ftruncate(l.fd, static_cast<off_t>(at.back() + bytes.back())) != 0) return false;
  // f_path's empty file is removed first: ext4 starts writing back a file
  // renamed over another (auto_da_alloc), ~2 ms for a minute's 24.6 MB.
  // (publish() renames over an older trace.dat when --out is reused.)
  if (unlink(f_path.c_str()) != 0 || std::rename(l.path.c_str(), f_path.c_str()) != 0) return false;
  // f_path's own cleanup covers it now (its caller's staged file).
  temp_files::untrack(l.slot);
  l.slot = -1;
  l.path.clear();
  return true;
}
