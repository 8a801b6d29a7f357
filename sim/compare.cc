// SPDX-License-Identifier: GPL-2.0-only
#include "sim/compare.h"

#include <yajl/yajl_tree.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <sstream>

#include "sim/cli_args.h"
#include "sim/input_file.h"
#include "sim/json_writer.h"
#include "sim/run.h"

namespace {

using Metrics = std::vector<std::pair<std::string, double>>;

yajl_val get(yajl_val v, const char* key) {
  const char* path[] = {key, nullptr};
  return v ? yajl_tree_get(v, path, yajl_t_any) : nullptr;
}

bool number(yajl_val v, double* out) {
  if (!v || !YAJL_IS_NUMBER(v)) return false;
  // An integer beyond 64 bits is not YAJL_IS_INTEGER: read from its text.
  *out = YAJL_IS_INTEGER(v) ? static_cast<double>(YAJL_GET_INTEGER(v))
                            : std::strtod(YAJL_GET_NUMBER(v), nullptr);
  return true;
}

std::string text(yajl_val v, const std::string& fallback) {
  if (v && YAJL_IS_STRING(v)) return YAJL_GET_STRING(v);
  double d;
  if (number(v, &d)) {
    std::ostringstream s;
    s << d;
    return s.str();
  }
  return fallback;
}

void add(Metrics& m, const std::string& name, yajl_val v) {
  double d;
  if (number(v, &d)) m.emplace_back(name, d);
}

// Every numeric member of an object: prefix.key.
void add_object(Metrics& m, const std::string& prefix, yajl_val obj) {
  if (!obj || !YAJL_IS_OBJECT(obj)) return;
  for (size_t i = 0; i < obj->u.object.len; ++i)
    add(m, prefix + "." + obj->u.object.keys[i], obj->u.object.values[i]);
}

size_t len(yajl_val a) { return a && YAJL_IS_ARRAY(a) ? a->u.array.len : 0; }
yajl_val at(yajl_val a, size_t i) { return a->u.array.values[i]; }

// The nearest-rank percentile p of sorted samples: the ceil(n p / 100)-th
// smallest (as tasks[].wakeup_latency_p99_ns in stats.json).
double percentile(const std::vector<double>& sorted, unsigned p) {
  const size_t rank = (sorted.size() * p + 99) / 100;
  return sorted[rank ? rank - 1 : 0];
}

void add_distribution(Metrics& m, const std::string& name, std::vector<double> v) {
  if (v.empty()) return;
  std::sort(v.begin(), v.end());
  m.emplace_back(name + ".p50", percentile(v, 50));
  m.emplace_back(name + ".p99", percentile(v, 99));
  m.emplace_back(name + ".max", v.back());
}

// Switches as distributions per (logical CPU, direction): two runs of a
// real workload that differ a little do not switch at the same instants,
// nor the same number of times, so switches[i] of one run is not the i-th
// of the other.
void add_switches(Metrics& m, yajl_val sw) {
  struct Group {
    std::vector<double> blackout, total;
    size_t count = 0;
  };
  std::map<std::string, Group> groups;  // sorted: the same order in both files
  for (size_t i = 0; i < len(sw); ++i) {
    yajl_val s = at(sw, i);
    const std::string key = "switches[cpu" + text(get(s, "cpu"), "?") + ":" +
                            text(get(s, "from_cluster"), "?") + "->" + text(get(s, "to_cluster"), "?") + "]";
    Group& g = groups[key];
    ++g.count;
    double d;
    if (number(get(s, "blackout_ns"), &d)) g.blackout.push_back(d);
    if (number(get(s, "total_ns"), &d)) g.total.push_back(d);
  }
  for (auto& [key, g] : groups) {
    m.emplace_back(key + ".count", static_cast<double>(g.count));
    add_distribution(m, key + ".blackout_ns", g.blackout);
    add_distribution(m, key + ".total_ns", g.total);
  }
}

// Tasks by name (a repeated name gets #2, #3...).
void add_tasks(Metrics& m, yajl_val tasks) {
  std::map<std::string, int> seen;
  for (size_t i = 0; i < len(tasks); ++i) {
    yajl_val t = at(tasks, i);
    std::string name = text(get(t, "name"), std::to_string(i));
    if (++seen[name] > 1) name += "#" + std::to_string(seen[name]);
    const std::string p = "tasks[" + name + "]";
    add(m, p + ".wakeup_latency_p50_ns", get(t, "wakeup_latency_p50_ns"));
    add(m, p + ".wakeup_latency_p99_ns", get(t, "wakeup_latency_p99_ns"));
    add(m, p + ".missed", get(t, "missed"));
    add(m, p + ".energy_j", get(t, "energy_j"));
  }
}

Metrics metrics(yajl_val root) {
  Metrics m;
  add_switches(m, get(root, "switches"));
  add_tasks(m, get(root, "tasks"));
  add(m, "energy_j", get(root, "energy_j"));
  yajl_val rails = get(root, "rails");
  for (size_t i = 0; i < len(rails); ++i)
    add(m, "rails[" + text(get(at(rails, i), "name"), std::to_string(i)) + "].energy_j",
        get(at(rails, i), "energy_j"));
  yajl_val cl = get(root, "clusters");
  for (size_t i = 0; i < len(cl); ++i) {
    const std::string p = "clusters[" + text(get(at(cl, i), "id"), std::to_string(i)) + "]";
    add(m, p + ".energy_j", get(at(cl, i), "energy_j"));
    add_object(m, p + ".opp_residency_ns", get(at(cl, i), "opp_residency_ns"));
  }
  yajl_val cores = get(root, "cores");
  for (size_t i = 0; i < len(cores); ++i) {
    const std::string p = "cores[" + std::to_string(i) + "]";
    add(m, p + ".energy_j", get(at(cores, i), "energy_j"));
    add_object(m, p + ".state_residency_ns", get(at(cores, i), "state_residency_ns"));
  }
  yajl_val cpus = get(root, "cpus");
  for (size_t i = 0; i < len(cpus); ++i)
    add_object(m, "cpus[" + std::to_string(i) + "].idle_state_residency_ns",
               get(at(cpus, i), "idle_state_residency_ns"));
  return m;
}

// The metric's name without its [...] parts: what tolerances are keyed by.
std::string family_of(const std::string& metric) {
  std::string f;
  int depth = 0;
  for (char c : metric) {
    if (c == '[') ++depth;
    else if (c == ']') --depth;
    else if (depth == 0) f += c;
  }
  return f;
}

// ---- numbers that are not numbers ---------------------------------------------
// JSON has no infinity, but 1e999 parses (yajl: a double out of range).
// Anywhere in the file it is an error: a stats.json never holds one (the
// writer puts null), so the file was damaged or made by hand.

bool finite_number(yajl_val v) {
  if (YAJL_IS_INTEGER(v)) return true;
  const char* raw = YAJL_GET_NUMBER(v);
  return raw && std::isfinite(std::strtod(raw, nullptr));
}

// The path of the first non-finite number under v, or "".
bool find_non_finite(yajl_val v, const std::string& path, std::string* where, std::string* raw) {
  if (!v) return false;
  if (YAJL_IS_NUMBER(v)) {
    if (finite_number(v)) return false;
    *where = path;
    *raw = YAJL_GET_NUMBER(v) ? YAJL_GET_NUMBER(v) : "?";
    return true;
  }
  if (YAJL_IS_OBJECT(v)) {
    for (size_t i = 0; i < v->u.object.len; ++i)
      if (find_non_finite(v->u.object.values[i],
                          (path.empty() ? "" : path + ".") + v->u.object.keys[i], where, raw))
        return true;
  } else if (YAJL_IS_ARRAY(v)) {
    for (size_t i = 0; i < v->u.array.len; ++i)
      if (find_non_finite(v->u.array.values[i], path + "[" + std::to_string(i) + "]", where, raw))
        return true;
  }
  return false;
}

// ---- the shape of what metrics() reads --------------------------------------
// A member compare reads must have the type stats.schema.json gives it, so
// that a broken file is an error (exit 2), not a list of metrics "removed"
// (exit 6). Absent members are fine: older files lack some.

const char* kind(yajl_val v) {
  if (!v || YAJL_IS_NULL(v)) return "null";
  if (YAJL_IS_STRING(v)) return "a string";
  if (YAJL_IS_NUMBER(v)) return "a number";
  if (YAJL_IS_OBJECT(v)) return "an object";
  if (YAJL_IS_ARRAY(v)) return "an array";
  return "a boolean";
}

class Shape {
 public:
  std::string error;  // "<path> is <kind>, expected <kind>"

