// SPDX-License-Identifier: GPL-2.0-only
#include "sim/dt_override.h"

#include <libfdt.h>

#include <cerrno>
#include <cstdlib>
#include <vector>

#include "models/common/report.h"
#include "sim/dt.h"
#include "sim/dt_config.h"

namespace {

// "<1 0x2>" or "1 0x2" or "1,2": 32-bit cells.
bool parse_cells(std::string v, std::vector<fdt32_t>* cells) {
  if (v.size() >= 2 && v.front() == '<' && v.back() == '>') v = v.substr(1, v.size() - 2);
  for (char& c : v)
    if (c == ',') c = ' ';
  const char* p = v.c_str();
  while (*p) {
    while (*p == ' ') ++p;
    if (!*p) break;
    char* end = nullptr;
    errno = 0;
    const unsigned long long x = strtoull(p, &end, 0);
    if (end == p || errno || x > 0xffffffffull || *p == '-' || (*end && *end != ' ')) return false;
    cells->push_back(cpu_to_fdt32(static_cast<uint32_t>(x)));
    p = end;
  }
  return !cells->empty();
}

// The old value, printed as dtc would: a string, or cells.
std::string describe(const void* data, int len) {
  if (!data) return "absent";
  if (len == 0) return "a flag, present";
  const char* s = static_cast<const char*>(data);
  if (len > 0 && s[len - 1] == '\0') {
    bool text = true;
    for (int i = 0; i < len - 1; ++i) text = text && s[i] >= 0x20 && s[i] < 0x7f;
    if (text) return "\"" + std::string(s) + "\"";
  }
  if (len % 4) return std::to_string(len) + " bytes";
  std::string out = "<";
  for (int i = 0; i < len / 4; ++i) {
    char b[16];
    snprintf(b, sizeof b, "%s%u", i ? " " : "", fdt32_to_cpu(static_cast<const fdt32_t*>(data)[i]));
    out += b;
  }
  return out + ">";
}

}  // namespace

bool parse_dt_override(const std::string& text, DtOverride* out, std::string* why) {
  const size_t colon = text.find(':'), eq = text.find('=', colon == std::string::npos ? 0 : colon);
  if (colon != std::string::npos && colon > 0 && eq == std::string::npos && colon + 1 < text.size()) {
    out->text = text;  // a flag: NODE:PROP
    out->node = text.substr(0, colon);
    out->prop = text.substr(colon + 1);
    out->value.clear();
    out->flag = true;
    return true;
  }
  if (colon == std::string::npos || eq == std::string::npos || colon == 0 || eq == colon + 1 ||
      eq + 1 >= text.size()) {
    *why = "--dt takes NODE:PROPERTY=VALUE (e.g. /cpus/cpu-map/cluster1:blsim,power-up-latency-ns=200000) "
           "or NODE:PROPERTY for a flag, got '" +
           text + "'";
    return false;
  }
  out->text = text;
  out->node = text.substr(0, colon);
  out->prop = text.substr(colon + 1, eq - colon - 1);
  out->value = text.substr(eq + 1);
  return true;
}

void apply_dt_override(Fdt& fdt, const DtOverride& o) {
  void* blob = fdt.bytes().data();
  const int node = fdt.path_offset(o.node);  // exact names first: /timer is not /timer@1c110000
  if (node < 0)
    throw DtError(fdt.file() + ": --dt " + o.text + ": no node " + o.node + " in the device tree");
  // The simulator's own properties are known: a name nothing reads, or a
  // string where cells are read (stored, it would read as the cells of its
  // bytes), would silently change nothing or something else.
  const bool is_string = o.value.size() >= 2 && o.value.front() == '"' && o.value.back() == '"';
  if (o.prop.compare(0, 6, "blsim,") == 0) {
    const BlsimProperty* p = find_blsim_property(o.prop);
    const std::string where = fdt.file() + ": --dt " + o.text + ": " + o.node + ": property '" + o.prop + "'";
    if (!p)
      throw DtError(where + ": blsim reads no property of that name (docs/dt-properties.md lists them)");
    if (p->kind == BlsimProperty::kFlag && !o.flag)
      throw DtError(where + ": is a flag: give it as --dt " + o.node + ":" + o.prop + ", without a value");
    if (p->kind != BlsimProperty::kFlag && o.flag)
      throw DtError(where + ": needs a value (NODE:PROPERTY=VALUE)");
    if (is_string && p->kind != BlsimProperty::kFlag)
      throw DtError(where + ": is 32-bit cells (" + p->unit + "), not a string");
  }
  int old_len = 0;
  const void* old = fdt_getprop(blob, node, o.prop.c_str(), &old_len);
  const std::string was = describe(old, old_len);
  int err;
  if (o.flag) {
    err = fdt_setprop(blob, node, o.prop.c_str(), nullptr, 0);
  } else if (is_string) {
    err = fdt_setprop_string(blob, node, o.prop.c_str(), o.value.substr(1, o.value.size() - 2).c_str());
  } else {
    std::vector<fdt32_t> cells;
    if (!parse_cells(o.value, &cells))
      throw DtError(fdt.file() + ": " + o.node + ": property '" + o.prop + "': --dt value '" + o.value +
                    "' is neither 32-bit cells (<1 2>, 0x10) nor a \"string\"");
    err = fdt_setprop(blob, node, o.prop.c_str(), cells.data(), static_cast<int>(cells.size() * 4));
  }
  if (err)
    throw DtError(fdt.file() + ": " + o.node + ": property '" + o.prop + "': cannot set: " + fdt_strerror(err));
  model_warning("dt", "%s: %s: %s = %s (command-line override; was %s)", fdt.file().c_str(),
                o.node.c_str(), o.prop.c_str(), o.flag ? "(flag, present)" : o.value.c_str(),
                was.c_str());
}
