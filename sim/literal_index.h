/* SPDX-License-Identifier: GPL-2.0-only */
// literal_index.h - a table index found by a name's address first.
//
// The trace paths look a name up in a table at every line: the kernel
// model's event names (string literals, hw.h's contract for
// hw_trace_event) and the trace writer's event table's. Such a name has
// one address, so the index found for an address is remembered and, when
// the same address comes again, checked with one strcmp against the text
// it was found for instead of a search. Where the literals land depends
// on the build, so a name looks at 4 slots from its own, and takes the
// first empty one. Any name still works (a new address, or one that finds
// its 4 slots taken, searches); one table per call site (each passes its
// own lambdas) and per thread.
#pragma once

#include <cstdint>
#include <cstring>

// name: a C string. lookup(name): the index, or -1; text_of(index): the
// name it stands for, a C string (the tables do not change).
template <class Lookup, class TextOf>
int index_by_literal(const char* name, Lookup lookup, TextOf text_of) {
  struct Memo {
    const char* at = nullptr;
    int index = -1;
    const char* text = nullptr;  // text_of(index)
  };
  constexpr unsigned kSlots = 32, kProbes = 4;
  static thread_local Memo memo[kSlots];
  const unsigned home = (reinterpret_cast<uintptr_t>(name) >> 3) % kSlots;
  unsigned into = kSlots;  // the first empty slot seen
  for (unsigned k = 0; k < kProbes; ++k) {
    Memo& m = memo[(home + k) % kSlots];
    if (m.at == name && m.index >= 0 && !std::strcmp(name, m.text)) return m.index;
    if (!m.at && into == kSlots) into = (home + k) % kSlots;
  }
  if (into == kSlots) into = home;
  const int index = lookup(name);
  memo[into] = {name, index, index >= 0 ? text_of(index) : nullptr};
  return index;
}
