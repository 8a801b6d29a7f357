/* SPDX-License-Identifier: GPL-2.0-only */
// text_memo.h - what was made from a (key, text) pair, remembered.
//
// The trace writer's thread makes the same few things again and again
// from the same inputs: the text a format prints for the same packed
// arguments, with trace.dat's record for it (TraceWriter::printed()),
// trace.dat's record encoded from the same text (TraceDat's memo, for
// lines given as text). A TextMemo keeps the values made last, two to a
// set of slots chosen by the text's hash and the key: a pair seen once
// takes a slot and leaves it to the next. The slots are made at
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
  static_assert(kSlots >= 2 && (kSlots & (kSlots - 1)) == 0, "a power of two, two or more");

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
  // The slot holding (key, text) (*held set), else the one the caller is
  // to fill with them: of the two slots of the pair's set, the one used
  // less recently. (Direct-mapped, pairs a run repeats often shared slots
  // and took turns evicting each other: in 5 s of mp3-short's trace, half
  // of the printed fields' 7,700 misses, how many depending on where the
  // linker put the formats the key holds.)
  Slot& slot(const Key& key, std::string_view text, bool* held) {
    if (slots_.empty()) {
      slots_.resize(kSlots);
      last_.resize(kSets, 0);
    }
    const uint64_t h = hash(text) + KeyHash()(key) * 0x9e3779b97f4a7c15ull;
    const size_t set = (h ^ h >> 29) & (kSets - 1);
    Slot* const ways = &slots_[2 * set];
    for (uint8_t w = 0; w < 2; ++w) {
      if (ways[w].holds(key, text)) {
        last_[set] = w;
        *held = true;
        return ways[w];
      }
    }
    const uint8_t victim = last_[set] ^ 1;  // the caller fills it: now the last used
    last_[set] = victim;
    *held = false;
    return ways[victim];
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

  static constexpr size_t kSets = kSlots / 2;
  std::vector<Slot> slots_;     // set s: slots 2s and 2s + 1
  std::vector<uint8_t> last_;   // by set: the way used last
};
