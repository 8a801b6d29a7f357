// SPDX-License-Identifier: GPL-2.0-only
// fuzz_compare.cc - libFuzzer harness: blsim compare's reader
// (compare_stats) on two arbitrary stats files: the input up to its first
// NUL byte is BASE, the rest NEW (no NUL: the input is both).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/compare.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string all(reinterpret_cast<const char*>(data), size);
  const size_t nul = all.find('\0');
  const std::string base = all.substr(0, nul);
  const std::string now = nul == std::string::npos ? all : all.substr(nul + 1);
  std::vector<CompareRow> rows;
  std::string error;
  Tolerances tolerances;  // the default 5%
  (void)compare_stats(base, now, tolerances, &rows, &error);
  return 0;
}
