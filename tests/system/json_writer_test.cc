// SPDX-License-Identifier: GPL-2.0-only
// JsonWriter (sim/json_writer.h): a value copied from a file into the
// document (raw_value_from(), how stats.json takes the switches rendered
// during the run) stands where raw_value() would have put it, whether the
// document is streamed to a file or kept as a string.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include <unistd.h>

#include "sim/json_writer.h"

namespace {

// A file holding `text`, open for reading (and removed at close).
FILE* file_with(const char* dir, const std::string& text) {
  std::string path = std::string(dir) + "/blsim-json-XXXXXX";
  const int fd = mkstemp(&path[0]);
  if (fd < 0) return nullptr;
  unlink(path.c_str());
  FILE* f = fdopen(fd, "w+");
  if (f) {
    fwrite(text.data(), 1, text.size(), f);
    fflush(f);
  }
  return f;
}

// The document around the value: before it, beside it in an array, after it.
template <typename PutValue>
void document(JsonWriter& j, PutValue put) {
  j.begin_object();
  j.field("before", 1);
  j.key("list").begin_array();
  j.value(2);
  put(j);
  j.value("after");
  j.end_array();
  j.end_object();
}

std::string slurp(FILE* f) {
  std::string s;
  rewind(f);
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, f)) > 0;) s.append(buf, n);
  return s;
}

}  // namespace

TEST(JsonWriter, AValueFromAFileStandsWhereRawValuePutsIt) {
  const std::string value = "{\n      \"a\": [1, 2]\n    }";
  JsonWriter want;
  document(want, [&](JsonWriter& j) { j.raw_value(value); });

  // /dev/shm: another file system than the output's, where an older
  // kernel refuses copy_file_range and the copy is made by hand.
  for (const char* dir : {"/tmp", "/dev/shm"}) {
    FILE* src = file_with(dir, "xx" + value + "yy");
    if (!src) continue;  // no such folder here
    JsonWriter kept;
    document(kept, [&](JsonWriter& j) { EXPECT_TRUE(j.raw_value_from(fileno(src), 2, value.size())); });
    EXPECT_EQ(kept.str(), want.str()) << dir;

    FILE* out = tmpfile();
    ASSERT_TRUE(out != nullptr);
    {
      JsonWriter streamed(out);
      document(streamed, [&](JsonWriter& j) { EXPECT_TRUE(j.raw_value_from(fileno(src), 2, value.size())); });
    }
    fflush(out);
    EXPECT_EQ(slurp(out), want.str()) << dir;
    fclose(out);
    fclose(src);
  }
}

// A whole document's value: YAJL ends the document with a newline, after it.
TEST(JsonWriter, AWholeDocumentFromAFileEndsWithItsNewline) {
  const std::string value = "[1, 2]";
  JsonWriter want;
  want.raw_value(value);
  FILE* src = file_with("/tmp", value);
  ASSERT_TRUE(src != nullptr);
  FILE* out = tmpfile();
  ASSERT_TRUE(out != nullptr);
  {
    JsonWriter streamed(out);
    EXPECT_TRUE(streamed.raw_value_from(fileno(src), 0, value.size()));
  }
  fflush(out);
  EXPECT_EQ(slurp(out), want.str());
  EXPECT_EQ(want.str(), value + "\n");
  fclose(out);
  fclose(src);
}

TEST(JsonWriter, AValueThatCannotBeReadFails) {
  int p[2];
  ASSERT_EQ(pipe(p), 0);  // no offsets to read at
  JsonWriter kept;
  kept.begin_array();
  EXPECT_FALSE(kept.raw_value_from(p[0], 0, 10));
  FILE* out = tmpfile();
  ASSERT_TRUE(out != nullptr);
  {
    JsonWriter streamed(out);
    streamed.begin_array();
    EXPECT_FALSE(streamed.raw_value_from(p[0], 0, 10));
  }
  fclose(out);
  close(p[0]);
  close(p[1]);
}

// inline_rows() lays its array out as YAJL lays out one whose elements are
// the rows' texts, at any depth, empty or not.
TEST(JsonWriter, InlineRowsAreLaidOutAsYajlLaysOutAnArray) {
  const uint64_t v[] = {0, 4, 0, 974599, 2, 0, 974599, 284, 21, 0, 12345678901234567890ull, 0};
  for (size_t rows : {0, 1, 3}) {
    for (unsigned depth : {0, 1, 3}) {
      JsonWriter mine, yajl;
      for (JsonWriter* j : {&mine, &yajl}) {
        j->begin_object();
        for (unsigned d = 1; d < depth; ++d) j->key("in").begin_object();
        j->key("rows");
      }
      mine.inline_rows(v, rows, 4);
      yajl.begin_array();
      for (size_t r = 0; r < rows; ++r) {
        std::string t = "[";
        for (size_t k = 0; k < 4; ++k) t += (k ? ", " : "") + std::to_string(v[r * 4 + k]);
        yajl.raw_value(t + "]");
      }
      yajl.end_array();
      for (JsonWriter* j : {&mine, &yajl}) {
        j->field("after", 1);
        for (unsigned d = 1; d < depth; ++d) j->end_object();
        j->end_object();
      }
      EXPECT_EQ(mine.str(), yajl.str()) << rows << " rows at depth " << depth;
    }
  }
}
