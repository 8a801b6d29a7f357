/* SPDX-License-Identifier: GPL-2.0-only */
// run_helpers.h - running the blsim binary from tests and reading its output.
#pragma once

#include <sys/wait.h>
#include <yajl/yajl_tree.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "rtapp_examples.h"

namespace blsim_test {

struct RunResult {
  int exit_code = -1;
  std::string out, err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

inline bool exists(const std::string& path) { return std::ifstream(path).good(); }

// A fresh, empty scratch folder under the build tree for one test.
inline std::string scratch(const std::string& name) {
  const std::string d = std::string(BLSIM_BUILD_DIR) + "/test-scratch/" + name;
  std::system(("rm -rf '" + d + "' && mkdir -p '" + d + "'").c_str());
  return d;
}

inline RunResult run_cmd(const std::string& cmd, const std::string& dir) {
  RunResult r;
  const std::string o = dir + "/.stdout", e = dir + "/.stderr";
  const int st = std::system((cmd + " >'" + o + "' 2>'" + e + "'").c_str());
  r.exit_code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  r.out = slurp(o);
  r.err = slurp(e);
  return r;
}

inline std::string blsim_bin() { return std::string(BLSIM_BUILD_DIR) + "/blsim"; }
inline std::string tc2_dtb() { return std::string(BLSIM_BUILD_DIR) + "/configs/tc2.dtb"; }

// The upstream Linux TC2 device tree (tests/data/upstream-tc2), as Linux's
// build makes it (cpp, then dtc), compiled to dir/up.dtb.
inline RunResult compile_upstream_tc2(const std::string& dir) {
  const std::string up = std::string(BLSIM_SOURCE_DIR) + "/tests/data/upstream-tc2";
  return run_cmd("cpp -nostdinc -I " + up + " -I " + up + "/include -undef -D__DTS__ "
                 "-x assembler-with-cpp " + up + "/vexpress-v2p-ca15_a7.dts | "
                 "dtc -q -I dts -O dtb -o " + dir + "/up.dtb -", dir);
}
inline std::string exynos_dtb() { return std::string(BLSIM_BUILD_DIR) + "/configs/exynos5422.dtb"; }

inline RunResult run_blsim(const std::string& args, const std::string& dir) {
  return run_cmd(blsim_bin() + " " + args, dir);
}

// Compile DTS text with dtc; returns the DTB path ("" on dtc failure).
inline std::string compile_dts(const std::string& dts, const std::string& dir,
                               const std::string& name) {
  const std::string src = dir + "/" + name + ".dts", dtb = dir + "/" + name + ".dtb";
  std::ofstream(src) << dts;
  RunResult r = run_cmd("dtc -q -I dts -O dtb -o '" + dtb + "' '" + src + "'", dir);
  return r.exit_code == 0 ? dtb : "";
}

inline std::string tc2_dts() { return slurp(std::string(BLSIM_SOURCE_DIR) + "/configs/tc2.dts"); }
inline std::string exynos_dts() {
  return slurp(std::string(BLSIM_SOURCE_DIR) + "/configs/exynos5422.dts");
}

// Replace the first occurrence of `what` (which must exist) in `s`.
inline std::string edit(std::string s, const std::string& what, const std::string& with) {
  const size_t p = s.find(what);
  if (p == std::string::npos) return "";
  return s.replace(p, what.size(), with);
}

// tc2.dts with the first A7 node moved ahead of the A15s, compiled in the
// scratch folder `name`: an A7 is the first cpu node, so it boots and is
// CPU0 (the boot CPU is the first of /cpus). "" if tc2.dts changed shape.
inline std::string a7_first_dtb(const std::string& name) {
  const std::string dts = tc2_dts();
  const std::string a15 = "\t\tcpu0: cpu@0 {", a7 = "\t\tcpu2: cpu@2 {";
  const size_t b = dts.find(a7), e = dts.find("\t\t};\n", b);
  if (b == std::string::npos || e == std::string::npos) return "";
  const std::string node = dts.substr(b, e + 5 - b);
  std::string out = dts;
  out.erase(b, node.size());
  out.insert(out.find(a15), node + "\n");
  return compile_dts(out, scratch(name), "a7_first");
}

// A parsed JSON document (yajl_tree), freed on scope exit.
class Json {
 public:
  explicit Json(const std::string& text) {
    char err[256] = {0};
    root_ = yajl_tree_parse(text.c_str(), err, sizeof err);
    error_ = err;
  }
  ~Json() { yajl_tree_free(root_); }
  Json(const Json&) = delete;
  Json& operator=(const Json&) = delete;
  bool ok() const { return root_ != nullptr; }
  const std::string& error() const { return error_; }
  yajl_val root() const { return root_; }
  // Path lookup: {"cores", nullptr}.
  static yajl_val get(yajl_val v, const char* key) {
    const char* path[] = {key, nullptr};
    return yajl_tree_get(v, path, yajl_t_any);
  }

 private:
  yajl_val root_ = nullptr;
  std::string error_;
};

inline long long num(yajl_val v) { return v && YAJL_IS_INTEGER(v) ? YAJL_GET_INTEGER(v) : -1; }

// One line of trace.txt: the CPU, the time, the event and its arguments.
struct TraceLine {
  int cpu = -1;
  double t = -1;  // seconds
  std::string event, args;
};

// The lines of one event in trace.txt, in file order.
inline std::vector<TraceLine> trace_lines(const std::string& text, const std::string& event) {
  std::vector<TraceLine> out;
  const std::string tag = ": " + event + ": ";
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string::npos) eol = text.size();
    const std::string line = text.substr(pos, eol - pos);
    pos = eol + 1;
    if (line.empty() || line[0] == '#') continue;
    const size_t e = line.find(tag);
    if (e == std::string::npos) continue;
    const size_t b = line.find('[');
    TraceLine t;
    if (b != std::string::npos && b < e) t.cpu = std::atoi(line.c_str() + b + 1);
    const size_t sp = line.rfind(' ', e);
    if (sp != std::string::npos) t.t = std::atof(line.c_str() + sp + 1);
    t.event = event;
    t.args = line.substr(e + tag.size());
    out.push_back(t);
  }
  return out;
}

}  // namespace blsim_test
