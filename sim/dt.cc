// SPDX-License-Identifier: GPL-2.0-only
#include "sim/dt.h"

#include <cstring>
#include <string_view>

#include "sim/input_file.h"

extern "C" {
#include <libfdt.h>
}

Fdt Fdt::load(const std::string& path) {
  Fdt f;
  f.file_ = path;
  std::string data;
  const std::string why = read_input_file(path, &data);
  if (!why.empty()) throw DtError(path + ": " + why);
  f.blob_.assign(data.begin(), data.end());
  if (f.blob_.size() < sizeof(struct fdt_header) ||
      fdt_magic(f.blob_.data()) != FDT_MAGIC)
    throw DtError(path + ": not a device tree blob (bad magic; compile .dts with dtc)");
  int err = fdt_check_full(f.blob_.data(), f.blob_.size());
  if (err) throw DtError(path + ": malformed device tree blob: " + fdt_strerror(err));
  // Room for command-line overrides that grow properties.
  f.blob_.resize(f.blob_.size() + 64 * 1024);
  fdt_open_into(f.blob_.data(), f.blob_.data(), static_cast<int>(f.blob_.size()));
  return f;
}

int Fdt::path_offset(const std::string& p) const {
  // libfdt matches a component without a unit address by prefix ("/timer"
  // finds "/timer@1c110000" if that comes first): a node named exactly so
  // is preferred, component by component. Aliases (no leading '/') and
  // components no child has exactly are libfdt's.
  if (p.empty() || p[0] != '/') {
    const int off = fdt_path_offset(blob(), p.c_str());
    return off < 0 ? -1 : off;
  }
  int node = 0;
  for (size_t at = 1; at < p.size();) {
    size_t end = p.find('/', at);
    if (end == std::string::npos) end = p.size();
    const std::string comp = p.substr(at, end - at);
    at = end + 1;
    if (comp.empty()) continue;
    int next = -1;
    for (int child : children(node)) {
      const char* nm = fdt_get_name(blob(), child, nullptr);
      if (nm && comp == nm) { next = child; break; }
    }
    if (next < 0) next = fdt_subnode_offset_namelen(blob(), node, comp.data(), static_cast<int>(comp.size()));
    if (next < 0) return -1;
    node = next;
  }
  return node;
}

std::string Fdt::path(int node) const {
  const Index& idx = index();
  if (node == 0 || !idx.parent.count(node)) {  // the root, or not a node: as libfdt says
    char buf[512];
    if (fdt_get_path(blob(), node, buf, sizeof buf) != 0) return "?";
    return buf;
  }
  // The names from the node up, joined from the root down, as
  // fdt_get_path() writes them into 512 bytes (a longer path is "?").
  std::vector<const char*> names;
  for (int n = node; n != 0; n = idx.parent.at(n)) {
    names.push_back(fdt_get_name(blob(), n, nullptr));
    if (!names.back()) return "?";
  }
  std::string p;
  for (auto it = names.rbegin(); it != names.rend(); ++it) p.append("/").append(*it);
  return p.size() < 512 ? p : "?";
}

std::string Fdt::name(int node) const {
  const char* n = fdt_get_name(blob(), node, nullptr);
  return n ? n : "?";
}

std::vector<int> Fdt::children(int node) const {
  const Index& idx = index();
  const auto it = idx.children.find(node);
  if (it != idx.children.end()) return it->second;
  std::vector<int> out;  // no children, or not a node: as libfdt walks it
  int child;
  fdt_for_each_subnode(child, blob(), node) out.push_back(child);
  return out;
}

std::vector<int> Fdt::compatible_nodes(const char* compat) const {
  std::vector<int> out;
  for (int n = fdt_node_offset_by_compatible(blob(), -1, compat); n >= 0;
       n = fdt_node_offset_by_compatible(blob(), n, compat))
    if (is_enabled(n)) out.push_back(n);
  return out;
}

bool Fdt::is_compatible(int node, const char* compat) const {
  return fdt_node_check_compatible(blob(), node, compat) == 0;
}

int Fdt::parent(int node) const {
  const Index& idx = index();
  const auto it = idx.parent.find(node);
  return it != idx.parent.end() ? it->second : fdt_parent_offset(blob(), node);  // the root, or no node
}

int Fdt::node_by_phandle(uint32_t ph) const {
  if (ph == 0 || ph == ~0u) return -1;  // not phandles (libfdt: -FDT_ERR_BADPHANDLE)
  const Index& idx = index();
  const auto it = idx.by_phandle.find(ph);
  return it == idx.by_phandle.end() ? -1 : it->second;
}

