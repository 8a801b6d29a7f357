// SPDX-License-Identifier: GPL-2.0-only
// rtapp_loader.cc - rt-app JSON -> wl_program (see rtapp_loader.h and
// docs/workloads.md).
//
// Three steps: normalise the text (what rt-app's front end tolerates and YAJL
// does not), parse it with YAJL's callback API into an ordered tree that keeps
// every repeated key, then map the tree onto the program and validate it.
#include "sim/workload/rtapp_loader.h"

#include <yajl/yajl_parse.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "sim/input_file.h"

namespace {

// ---- an ordered JSON tree --------------------------------------------------

struct Node {
  enum Type { kNull, kBool, kInt, kDouble, kString, kObject, kArray } type = kNull;
  bool b = false;
  bool too_big = false;  // kInt: the literal (in s) does not fit in 64 bits
  long long i = 0;
  double d = 0;
  std::string s;
  std::vector<std::string> keys;  // kObject: keys[k] names values[k]; repeats kept
  std::vector<uint32_t> occ;      // kObject: keys[k] is the occ[k]-th of its name (1 = first)
  std::vector<Node> values;       // kObject and kArray
};

const char* type_name(const Node& n) {
  switch (n.type) {
    case Node::kNull: return "null";
    case Node::kBool: return "a boolean";
    case Node::kInt: return "an integer";
    case Node::kDouble: return "a number with a fraction";
    case Node::kString: return "a string";
    case Node::kObject: return "an object";
    case Node::kArray: return "an array";
  }
  return "?";
}

// rt-app's grammar nests 5 levels deep (tasks.t.phases.p.timer); anything
// much deeper is not a workload, and a tree that deep would exhaust the stack
// when freed. The parse stops at the first value nested deeper than this.
constexpr size_t kMaxDepth = 64;

struct TreeBuilder {
  Node root;
  bool have_root = false;
  bool too_deep = false;  // the parse was stopped at kMaxDepth + 1
  std::vector<Node*> stack;
  // For each open container: how often each key has been seen so far (objects
  // only). Numbering repeats here, once, keeps loading linear in the keys.
  std::vector<std::unordered_map<std::string, uint32_t>> seen;

  // Opens an object or array; false (stop the parse) beyond kMaxDepth.
  int open(Node::Type t) {
    if (stack.size() >= kMaxDepth) {
      too_deep = true;
      return 0;
    }
    Node n;
    n.type = t;
    stack.push_back(add(std::move(n)));
    seen.emplace_back();
    return 1;
  }

  int key(const unsigned char* s, size_t len) {
    Node* obj = stack.back();
    obj->keys.emplace_back(reinterpret_cast<const char*>(s), len);
    obj->occ.push_back(++seen.back()[obj->keys.back()]);
    return 1;
  }

  int close() {
    stack.pop_back();
    seen.pop_back();
    return 1;
  }

  Node* add(Node n) {
    if (stack.empty()) {
      root = std::move(n);
      have_root = true;
      return &root;
    }
    Node* top = stack.back();
    top->values.push_back(std::move(n));
    return &top->values.back();
  }
};

TreeBuilder* tb(void* ctx) { return static_cast<TreeBuilder*>(ctx); }

int cb_null(void* ctx) { tb(ctx)->add(Node()); return 1; }
int cb_bool(void* ctx, int v) {
  Node n; n.type = Node::kBool; n.b = v != 0; tb(ctx)->add(std::move(n)); return 1;
}
// Numbers come as text so that an integer beyond 64 bits is a range error
// naming its key (YAJL's own integer callback would stop the parse).
int cb_number(void* ctx, const char* s, size_t len) {
  Node n;
  n.s.assign(s, len);
  if (n.s.find_first_of(".eE") != std::string::npos) {
    n.type = Node::kDouble;
    n.d = std::strtod(n.s.c_str(), nullptr);
  } else {
    n.type = Node::kInt;
    errno = 0;
    n.i = std::strtoll(n.s.c_str(), nullptr, 10);
    n.too_big = errno == ERANGE;
  }
  tb(ctx)->add(std::move(n));
  return 1;
}
int cb_string(void* ctx, const unsigned char* s, size_t len) {
  Node n; n.type = Node::kString; n.s.assign(reinterpret_cast<const char*>(s), len);
  tb(ctx)->add(std::move(n)); return 1;
}
int cb_start_map(void* ctx) { return tb(ctx)->open(Node::kObject); }
int cb_map_key(void* ctx, const unsigned char* s, size_t len) { return tb(ctx)->key(s, len); }
int cb_end(void* ctx) { return tb(ctx)->close(); }
int cb_start_array(void* ctx) { return tb(ctx)->open(Node::kArray); }

const yajl_callbacks kCallbacks = {
  cb_null, cb_bool, nullptr, nullptr, cb_number, cb_string,
  cb_start_map, cb_map_key, cb_end, cb_start_array, cb_end,
};

// ---- errors and warnings ----------------------------------------------------

struct LoadError {
  std::string msg;
};

std::string join(const std::string& parent, const std::string& key) {
  return parent.empty() ? key : parent + "." + key;
}

// Path of the k-th member of an object: "key", or "key#n" for the n-th
// repetition of a key in the same object (n >= 2). Constant time: the
// parse numbered the repeats (Node::occ).
std::string member_path(const std::string& parent, const Node& obj, size_t k) {
  std::string p = join(parent, obj.keys[k]);
  if (obj.occ[k] > 1) p += "#" + std::to_string(obj.occ[k]);
  return p;
}

bool repeated_before(const Node& obj, size_t k) { return obj.occ[k] > 1; }

// workgen's renaming of a repeated name: base, base1, base2... `next` keeps
// where each base's search resumes, so n copies cost O(n log n), not O(n^2).
std::string unique_name(const std::string& base, std::set<std::string>* names,
                        std::map<std::string, int>* next) {
  if (names->insert(base).second) return base;
  int& n = (*next)[base];
  std::string name;
  do name = base + std::to_string(++n); while (!names->insert(name).second);
  return name;
}

// A key path as printed: a NUL (refused, but named first) shows as \u0000.
std::string visible(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\0') out += "\\u0000";
    else out += c;
  }
  return out;
}

std::string quoted(const std::string& s) { return "\"" + visible(s) + "\""; }

// ---- the intermediate program -----------------------------------------------

struct Ev {
  wl_event_kind kind = WL_EV_RUN;
  std::string key, path;
  int64_t duration_ns = 0, bytes = 0;
  wl_timer_mode mode = WL_TIMER_RELATIVE;
  std::string ref, mutex;  // resource names
};

struct SchedIn {  // what an object says about scheduling
  bool has_policy = false, has_prio = false, has_rt = false, has_dp = false, has_dd = false;
  bool has_umin = false, has_umax = false;
  wl_policy policy = WL_SCHED_OTHER;
  long long prio = 0, dl_runtime = 0, dl_period = 0, dl_deadline = 0, umin = -1, umax = -1;
  std::string path, prio_path, dl_path;
};

struct Ph {
  std::string name, path;
  int64_t loop = 1;
  SchedIn sched_in;
  uint32_t sched_set = 0;
  wl_sched sched{};
  std::vector<int> cpus;
  std::vector<Ev> evs;
};

struct Tk {
  std::string name, path;
  int instances = 1;
  SchedIn sched_in;
  wl_sched sched{};
  std::vector<int> cpus;
  int64_t delay_ns = 0, loop = -1;
  std::vector<Ph> phases;
};