  // Each false once an error is recorded.
  // The array `key` of parent (absent is fine), ok(element, its path) on
  // each element in turn.
  template <typename F>
  bool array(yajl_val parent, const char* key, const std::string& path, F ok) {
    yajl_val a = get(parent, key);
    if (!a) return true;
    if (!YAJL_IS_ARRAY(a)) return bad(path, a, "an array");
    for (size_t i = 0; i < len(a); ++i)
      if (!ok(at(a, i), path + "[" + std::to_string(i) + "]")) return false;
    return true;
  }
  bool array_of_objects(yajl_val parent, const char* key, const std::string& path) {
    return array(parent, key, path, [this](yajl_val v, const std::string& p) {
      return YAJL_IS_OBJECT(v) || bad(p, v, "an object");
    });
  }
  bool number(yajl_val parent, const char* key, const std::string& path) {  // or null
    yajl_val v = get(parent, key);
    return !v || YAJL_IS_NULL(v) || YAJL_IS_NUMBER(v) || bad(path, v, "a number");
  }
  bool string(yajl_val parent, const char* key, const std::string& path) {
    yajl_val v = get(parent, key);
    return !v || YAJL_IS_STRING(v) || bad(path, v, "a string");
  }
  // The array `key` of parent, as array_of_objects(), then fn(element, its
  // path) on each in turn.
  template <typename F>
  bool each(yajl_val parent, const char* key, const std::string& path, F fn) {
    return array_of_objects(parent, key, path) && array(parent, key, path, fn);
  }
  // The array `key` of parent holds arrays of n numbers (schema 2's steps).
  bool array_of_tuples(yajl_val parent, const char* key, size_t n, const std::string& path) {
    const std::string want = "an array of " + std::to_string(n) + " numbers";
    return array(parent, key, path, [&](yajl_val t, const std::string& p) {
      if (!YAJL_IS_ARRAY(t) || len(t) != n) return bad(p, t, want.c_str());
      for (size_t k = 0; k < n; ++k)
        if (!YAJL_IS_NUMBER(at(t, k))) return bad(p + "[" + std::to_string(k) + "]", at(t, k), "a number");
      return true;
    });
  }
  bool array_of_strings(yajl_val parent, const char* key, const std::string& path) {
    return array(parent, key, path, [this](yajl_val v, const std::string& p) {
      return YAJL_IS_STRING(v) || bad(p, v, "a string");
    });
  }
  bool object_of_numbers(yajl_val parent, const char* key, const std::string& path) {
    yajl_val o = get(parent, key);
    if (!o) return true;
    if (!YAJL_IS_OBJECT(o)) return bad(path, o, "an object");
    for (size_t i = 0; i < o->u.object.len; ++i)
      if (!number(o, o->u.object.keys[i], path + "." + o->u.object.keys[i])) return false;
    return true;
  }

