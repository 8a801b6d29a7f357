#include "sim/compare.h"

#include <yajl/yajl_tree.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <sstream>

#include "sim/input_file.h"
#include "sim/run.h"

namespace {

using Metrics = std::vector<std::pair<std::string, double>>;

yajl_val get(yajl_val v, const char* key) {
  const char* path[] = {key, nullptr};
  return v ? yajl_tree_get(v, path, yajl_t_any) : nullptr;
}

bool number(yajl_val v, double* out) {
  if (!v || !YAJL_IS_NUMBER(v)) return false;
  *out = YAJL_IS_INTEGER(v) ? static_cast<double>(YAJL_GET_INTEGER(v)) : YAJL_GET_DOUBLE(v);
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

Metrics metrics(yajl_val root) {
  Metrics m;
  yajl_val sw = get(root, "switches");
  for (size_t i = 0; i < len(sw); ++i) {
    const std::string p = "switches[" + std::to_string(i) + "]";
    yajl_val s = at(sw, i);
    add(m, p + ".blackout_ns", get(s, "blackout_ns"));
    add(m, p + ".total_ns", get(s, "total_ns"));
    add(m, p + ".energy_j", get(s, "energy_j"));
    yajl_val steps = get(s, "steps");
    std::map<std::string, int> seen;
    for (size_t k = 0; k < len(steps); ++k) {
      yajl_val st = at(steps, k);
      double a, b;
      if (!number(get(st, "start_ns"), &a) || !number(get(st, "end_ns"), &b)) continue;
      std::string name = text(get(st, "name"), std::to_string(k));
      if (++seen[name] > 1) name += "#" + std::to_string(seen[name]);
      m.emplace_back(p + ".steps." + name + "_ns", b - a);
    }
  }
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
  bool array_of_objects(yajl_val parent, const char* key, const std::string& path) {
    yajl_val a = get(parent, key);
    if (!a) return true;
    if (!YAJL_IS_ARRAY(a)) return bad(path, a, "an array");
    for (size_t i = 0; i < a->u.array.len; ++i)
      if (!YAJL_IS_OBJECT(a->u.array.values[i]))
        return bad(path + "[" + std::to_string(i) + "]", a->u.array.values[i], "an object");
    return true;
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
    if (!array_of_objects(parent, key, path)) return false;
    yajl_val a = get(parent, key);
    for (size_t i = 0; i < len(a); ++i)
      if (!fn(at(a, i), path + "[" + std::to_string(i) + "]")) return false;
    return true;
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

bool check_shape(yajl_val root, std::string* error) {
  Shape sh;
  auto in = [](const std::string& path, const char* key) { return path + "." + key; };
  const bool ok =
      sh.number(root, "energy_j", "energy_j") &&
      sh.each(root, "switches", "switches", [&](yajl_val sw, const std::string& p) {
        return sh.number(sw, "blackout_ns", in(p, "blackout_ns")) &&
               sh.number(sw, "total_ns", in(p, "total_ns")) &&
               sh.number(sw, "energy_j", in(p, "energy_j")) &&
               sh.each(sw, "steps", in(p, "steps"), [&](yajl_val st, const std::string& q) {
                 return sh.string(st, "name", in(q, "name")) &&
                        sh.number(st, "start_ns", in(q, "start_ns")) &&
                        sh.number(st, "end_ns", in(q, "end_ns"));
               });
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
    *error = which + ": not a blsim-stats/1 document: arrays and objects nested more than " +
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
  yajl_val schema = get(root, "schema");
  if (!schema || !YAJL_IS_STRING(schema) || std::strcmp(YAJL_GET_STRING(schema), "blsim-stats/1")) {
    *error = which + ": not a blsim-stats/1 document (\"schema\")";
    yajl_tree_free(root);
    return nullptr;
  }
  std::string shape;
  if (!check_shape(root, &shape)) {
    *error = which + ": not a blsim-stats/1 document: " + shape;
    yajl_tree_free(root);
    return nullptr;
  }
  return root;
}


const char kCompareUsage[] =
    "usage: blsim compare BASE.json NEW.json [--tolerance PCT] [--all]\n"
    "\n"
    "Compares two runs' stats.json: per switch (by index) blackout_ns, total_ns,\n"
    "energy_j and each step's duration; energy_j in total, per rail, cluster and\n"
    "core (where not null); core state, cluster OPP and cpuidle state residencies.\n"
    "Prints a table of the metrics that differ; a metric beyond the tolerance, or\n"
    "present in only one file, is marked '!'.\n"
    "\n"
    "  --tolerance PCT    allowed relative change, in percent: 5% or 5 (default 5%)\n"
    "  --all              list every metric, changed or not\n"
    "\n"
    "exit status: 0 everything within tolerance, 1 bad command line, 2 a file\n"
    "cannot be read or is not a blsim-stats/1 stats.json, 6 something moved more\n"
    "than the tolerance.\n";

}  // namespace

bool compare_stats(const std::string& base_json, const std::string& new_json, double tolerance,
                   std::vector<CompareRow>* rows, std::string* error, const std::string& base_name,
                   const std::string& new_name) {
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
    if (!r.has_base || !r.has_new) {
      r.beyond = true;
    } else if (r.base != r.now) {
      const double rel = r.base == 0 ? INFINITY : std::fabs(r.now - r.base) / std::fabs(r.base);
      r.beyond = rel > tolerance;
    }
  }
  return true;
}

int blsim_compare(int argc, char** argv) {
  std::vector<const char*> files;
  double tol = 0.05;
  bool all = false;
  std::string tol_text = "5%";
  for (int i = 0; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      fputs(kCompareUsage, stdout);
      return kExitOk;
    } else if (a == "--tolerance") {
      if (i + 1 >= argc) {
        fprintf(stderr, "blsim compare: --tolerance needs a percentage\n(see blsim compare --help)\n");
        return kExitUsage;
      }
      std::string v = argv[++i];
      tol_text = v;
      if (!v.empty() && v.back() == '%') v.pop_back();
      char* end = nullptr;
      const double pct = std::strtod(v.c_str(), &end);
      if (v.empty() || *end || !(pct >= 0) || !std::isfinite(pct)) {
        fprintf(stderr, "blsim compare: --tolerance takes a percentage like 5%%, got '%s'\n"
                "(see blsim compare --help)\n", argv[i]);
        return kExitUsage;
      }
      tol = pct / 100;
      if (tol_text.back() != '%') tol_text += "%";
    } else if (a == "--all") {
      all = true;
    } else if (!a.empty() && a[0] == '-') {
      fprintf(stderr, "blsim compare: unknown option '%s'\n(see blsim compare --help)\n", a.c_str());
      return kExitUsage;
    } else {
      files.push_back(argv[i]);
    }
  }
  if (files.size() != 2) {
    fprintf(stderr, "blsim compare: needs BASE.json and NEW.json\n(see blsim compare --help)\n");
    return kExitUsage;
  }
  std::string base, now, error;
  for (int k = 0; k < 2; ++k) {
    const std::string why = read_input_file(files[k], k ? &now : &base, "cannot read");
    if (!why.empty()) {
      fprintf(stderr, "blsim compare: %s: %s\n", files[k], why.c_str());
      return kExitInput;
    }
  }
  std::vector<CompareRow> rows;
  if (!compare_stats(base, now, tol, &rows, &error, files[0], files[1])) {
    fprintf(stderr, "blsim compare: %s\n", error.c_str());
    return kExitInput;
  }
  size_t width = 6, changed = 0, beyond = 0;
  for (auto& r : rows) width = std::max(width, r.metric.size());
  auto fmt = [](bool has, double v) {
    char b[64];
    if (!has) return std::string("-");
    if (v == std::floor(v) && std::fabs(v) < 1e15) snprintf(b, sizeof b, "%.0f", v);
    else snprintf(b, sizeof b, "%.9g", v);
    return std::string(b);
  };
  printf("%-*s %16s %16s %9s\n", static_cast<int>(width), "metric", "base", "new", "change");
  for (auto& r : rows) {
    const bool differs = r.has_base != r.has_new || r.base != r.now;
    changed += differs;
    beyond += r.beyond;
    if (!differs && !all) continue;
    char ch[32];
    if (!r.has_base) snprintf(ch, sizeof ch, "added");
    else if (!r.has_new) snprintf(ch, sizeof ch, "removed");
    else if (r.base == r.now) snprintf(ch, sizeof ch, "0%%");
    else if (r.base == 0) snprintf(ch, sizeof ch, "new");
    else snprintf(ch, sizeof ch, "%+.1f%%", 100 * (r.now - r.base) / std::fabs(r.base));
    printf("%-*s %16s %16s %9s%s\n", static_cast<int>(width), r.metric.c_str(),
           fmt(r.has_base, r.base).c_str(), fmt(r.has_new, r.now).c_str(), ch, r.beyond ? " !" : "");
  }
  printf("%zu metrics, %zu changed, %zu beyond the %s tolerance\n", rows.size(), changed, beyond,
         tol_text.c_str());
  return beyond ? kExitChanged : kExitOk;
}