struct Res {
  std::string name;
  wl_resource_kind kind;
  int owner;
  int absolute = 0, barrier_users = 0;
};

// ---- the loader -------------------------------------------------------------

const char* const kBoardOnlyGlobal[] = {
  "logdir", "log_basename", "log_size", "ftrace", "gnuplot", "lock_pages", "pi_enabled",
  "io_device", "mem_buffer_size", "cumulative_slack",
};

// rt-app's event table, in its order of matching (parse_task_event_data):
// a key is an event when it starts with one of these.
struct EvPrefix {
  const char* prefix;
  wl_event_kind kind;
};
const EvPrefix kEventPrefixes[] = {
  {"runtime", WL_EV_RUNTIME}, {"run", WL_EV_RUN}, {"sleep", WL_EV_SLEEP},
  {"mem", WL_EV_MEM}, {"iorun", WL_EV_IORUN}, {"lock", WL_EV_LOCK},
  {"unlock", WL_EV_UNLOCK}, {"signal", WL_EV_SIGNAL}, {"broadcast", WL_EV_BROADCAST},
  {"broad", WL_EV_BROADCAST}, {"wait", WL_EV_WAIT}, {"sync", WL_EV_SYNC},
  {"barrier", WL_EV_BARRIER}, {"timer", WL_EV_TIMER}, {"resume", WL_EV_RESUME},
  {"suspend", WL_EV_SUSPEND}, {"yield", WL_EV_YIELD}, {"fork", WL_EV_FORK},
};

// The grammar before rt-app 1.0 (the package's taskset.json and merge/):
// "exec", "period", "deadline", "lock_order", "resources", "sleep": <bool>.
// rt-app 1.0 does not refuse them: it skips keys that are no event and reads
// "lock_order" and a boolean "sleep" as mismatched events, logging "Unknown
// or mismatch" and doing nothing for them. blsim skips them with a warning.
bool legacy_key(const std::string& key, const Node& v, bool task_level) {
  if (key == "exec" || key == "lock_order" || key == "resources") return true;
  if (!task_level && (key == "period" || key == "deadline")) return true;
  return key == "sleep" && v.type == Node::kBool;
}

// A thread that rt-app 1.0 runs with no event left (pre-1.0 grammar only)
// spins through empty loops: each takes its clock reads and timing record,
// about this long (an assumption). blsim runs it as one run of this length.
constexpr int64_t kEmptyLoopNs = 2000;

bool all_digits(const std::string& s, size_t from) {
  for (size_t i = from; i < s.size(); i++)
    if (s[i] < '0' || s[i] > '9') return false;
  return true;
}

// Returns false if `key` is no event. *exact: the key is the event's name,
// optionally followed by digits (workgen's numbering); otherwise it is an
// event only by rt-app's prefix rule ("running" is a run).
bool classify_event(const std::string& key, wl_event_kind* kind, bool* exact,
                    std::string* prefix) {
  for (const EvPrefix& p : kEventPrefixes) {
    size_t n = std::strlen(p.prefix);
    if (key.compare(0, n, p.prefix) == 0) {
      *kind = p.kind;
      *exact = all_digits(key, n);
      *prefix = p.prefix;
      // "runtime" matched first; "runt" is a run by prefix, not a runtime.
      return true;
    }
  }
  return false;
}

bool parse_policy(const std::string& s, wl_policy* p) {
  static const std::pair<const char*, wl_policy> kNames[] = {
    {"SCHED_OTHER", WL_SCHED_OTHER}, {"SCHED_IDLE", WL_SCHED_IDLE},
    {"SCHED_FIFO", WL_SCHED_FIFO}, {"SCHED_RR", WL_SCHED_RR},
    {"SCHED_DEADLINE", WL_SCHED_DEADLINE},
  };
  for (const auto& n : kNames)
    if (s == n.first) { *p = n.second; return true; }
  return false;
}

class Loader {
 public:
  Loader(const std::string& name, const RtappOptions& o, std::vector<std::string>* w)
      : name_(name), opts_(o), warnings_(w) {}

  void load(const Node& root, wl_program* out);

 private:
  [[noreturn]] void fail(const std::string& path, const std::string& text) {
    throw LoadError{name_ + ": " + (path.empty() ? "" : visible(path) + ": ") + text};
  }
  // A NUL in a name would cut it short where C strings carry it (thread
  // names, traces): refused, as JSON can hold it and rt-app's C cannot.
  void no_nul(const std::string& s, const std::string& path) {
    if (s.find('\0') != std::string::npos)
      fail(path, "contains a NUL character (\\u0000); names and strings cannot hold one");
  }
  // One warning per `once_key` per file (default: the text itself).
  void warn(const std::string& path, const std::string& text, const std::string& once_key = "") {
    const std::string msg = name_ + ": " + (path.empty() ? "" : visible(path) + ": ") + text;
    if (!warned_.insert(once_key.empty() ? msg : once_key).second) return;
    if (warnings_) warnings_->push_back(msg);
  }

  static std::string too_many_threads(long long n) {
    return std::to_string(n) + " threads: more than blsim's limit of " +
           std::to_string(WL_MAX_THREADS) +
           " threads in a run, instances and forks together (docs/workloads.md)";
  }

  long long need_int(const Node& v, const std::string& path, const char* what) {
    if (v.type != Node::kInt) fail(path, std::string("must be ") + what + ", not " + type_name(v));
    if (v.too_big)
      fail(path, "out of range: " + v.s + " does not fit in 64 bits (at most 9223372036854775807)");
    return v.i;
  }
  const std::string& need_string(const Node& v, const std::string& path) {
    if (v.type != Node::kString) fail(path, std::string("must be a string, not ") + type_name(v));
    no_nul(v.s, path);
    return v.s;
  }
  int64_t positive_us(const Node& v, const std::string& path) {
    long long us = need_int(v, path, "an integer number of microseconds");
    if (us <= 0) fail(path, "must be a positive time in microseconds (got " + std::to_string(us) + ")");
    if (us > std::numeric_limits<int64_t>::max() / 1000) fail(path, "time too large");
    return static_cast<int64_t>(us) * 1000;
  }
  int64_t loop_value(const Node& v, const std::string& path) {
    long long l = need_int(v, path, "an integer");
    if (l < -1) fail(path, "must be -1 (forever) or a count >= 0 (got " + std::to_string(l) + ")");
    return l;
  }

  void legacy_warning(const std::string& path, const std::string& key) {
    warn(path, "rt-app's grammar before 1.0, which rt-app 1.0 ignores" +
                   std::string(key == "lock_order" || key == "sleep"
                                   ? " (it reads it as a mismatched event that does nothing)"
                                   : "") + "; ignored");
  }
  // rt-app 1.0 runs a phase left without events as an empty loop that
  // spins (later rt-app refuses it; only pre-1.0 files get here).
  void empty_loop(Ph* ph) {
    warn(ph->path, "no event rt-app 1.0 runs: the thread spins through empty loops, as "
                   "rt-app 1.0 does; simulated as a run of " +
                       std::to_string(kEmptyLoopNs / 1000) + " us per loop");
    Ev e;
    e.kind = WL_EV_RUN;
    e.key = "run";
    e.path = ph->path;
    e.duration_ns = kEmptyLoopNs;
    ph->evs.push_back(std::move(e));
  }