 private:
  bool bad(const std::string& path, yajl_val v, const char* want) {
    error = "\"" + path + "\" is " + kind(v) + ", expected " + want;
    return false;
  }
};

// A switch's steps: schema 1 an object per step, 2 [step, core, start,
// duration] arrays (their names in the top-level "switch_steps").
bool check_steps(Shape& sh, int schema, yajl_val sw, const std::string& path) {
  if (schema >= 2) return sh.array_of_tuples(sw, "steps", 4, path);
  return sh.each(sw, "steps", path, [&](yajl_val st, const std::string& q) {
    return sh.string(st, "name", q + ".name") && sh.number(st, "start_ns", q + ".start_ns") &&
           sh.number(st, "end_ns", q + ".end_ns");
  });
}

bool check_shape(yajl_val root, int schema, std::string* error) {
  Shape sh;
  auto in = [](const std::string& path, const char* key) { return path + "." + key; };
  const bool ok =
      sh.number(root, "energy_j", "energy_j") &&
      sh.array_of_strings(root, "switch_steps", "switch_steps") &&
      sh.each(root, "switches", "switches", [&](yajl_val sw, const std::string& p) {
        return sh.number(sw, "cpu", in(p, "cpu")) &&
               sh.number(sw, "from_cluster", in(p, "from_cluster")) &&
               sh.number(sw, "to_cluster", in(p, "to_cluster")) &&
               sh.number(sw, "blackout_ns", in(p, "blackout_ns")) &&
               sh.number(sw, "total_ns", in(p, "total_ns")) &&
               sh.number(sw, "energy_j", in(p, "energy_j")) &&
               check_steps(sh, schema, sw, in(p, "steps"));
      }) &&
      sh.each(root, "tasks", "tasks", [&](yajl_val t, const std::string& p) {
        return sh.string(t, "name", in(p, "name")) &&
               sh.number(t, "wakeup_latency_p50_ns", in(p, "wakeup_latency_p50_ns")) &&
               sh.number(t, "wakeup_latency_p99_ns", in(p, "wakeup_latency_p99_ns")) &&
               sh.number(t, "missed", in(p, "missed")) && sh.number(t, "energy_j", in(p, "energy_j"));
      }) &&
      sh.each(root, "rails", "rails", [&](yajl_val r, const std::string& p) {
        return sh.string(r, "name", in(p, "name")) && sh.number(r, "energy_j", in(p, "energy_j"));
      }) &&
      sh.each(root, "clusters", "clusters", [&](yajl_val c, const std::string& p) {
        return sh.number(c, "id", in(p, "id")) && sh.number(c, "energy_j", in(p, "energy_j")) &&
               sh.object_of_numbers(c, "opp_residency_ns", in(p, "opp_residency_ns"));
      }) &&
      sh.each(root, "cores", "cores", [&](yajl_val c, const std::string& p) {
        return sh.number(c, "energy_j", in(p, "energy_j")) &&
               sh.object_of_numbers(c, "state_residency_ns", in(p, "state_residency_ns"));
      }) &&
      sh.each(root, "cpus", "cpus", [&](yajl_val c, const std::string& p) {
        return sh.object_of_numbers(c, "idle_state_residency_ns", in(p, "idle_state_residency_ns"));
      });
  if (!ok) *error = sh.error;
  return ok;
}

// stats.json nests 5 levels deep; yajl_tree builds (and frees, recursively)
// whatever it is given, so a deeper text is refused before it is parsed.
constexpr int kMaxDepth = 64;

bool too_deep(const std::string& json) {
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxDepth) return true;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return false;
}

