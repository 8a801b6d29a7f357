/* SPDX-License-Identifier: GPL-2.0-only */
// json_writer.h - a thin C++ face on YAJL's generator (yajl_gen).
#pragma once

#include <yajl/yajl_gen.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

class JsonWriter {
 public:
  JsonWriter();
  // Streams the text to out as it is generated, in large writes (str() is
  // then empty): a large document never sits in memory whole. Everything
  // is written by the time the writer is destroyed.
  explicit JsonWriter(FILE* out);
  ~JsonWriter();
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;

  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  // Keys and strings are views: a literal makes no std::string.
  JsonWriter& key(std::string_view k);
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(uint64_t v);
  JsonWriter& value(int64_t v);
  JsonWriter& value(unsigned v) { return value(static_cast<uint64_t>(v)); }
  JsonWriter& value(int v) { return value(static_cast<int64_t>(v)); }
  JsonWriter& value(double v);
  JsonWriter& value(bool v);
  JsonWriter& null();
  // An array of `rows` short arrays of integers (per_row each, from v in
  // row order), each on one line ("[1, 2, 3]") even when the document is
  // beautified: stats.json's compact per-switch steps. The text is made
  // here as YAJL lays an array out at this depth (each row on a line of
  // its own, indented one level deeper) and given to YAJL as one value: a
  // YAJL call per row cost ~700 instructions, a third of a switch's.
  JsonWriter& inline_rows(const uint64_t* v, size_t rows, size_t per_row);
  // A value given as JSON text, written as it is: it must be valid, and
  // indented for where it stands (SwitchLog::element_json()).
  JsonWriter& raw_value(std::string_view json) { return number(json.data(), json.size()); }
  // The same for a value that sits in the file open as fd, len bytes at
  // off: streamed, the kernel copies it into the output (copy_file_range),
  // not this process. False on a read or write error (the document is
  // then unfinished).
  bool raw_value_from(int fd, uint64_t off, uint64_t len);
  template <typename T>
  JsonWriter& field(std::string_view k, const T& v) { key(k); return value(v); }

  std::string str() const;
  // The text so far, not streamed (valid until the next call).
  std::string_view view() const;

 private:
  void check(yajl_gen_status s, const char* what);
  static void print(void* self, const char* str, size_t len);
  JsonWriter& number(const char* s, size_t len);
  yajl_gen g_;
  FILE* out_ = nullptr;
  unsigned depth_ = 0;  // open objects and arrays (YAJL's indent level)
  static constexpr const char* kIndent = "  ";
  // Streamed text not yet written to out_. YAJL prints in small pieces (an
  // indent level, a quote, a separator), so a plain buffer, not a string.
  static constexpr size_t kBuf = 1u << 16;
  char* buf_ = nullptr;
  size_t used_ = 0;
  void flush();
};