  void parse_global(const Node& g);
  void parse_task(const std::string& tname, const Node& t, const std::string& path, Tk* tk);
  bool skip_key(const Node& obj, size_t k, const std::string& p, bool is_property, bool task_level,
                bool* legacy);
  void parse_phases(const Node& v, const std::string& p, const std::string& tname, Tk* tk,
                    bool* legacy);
  void parse_phase(const Node& pv, const std::string& tname, Ph* ph, bool* legacy);
  bool task_count_key(const std::string& key, const Node& v, const std::string& p, Tk* tk);
  bool sched_key(const std::string& key, const Node& v, const std::string& path, SchedIn* s,
                 bool task_level);
  std::vector<int> parse_cpus(const Node& v, const std::string& path);
  void parse_event(const std::string& key, const Node& v, const std::string& path,
                   const std::string& task_name, Ph* ph);
  void ref_object(const Node& v, const std::string& path, Ev* e, bool timer);
  void resolve_task_sched(Tk* tk);
  void resolve_phase_sched(const Tk& tk, wl_policy current, Ph* ph);
  void check_prio(wl_policy p, long long prio, const std::string& path);
  int resource(const std::string& name, wl_resource_kind kind, int owner);
  void read_top_level(const Node& root, const Node** tasks, const Node** global);
  void parse_tasks(const Node* tasks);
  void resolve_sched();
  void check_references();
  void check_reference(const Ev& e, const Tk& tk, const std::set<std::string>& locked,
                       const std::set<std::string>& suspend_queues);
  void event_resources(const Ev& ev, size_t t, int instances, wl_event& ce);
  void emit_phase(const Tk& tk, size_t t, const Ph& src, wl_phase& cp);
  void emit_task(size_t t, wl_task& ct);
  void emit(wl_program& p);

  std::string name_;
  RtappOptions opts_;
  std::vector<std::string>* warnings_;
  std::set<std::string> warned_;

  int64_t duration_ns_ = 0;
  int calib_cpu_ = 0;
  int64_t calib_ns_per_loop_ = 0;
  wl_policy default_policy_ = WL_SCHED_OTHER;
  std::vector<Tk> tasks_;
  std::vector<Res> res_;
  std::map<std::tuple<std::string, int, int>, int> res_index_;  // (name, kind, owner) -> res_
  std::map<std::string, int> task_index_;  // task name -> tasks_
};

void Loader::parse_global(const Node& g) {
  if (g.type != Node::kObject) fail("global", std::string("must be an object, not ") + type_name(g));
  for (size_t k = 0; k < g.keys.size(); k++) {
    const std::string& key = g.keys[k];
    const Node& v = g.values[k];
    const std::string path = member_path("global", g, k);
    no_nul(key, path);
    if (repeated_before(g, k)) {
      warn(path, "repeated; the first value is used (as workgen renames the copies)");
      continue;
    }
    if (key == "duration") {
      long long s = need_int(v, path, "an integer number of seconds");
      if (s == -1) {
        duration_ns_ = 0;
      } else if (s <= 0) {
        fail(path, "must be a positive number of seconds, or -1 (got " + std::to_string(s) + ")");
      } else {
        if (s > std::numeric_limits<int64_t>::max() / 1000000000LL) fail(path, "time too large");
        duration_ns_ = static_cast<int64_t>(s) * 1000000000LL;
      }
    } else if (key == "calibration") {
      if (v.type == Node::kInt) {
        if (v.i <= 0) fail(path, "must be \"CPUn\" or a positive ns-per-loop integer (got " +
                                  std::to_string(v.i) + ")");
        calib_cpu_ = -1;
        calib_ns_per_loop_ = v.i;
      } else if (v.type == Node::kString) {
        int cpu = -1, used = 0;
        if (std::sscanf(v.s.c_str(), "CPU%d%n", &cpu, &used) != 1 ||
            used != static_cast<int>(v.s.size()) || cpu < 0)
          fail(path, "must be \"CPUn\" or a positive ns-per-loop integer (got " + quoted(v.s) + ")");
        if (opts_.num_cpus > 0 && cpu >= opts_.num_cpus)
          fail(path, "CPU " + std::to_string(cpu) + " does not exist (the platform has " +
                         std::to_string(opts_.num_cpus) + " CPUs: 0-" +
                         std::to_string(opts_.num_cpus - 1) + ")");
        calib_cpu_ = cpu;
        calib_ns_per_loop_ = 0;
      } else {
        fail(path, std::string("must be \"CPUn\" or a positive ns-per-loop integer, not ") +
                       type_name(v));
      }
    } else if (key == "default_policy") {
      const std::string& s = need_string(v, path);
      if (!parse_policy(s, &default_policy_))
        fail(path, "unknown policy " + quoted(s) +
                       " (expected SCHED_OTHER, SCHED_IDLE, SCHED_FIFO, SCHED_RR or SCHED_DEADLINE)");
    } else {
      bool board = false;
      for (const char* b : kBoardOnlyGlobal) board = board || key == b;
      if (board)
        warn(path, "only meaningful on a real board; ignored");
      else
        warn(path, "unknown global key; ignored (rt-app ignores it too)");
    }
  }
}

std::vector<int> Loader::parse_cpus(const Node& v, const std::string& path) {
  if (v.type != Node::kArray) fail(path, std::string("must be an array of CPU numbers, not ") + type_name(v));
  if (v.values.empty()) fail(path, "must name at least one CPU");
  std::set<int> cpus;
  for (const Node& c : v.values) {
    if (c.type != Node::kInt) fail(path, std::string("must be an array of CPU numbers, not of ") + type_name(c));
    if (c.i < 0 || (opts_.num_cpus > 0 && c.i >= opts_.num_cpus)) {
      std::string have = opts_.num_cpus > 0
          ? "the platform has " + std::to_string(opts_.num_cpus) + " CPUs: 0-" +
                std::to_string(opts_.num_cpus - 1)
          : "CPU numbers start at 0";
      fail(path, "CPU " + std::to_string(c.i) + " does not exist (" + have + ")");
    }
    if (c.i > 4096) fail(path, "CPU " + std::to_string(c.i) + " does not exist");
    cpus.insert(static_cast<int>(c.i));
  }
  return std::vector<int>(cpus.begin(), cpus.end());
}

// Scheduling keys, common to tasks and phases (parse_sched_data in rt-app).
bool Loader::sched_key(const std::string& key, const Node& v, const std::string& path,
                       SchedIn* s, bool task_level) {
  if (key == "policy") {
    const std::string& p = need_string(v, path);
    if (!parse_policy(p, &s->policy))
      fail(path, "unknown policy " + quoted(p) +
                     " (expected SCHED_OTHER, SCHED_IDLE, SCHED_FIFO, SCHED_RR or SCHED_DEADLINE)");
    s->has_policy = true;
  } else if (key == "priority") {
    s->prio = need_int(v, path, "an integer");
    s->has_prio = true;
    s->prio_path = path;
  } else if (key == "dl-runtime") {
    s->dl_runtime = positive_us(v, path);
    s->has_rt = true;
    s->dl_path = path;
  } else if (key == "dl-period" || (task_level && key == "period")) {
    // "period" and "deadline": rt-app's legacy names, at task level only.
    if (key == "period" && s->has_dp) return true;
    s->dl_period = positive_us(v, path);
    s->has_dp = true;
  } else if (key == "dl-deadline" || (task_level && key == "deadline")) {
    if (key == "deadline" && s->has_dd) return true;
    s->dl_deadline = positive_us(v, path);
    s->has_dd = true;
  } else if (key == "util_min" || key == "util_max") {
    long long u = need_int(v, path, "an integer");
    if (u < 0 || u > 1024) fail(path, "must be 0..1024 (got " + std::to_string(u) + ")");
    if (key == "util_min") { s->umin = u; s->has_umin = true; }
    else { s->umax = u; s->has_umax = true; }
  } else {
    return false;
  }
  return true;
}

