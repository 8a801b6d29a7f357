/* SPDX-License-Identifier: GPL-2.0-only */
// literal_index.h - a table index found by a name's address first.
//
// The trace paths look a name up in a table at every line: the kernel
// model's event names (string literals, hw.h's contract for
// hw_trace_event) and the trace writer's event table's. Such a name has
// one address, so the index found for an address is remembered and, when
// the same address comes again, checked with one strcmp against the text
// it was found for instead of a search. Where the literals land depends
// on the build, so a name looks at 4 slots from its own
// (slot_by_address()): the one its address holds (its text may have
// changed: a search, into that slot), else the first empty one; if all 4
// hold other names, its own slot is retaken. Any name still works, a name
// unknown to the table searching every time; one table per call site
// (each passes its own lambdas) and per thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

// The slot of table for address key, 4 probes from key's own (its address
// / 8, modulo the table's size): the one holding key (*held set), else the
// first empty one (nothing further can hold key: a slot is never emptied),
// else key's own, to be retaken. key_of(slot): the address a slot holds,
// null while empty. trace_args.cc's parsed formats use it too.
template <class Slot, size_t kSlots, class KeyOf>
Slot& slot_by_address(Slot (&table)[kSlots], const void* key, KeyOf key_of, bool* held) {
  constexpr unsigned kProbes = 4;
  const size_t home = (reinterpret_cast<uintptr_t>(key) >> 3) % kSlots;
  for (unsigned k = 0; k < kProbes; ++k) {
    Slot& s = table[(home + k) % kSlots];
    const void* at = key_of(s);
    if (at == key || !at) {
      *held = at == key;
      return s;
    }
  }
  *held = false;
  return table[home];
}

// name: a C string. lookup(name): the index, or -1; text_of(index): the
// name it stands for, a C string (the tables do not change).
template <class Lookup, class TextOf>
int index_by_literal(const char* name, Lookup lookup, TextOf text_of) {
  struct Memo {
    const char* at = nullptr;
    int index = -1;
    const char* text = nullptr;  // text_of(index)
  };
  static thread_local Memo memo[32];
  bool held;
  Memo& m = slot_by_address(memo, name, [](const Memo& s) { return s.at; }, &held);
  // Held with another text, or unknown to the table: searched again, here.
  if (held && m.index >= 0 && !std::strcmp(name, m.text)) return m.index;
  const int index = lookup(name);
  m = {name, index, index >= 0 ? text_of(index) : nullptr};
  return index;
}
