#include "sim/json_writer.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

JsonWriter::JsonWriter() : g_(yajl_gen_alloc(nullptr)) {
  yajl_gen_config(g_, yajl_gen_beautify, 1);
  yajl_gen_config(g_, yajl_gen_indent_string, "  ");
}

void JsonWriter::print(void* self, const char* str, size_t len) {
  JsonWriter* w = static_cast<JsonWriter*>(self);
  w->pending_.append(str, len);
  if (w->pending_.size() >= (1u << 16)) {
    fwrite(w->pending_.data(), 1, w->pending_.size(), w->out_);
    w->pending_.clear();
  }
}

JsonWriter::JsonWriter(FILE* out) : JsonWriter() {
  out_ = out;
  yajl_gen_config(g_, yajl_gen_print_callback, &JsonWriter::print, static_cast<void*>(this));
}

JsonWriter::~JsonWriter() {
  if (out_ && !pending_.empty()) fwrite(pending_.data(), 1, pending_.size(), out_);
  yajl_gen_free(g_);
}

void JsonWriter::check(yajl_gen_status s, const char* what) {
  if (s != yajl_gen_status_ok)
    throw std::logic_error(std::string("json writer: ") + what + " out of place");
}

JsonWriter& JsonWriter::begin_object() { check(yajl_gen_map_open(g_), "{"); return *this; }
JsonWriter& JsonWriter::end_object() { check(yajl_gen_map_close(g_), "}"); return *this; }
JsonWriter& JsonWriter::begin_array() { check(yajl_gen_array_open(g_), "["); return *this; }
JsonWriter& JsonWriter::end_array() { check(yajl_gen_array_close(g_), "]"); return *this; }
JsonWriter& JsonWriter::key(const std::string& k) { return value(k); }
JsonWriter& JsonWriter::value(const std::string& s) {
  check(yajl_gen_string(g_, reinterpret_cast<const unsigned char*>(s.data()), s.size()), "string");
  return *this;
}
JsonWriter& JsonWriter::value(uint64_t v) {
  const std::string s = std::to_string(v);
  check(yajl_gen_number(g_, s.data(), s.size()), "number");
  return *this;
}
JsonWriter& JsonWriter::value(int64_t v) {
  const std::string s = std::to_string(v);
  check(yajl_gen_number(g_, s.data(), s.size()), "number");
  return *this;
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

std::string JsonWriter::str() const {
  const unsigned char* buf;
  size_t len;
  yajl_gen_get_buf(g_, &buf, &len);
  return std::string(reinterpret_cast<const char*>(buf), len);
}