void Loader::check_prio(wl_policy p, long long prio, const std::string& path) {
  if ((p == WL_SCHED_FIFO || p == WL_SCHED_RR) && (prio < 1 || prio > 99))
    fail(path, "must be 1..99 for " + std::string(wl_policy_name(p)) + " (got " +
                   std::to_string(prio) + ")");
  if ((p == WL_SCHED_OTHER || p == WL_SCHED_IDLE) && (prio < -20 || prio > 19))
    fail(path, "is the nice value for " + std::string(wl_policy_name(p)) +
                   ": must be -20..19 (got " + std::to_string(prio) + ")");
}

void Loader::resolve_task_sched(Tk* tk) {
  const SchedIn& in = tk->sched_in;
  wl_sched& s = tk->sched;
  s.policy = in.has_policy ? in.policy : default_policy_;
  s.util_min = in.has_umin ? static_cast<int>(in.umin) : -1;
  s.util_max = in.has_umax ? static_cast<int>(in.umax) : -1;
  if (s.policy == WL_SCHED_FIFO || s.policy == WL_SCHED_RR) {
    long long p = in.has_prio ? in.prio : 10;
    check_prio(s.policy, p, in.prio_path);
    s.priority = static_cast<int>(p);
  } else if (s.policy == WL_SCHED_OTHER || s.policy == WL_SCHED_IDLE) {
    long long p = in.has_prio ? in.prio : 0;
    check_prio(s.policy, p, in.prio_path);
    s.nice = static_cast<int>(p);
  }
  if (s.policy == WL_SCHED_DEADLINE) {
    if (!in.has_rt) fail(tk->path, "SCHED_DEADLINE needs \"dl-runtime\"");
    s.dl_runtime_ns = in.dl_runtime;
    s.dl_period_ns = in.has_dp ? in.dl_period : s.dl_runtime_ns;
    s.dl_deadline_ns = in.has_dd ? in.dl_deadline : s.dl_period_ns;
    if (s.dl_runtime_ns > s.dl_deadline_ns || s.dl_deadline_ns > s.dl_period_ns)
      fail(tk->path, "SCHED_DEADLINE needs dl-runtime <= dl-deadline <= dl-period");
  } else if (in.has_rt || in.has_dp || in.has_dd) {
    warn(tk->path, "dl-runtime/dl-period/dl-deadline only apply to SCHED_DEADLINE; ignored");
  }
}

// A phase changes what it names (rt-app's "same" policy): `current` is the
// policy in force when the phase starts in the task's first loop.
void Loader::resolve_phase_sched(const Tk& tk, wl_policy current, Ph* ph) {
  const SchedIn& in = ph->sched_in;
  wl_sched& s = ph->sched;
  s.util_min = s.util_max = -1;
  wl_policy pol = in.has_policy ? in.policy : current;
  if (in.has_policy) {
    ph->sched_set |= WL_SCHED_SET_POLICY | WL_SCHED_SET_PRIO;
    s.policy = in.policy;
  } else {
    s.policy = current;
  }
  if (in.has_prio || in.has_policy) {
    long long p = in.has_prio ? in.prio
                              : (pol == WL_SCHED_FIFO || pol == WL_SCHED_RR) ? 10 : 0;
    check_prio(pol, p, in.prio_path);
    ph->sched_set |= WL_SCHED_SET_PRIO;
    if (in.has_policy) {
      if (pol == WL_SCHED_FIFO || pol == WL_SCHED_RR) s.priority = static_cast<int>(p);
      else if (pol != WL_SCHED_DEADLINE) s.nice = static_cast<int>(p);
    } else {
      // Without a policy the value is read per the policy in force when the
      // phase runs: both fields carry it.
      s.priority = s.nice = static_cast<int>(p);
    }
  }
  if (in.has_rt || in.has_dp || in.has_dd) {
    if (!in.has_rt) fail(in.dl_path.empty() ? ph->path : in.dl_path, "needs \"dl-runtime\"");
    ph->sched_set |= WL_SCHED_SET_DL;
    s.dl_runtime_ns = in.dl_runtime;
    s.dl_period_ns = in.has_dp ? in.dl_period : s.dl_runtime_ns;
    s.dl_deadline_ns = in.has_dd ? in.dl_deadline : s.dl_period_ns;
    if (s.dl_runtime_ns > s.dl_deadline_ns || s.dl_deadline_ns > s.dl_period_ns)
      fail(ph->path, "SCHED_DEADLINE needs dl-runtime <= dl-deadline <= dl-period");
  } else if (in.has_policy && in.policy == WL_SCHED_DEADLINE) {
    fail(ph->path, "SCHED_DEADLINE needs \"dl-runtime\"");
  }
  if (in.has_umin) { ph->sched_set |= WL_SCHED_SET_UTIL_MIN; s.util_min = static_cast<int>(in.umin); }
  if (in.has_umax) { ph->sched_set |= WL_SCHED_SET_UTIL_MAX; s.util_max = static_cast<int>(in.umax); }
  (void)tk;
}

// {"ref": ..., "mutex": ...} of wait/sync, {"ref", "period", "mode"} of timer.
void Loader::ref_object(const Node& v, const std::string& path, Ev* e, bool timer) {
  if (v.type != Node::kObject)
    fail(path, std::string("must be an object {\"ref\": ..., ") +
                   (timer ? "\"period\": ...}" : "\"mutex\": ...}") + ", not " + type_name(v));
  bool have_ref = false, have_mutex = false, have_period = false;
  for (size_t k = 0; k < v.keys.size(); k++) {
    const std::string& key = v.keys[k];
    const std::string p = member_path(path, v, k);
    no_nul(key, p);
    if (repeated_before(v, k)) {
      warn(p, "repeated; the first value is used");
      continue;
    }
    if (key == "ref") {
      e->ref = need_string(v.values[k], p);
      if (e->ref.empty()) fail(p, "must not be empty");
      have_ref = true;
    } else if (!timer && key == "mutex") {
      e->mutex = need_string(v.values[k], p);
      if (e->mutex.empty()) fail(p, "must not be empty");
      have_mutex = true;
    } else if (timer && key == "period") {
      e->duration_ns = positive_us(v.values[k], p);
      have_period = true;
    } else if (timer && key == "mode") {
      const std::string& m = need_string(v.values[k], p);
      if (m == "relative") e->mode = WL_TIMER_RELATIVE;
      else if (m == "absolute") e->mode = WL_TIMER_ABSOLUTE;
      else fail(p, "must be \"relative\" or \"absolute\" (got " + quoted(m) + ")");
    } else {
      fail(p, "unknown key");
    }
  }
  if (!have_ref) fail(path, "missing \"ref\"");
  if (!timer && !have_mutex) fail(path, "missing \"mutex\"");
  if (timer && !have_period) fail(path, "missing \"period\"");
}

