/* SPDX-License-Identifier: GPL-2.0-only */
// writer_thread.h - hands an output's records from the simulation thread
// to a thread of its own that formats and writes them.
//
// The simulation appends compact binary records to a chunk (append());
// a full chunk goes into a bounded queue and a consumer thread passes it,
// whole, to the handler given at start(). One producer, one consumer, a
// FIFO: the handler sees every byte in the order it was appended, so what
// it writes does not depend on thread timing (outputs stay byte-identical
// to a single-threaded writer). The queue holds at most kMaxChunks chunks:
// when the handler falls behind, append() waits, so memory stays flat
// however long the run. finish() hands over the last chunk and joins the
// thread; after it the handler's state may be read from the producer.
//
// Without start() (no --out), append() is never called and no thread runs.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

class WriterThread {
 public:
  using Handler = std::function<void(const std::string& chunk)>;
  WriterThread() = default;
  ~WriterThread() { finish(); }
  WriterThread(const WriterThread&) = delete;
  WriterThread& operator=(const WriterThread&) = delete;

  void start(Handler h);
  bool running() const { return thread_.joinable(); }
  // The current chunk, to append one record to; it is handed over by
  // commit() once it is large enough.
  std::string& chunk() { return cur_; }
  void commit() { commit(kChunkBytes); }
  // The same with a chunk size of the caller's: for records few and costly
  // to handle, which should not wait for a full chunk.
  void commit(size_t chunk_bytes) {
    if (cur_.size() >= chunk_bytes) hand_over();
  }
  // Hands over what is left and waits until the handler has seen it all.
  void finish();

 private:
  // A hand-over wakes the consumer (a futex wake-up, slow in a VM), so
  // chunks are large: a quarter of the hand-overs 64 KiB chunks made.
  static constexpr size_t kChunkBytes = 1 << 18;
  static constexpr size_t kMaxChunks = 8;
  void hand_over();
  void run();

  Handler handler_;
  std::string cur_;
  std::thread thread_;
  std::mutex mu_;
  std::condition_variable cv_;    // the consumer: a chunk came, or done_
  std::condition_variable room_;  // the producer: a chunk was taken
  std::deque<std::string> full_;  // handed over, in order
  std::vector<std::string> spare_;  // handled, to be reused (their capacity)
  bool done_ = false;
};
