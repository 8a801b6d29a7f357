/* SPDX-License-Identifier: GPL-2.0-only */
// literal_index.h - a table index found by a name's address first.
//
// The trace paths look a name up in a table at every line: the kernel
// model's event names (string literals, hw.h's contract for
// hw_trace_event) and the trace writer's event table's. Such a name has
// one address, so the index found for an address is remembered and, when
// the same address comes again, checked with one strcmp against the text
// it was found for instead of a search. Where the literals land depends
// on the build, so a name looks at 4 slots from its own: the one its
// address holds (its text may have changed: a search, into that slot),
// else the first empty one, where nothing further can be its (a slot is
// never emptied); if all 4 hold other names, its own slot is retaken. Any
// name still works, a name unknown to the table searching every time; one
// table per call site (each passes its own lambdas) and per thread.
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
  unsigned into = home;
  for (unsigned k = 0; k < kProbes; ++k) {
    const unsigned at = (home + k) % kSlots;
    const Memo& m = memo[at];
    if (m.at == name && m.index >= 0 && !std::strcmp(name, m.text)) return m.index;
    if (m.at == name || !m.at) {
      into = at;
      break;
    }
  }
  const int index = lookup(name);
  memo[into] = {name, index, index >= 0 ? text_of(index) : nullptr};
  return index;
}
