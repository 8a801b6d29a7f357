// SPDX-License-Identifier: GPL-2.0-only
// sim/asan_stacks.h says why these exist; this file is empty without ASan.
#include "sim/asan_stacks.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>

#include <cstdint>
#include <vector>

namespace glue {

namespace {

struct Stack {
  uintptr_t lo, hi;
};

// Most recent last: a freed stack's memory may come back as a new one, and
// the newest registration is the one that describes it.
std::vector<Stack>& stacks() {
  static std::vector<Stack> s;
  return s;
}

}  // namespace

void asan_stack_fresh(void* lo, size_t size) {
  ASAN_UNPOISON_MEMORY_REGION(lo, size);
  const uintptr_t a = reinterpret_cast<uintptr_t>(lo);
  for (Stack& s : stacks()) {
    if (s.lo == a && s.hi == a + size) return;
  }
  stacks().push_back({a, a + size});
}

void asan_forget_dead_frames() {
  // This function's frame holds nothing ASan guards, so clearing up to its
  // frame address leaves every caller's redzones in place.
  const uintptr_t here = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  const std::vector<Stack>& s = stacks();
  for (auto it = s.rbegin(); it != s.rend(); ++it) {
    if (here > it->lo && here <= it->hi) {
      ASAN_UNPOISON_MEMORY_REGION(reinterpret_cast<void*>(it->lo), here - it->lo);
      return;
    }
  }
}

}  // namespace glue
#endif
