// SPDX-License-Identifier: GPL-2.0-only
// WriterThread (sim/writer_thread.h): what the producer appends reaches the
// handler whole and in order, however it is cut into chunks, and finish()
// leaves nothing behind, even right after start() (while the thread is
// still making its spare chunks). A chunk handed over reaches the handler
// while the producer goes on, though a short queue does not wake the
// consumer: it looks again after each nap.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>

#include "sim/writer_thread.h"

namespace {

// Records of varying length (some past a chunk's room), each its index
// repeated: what the handler got can be checked byte by byte.
std::string record(uint32_t i) {
  const size_t n = i % 97 == 0 ? (size_t(300) << 10) : 8 + i % 61;  // a few longer than a chunk
  return std::string(n, static_cast<char>('a' + i % 26));
}

}  // namespace

TEST(WriterThread, EveryByteReachesTheHandlerInOrder) {
  std::string got, want;
  size_t chunks = 0;
  WriterThread w;
  w.start([&](std::string_view c) {
    got.append(c.data(), c.size());
    ++chunks;
  });
  for (uint32_t i = 0; i < 20000; ++i) {
    const std::string r = record(i);
    w.append(r.data(), r.size());
    // Now and then a small chunk handed over at once, as the stats do.
    if (i % 1000 == 999) w.commit(1);
    else w.commit();
    want += r;
  }
  w.finish();
  EXPECT_EQ(got.size(), want.size());
  EXPECT_TRUE(got == want);
  EXPECT_GT(chunks, 20u);
}

TEST(WriterThread, FinishRightAfterStartLosesNothing) {
  for (int round = 0; round < 50; ++round) {
    std::string got;
    WriterThread w;
    w.start([&](std::string_view c) { got.append(c.data(), c.size()); });
    const std::string r = record(static_cast<uint32_t>(round));
    if (round % 2) w.append(r.data(), r.size());
    w.finish();
    EXPECT_EQ(got, round % 2 ? r : "") << "round " << round;
    EXPECT_FALSE(w.running());
  }
}

TEST(WriterThread, StartsAgainAfterFinish) {
  WriterThread w;
  std::string got;
  for (int round = 0; round < 3; ++round) {
    got.clear();
    w.start([&](std::string_view c) { got.append(c.data(), c.size()); });
    for (uint32_t i = 0; i < 3000; ++i) {
      const std::string r = record(i);
      w.append(r.data(), r.size());
      w.commit();
    }
    w.finish();
    std::string want;
    for (uint32_t i = 0; i < 3000; ++i) want += record(i);
    EXPECT_TRUE(got == want) << "round " << round;
  }
}

TEST(WriterThread, AChunkHandedOverIsHandledBeforeFinish) {
  std::atomic<size_t> seen{0};
  WriterThread w;
  w.start([&](std::string_view c) { seen += c.size(); });
  const std::string r(size_t(300) << 10, 'x');  // past a chunk's size: handed over at once
  w.append(r.data(), r.size());
  w.commit();
  // One chunk queued: nothing wakes the consumer, its nap ends.
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (seen.load() < r.size() && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_EQ(seen.load(), r.size());
  w.finish();
  EXPECT_EQ(seen.load(), r.size());
}
