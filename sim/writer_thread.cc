// SPDX-License-Identifier: GPL-2.0-only
#include "sim/writer_thread.h"

#include <pthread.h>

#include <utility>

void WriterThread::start(Handler h) {
  handler_ = std::move(h);
  done_ = false;
  cur_.reserve(kChunkBytes + 4096);
  thread_ = std::thread([this] {
    // Named, so that top -H and perf --comm tell it from the simulation.
    pthread_setname_np(pthread_self(), "blsim-writer");
    run();
  });
}

void WriterThread::hand_over() {
  std::unique_lock<std::mutex> lock(mu_);
  room_.wait(lock, [this] { return full_.size() < kMaxChunks; });
  full_.push_back(std::move(cur_));
  cur_.clear();
  if (!spare_.empty()) {
    cur_ = std::move(spare_.back());
    spare_.pop_back();
  }
  cur_.clear();
  cur_.reserve(kChunkBytes + 4096);
  cv_.notify_one();
}

void WriterThread::finish() {
  if (!thread_.joinable()) return;
  if (!cur_.empty()) hand_over();
  {
    std::lock_guard<std::mutex> lock(mu_);
    done_ = true;
  }
  cv_.notify_one();
  thread_.join();
}

// Takes chunks in order and handles each outside the lock, so that the
// producer fills the next one meanwhile.
void WriterThread::run() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    cv_.wait(lock, [this] { return !full_.empty() || done_; });
    if (full_.empty()) return;  // done_ and nothing left
    std::string c = std::move(full_.front());
    full_.pop_front();
    lock.unlock();
    handler_(c);
    c.clear();
    lock.lock();
    spare_.push_back(std::move(c));
    room_.notify_one();
  }
}
