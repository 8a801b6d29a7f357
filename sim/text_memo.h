/* SPDX-License-Identifier: GPL-2.0-only */
// text_memo.h - what was made from a (key, text) pair, remembered.
//
// The trace writer's thread makes the same few things again and again
// from the same inputs: the text a format prints for the same packed
// arguments, with trace.dat's record for it (TraceWriter::printed()),
// trace.dat's record encoded from the same text (TraceDat's memo, for
// lines given as text). A TextMemo keeps the last value made for
// each slot, direct-mapped by the text's hash and the key: a pair seen
// once takes its slot and leaves it to the next. The slots are made at
// the first lookup (a run without --out makes none).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

template <class Key, class Value, size_t kSlots, class KeyHash = std::hash<Key>>
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
    const uint64_t h = hash(text) + KeyHash()(key) * 0x9e3779b97f4a7c15ull;
    return slots_[(h ^ h >> 29) & (kSlots - 1)];
  }

 private:
  // Eight bytes at a time, the last eight read whole even where they
  // overlap the word before, then mixed so that every bit of the text
  // moves the low bits the slot is chosen by: the texts are ~50 bytes, and
  // std::hash (an out-of-line Murmur) took a tenth of the trace writer's
  // thread.
  static uint64_t hash(std::string_view t) {
    const size_t n = t.size();
    uint64_t h = n * 0x9e3779b97f4a7c15ull, w = 0;
    if (n < 8) {
      for (size_t i = 0; i < n; ++i) w = w << 8 | static_cast<unsigned char>(t[i]);
      return avalanche(step(h, w));
    }
    for (size_t i = 0; i + 8 < n; i += 8) {
      std::memcpy(&w, t.data() + i, 8);
      h = step(h, w);
    }
    std::memcpy(&w, t.data() + n - 8, 8);
    return avalanche(step(h, w));
  }
  static uint64_t step(uint64_t h, uint64_t w) {
    h = (h ^ w) * 0xff51afd7ed558ccdull;
    return h ^ h >> 29;
  }
  static uint64_t avalanche(uint64_t h) {  // MurmurHash3's 64-bit finaliser
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    return h ^ h >> 33;
  }

  std::vector<Slot> slots_;
};