yajl_val parse(const std::string& json, const std::string& which, std::string* error) {
  if (too_deep(json)) {
    *error = which + ": not a blsim-stats document: arrays and objects nested more than " +
             std::to_string(kMaxDepth) + " levels";
    return nullptr;
  }
  char err[512] = {0};
  yajl_val root = yajl_tree_parse(json.c_str(), err, sizeof err);
  if (!root) {
    std::string e = err;
    while (!e.empty() && (e.back() == '\n' || e.back() == ' ')) e.pop_back();
    *error = which + ": not JSON: " + e;
    return nullptr;
  }
  // Both versions read alike but for the steps, which compare does not use.
  yajl_val schema = get(root, "schema");
  const char* name = schema && YAJL_IS_STRING(schema) ? YAJL_GET_STRING(schema) : "";
  const int version = !std::strcmp(name, "blsim-stats/1") ? 1 : !std::strcmp(name, "blsim-stats/2") ? 2 : 0;
  if (!version) {
    *error = which + ": not a blsim-stats/1 or /2 document (\"schema\")";
    yajl_tree_free(root);
    return nullptr;
  }
  std::string where, raw;
  if (find_non_finite(root, "", &where, &raw)) {
    *error = which + ": \"" + where + "\" is " + raw + ", not a finite number";
    yajl_tree_free(root);
    return nullptr;
  }
  std::string shape;
  if (!check_shape(root, version, &shape)) {
    *error = which + ": not a " + name + " document: " + shape;
    yajl_tree_free(root);
    return nullptr;
  }
  return root;
}