void Loader::parse_event(const std::string& key, const Node& v, const std::string& path,
                         const std::string& task_name, Ph* ph) {
  wl_event_kind kind;
  bool exact;
  std::string prefix;
  if (!classify_event(key, &kind, &exact, &prefix)) fail(path, "unknown event key");
  if (!exact)
    warn(path, "read as a " + quoted(prefix) + " event (rt-app matches event keys by prefix)");
  Ev e;
  e.kind = kind;
  e.key = key;
  e.path = path;
  switch (kind) {
    case WL_EV_RUN:
    case WL_EV_RUNTIME:
      e.duration_ns = positive_us(v, path);
      break;
    case WL_EV_SLEEP:
      // "sleep": 0 is a nanosleep of nothing (rt-app's template.json keeps
      // one for tune_json.py): the syscall, no wait.
      e.duration_ns = v.type == Node::kInt && !v.too_big && v.i == 0 ? 0 : positive_us(v, path);
      break;
    case WL_EV_MEM:
    case WL_EV_IORUN: {
      long long b = need_int(v, path, "an integer number of bytes");
      if (b <= 0) fail(path, "must be a positive number of bytes (got " + std::to_string(b) + ")");
      e.bytes = b;
      break;
    }
    case WL_EV_LOCK:
    case WL_EV_UNLOCK:
    case WL_EV_SIGNAL:
    case WL_EV_BROADCAST:
    case WL_EV_BARRIER:
    case WL_EV_RESUME:
    case WL_EV_FORK:
      e.ref = need_string(v, path);
      if (e.ref.empty()) fail(path, "must name its target");
      break;
    case WL_EV_SUSPEND:
      // workgen fills an empty (or missing) suspend with the task's own name.
      if (v.type == Node::kNull) e.ref = task_name;
      else e.ref = need_string(v, path);
      if (e.ref.empty()) e.ref = task_name;
      break;
    case WL_EV_WAIT:
    case WL_EV_SYNC:
      ref_object(v, path, &e, false);
      break;
    case WL_EV_TIMER:
      ref_object(v, path, &e, true);
      break;
    case WL_EV_YIELD:
    case WL_EV__COUNT:
      break;  // rt-app does not look at yield's value
  }
  ph->evs.push_back(std::move(e));
}

// Keys any task or phase may carry that need no parsing: a repeated
// property (workgen renames copies; the first is used), a key of the
// grammar before rt-app 1.0, control groups and NUMA. True: key consumed.
bool Loader::skip_key(const Node& obj, size_t k, const std::string& p, bool is_property,
                      bool task_level, bool* legacy) {
  const std::string& key = obj.keys[k];
  if (is_property && repeated_before(obj, k)) {
    warn(p, "repeated; the first value is used (as workgen renames the copies)");
    return true;
  }
  if (legacy_key(key, obj.values[k], task_level)) {
    legacy_warning(p, key);
    *legacy = true;
    return true;
  }
  if (key == "taskgroup" || key == "nodes_membind" || key == "membind_nodes") {
    warn(p, key == "taskgroup" ? "no control groups in the simulated kernel; ignored"
                               : "no NUMA on the simulated platform; ignored",
         "task:" + key);
    return true;
  }
  return false;
}

// One phase of a task: its properties and its events, in file order.
void Loader::parse_phase(const Node& pv, const std::string& tname, Ph* ph, bool* legacy) {
  if (pv.type != Node::kObject) fail(ph->path, std::string("must be an object, not ") + type_name(pv));
  for (size_t m = 0; m < pv.keys.size(); m++) {
    const std::string& pk = pv.keys[m];
    const Node& pvv = pv.values[m];
    const std::string pp = member_path(ph->path, pv, m);
    no_nul(pk, pp);
    const bool phase_prop = pk == "loop" || pk == "cpus" || pk == "policy" ||
        pk == "priority" || pk == "dl-runtime" || pk == "dl-period" ||
        pk == "dl-deadline" || pk == "util_min" || pk == "util_max" ||
        pk == "taskgroup" || pk == "nodes_membind" || pk == "membind_nodes";
    if (skip_key(pv, m, pp, phase_prop, false, legacy)) continue;
    if (pk == "loop") {
      ph->loop = loop_value(pvv, pp);
    } else if (pk == "cpus") {
      ph->cpus = parse_cpus(pvv, pp);
    } else if (sched_key(pk, pvv, pp, &ph->sched_in, false)) {
    } else if (pk == "instance" || pk == "delay" || pk == "phases") {
      fail(pp, "a task property, not allowed in a phase");
    } else {
      parse_event(pk, pvv, pp, tname, ph);
    }
  }
  if (ph->evs.empty() && *legacy) empty_loop(ph);
  if (ph->evs.empty()) fail(ph->path, "no events (rt-app refuses a phase without events)");
}

// A task's "phases" object.
void Loader::parse_phases(const Node& v, const std::string& p, const std::string& tname, Tk* tk,
                          bool* legacy) {
  if (v.type != Node::kObject) fail(p, std::string("must be an object, not ") + type_name(v));
  std::set<std::string> names;
  std::map<std::string, int> next;
  for (size_t j = 0; j < v.keys.size(); j++) {
    // workgen makes repeated keys unique by appending a number.
    no_nul(v.keys[j], member_path(p, v, j));
    const std::string pname = unique_name(v.keys[j], &names, &next);
    if (pname != v.keys[j])
      warn(member_path(p, v, j), "repeated phase name; read as " + quoted(pname));
    Ph ph;
    ph.name = pname;
    ph.path = join(p, pname);
    parse_phase(v.values[j], tname, &ph, legacy);
    tk->phases.push_back(std::move(ph));
  }
  if (tk->phases.empty()) fail(p, "no phase");
}

// The task's own properties: instance, delay (the rest are cpus, loop, the
// scheduling keys and phases, handled by the caller).
bool Loader::task_count_key(const std::string& key, const Node& v, const std::string& p, Tk* tk) {
  if (key == "instance") {
    long long n = need_int(v, p, "an integer");
    if (n < 0) fail(p, "must be a count >= 0 (got " + std::to_string(n) + ")");
    if (n > WL_MAX_THREADS) fail(p, too_many_threads(n));
    tk->instances = static_cast<int>(n);
    return true;
  }
  if (key == "delay") {
    long long us = need_int(v, p, "an integer number of microseconds");
    if (us < 0) fail(p, "must not be negative (got " + std::to_string(us) + ")");
    if (us > std::numeric_limits<int64_t>::max() / 1000) fail(p, "time too large");
    tk->delay_ns = static_cast<int64_t>(us) * 1000;
    return true;
  }
  return false;
}

