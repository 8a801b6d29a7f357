/* SPDX-License-Identifier: GPL-2.0-only */
// dt.h - reading the device tree blob: libfdt with errors that name things.
//
// Every failure names the file, the node path and the property, and why, so a
// user with a broken DTB knows what to fix: "tc2.dtb: /cpus/cpu@1: property
// 'reg' is missing".
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

class DtError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Fdt {
 public:
  // Reads and checks the blob (fdt_check_full); throws DtError.
  static Fdt load(const std::string& path);

  const std::string& file() const { return file_; }
  const void* blob() const { return blob_.data(); }
  size_t size() const { return blob_.size(); }
  // The blob, mutable, for command-line overrides (fdt_setprop).
  std::vector<char>& bytes() { return blob_; }

  int root() const { return 0; }
  // -1 if absent. A component names a node exactly when one has that name
  // ("/timer" is /timer, not /timer@1c110000), else as libfdt does (a name
  // without unit address matches by prefix); no leading '/': an alias.
  int path_offset(const std::string& path) const;
  std::string path(int node) const;
  std::string name(int node) const;
  std::vector<int> children(int node) const;
  std::vector<int> compatible_nodes(const char* compat) const;
  bool is_compatible(int node, const char* compat) const;
  int parent(int node) const;
  int node_by_phandle(uint32_t ph) const;  // -1 if absent
  bool is_enabled(int node) const;         // status absent or "okay"

  bool has(int node, const char* prop) const;
  const void* raw(int node, const char* prop, int* len) const;
  std::optional<uint32_t> opt_u32(int node, const char* prop) const;
  uint32_t u32(int node, const char* prop) const;  // required
  uint32_t u32_or(int node, const char* prop, uint32_t def) const;
  std::vector<uint32_t> u32_array(int node, const char* prop) const;
  std::optional<std::string> opt_string(int node, const char* prop) const;
  std::vector<std::string> strings(int node, const char* prop) const;

  // reg = <addr size>... decoded with the parent's #address-cells/#size-cells.
  struct Reg { uint64_t addr, size; };
  std::vector<Reg> reg(int node) const;  // required, non-empty

  // An error about a node (and optionally property) of this blob.
  [[noreturn]] void fail(int node, const char* prop, const std::string& why) const;
  std::string where(int node, const char* prop = nullptr) const;

 private:
  // What one walk of the blob tells about its tree: libfdt finds a node's
  // parent, path or phandle by walking the blob from its start (~150k
  // instructions on TC2's, ~500k on the Exynos 5422's), and reading the
  // platform asks ~100 times. The index is made again whenever the blob's
  // structure or strings block is not the bytes it was made from (they
  // may change through bytes()): a comparison of the blocks, not a parse.
  struct Index {
    std::string blocks;                           // the blocks it describes
    std::unordered_map<int, int> parent;          // every node but the root
    std::unordered_map<int, std::vector<int>> children;  // in blob order
    std::unordered_map<uint32_t, int> by_phandle;  // the first node of each
  };
  const Index& index() const;
  mutable Index index_;

  std::string file_;
  std::vector<char> blob_;
};
