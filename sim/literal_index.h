/* SPDX-License-Identifier: GPL-2.0-only */
// literal_index.h - a table index found by a name's address first.
//
// The trace paths look a name up in a table at every line: the kernel
// model's event names (string literals, hw.h's contract for
// hw_trace_event) and the trace writer's event table's. Such a name has
// one address, so the index found for an address is remembered and, when
// the same address comes again, checked with one strcmp against the text
// it was found for instead of a search. Any name still works (a clash or
// a new address searches); one table per call site (each passes its own
// lambdas) and per thread.
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
  static thread_local Memo memo[16];
  Memo& m = memo[(reinterpret_cast<uintptr_t>(name) >> 3) % 16];
  if (m.at == name && m.index >= 0 && !std::strcmp(name, m.text)) return m.index;
  const int index = lookup(name);
  m = {name, index, index >= 0 ? text_of(index) : nullptr};
  return index;
}