void Loader::parse_task(const std::string& tname, const Node& t, const std::string& path, Tk* tk) {
  tk->name = tname;
  tk->path = path;
  if (t.type != Node::kObject) fail(path, std::string("must be an object, not ") + type_name(t));
  bool has_phases = false;
  for (const std::string& k : t.keys) has_phases = has_phases || k == "phases";
  bool has_loop = false;
  bool legacy = false;  // keys of the grammar before rt-app 1.0
  int64_t loop = -1;
  Ph implicit;
  implicit.path = path;
  for (size_t k = 0; k < t.keys.size(); k++) {
    const std::string& key = t.keys[k];
    const Node& v = t.values[k];
    const std::string p = member_path(path, t, k);
    no_nul(key, p);
    wl_event_kind kind;
    bool exact;
    std::string prefix;
    const bool is_property =
        key == "loop" || key == "instance" || key == "delay" || key == "phases" ||
        key == "cpus" || key == "policy" || key == "priority" || key == "dl-runtime" ||
        key == "dl-period" || key == "dl-deadline" || key == "period" || key == "deadline" ||
        key == "util_min" || key == "util_max" || key == "taskgroup" ||
        key == "nodes_membind" || key == "membind_nodes";
    if (skip_key(t, k, p, is_property, true, &legacy)) continue;
    if (key == "loop") {
      loop = loop_value(v, p);
      has_loop = true;
    } else if (task_count_key(key, v, p, tk)) {
    } else if (key == "cpus") {
      tk->cpus = parse_cpus(v, p);
    } else if (sched_key(key, v, p, &tk->sched_in, true)) {
      // recorded
    } else if (key == "phases") {
      parse_phases(v, p, tname, tk, &legacy);
    } else if (classify_event(key, &kind, &exact, &prefix)) {
      if (has_phases)
        warn(p, "event beside \"phases\"; ignored, as rt-app does");
      else
        parse_event(key, v, p, tname, &implicit);
    } else {
      fail(p, "unknown event key");
    }
  }
  if (has_phases) {
    tk->loop = has_loop ? loop : -1;
  } else {
    // rt-app: the task's "loop" is the single phase's; the task then runs once.
    if (implicit.evs.empty() && legacy) empty_loop(&implicit);
    if (implicit.evs.empty()) fail(path, "no events (rt-app refuses a task without events)");
    implicit.loop = has_loop ? loop : 1;
    tk->loop = has_loop ? 1 : -1;
    tk->phases.push_back(std::move(implicit));
  }
}

int Loader::resource(const std::string& name, wl_resource_kind kind, int owner) {
  auto it = res_index_.emplace(std::make_tuple(name, static_cast<int>(kind), owner),
                               static_cast<int>(res_.size()));
  if (!it.second) return it.first->second;
  Res r;
  r.name = name;
  r.kind = kind;
  r.owner = owner;
  res_.push_back(r);
  return static_cast<int>(res_.size() - 1);
}

char* cdup(const std::string& s) {
  char* p = static_cast<char*>(std::malloc(s.size() + 1));
  if (!p) throw std::bad_alloc();
  std::memcpy(p, s.c_str(), s.size() + 1);
  return p;
}

template <typename T>
T* calloc_n(size_t n) {
  if (n == 0) return nullptr;
  void* p = std::calloc(n, sizeof(T));
  if (!p) throw std::bad_alloc();
  return static_cast<T*>(p);
}

int* cdup_ints(const std::vector<int>& v) {
  int* p = calloc_n<int>(v.size());
  for (size_t i = 0; i < v.size(); i++) p[i] = v[i];
  return p;
}

// The top level: "tasks", "global" and the ignored "resources".
void Loader::read_top_level(const Node& root, const Node** tasks, const Node** global) {
  if (root.type != Node::kObject) fail("", std::string("the top level must be an object, not ") + type_name(root));
  for (size_t k = 0; k < root.keys.size(); k++) {
    const std::string& key = root.keys[k];
    const std::string p = member_path("", root, k);
    no_nul(key, p);
    if ((key == "tasks" || key == "global" || key == "resources") && repeated_before(root, k)) {
      warn(p, "repeated; the first one is used");
    } else if (key == "tasks") {
      *tasks = &root.values[k];
    } else if (key == "global") {
      *global = &root.values[k];
    } else if (key == "resources") {
      warn(p, "ignored: resources are created from the events (rt-app keeps this key for "
              "backward compatibility only)");
    } else {
      warn(p, "unknown top-level key; ignored");
    }
  }
}

void Loader::parse_tasks(const Node* tasks) {
  if (!tasks) fail("", "no \"tasks\" object");
  if (tasks->type != Node::kObject) fail("tasks", std::string("must be an object, not ") + type_name(*tasks));
  if (tasks->keys.empty()) fail("tasks", "no task");
  std::set<std::string> names;
  std::map<std::string, int> next;
  long long total_threads = 0;
  for (size_t k = 0; k < tasks->keys.size(); k++) {
    no_nul(tasks->keys[k], member_path("tasks", *tasks, k));
    const std::string tname = unique_name(tasks->keys[k], &names, &next);
    if (tname != tasks->keys[k])
      warn(member_path("tasks", *tasks, k), "repeated task name; read as " + quoted(tname));
    Tk tk;
    parse_task(tname, tasks->values[k], join("tasks", tname), &tk);
    total_threads += tk.instances;
    if (total_threads > WL_MAX_THREADS)
      fail("tasks", "the instances add up to " + too_many_threads(total_threads));
    tasks_.push_back(std::move(tk));
  }
}

// Scheduling: the task's own, then each phase's changes.
void Loader::resolve_sched() {
  for (Tk& tk : tasks_) {
    resolve_task_sched(&tk);
    wl_policy current = tk.sched.policy;
    for (Ph& ph : tk.phases) {
      if (ph.path == tk.path) continue;  // the implicit phase: the task's own sched
      resolve_phase_sched(tk, current, &ph);
      if (ph.sched_set & WL_SCHED_SET_POLICY) current = ph.sched.policy;
    }
  }
}

// One event's references, checked against the whole workload.
void Loader::check_reference(const Ev& e, const Tk& tk, const std::set<std::string>& locked,
                             const std::set<std::string>& suspend_queues) {
  if (e.kind == WL_EV_RESUME) {
    const bool is_task = task_index_.count(e.ref) != 0;
    const bool is_queue = suspend_queues.count(e.ref) != 0;
    if (!is_task && !is_queue)
      fail(e.path, "resume of " + quoted(e.ref) + ": no task and no suspend of that name");
    if (!is_queue)
      warn(e.path, "resume of " + quoted(e.ref) + ", which never suspends: it wakes nobody");
  } else if (e.kind == WL_EV_FORK) {
    if (!task_index_.count(e.ref)) fail(e.path, "fork of " + quoted(e.ref) + ": no such task");
  } else if (e.kind == WL_EV_UNLOCK) {
    if (!locked.count(e.ref))
      fail(e.path, "unlock of mutex " + quoted(e.ref) + " that task " + quoted(tk.name) +
                       " never locks");
  }
}

// Cross-references: suspend queues, resume / fork targets, lock pairs.
void Loader::check_references() {
  for (size_t i = 0; i < tasks_.size(); i++) task_index_[tasks_[i].name] = static_cast<int>(i);
  std::set<std::string> suspend_queues;
  for (const Tk& tk : tasks_)
    for (const Ph& ph : tk.phases)
      for (const Ev& e : ph.evs)
        if (e.kind == WL_EV_SUSPEND) suspend_queues.insert(e.ref);
  for (const Tk& tk : tasks_) {
    std::set<std::string> locked;
    for (const Ph& ph : tk.phases)
      for (const Ev& e : ph.evs)
        if (e.kind == WL_EV_LOCK) locked.insert(e.ref);
    for (const Ph& ph : tk.phases)
      for (const Ev& e : ph.evs) check_reference(e, tk, locked, suspend_queues);
  }
}