const char kCompareUsage[] =
    "usage: blsim compare BASE.json NEW.json [--tolerance PCT] [--tolerance KEY=PCT]...\n"
    "                     [--tolerances FILE]\n"
    "                     [--format text|json|junit] [--junit FILE] [--all]\n"
    "\n"
    "Compares two runs' stats.json. Switches, per logical CPU and direction\n"
    "(switches[cpu0:0->1]): count, and blackout_ns and total_ns as p50, p99 and\n"
    "max; tasks by name: wakeup_latency_p50_ns, wakeup_latency_p99_ns, missed,\n"
    "energy_j; energy_j in total, per rail, cluster and core (where not null);\n"
    "core state, cluster OPP and cpuidle state residencies. A metric beyond its\n"
    "tolerance, or present in only one file, is marked '!'.\n"
    "\n"
    "  --tolerance PCT    allowed relative change of every metric, in percent:\n"
    "                     5% or 5 (default 5%)\n"
    "  --tolerance KEY=PCT  for the metrics whose name, without its [...] parts,\n"
    "                     has KEY at a word boundary: switches.blackout (the\n"
    "                     switches' blackout_ns.p50/p99/max), energy (every\n"
    "                     energy_j), tasks.missed, p99; the longest matching KEY\n"
    "                     wins, of two as long the later (repeatable)\n"
    "  --tolerances FILE  --tolerance values from FILE, one a line ('#' starts a\n"
    "                     comment), taken where the option stands\n"
    "  --format F         what stdout gets: text (a table of the changed metrics,\n"
    "                     default), json (every metric), junit (JUnit XML: one\n"
    "                     testcase per metric, a failure for each beyond tolerance)\n"
    "  --junit FILE       also write the JUnit XML to FILE (written whole or not\n"
    "                     at all)\n"
    "  --all              text: list every metric, changed or not\n"
    "  Every option taking a value also takes --opt=VALUE.\n"
    "\n"
    "exit status: 0 everything within tolerance, 1 bad command line, 2 a file\n"
    "cannot be read, is not a blsim-stats/1 or /2 stats.json or holds a number\n"
    "that is not finite (1e999), 4 the --junit file cannot be written, 6\n"
    "something moved more than its tolerance. A /1 and a /2 file compare alike.\n";

std::string xml_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      case '\'': o += "&apos;"; break;
      default:
        // XML 1.0 has no control characters but tab, newline and return.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') o += '?';
        else o += c;
    }
  }
  return o;
}

std::string fmt_value(bool has, double v) {
  char b[64];
  if (!has) return "-";
  if (v == std::floor(v) && std::fabs(v) < 1e15) snprintf(b, sizeof b, "%.0f", v);
  else snprintf(b, sizeof b, "%.9g", v);
  return b;
}

std::string fmt_pct(double fraction) {
  char b[32];
  snprintf(b, sizeof b, "%g%%", 100 * fraction);
  return b;
}

bool differs(const CompareRow& r) { return r.has_base != r.has_new || r.base != r.now; }

std::string change_text(const CompareRow& r) {
  char ch[32];
  if (!r.has_base) return "added";
  if (!r.has_new) return "removed";
  if (r.base == r.now) return "0%";
  if (r.base == 0) return "new";
  snprintf(ch, sizeof ch, "%+.1f%%", 100 * (r.now - r.base) / std::fabs(r.base));
  return ch;
}

struct Summary {
  size_t changed = 0, beyond = 0;
  explicit Summary(const std::vector<CompareRow>& rows) {
    for (const CompareRow& r : rows) {
      changed += differs(r);
      beyond += r.beyond;
    }
  }
};

void write_text(FILE* out, const std::vector<CompareRow>& rows, const Tolerances& tol, bool all) {
  size_t width = 6;
  for (const CompareRow& r : rows) width = std::max(width, r.metric.size());
  fprintf(out, "%-*s %16s %16s %9s %9s\n", static_cast<int>(width), "metric", "base", "new", "change",
          "tolerance");
  for (const CompareRow& r : rows) {
    if (!differs(r) && !all) continue;
    fprintf(out, "%-*s %16s %16s %9s %9s%s\n", static_cast<int>(width), r.metric.c_str(),
            fmt_value(r.has_base, r.base).c_str(), fmt_value(r.has_new, r.now).c_str(),
            change_text(r).c_str(), fmt_pct(r.tolerance).c_str(), r.beyond ? " !" : "");
  }
  const Summary s(rows);
  fprintf(out, "%zu metrics, %zu changed, %zu beyond tolerance (default %s", rows.size(), s.changed,
          s.beyond, fmt_pct(tol.fallback).c_str());
  for (const auto& [key, t] : tol.keyed) fprintf(out, ", %s %s", key.c_str(), fmt_pct(t).c_str());
  fprintf(out, ")\n");
}

