// SPDX-License-Identifier: GPL-2.0-only
#include "sim/writer_thread.h"

#include <pthread.h>

#include <algorithm>
#include <utility>

#include "sim/host_pages.h"

void WriterThread::start(Handler h) {
  handler_ = std::move(h);
  done_ = false;
  if (cur_.cap < kChunkRoom) grow(kChunkRoom);
  thread_ = std::thread([this] {
    // Named, so that top -H and perf --comm tell it from the simulation.
    pthread_setname_np(pthread_self(), "blsim-writer");
    prepare();
    run();
  });
}

void WriterThread::grow(size_t n) {
  const size_t cap = std::max({kChunkRoom, cur_.size + n, 2 * cur_.cap});
  std::unique_ptr<char[]> bytes(new char[cap]);
  populate_pages(bytes.get(), cap);  // this is often the simulation thread
  if (cur_.size) std::memcpy(bytes.get(), cur_.bytes.get(), cur_.size);
  cur_.bytes = std::move(bytes);
  cur_.cap = cap;
}

void WriterThread::hand_over() {
  bool wake;
  {
    std::unique_lock<std::mutex> lock(mu_);
    room_.wait(lock, [this] { return full_.size() < kMaxChunks; });
    full_.push_back(std::move(cur_));
    wake = full_.size() >= kWakeChunks;  // else its nap ends soon enough
    if (!spare_.empty()) {
      cur_ = std::move(spare_.back());
      spare_.pop_back();
    }
  }
  if (wake) cv_.notify_one();
  cur_.size = 0;
  if (cur_.cap < kChunkRoom) grow(kChunkRoom);  // a first chunk: outside the lock
}

void WriterThread::finish() {
  if (!thread_.joinable()) return;
  if (cur_.size) hand_over();
  {
    std::lock_guard<std::mutex> lock(mu_);
    done_ = true;
  }
  cv_.notify_one();
  thread_.join();
}

// (A short run may finish first: then the rest are not made. Started
// again, the thread has its spares from before.)
void WriterThread::prepare() {
  for (size_t i = 0; i < kPreparedChunks; ++i) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (done_ || spare_.size() >= kPreparedChunks) return;
    }
    Chunk c;
    c.bytes.reset(new char[kChunkRoom]);
    c.cap = kChunkRoom;
    // Mapped here, not at the producer's first write (sim/host_pages.h).
    if (!populate_pages(c.bytes.get(), kChunkRoom)) std::memset(c.bytes.get(), 0, kChunkRoom);
    std::lock_guard<std::mutex> lock(mu_);
    if (done_) return;
    spare_.push_back(std::move(c));
  }
}

// Takes chunks in order and handles each outside the lock, so that the
// producer fills the next one meanwhile.
void WriterThread::run() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    while (full_.empty() && !done_) cv_.wait_for(lock, kNap);
    if (full_.empty()) return;  // done_ and nothing left
    Chunk c = std::move(full_.front());
    full_.pop_front();
    lock.unlock();
    handler_(c.view());
    lock.lock();
    spare_.push_back(std::move(c));
    room_.notify_one();
  }
}
