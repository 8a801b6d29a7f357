/* SPDX-License-Identifier: GPL-2.0-only */
// text_memo.h - what was made from a (key, text) pair, remembered.
//
// The trace writer's thread makes the same few things again and again
// from the same inputs: the text a format prints for the same packed
// arguments (TraceWriter::printed()), trace.dat's fields encoded from the
// same text (TraceDat's memo). A TextMemo keeps the last value made for
// each slot, direct-mapped by the text's hash and the key: a pair seen
// once takes its slot and leaves it to the next. The slots are made at
// the first lookup (a run without --out makes none).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

template <class Key, class Value, size_t kSlots>
class TextMemo {
  static_assert(kSlots && (kSlots & (kSlots - 1)) == 0, "a power of two");

 public:
  struct Slot {
    bool used = false;
    Key key{};
    std::string text;
    Value value{};
    bool holds(const Key& k, std::string_view t) const { return used && key == k && text == t; }
    // Now holding (k, t); the value is the caller's to make.
    Value& fill(const Key& k, std::string_view t) {
      used = true;
      key = k;
      text.assign(t.data(), t.size());
      return value;
    }
  };
  // The slot (key, text) maps to: it holds them, or the caller may fill it.
  Slot& slot(const Key& key, std::string_view text) {
    if (slots_.empty()) slots_.resize(kSlots);
    const size_t h = std::hash<std::string_view>()(text) + std::hash<Key>()(key) * 0x9e3779b97f4a7c15ull;
    return slots_[(h ^ h >> 29) & (kSlots - 1)];
  }

 private:
  std::vector<Slot> slots_;
};
