// SPDX-License-Identifier: GPL-2.0-only
// fuzz_dt.cc - libFuzzer harness: the DT reader (Fdt::load and
// read_platform_config) on an arbitrary blob. Bad blobs must be DtErrors.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "models/common/report.h"
#include "sim/dt.h"
#include "sim/dt_config.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // Fdt reads files: the input goes through one per process.
  static const std::string path = "/tmp/blsim-fuzz-dt-" + std::to_string(getpid()) + ".dtb";
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return 0;
  std::fwrite(data, 1, size, f);
  std::fclose(f);
  try {
    Fdt fdt = Fdt::load(path);
    (void)read_platform_config(fdt);
  } catch (const DtError&) {
  }
  std::remove(path.c_str());
  model_warnings_reset();  // the warnings log would grow over a long run
  return 0;
}