// The resources an event uses, made in order of first use.
void Loader::event_resources(const Ev& ev, size_t t, int instances, wl_event& ce) {
  switch (ev.kind) {
    case WL_EV_LOCK:
    case WL_EV_UNLOCK:
      ce.res = resource(ev.ref, WL_RES_MUTEX, -1);
      break;
    case WL_EV_SIGNAL:
    case WL_EV_BROADCAST:
      ce.res = resource(ev.ref, WL_RES_COND, -1);
      break;
    case WL_EV_WAIT:
    case WL_EV_SYNC:
      ce.res = resource(ev.ref, WL_RES_COND, -1);
      ce.dep = resource(ev.mutex, WL_RES_MUTEX, -1);
      break;
    case WL_EV_SUSPEND:
    case WL_EV_RESUME:
      ce.res = resource(ev.ref, WL_RES_COND, -1);
      ce.dep = resource(ev.ref, WL_RES_MUTEX, -1);
      if (ev.kind == WL_EV_RESUME && task_index_.count(ev.ref)) ce.task = task_index_[ev.ref];
      break;
    case WL_EV_FORK:
      ce.task = task_index_[ev.ref];
      break;
    case WL_EV_BARRIER:
      ce.res = resource(ev.ref, WL_RES_BARRIER, -1);
      res_[ce.res].barrier_users += instances;
      break;
    case WL_EV_TIMER: {
      const bool unique = ev.ref.compare(0, 6, "unique") == 0;
      ce.res = resource(ev.ref, WL_RES_TIMER, unique ? static_cast<int>(t) : -1);
      if (ev.mode == WL_TIMER_ABSOLUTE) res_[ce.res].absolute = 1;
      break;
    }
    default:
      break;
  }
}

void Loader::emit_phase(const Tk& tk, size_t t, const Ph& src, wl_phase& cp) {
  cp.name = cdup(src.name);
  cp.loop = src.loop;
  cp.sched_set = src.sched_set;
  cp.sched = src.sched;
  if (!src.sched_set) cp.sched = tk.sched;
  cp.ncpus = static_cast<int>(src.cpus.size());
  cp.cpus = cdup_ints(src.cpus);
  cp.nevents = static_cast<int>(src.evs.size());
  cp.events = calloc_n<wl_event>(src.evs.size());
  for (size_t e = 0; e < src.evs.size(); e++) {
    const Ev& ev = src.evs[e];
    wl_event& ce = cp.events[e];
    ce.kind = ev.kind;
    ce.key = cdup(ev.key);
    ce.duration_ns = ev.duration_ns;
    ce.bytes = ev.bytes;
    ce.timer_mode = ev.mode;
    ce.res = ce.dep = ce.task = -1;
    event_resources(ev, t, tk.instances, ce);
  }
}

void Loader::emit_task(size_t t, wl_task& ct) {
  const Tk& tk = tasks_[t];
  ct.name = cdup(tk.name);
  ct.instances = tk.instances;
  ct.sched = tk.sched;
  ct.ncpus = static_cast<int>(tk.cpus.size());
  ct.cpus = cdup_ints(tk.cpus);
  ct.delay_ns = tk.delay_ns;
  ct.loop = tk.loop;
  ct.nphases = static_cast<int>(tk.phases.size());
  ct.phases = calloc_n<wl_phase>(tk.phases.size());
  for (size_t ph = 0; ph < tk.phases.size(); ph++) emit_phase(tk, t, tk.phases[ph], ct.phases[ph]);
}

// The C program (kernel_model's blsim/workload.h); resources in order of
// first use.
void Loader::emit(wl_program& p) {
  p.source = cdup(name_);
  p.duration_ns = duration_ns_;
  p.calib_cpu = calib_cpu_;
  p.calib_ns_per_loop = calib_ns_per_loop_;
  p.default_policy = default_policy_;
  p.ntasks = static_cast<int>(tasks_.size());
  p.tasks = calloc_n<wl_task>(tasks_.size());
  for (size_t t = 0; t < tasks_.size(); t++) emit_task(t, p.tasks[t]);
  p.nresources = static_cast<int>(res_.size());
  p.resources = calloc_n<wl_resource>(res_.size());
  for (size_t r = 0; r < res_.size(); r++) {
    p.resources[r].name = cdup(res_[r].name);
    p.resources[r].kind = res_[r].kind;
    p.resources[r].owner_task = res_[r].owner;
    p.resources[r].absolute = res_[r].absolute;
    p.resources[r].barrier_users = res_[r].barrier_users;
  }
}

void Loader::load(const Node& root, wl_program* out) {
  const Node* tasks = nullptr;
  const Node* global = nullptr;
  read_top_level(root, &tasks, &global);
  if (global) parse_global(*global);
  parse_tasks(tasks);
  resolve_sched();
  check_references();
  wl_program p;
  std::memset(&p, 0, sizeof p);
  try {
    emit(p);
  } catch (...) {
    wl_program_free(&p);
    throw;
  }
  *out = p;
}

// ---- text -> tree -----------------------------------------------------------

void line_col(const std::string& text, size_t off, size_t* line, size_t* col) {
  *line = 1;
  *col = 1;
  for (size_t i = 0; i < off && i < text.size(); i++) {
    if (text[i] == '\n') { ++*line; *col = 1; }
    else ++*col;
  }
}

std::string basename_of(const std::string& path) {
  size_t s = path.find_last_of('/');
  return s == std::string::npos ? path : path.substr(s + 1);
}

}  // namespace

std::string rtapp_normalise(const std::string& in, std::vector<std::pair<size_t, size_t>>* ins) {
  std::string out;
  out.reserve(in.size() + 16);
  std::vector<char> nest;             // '{' or '['
  long last_sig = -1, prev_sig = -1;  // offsets in `out` of the last two significant chars
  size_t i = 0;
  if (in.compare(0, 3, "\xEF\xBB\xBF") == 0) { out += "   "; i = 3; }
  auto sig = [&](size_t at) { prev_sig = last_sig; last_sig = static_cast<long>(at); };
  // Skips whitespace and comments in `in` from j; returns the next offset.
  auto skip = [&](size_t j) {
    for (;;) {
      while (j < in.size() && (in[j] == ' ' || in[j] == '\t' || in[j] == '\n' || in[j] == '\r')) j++;
      if (in.compare(j, 2, "//") == 0) {
        while (j < in.size() && in[j] != '\n') j++;
      } else if (in.compare(j, 2, "/*") == 0) {
        size_t e = in.find("*/", j + 2);
        j = e == std::string::npos ? in.size() : e + 2;
      } else {
        return j;
      }
    }
  };
  while (i < in.size()) {
    const char c = in[i];
    if (c == '"') {
      const char before = last_sig >= 0 ? out[static_cast<size_t>(last_sig)] : '\0';
      size_t j = i + 1;
      while (j < in.size() && in[j] != '"') j += in[j] == '\\' ? 2 : 1;
      if (j >= in.size()) { out.append(in, i, std::string::npos); break; }
      const std::string content = in.substr(i + 1, j - i - 1);
      out.append(in, i, j + 1 - i);
      sig(out.size() - 1);
      i = j + 1;
      // workgen: a bare "suspend" key (no value) suspends on the task's name.
      const size_t next = skip(i);
      if (!nest.empty() && nest.back() == '{' && (before == '{' || before == ',') &&
          content.compare(0, 7, "suspend") == 0 && next < in.size() &&
          (in[next] == ',' || in[next] == '}')) {
        if (ins) ins->emplace_back(out.size(), 3);
        out += ":\"\"";
        sig(out.size() - 1);
      }
      continue;
    }
    if (in.compare(i, 2, "//") == 0 || in.compare(i, 2, "/*") == 0) {
      size_t j = skip(i);
      // skip() also eats whitespace; copy verbatim, comments are YAJL's business.
      out.append(in, i, j - i);
      i = j;
      continue;
    }
    if (c == '}' || c == ']') {
      if (last_sig >= 0 && out[static_cast<size_t>(last_sig)] == ',' && prev_sig >= 0 &&
          out[static_cast<size_t>(prev_sig)] != '{' && out[static_cast<size_t>(prev_sig)] != '[' &&
          out[static_cast<size_t>(prev_sig)] != ',')
        out[static_cast<size_t>(last_sig)] = ' ';  // a trailing comma
      if (!nest.empty()) nest.pop_back();
      out += c;
      sig(out.size() - 1);
      i++;
      continue;
    }
    if (c == '{' || c == '[') nest.push_back(c);
    out += c;
    if (!(c == ' ' || c == '\t' || c == '\n' || c == '\r')) sig(out.size() - 1);
    i++;
  }
  return out;
}