const Fdt::Index& Fdt::index() const {
  const char* b = static_cast<const char*>(blob());
  const std::string_view st(b + fdt_off_dt_struct(b), fdt_size_dt_struct(b));
  const std::string_view str(b + fdt_off_dt_strings(b), fdt_size_dt_strings(b));
  const std::string_view made(index_.blocks);
  if (made.size() == st.size() + str.size() && made.substr(0, st.size()) == st &&
      made.substr(st.size()) == str)
    return index_;
  index_ = Index{};
  index_.blocks.assign(st).append(str);
  // The walk's depth names each node's parent: the last node seen one
  // level up.
  std::vector<int> at_depth;
  int depth = 0;  // the root's, at offset 0
  for (int n = 0; n >= 0 && depth >= 0; n = fdt_next_node(b, n, &depth)) {
    at_depth.resize(static_cast<size_t>(depth) + 1);
    at_depth[static_cast<size_t>(depth)] = n;
    if (depth > 0) {
      const int up = at_depth[static_cast<size_t>(depth) - 1];
      index_.parent[n] = up;
      index_.children[up].push_back(n);
    }
    const uint32_t ph = fdt_get_phandle(b, n);
    if (ph != 0 && ph != ~0u) index_.by_phandle.try_emplace(ph, n);
  }
  return index_;
}

bool Fdt::is_enabled(int node) const {
  auto s = opt_string(node, "status");
  return !s || *s == "okay" || *s == "ok";
}

bool Fdt::has(int node, const char* prop) const {
  return fdt_getprop(blob(), node, prop, nullptr) != nullptr;
}

const void* Fdt::raw(int node, const char* prop, int* len) const {
  return fdt_getprop(blob(), node, prop, len);
}

std::optional<uint32_t> Fdt::opt_u32(int node, const char* prop) const {
  int len = 0;
  const void* p = raw(node, prop, &len);
  if (!p) return std::nullopt;
  if (len != 4) fail(node, prop, "expected one 32-bit cell, found " + std::to_string(len) + " bytes");
  return fdt32_to_cpu(*static_cast<const fdt32_t*>(p));
}

uint32_t Fdt::u32(int node, const char* prop) const {
  auto v = opt_u32(node, prop);
  if (!v) fail(node, prop, "property is missing");
  return *v;
}

uint32_t Fdt::u32_or(int node, const char* prop, uint32_t def) const {
  auto v = opt_u32(node, prop);
  return v ? *v : def;
}

std::vector<uint32_t> Fdt::u32_array(int node, const char* prop) const {
  int len = 0;
  const void* p = raw(node, prop, &len);
  std::vector<uint32_t> out;
  if (!p) return out;
  if (len % 4) fail(node, prop, "length " + std::to_string(len) + " is not a whole number of cells");
  const fdt32_t* c = static_cast<const fdt32_t*>(p);
  for (int i = 0; i < len / 4; ++i) out.push_back(fdt32_to_cpu(c[i]));
  return out;
}

std::optional<std::string> Fdt::opt_string(int node, const char* prop) const {
  int len = 0;
  const char* p = static_cast<const char*>(raw(node, prop, &len));
  if (!p) return std::nullopt;
  if (len <= 0 || p[len - 1] != '\0') fail(node, prop, "not a string");
  return std::string(p);
}

std::vector<std::string> Fdt::strings(int node, const char* prop) const {
  int len = 0;
  const char* p = static_cast<const char*>(raw(node, prop, &len));
  std::vector<std::string> out;
  for (int i = 0; p && i < len;) {
    out.emplace_back(p + i);
    i += static_cast<int>(out.back().size()) + 1;
  }
  return out;
}

std::vector<Fdt::Reg> Fdt::reg(int node) const {
  const int par = parent(node);
  const int ac = fdt_address_cells(blob(), par), sc = fdt_size_cells(blob(), par);
  if (ac < 1 || ac > 2 || sc < 0 || sc > 2)
    fail(par, "#address-cells", "unsupported #address-cells/#size-cells");
  std::vector<uint32_t> cells = u32_array(node, "reg");
  if (cells.empty()) fail(node, "reg", "property is missing");
  const size_t per = static_cast<size_t>(ac + sc);
  if (cells.size() % per)
    fail(node, "reg", "length does not match #address-cells " + std::to_string(ac) +
                          " and #size-cells " + std::to_string(sc));
  std::vector<Reg> out;
  for (size_t i = 0; i < cells.size(); i += per) {
    uint64_t a = 0, s = 0;
    for (int k = 0; k < ac; ++k) a = (a << 32) | cells[i + k];
    for (int k = 0; k < sc; ++k) s = (s << 32) | cells[i + ac + k];
    out.push_back({a, s});
  }
  return out;
}

std::string Fdt::where(int node, const char* prop) const {
  std::string w = file_ + ": " + path(node);
  if (prop) w += std::string(": property '") + prop + "'";
  return w;
}

void Fdt::fail(int node, const char* prop, const std::string& why) const {
  throw DtError(where(node, prop) + ": " + why);
}