void write_json(FILE* out, const std::vector<CompareRow>& rows, const Tolerances& tol,
                const std::string& base, const std::string& now) {
  {
    JsonWriter j(out);
    j.begin_object();
    j.field("schema", "blsim-compare/1");
    j.field("base", base);
    j.field("new", now);
    j.key("tolerance").begin_object();
    j.field("default", tol.fallback);
    j.key("keyed").begin_array();  // in command-line order, repeats too
    for (const auto& [key, t] : tol.keyed) {
      j.begin_object();
      j.field("key", key);
      j.field("tolerance", t);
      j.end_object();
    }
    j.end_array();
    j.end_object();
    j.key("metrics").begin_array();
    for (const CompareRow& r : rows) {
      j.begin_object();
      j.field("metric", r.metric);
      j.field("family", r.family);
      j.key("base");
      if (r.has_base) j.value(r.base); else j.null();
      j.key("new");
      if (r.has_new) j.value(r.now); else j.null();
      j.key("change");  // relative, as a fraction; null when not defined
      if (r.has_base && r.has_new && r.base != 0) j.value((r.now - r.base) / std::fabs(r.base));
      else if (r.has_base && r.has_new && r.now == 0) j.value(0.0);
      else j.null();
      j.field("tolerance", r.tolerance);
      j.field("beyond", r.beyond);
      j.end_object();
    }
    j.end_array();
    const Summary s(rows);
    j.key("summary").begin_object();
    j.field("metrics", static_cast<uint64_t>(rows.size()));
    j.field("changed", static_cast<uint64_t>(s.changed));
    j.field("beyond", static_cast<uint64_t>(s.beyond));
    j.end_object();
    j.end_object();
  }
  fputc('\n', out);
}

// JUnit XML as Jenkins, GitLab and GitHub's test reporters read it: one
// testcase per metric (classname: the metric family's first word), a
// <failure> for each beyond its tolerance.
void write_junit(FILE* out, const std::vector<CompareRow>& rows, const std::string& base,
                 const std::string& now) {
  const Summary s(rows);
  fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  fprintf(out, "<testsuites name=\"blsim compare\" tests=\"%zu\" failures=\"%zu\">\n", rows.size(),
          s.beyond);
  fprintf(out, "  <testsuite name=\"blsim compare %s %s\" tests=\"%zu\" failures=\"%zu\" errors=\"0\">\n",
          xml_escape(base).c_str(), xml_escape(now).c_str(), rows.size(), s.beyond);
  for (const CompareRow& r : rows) {
    const std::string cls = "blsim.compare." + r.family.substr(0, r.family.find('.'));
    fprintf(out, "    <testcase classname=\"%s\" name=\"%s\"", xml_escape(cls).c_str(),
            xml_escape(r.metric).c_str());
    if (!r.beyond) {
      fprintf(out, "/>\n");
      continue;
    }
    const std::string msg = r.metric + ": " + fmt_value(r.has_base, r.base) + " -> " +
                            fmt_value(r.has_new, r.now) + " (" + change_text(r) + "), tolerance " +
                            fmt_pct(r.tolerance);
    fprintf(out, ">\n      <failure message=\"%s\" type=\"tolerance\">%s</failure>\n    </testcase>\n",
            xml_escape(msg).c_str(), xml_escape(msg).c_str());
  }
  fprintf(out, "  </testsuite>\n</testsuites>\n");
}

int usage_error(const std::string& message) {
  fprintf(stderr, "blsim compare: %s\n(see blsim compare --help)\n", message.c_str());
  return kExitUsage;
}

// "5%" or "5": a fraction (0.05); false unless a finite number >= 0.
bool parse_percent(std::string v, double* out) {
  if (!v.empty() && v.back() == '%') v.pop_back();
  char* end = nullptr;
  const double pct = std::strtod(v.c_str(), &end);
  if (v.empty() || *end || !(pct >= 0) || !std::isfinite(pct) || std::isspace(static_cast<unsigned char>(v[0])))
    return false;
  *out = pct / 100;
  return true;
}

// One --tolerance value, "PCT" or "KEY=PCT", into *tol. "" or why not.
std::string add_tolerance(const std::string& v, Tolerances* tol, bool* fallback_given) {
  const size_t eq = v.find('=');
  double t;
  if (!parse_percent(eq == std::string::npos ? v : v.substr(eq + 1), &t) || eq == 0)
    return "takes a percentage like 5% or KEY=PCT like switches.blackout=10%, got '" + v + "'";
  if (eq != std::string::npos) {
    tol->keyed.emplace_back(v.substr(0, eq), t);
    return "";
  }
  if (*fallback_given) return "PCT given twice (the default tolerance): give it once";
  *fallback_given = true;
  tol->fallback = t;
  return "";
}

}  // namespace

