// SPDX-License-Identifier: GPL-2.0-only
// library_pages.cc - the pages of a block a library zeroes at load time,
// mapped in one go.
//
// Every blsim process paid ~10 ms before main() for a buffer it never
// uses: SystemC's scratch heap for sc_dt's number-to-text conversions
// (sc_temp_heap, 3 MiB), which libsystemc's static initialization makes
// with new[] and zeroes page by page, 768 page faults. A fault costs
// 10-15 us on the development VM (sim/host_pages.h); 60 s of mp3-short
// runs in ~0.45 s, so that was 2% of it, and most of a short run. Asking
// the kernel to map the block at once costs ~0.7 us a page.
//
// So blsim replaces the global operator new[] and operator delete[]
// (C++'s replaceable allocation functions: the executable's definitions
// are the ones libsystemc's calls bind to). While the shared libraries
// load, a block of a page or more is mapped when made; afterwards, and
// for smaller blocks, new[] is exactly the library's: operator new(),
// which delete[] frees with operator delete(). (Later blocks are not
// mapped: some are never written, such as the caches' timing-only
// write-back buffer.)
//
// Mapped at once, the block still cost ~4 ms to zero, a first write to
// each of its small pages (sim/host_pages.h); a block of a huge page or
// more made then goes on huge pages (map_huge_block(): 0.35 ms for
// sc_temp_heap, which then holds 4 MiB instead of 3), and operator
// delete[] gives it back to the kernel (libsystemc frees it at exit).
// Where the kernel compacts memory for a huge page at its fault
// (transparent_hugepage/defrag "madvise", as on the development VM), a
// host with fragmented memory may take longer to find the two; without
// huge pages (THP "never") the block is on small pages, mapped at once.
//
// Not in a sanitized build (CMakeLists.txt leaves the file out): the
// sanitizers' runtimes replace the allocation functions themselves. The
// test below also keeps it out of one made by hand with GCC's flags.
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)

#include <cstddef>
#include <new>

#include "sim/host_pages.h"

namespace {

// True until blsim's own initialization starts: the executable's
// constructors run after those of the libraries it links (their
// dependencies first), and this one first among them (priority 101, the
// first not reserved), before the static objects of blsim's own files.
bool libraries_loading = true;

__attribute__((constructor(101))) void libraries_loaded() { libraries_loading = false; }

constexpr std::size_t kPage = 4096;
constexpr std::size_t kHugePage = std::size_t(2) << 20;

// The blocks on huge pages (SystemC makes one), while they live.
struct HugeBlock {
  void* at;
  std::size_t n;
};
HugeBlock huge_blocks[4];

// The slot holding the block at `at`; a free one for null.
HugeBlock* slot_of(const void* at) {
  for (HugeBlock& b : huge_blocks)
    if (b.at == at) return &b;
  return nullptr;
}

}  // namespace

void* operator new[](std::size_t n) {
  if (libraries_loading && n >= kHugePage) {
    if (HugeBlock* b = slot_of(nullptr)) {
      if (void* p = map_huge_block(n)) {
        *b = {p, n};
        return p;
      }
    }
  }
  void* const p = ::operator new(n);
  if (libraries_loading && n >= kPage) populate_pages(p, n);
  return p;
}

void operator delete[](void* p) noexcept {
  if (HugeBlock* b = p ? slot_of(p) : nullptr) {
    unmap_huge_block(b->at, b->n);
    *b = {nullptr, 0};
    return;
  }
  ::operator delete(p);
}

void operator delete[](void* p, std::size_t) noexcept { operator delete[](p); }

#endif
