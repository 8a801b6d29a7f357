// SPDX-License-Identifier: GPL-2.0-only
// fuzz_event.cc - libFuzzer harness: the --event TIME:ACTION[:ARG] parser.
#include <cstddef>
#include <cstdint>
#include <string>

#include "sim/events.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  ScriptedEvent e;
  std::string why;
  if (!parse_event(text, &e, &why) && why.empty()) __builtin_trap();
  return 0;
}
