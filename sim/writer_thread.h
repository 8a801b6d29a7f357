/* SPDX-License-Identifier: GPL-2.0-only */
// writer_thread.h - hands an output's records from the simulation thread
// to a thread of its own that formats and writes them.
//
// The simulation appends compact binary records to a chunk (claim(), append());
// a full chunk goes into a bounded queue and a consumer thread passes it,
// whole, to the handler given at start(). One producer, one consumer, a
// FIFO: the handler sees every byte in the order it was appended, so what
// it writes does not depend on thread timing (outputs stay byte-identical
// to a single-threaded writer). The queue holds at most kMaxChunks chunks:
// when the handler falls behind, commit() waits, so memory stays flat
// however long the run. finish() hands over the last chunk and joins the
// thread; after it the handler's state may be read from the producer.
//
// Without start() (no --out), claim() and append() are never called and no
// thread runs.
#pragma once

#include <cassert>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstring>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

class WriterThread {
 public:
  using Handler = std::function<void(std::string_view chunk)>;
  WriterThread() = default;
  ~WriterThread() { finish(); }
  WriterThread(const WriterThread&) = delete;
  WriterThread& operator=(const WriterThread&) = delete;

  void start(Handler h);
  bool running() const { return thread_.joinable(); }
  // n bytes at the end of the current chunk, for the caller to fill in.
  // They are not cleared first: a record is written once, by its maker,
  // and a record is ~30-90 bytes made ~10^5 times a simulated second,
  // where a std::string's append() cost as much as making it.
  char* claim(size_t n) {
    if (n > cur_.cap - cur_.size) grow(n);
    char* const p = cur_.bytes.get() + cur_.size;
    cur_.size += n;
    return p;
  }
  void append(const void* p, size_t n) { std::memcpy(claim(n), p, n); }
  // Gives back the last n bytes of the latest claim(): a record that took
  // less room than the most it could need.
  void unclaim(size_t n) {
    assert(n <= cur_.size);
    cur_.size -= n;
  }
  // Hands the current chunk over once it is large enough.
  void commit() { commit(kChunkBytes); }
  // The same with a chunk size of the caller's: for records few and costly
  // to handle, which should not wait for a full chunk.
  void commit(size_t chunk_bytes) {
    if (cur_.size >= chunk_bytes) hand_over();
  }
  // Hands over what is left and waits until the handler has seen it all.
  void finish();

 private:
  // Chunks are large: a quarter of the hand-overs 64 KiB chunks made.
  static constexpr size_t kChunkBytes = 1 << 18;
  static constexpr size_t kMaxChunks = 8;
  // The consumer, out of chunks, naps kNap at a time and looks again; the
  // producer does not wake it at a hand-over. Waking a thread asleep on
  // the other vCPU is a futex call that sends it an interrupt: 30-45 us
  // here (perf trace: median 31 us, 177 of them in 60 s of mp3-short
  // with --out, ~1% of the simulation thread's time), where a nap costs
  // the consumer's own vCPU a timer. A queue this long (the consumer
  // lagging, or a burst) wakes it, and so does finish().
  static constexpr auto kNap = std::chrono::milliseconds(2);
  static constexpr size_t kWakeChunks = kMaxChunks / 2;
  // Room for a full chunk and the record that fills it: a chunk is
  // allocated once and reused, and grows only for a record longer than that.
  static constexpr size_t kChunkRoom = kChunkBytes + 4096;
  struct Chunk {
    std::unique_ptr<char[]> bytes;
    size_t size = 0, cap = 0;
    Chunk() = default;
    // A chunk moved from is empty, its room gone with its bytes.
    Chunk(Chunk&& o) noexcept
        : bytes(std::move(o.bytes)), size(std::exchange(o.size, 0)), cap(std::exchange(o.cap, 0)) {}
    Chunk& operator=(Chunk&& o) noexcept {
      bytes = std::move(o.bytes);
      size = std::exchange(o.size, 0);
      cap = std::exchange(o.cap, 0);
      return *this;
    }
    std::string_view view() const { return {bytes.get(), size}; }
  };
  // Chunks the thread makes for the producer before its first hand-over,
  // every page mapped there (prepare()): a page's first write is a page
  // fault, ~10 us in a VM (~0.2 us on bare metal; sim/host_pages.h), and
  // the producer is the simulation thread. A run keeps 2-4 chunks in
  // flight.
  static constexpr size_t kPreparedChunks = 3;
  void grow(size_t n);  // room for n more bytes, keeping the chunk's bytes
  void hand_over();
  void prepare();
  void run();

  Handler handler_;
  Chunk cur_;
  std::thread thread_;
  std::mutex mu_;
  std::condition_variable cv_;    // the consumer: chunks queue up, or done_
  std::condition_variable room_;  // the producer: a chunk was taken
  std::deque<Chunk> full_;        // handed over, in order
  std::vector<Chunk> spare_;      // handled, to be reused (their room)
  bool done_ = false;
};
