// SPDX-License-Identifier: GPL-2.0-only
// fuzz_rtapp.cc - libFuzzer harness: the rt-app loader on arbitrary text.
// Any input must give a program or an error, never a crash or a leak.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/workload/rtapp_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  RtappOptions opts;
  opts.num_cpus = 5;
  wl_program prog;
  std::string error;
  std::vector<std::string> warnings;
  if (rtapp_load_text(text, "fuzz.json", opts, &prog, &error, &warnings)) {
    wl_program_free(&prog);
  } else if (error.empty()) {
    __builtin_trap();  // a refusal always says why
  }
  return 0;
}