bool Tolerances::matches(const std::string& key, const std::string& family) {
  if (key.empty()) return false;
  for (size_t p = 0; p < family.size(); p = family.find('.', p) + 1) {
    if (family.compare(p, key.size(), key) == 0) {
      const size_t e = p + key.size();
      if (e == family.size() || family[e] == '.' || family[e] == '_') return true;
    }
    if (family.find('.', p) == std::string::npos) break;
  }
  return false;
}

double Tolerances::for_family(const std::string& family) const {
  double t = fallback;
  size_t best = 0;
  for (const auto& [key, v] : keyed)
    if (key.size() >= best && matches(key, family)) {
      best = key.size();
      t = v;
    }
  return t;
}

bool compare_stats(const std::string& base_json, const std::string& new_json,
                   const Tolerances& tolerances, std::vector<CompareRow>* rows, std::string* error,
                   const std::string& base_name, const std::string& new_name) {
  yajl_val b = parse(base_json, base_name, error);
  if (!b) return false;
  yajl_val n = parse(new_json, new_name, error);
  if (!n) {
    yajl_tree_free(b);
    return false;
  }
  const Metrics mb = metrics(b), mn = metrics(n);
  yajl_tree_free(b);
  yajl_tree_free(n);
  std::map<std::string, size_t> index;
  rows->clear();
  for (auto& [k, v] : mb) {
    index[k] = rows->size();
    CompareRow r;
    r.metric = k;
    r.has_base = true;
    r.base = v;
    rows->push_back(r);
  }
  for (auto& [k, v] : mn) {
    auto it = index.find(k);
    if (it == index.end()) {
      CompareRow r;
      r.metric = k;
      rows->push_back(r);
      it = index.emplace(k, rows->size() - 1).first;
    }
    (*rows)[it->second].has_new = true;
    (*rows)[it->second].now = v;
  }
  for (CompareRow& r : *rows) {
    r.family = family_of(r.metric);
    r.tolerance = tolerances.for_family(r.family);
    if (!r.has_base || !r.has_new) {
      r.beyond = true;
    } else if (r.base != r.now) {
      const double rel = r.base == 0 ? INFINITY : std::fabs(r.now - r.base) / std::fabs(r.base);
      r.beyond = rel > r.tolerance;
    }
  }
  return true;
}

namespace {

// What the command line asks for.
struct CompareArgs {
  std::vector<std::string> files;
  Tolerances tol;
  bool all = false, fallback_given = false;
  std::string format = "text", junit;
  std::set<std::string> once;
};

// A file of --tolerance values, one a line, in place: a CI job keeps its
// tolerances beside its baseline. A bad file is bad input (exit 2).
int read_tolerances_file(const std::string& file, CompareArgs& c) {
  std::string text;
  const std::string why = read_input_file(file, &text, "cannot read");
  if (!why.empty()) {
    fprintf(stderr, "blsim compare: %s: %s\n", file.c_str(), why.c_str());
    return kExitInput;
  }
  std::istringstream in(text);
  int line_no = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    line = line.substr(0, line.find('#'));
    const size_t b = line.find_first_not_of(" \t\r"), e = line.find_last_not_of(" \t\r");
    if (b == std::string::npos) continue;
    const std::string bad = add_tolerance(line.substr(b, e - b + 1), &c.tol, &c.fallback_given);
    if (!bad.empty()) {
      fprintf(stderr, "blsim compare: %s:%d: %s\n", file.c_str(), line_no, bad.c_str());
      return kExitInput;
    }
  }
  return kExitOk;
}

constexpr int kNextArg = -1;

