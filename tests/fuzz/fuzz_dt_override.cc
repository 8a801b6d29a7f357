// SPDX-License-Identifier: GPL-2.0-only
// fuzz_dt_override.cc - libFuzzer harness: the --dt NODE:PROP=VALUE parser.
#include <cstddef>
#include <cstdint>
#include <string>

#include "sim/dt_override.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  DtOverride ov;
  std::string why;
  if (!parse_dt_override(text, &ov, &why) && why.empty()) __builtin_trap();
  return 0;
}