namespace {

// Text -> ordered tree; false with *error set when it is not JSON.
bool parse_tree(const std::string& text, const std::string& name, Node* root, std::string* error) {
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
    if (error) *error = name + ":1:1: not JSON: empty file";
    return false;
  }
  std::vector<std::pair<size_t, size_t>> ins;
  const std::string norm = rtapp_normalise(text, &ins);

  TreeBuilder builder;
  yajl_handle h = yajl_alloc(&kCallbacks, nullptr, &builder);
  yajl_config(h, yajl_allow_comments, 1);
  yajl_status st = yajl_parse(h, reinterpret_cast<const unsigned char*>(norm.data()), norm.size());
  size_t at = yajl_get_bytes_consumed(h);
  if (st == yajl_status_ok) {
    st = yajl_complete_parse(h);
    at = norm.size();
  }
  if (st != yajl_status_ok) {
    unsigned char* e = yajl_get_error(h, 0, nullptr, 0);
    std::string detail = reinterpret_cast<const char*>(e);
    yajl_free_error(h, e);
    yajl_free(h);
    while (!detail.empty() && (detail.back() == '\n' || detail.back() == ' ')) detail.pop_back();
    for (const char* pfx : {"parse error: ", "lexical error: "})
      if (detail.compare(0, std::strlen(pfx), pfx) == 0) detail.erase(0, std::strlen(pfx));
    // Stopped by us: valid JSON so far, but no workload.
    if (builder.too_deep)
      detail = "too deep: arrays and objects nested more than " + std::to_string(kMaxDepth) +
               " levels (rt-app's grammar needs 5)";
    // Back to an offset in the original text, then to line:column.
    size_t orig = at;
    for (const auto& in : ins)
      if (in.first < at) orig -= std::min(in.second, at - in.first);
    if (orig > 0 && orig >= text.size()) orig = text.size();
    size_t line, col;
    line_col(text, orig, &line, &col);
    if (error)
      *error = name + ":" + std::to_string(line) + ":" + std::to_string(col) +
               (builder.too_deep ? ": " : ": not JSON: ") + detail;
    return false;
  }
  yajl_free(h);
  if (!builder.have_root) {
    if (error) *error = name + ":1:1: not JSON: empty file";
    return false;
  }
  *root = std::move(builder.root);
  return true;
}

// rt-app 1.0 reads one file; its merge.py joins several into one: each
// top-level key of a later file is added, or, when an earlier file has it,
// its members are added to that object, replacing a member of the same name
// (Python's dict.update). Non-objects are replaced whole.
void merge_into(Node* into, Node&& from, const std::string& from_name,
                std::vector<std::string>* warnings) {
  auto add = [](Node* obj, const std::string& key, Node&& v) {
    uint32_t n = 0;
    for (const std::string& k : obj->keys) n += k == key;
    obj->keys.push_back(key);
    obj->occ.push_back(n + 1);
    obj->values.push_back(std::move(v));
  };
  for (size_t k = 0; k < from.keys.size(); k++) {
    const std::string& key = from.keys[k];
    Node& v = from.values[k];
    auto at = std::find(into->keys.begin(), into->keys.end(), key);
    if (at == into->keys.end()) {
      add(into, key, std::move(v));
      continue;
    }
    Node& old = into->values[static_cast<size_t>(at - into->keys.begin())];
    if (old.type != Node::kObject || v.type != Node::kObject) {
      if (warnings) warnings->push_back(from_name + ": " + key + ": replaces the earlier files' one");
      old = std::move(v);
      continue;
    }
    for (size_t m = 0; m < v.keys.size(); m++) {
      auto same = std::find(old.keys.begin(), old.keys.end(), v.keys[m]);
      if (same == old.keys.end()) {
        add(&old, v.keys[m], std::move(v.values[m]));
      } else {
        if (warnings)
          warnings->push_back(from_name + ": " + key + "." + v.keys[m] +
                              ": replaces the one of an earlier file");
        old.values[static_cast<size_t>(same - old.keys.begin())] = std::move(v.values[m]);
      }
    }
  }
}

bool load_tree(const Node& root, const std::string& name, const RtappOptions& opts,
               wl_program* out, std::string* error, std::vector<std::string>* warnings) {

  std::vector<std::string> w;
  try {
    Loader loader(name, opts, &w);
    loader.load(root, out);
  } catch (const LoadError& e) {
    if (error) *error = e.msg;
    return false;
  }
  if (warnings) warnings->insert(warnings->end(), w.begin(), w.end());
  return true;
}

}  // namespace

bool rtapp_load_text(const std::string& text, const std::string& name, const RtappOptions& opts,
                     wl_program* out, std::string* error, std::vector<std::string>* warnings) {
  std::memset(out, 0, sizeof *out);
  Node root;
  if (!parse_tree(text, name, &root, error)) return false;
  return load_tree(root, name, opts, out, error, warnings);
}

bool rtapp_load_files(const std::vector<std::string>& paths, const RtappOptions& opts,
                      wl_program* out, std::string* error, std::vector<std::string>* warnings) {
  std::memset(out, 0, sizeof *out);
  if (paths.size() == 1) return rtapp_load(paths[0], opts, out, error, warnings);
  Node merged;
  std::string names;
  std::vector<std::string> w;
  for (const std::string& path : paths) {
    const std::string name = basename_of(path);
    std::string text;
    const std::string why = read_input_file(path, &text, "cannot read");
    if (!why.empty()) {
      if (error) *error = name + ": " + why;
      return false;
    }
    Node root;
    if (!parse_tree(text, name, &root, error)) return false;
    if (root.type != Node::kObject) {
      if (error) *error = name + ": the top level must be an object, not " + type_name(root);
      return false;
    }
    if (names.empty()) merged = std::move(root);
    else merge_into(&merged, std::move(root), name, &w);
    names += (names.empty() ? "" : "+") + name;
  }
  if (!load_tree(merged, opts.name.empty() ? names : opts.name, opts, out, error, warnings))
    return false;
  if (warnings) warnings->insert(warnings->begin(), w.begin(), w.end());
  return true;
}

bool rtapp_load(const std::string& path, const RtappOptions& opts, wl_program* out,
                std::string* error, std::vector<std::string>* warnings) {
  const std::string name = opts.name.empty() ? basename_of(path) : opts.name;
  std::memset(out, 0, sizeof *out);
  std::string text;
  const std::string why = read_input_file(path, &text, "cannot read");
  if (!why.empty()) {
    if (error) *error = name + ": " + why;
    return false;
  }
  return rtapp_load_text(text, name, opts, out, error, warnings);
}