// One option that takes a value v (null when the command line ends).
int compare_value_option(const std::string& a, const std::string* v, CompareArgs& c) {
  if (a == "--tolerance") {
    if (!v) return usage_error("--tolerance needs a percentage (5%) or KEY=PCT");
    const std::string why = add_tolerance(*v, &c.tol, &c.fallback_given);
    return why.empty() ? kNextArg : usage_error("--tolerance " + why);
  }
  if (a == "--tolerances") {
    if (!v || v->empty()) return usage_error("--tolerances needs a file");
    const int rc = read_tolerances_file(*v, c);
    return rc == kExitOk ? kNextArg : rc;
  }
  if (!v || v->empty())  // --format, --junit
    return usage_error(a + (a == "--format" ? " needs text, json or junit" : " needs a file"));
  if (!c.once.insert(a).second) return usage_error(a + " given twice: give it once");
  if (a == "--junit") c.junit = *v;
  else if (*v == "text" || *v == "json" || *v == "junit") c.format = *v;
  else return usage_error("--format takes text, json or junit, got '" + *v + "'");
  return kNextArg;
}

int parse_compare_args(int argc, char** argv, CompareArgs& c) {
  static const std::set<std::string> kFlags = {"--help", "-h", "--all"};
  static const std::set<std::string> kTakesValue = {"--tolerance", "--tolerances", "--format", "--junit"};
  const std::vector<std::string> args = split_option_values(argc, argv, kFlags);
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    int rc = kNextArg;
    if (a == "--help" || a == "-h") {
      fputs(kCompareUsage, stdout);
      return kExitOk;
    } else if (kTakesValue.count(a)) {
      rc = compare_value_option(a, i + 1 < args.size() ? &args[++i] : nullptr, c);
    } else if (a == "--all") {
      c.all = true;
    } else if (!flag_given_a_value(a, kFlags).empty()) {
      return usage_error(flag_given_a_value(a, kFlags) + " takes no value");
    } else if (!a.empty() && a[0] == '-') {
      return usage_error("unknown option '" + a + "'");
    } else {
      c.files.push_back(a);
    }
    if (rc != kNextArg) return rc;
  }
  if (c.files.size() != 2) return usage_error("needs BASE.json and NEW.json");
  return kNextArg;
}

// --junit FILE, written whole or not at all.
int write_junit_file(const CompareArgs& c, const std::vector<CompareRow>& rows) {
  const std::string tmp = c.junit + ".tmp";
  FILE* f = fopen(tmp.c_str(), "wb");
  bool ok = f != nullptr;
  if (f) {
    write_junit(f, rows, c.files[0], c.files[1]);
    ok = !ferror(f);
    ok = fclose(f) == 0 && ok;
  }
  if (!ok || std::rename(tmp.c_str(), c.junit.c_str()) != 0) {
    const int e = errno ? errno : EIO;
    std::remove(tmp.c_str());
    fprintf(stderr, "blsim compare: cannot write %s: %s\n", c.junit.c_str(), strerror(e));
    return kExitOutput;
  }
  return kExitOk;
}

// A key that matches nothing is most likely a typo: said, not fatal (the
// same tolerance list may serve runs without, say, tasks).
void warn_unused_tolerances(const Tolerances& tol, const std::vector<CompareRow>& rows) {
  for (const auto& [key, t] : tol.keyed) {
    bool used = false;
    for (const CompareRow& r : rows) used = used || Tolerances::matches(key, r.family);
    if (!used) fprintf(stderr, "blsim compare: warning: --tolerance %s=...: no metric matches '%s'\n",
                       key.c_str(), key.c_str());
  }
}

}  // namespace

int blsim_compare(int argc, char** argv) {
  CompareArgs c;
  const int rc = parse_compare_args(argc, argv, c);
  if (rc != kNextArg) return rc;
  std::string base, now, error;
  for (int k = 0; k < 2; ++k) {
    const std::string why = read_input_file(c.files[k], k ? &now : &base, "cannot read");
    if (!why.empty()) {
      fprintf(stderr, "blsim compare: %s: %s\n", c.files[k].c_str(), why.c_str());
      return kExitInput;
    }
  }
  std::vector<CompareRow> rows;
  if (!compare_stats(base, now, c.tol, &rows, &error, c.files[0], c.files[1])) {
    fprintf(stderr, "blsim compare: %s\n", error.c_str());
    return kExitInput;
  }
  warn_unused_tolerances(c.tol, rows);
  if (!c.junit.empty() && write_junit_file(c, rows) != kExitOk) return kExitOutput;
  if (c.format == "json") write_json(stdout, rows, c.tol, c.files[0], c.files[1]);
  else if (c.format == "junit") write_junit(stdout, rows, c.files[0], c.files[1]);
  else write_text(stdout, rows, c.tol, c.all);
  return Summary(rows).beyond ? kExitChanged : kExitOk;
}
