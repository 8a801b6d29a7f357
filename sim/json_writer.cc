// SPDX-License-Identifier: GPL-2.0-only
#include "sim/json_writer.h"

#include "sim/spool_file.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <cstdio>
#include <stdexcept>

#include <unistd.h>

JsonWriter::JsonWriter() : g_(yajl_gen_alloc(nullptr)) {
  yajl_gen_config(g_, yajl_gen_beautify, 1);
  yajl_gen_config(g_, yajl_gen_indent_string, kIndent);
}

void JsonWriter::print(void* self, const char* str, size_t len) {
  JsonWriter* w = static_cast<JsonWriter*>(self);
  if (w->used_ + len > kBuf) {
    w->flush();
    if (len > kBuf) {
      fwrite(str, 1, len, w->out_);
      return;
    }
  }
  std::memcpy(w->buf_ + w->used_, str, len);
  w->used_ += len;
}

void JsonWriter::flush() {
  if (used_) fwrite(buf_, 1, used_, out_);
  used_ = 0;
}

JsonWriter::JsonWriter(FILE* out) : JsonWriter() {
  out_ = out;
  buf_ = new char[kBuf];
  yajl_gen_config(g_, yajl_gen_print_callback, &JsonWriter::print, static_cast<void*>(this));
}

JsonWriter::~JsonWriter() {
  if (out_) flush();
  delete[] buf_;
  yajl_gen_free(g_);
}

void JsonWriter::check(yajl_gen_status s, const char* what) {
  if (s != yajl_gen_status_ok)
    throw std::logic_error(std::string("json writer: ") + what + " out of place");
}

JsonWriter& JsonWriter::begin_object() { check(yajl_gen_map_open(g_), "{"); ++depth_; return *this; }
JsonWriter& JsonWriter::end_object() { check(yajl_gen_map_close(g_), "}"); --depth_; return *this; }
JsonWriter& JsonWriter::begin_array() { check(yajl_gen_array_open(g_), "["); ++depth_; return *this; }
JsonWriter& JsonWriter::end_array() { check(yajl_gen_array_close(g_), "]"); --depth_; return *this; }
JsonWriter& JsonWriter::key(std::string_view k) { return value(k); }
JsonWriter& JsonWriter::value(std::string_view s) {
  check(yajl_gen_string(g_, reinterpret_cast<const unsigned char*>(s.data()), s.size()), "string");
  return *this;
}
JsonWriter& JsonWriter::number(const char* s, size_t len) {
  check(yajl_gen_number(g_, s, len), "number");
  return *this;
}
namespace {

// len bytes of fd at off into to; false on an error or the file's end first.
bool read_at(int fd, uint64_t off, char* to, size_t len) {
  for (size_t got = 0; got < len;) {
    const ssize_t n = pread(fd, to + got, len - got, static_cast<off_t>(off + got));
    if (n <= 0) return false;
    got += static_cast<size_t>(n);
  }
  return true;
}

}  // namespace

// YAJL prints what goes before a value (a separator, the indent) when
// the value comes; an empty number has it printed and adds nothing, and
// the text goes straight after it.
bool JsonWriter::raw_value_from(int fd, uint64_t off, uint64_t len) {
  // In memory, and for a whole document (YAJL ends it with a newline as
  // the empty number comes, which would stand before the text), it is
  // read and given to YAJL.
  if (!out_ || depth_ == 0) {
    std::string text(len, '\0');
    if (!read_at(fd, off, &text[0], len)) return false;
    raw_value(text);
    return true;
  }
  number("", 0);
  flush();
  if (fflush(out_) != 0 || !copy_range(fd, off, off + len, fileno(out_))) return false;
  // The stream's idea of its position, from the file's.
  return fseek(out_, 0, SEEK_CUR) == 0;
}

// As YAJL's beautifier lays out an array whose elements are numbers:
// "[", then each element on a new line at one level deeper, separated by
// commas, then a new line and "]" at this level (when empty, a blank
// line between the brackets). A row prints as the number text "[a, b, c]".
JsonWriter& JsonWriter::inline_rows(const uint64_t* v, size_t rows, size_t per_row) {
  const size_t indent = std::char_traits<char>::length(kIndent);
  // At most: each row's indent, brackets, numbers and separators.
  std::string text(4 + (depth_ + 1) * indent + rows * ((depth_ + 1) * indent + 4 + per_row * 22), '\0');
  char* p = &text[0];
  const auto put_indent = [&p, indent](unsigned levels) {
    for (unsigned i = 0; i < levels; ++i, p += indent) std::memcpy(p, kIndent, indent);
  };
  *p++ = '[';
  *p++ = '\n';
  for (size_t r = 0; r < rows; ++r) {
    if (r) {
      *p++ = ',';
      *p++ = '\n';
    }
    put_indent(depth_ + 1);
    *p++ = '[';
    for (size_t k = 0; k < per_row; ++k) {
      if (k) {
        *p++ = ',';
        *p++ = ' ';
      }
      p = std::to_chars(p, p + 20, v[r * per_row + k]).ptr;
    }
    *p++ = ']';
  }
  *p++ = '\n';  // empty too: YAJL leaves a blank line between the brackets
  put_indent(depth_);
  *p++ = ']';
  return number(text.data(), static_cast<size_t>(p - text.data()));
}

JsonWriter& JsonWriter::value(uint64_t v) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return number(buf, static_cast<size_t>(r.ptr - buf));
}
JsonWriter& JsonWriter::value(int64_t v) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return number(buf, static_cast<size_t>(r.ptr - buf));
}
JsonWriter& JsonWriter::value(double v) {
  if (!std::isfinite(v)) return null();
  // %.17g round-trips and is the same on every run: stats stay byte-identical.
  char buf[40];
  snprintf(buf, sizeof buf, "%.17g", v);
  check(yajl_gen_number(g_, buf, std::char_traits<char>::length(buf)), "number");
  return *this;
}
JsonWriter& JsonWriter::value(bool v) { check(yajl_gen_bool(g_, v), "bool"); return *this; }
JsonWriter& JsonWriter::null() { check(yajl_gen_null(g_), "null"); return *this; }

std::string_view JsonWriter::view() const {
  const unsigned char* buf;
  size_t len;
  yajl_gen_get_buf(g_, &buf, &len);
  return {reinterpret_cast<const char*>(buf), len};
}

std::string JsonWriter::str() const { return std::string(view()); }
