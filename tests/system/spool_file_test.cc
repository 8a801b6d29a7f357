// SPDX-License-Identifier: GPL-2.0-only
// SpoolFile (sim/spool_file.h): staged the copying way or written in place
// after go_direct(), the published file is the head, then the body less
// the skipped ranges; text made in place in its buffer and writes past
// the buffer's room keep their order.
#include <gtest/gtest.h>

#include <dirent.h>

#include <cstring>

#include <string>

#include "run_helpers.h"
#include "sim/spool_file.h"

namespace {

// The names in dir (temporary files left behind show here).
std::string listing(const std::string& dir) {
  std::string names;
  DIR* d = opendir(dir.c_str());
  while (dirent* e = d ? readdir(d) : nullptr)
    if (std::string(e->d_name) != "." && std::string(e->d_name) != "..") names += std::string(e->d_name) + " ";
  if (d) closedir(d);
  return names;
}

// "aaaa" + "XX" (skipped at go_direct) + "bbbb", then "cccc" after it.
std::string staged(const std::string& name, size_t guess, const std::string& head,
                   bool skip_after = false) {
  const std::string dir = blsim_test::scratch(name);
  SpoolFile f;
  EXPECT_TRUE(f.open(dir, "out.txt"));
  f.write("aaaaXXbbbb", 10);
  EXPECT_TRUE(f.go_direct(guess, {{4, 2}}));
  EXPECT_TRUE(f.direct());
  f.write("cc-cc", 5);
  // Offsets after go_direct() count from the body's new start ("aaaabbbbcc-cc").
  std::vector<std::pair<uint64_t, uint64_t>> skip;
  if (skip_after) skip.push_back({10, 1});
  EXPECT_TRUE(f.stage(head, skip));
  EXPECT_TRUE(f.publish());
  EXPECT_EQ(listing(dir), "out.txt ");
  return blsim_test::slurp(dir + "/out.txt");
}

}  // namespace

TEST(SpoolFile, ABodyGoneDirectIsPublishedAfterAHeadOfTheGuessedLength) {
  EXPECT_EQ(staged("spool_direct", 6, "HEAD:\n"), "HEAD:\naaaabbbbcc-cc");
  // Gone direct before any body (the VCD's way): the head's room is a
  // hole at the end of the file then, and the body must still start after it.
  const std::string dir = blsim_test::scratch("spool_direct_empty");
  SpoolFile f;
  ASSERT_TRUE(f.open(dir, "out.txt"));
  ASSERT_TRUE(f.go_direct(3));
  f.write("body", 4);
  ASSERT_TRUE(f.stage("hd\n"));
  ASSERT_TRUE(f.publish());
  EXPECT_EQ(blsim_test::slurp(dir + "/out.txt"), "hd\nbody");
}

// A guess that missed, shorter or longer, or a range to drop found late:
// the same file, made by a copy.
TEST(SpoolFile, AMissedGuessOrALateSkipStagesTheSameFileByACopy) {
  EXPECT_EQ(staged("spool_short", 4, "HEAD:\n"), "HEAD:\naaaabbbbcc-cc");
  EXPECT_EQ(staged("spool_long", 9, "HEAD:\n"), "HEAD:\naaaabbbbcc-cc");
  EXPECT_EQ(staged("spool_late_skip", 6, "HEAD:\n", true), "HEAD:\naaaabbbbcccc");
}

TEST(SpoolFile, TheCopyingWayAndDiscardLeaveNoTemporaryFiles) {
  const std::string dir = blsim_test::scratch("spool_copy");
  {
    SpoolFile f;
    ASSERT_TRUE(f.open(dir, "out.txt"));
    f.write("0123456789", 10);
    ASSERT_TRUE(f.stage("h\n", {{2, 3}}));
    ASSERT_TRUE(f.publish());
  }
  EXPECT_EQ(blsim_test::slurp(dir + "/out.txt"), "h\n0156789");
  {
    SpoolFile f;  // gone direct, never staged: discarded
    ASSERT_TRUE(f.open(dir, "other.txt"));
    f.write("x", 1);
    ASSERT_TRUE(f.go_direct(3));
  }
  EXPECT_EQ(listing(dir), "out.txt ");
}

// Text made in place (room(), of which wrote() keeps a part or all), small
// writes and writes larger than the room, past several flushes of the
// buffer: the file holds them in order, and size() counts them.
TEST(SpoolFile, TextMadeInPlaceAndLargeWritesKeepTheirOrder) {
  const std::string dir = blsim_test::scratch("spool_in_place");
  SpoolFile f;
  ASSERT_TRUE(f.open(dir, "out.txt"));
  std::string want;
  for (int i = 0; i < 8000; ++i) {
    if (i % 500 == 7) {  // past the room: straight to the file, after the buffer
      const std::string big(SpoolFile::kRoomBytes + 1 + i, static_cast<char>('A' + i % 26));
      f.write(big);
      want += big;
    } else if (i % 97 == 50) {  // the whole room, wherever the buffer stands
      char* p = f.room();
      const std::string full(SpoolFile::kRoomBytes, static_cast<char>('0' + i % 10));
      std::memcpy(p, full.data(), full.size());
      f.wrote(full.size());
      want += full;
    } else if (i % 2) {
      char* p = f.room();
      const std::string line = "line " + std::to_string(i) + " kept\n";
      std::memcpy(p, line.data(), line.size());
      std::memset(p + line.size(), '#', 100);  // made, but not kept
      f.wrote(line.size());
      want += line;
    } else {
      const std::string w = std::string(700 + i % 37, static_cast<char>('a' + i % 26)) + "\n";
      f.write(w);
      want += w;
    }
    ASSERT_EQ(f.size(), want.size()) << "after " << i;
  }
  ASSERT_GT(want.size(), size_t(3) << 20);  // several flushes of the 1 MiB buffer
  ASSERT_TRUE(f.stage("head\n"));
  ASSERT_TRUE(f.publish());
  EXPECT_TRUE(blsim_test::slurp(dir + "/out.txt") == "head\n" + want);
}
