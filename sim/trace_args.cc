// SPDX-License-Identifier: GPL-2.0-only
#include "sim/trace_args.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>

#include "sim/literal_index.h"

namespace {

enum class Len { none, hh, h, l, ll, z };

// What a conversion reads from the arguments.
enum class Arg : uint8_t { none, i32, u32, l, ul, ll, ull, size, str };

// One conversion of a format, from its '%' to its conversion character
// ("%%" is one too: it reads nothing and prints '%').
struct Conv {
  std::string_view text;
  Len len = Len::none;
  Arg arg = Arg::none;
  char type = 0;       // d i u o x X c s %
  bool plain = true;   // no flags, width or precision
  int precision = -1;  // -1: none
};

bool is_signed(char type) { return type == 'd' || type == 'i' || type == 'c'; }

Arg arg_of(const Conv& c) {
  const bool sgn = is_signed(c.type);
  switch (c.type == 's' ? Len::none : c.len) {
    case Len::l: return sgn ? Arg::l : Arg::ul;
    case Len::ll: return sgn ? Arg::ll : Arg::ull;
    case Len::z: return Arg::size;
    default: return c.type == 's' ? Arg::str : sgn ? Arg::i32 : Arg::u32;
  }
}

// Parses the conversion at p (a '%'). Returns the character after it, or
// nullptr for one this file does not keep.
const char* parse_conv(const char* p, Conv* c) {
  const char* start = p++;
  *c = Conv{};
  if (*p == '%') {
    c->type = '%';
    c->text = std::string_view(start, 2);
    return p + 1;
  }
  for (; *p && std::strchr("-+ #0'", *p); ++p) c->plain = false;
  for (; *p >= '0' && *p <= '9'; ++p) c->plain = false;
  if (*p == '.') {
    c->plain = false;
    c->precision = 0;
    for (++p; *p >= '0' && *p <= '9' && c->precision < 100000; ++p)
      c->precision = c->precision * 10 + (*p - '0');
  }
  if (*p == 'h') {
    c->len = *++p == 'h' ? (++p, Len::hh) : Len::h;
  } else if (*p == 'l') {
    c->len = *++p == 'l' ? (++p, Len::ll) : Len::l;
  } else if (*p == 'z') {
    ++p;
    c->len = Len::z;
  }
  if (!*p || !std::strchr("diuoxXcs", *p)) return nullptr;  // also '*' widths
  c->type = *p++;
  // %lc and %ls are wide characters; a spec this long is nobody's.
  if ((c->type == 'c' || c->type == 's') && c->len != Len::none) return nullptr;
  if (p - start > 24) return nullptr;
  c->text = std::string_view(start, static_cast<size_t>(p - start));
  c->arg = arg_of(*c);
  return p;
}

// A format cut into its conversions, each with the literal text before
// it, and the text after the last.
constexpr int kMaxConvs = 24;
struct Format {
  const char* fmt = nullptr;
  bool ok = false;  // every conversion is one this file keeps
  uint8_t n = 0;
  struct Piece {
    uint16_t lit_at, lit_len;  // in fmt
    Conv conv;
  } piece[kMaxConvs];
  const char* tail = "";
  // What the conversions read, in order, with a string's precision
  // (pack_trace_args_into() walks these, not the pieces).
  uint8_t nargs = 0, nstrings = 0;
  struct ArgSpec {
    Arg arg;
    int precision;
  } arg[kMaxConvs];
};

Format parse_format(const char* fmt) {
  Format f;
  f.fmt = fmt;
  const char* p = fmt;
  for (const char* pct; (pct = std::strchr(p, '%'));) {
    if (f.n == kMaxConvs || pct - fmt > UINT16_MAX) return f;
    Format::Piece& k = f.piece[f.n++];
    k.lit_at = static_cast<uint16_t>(p - fmt);
    k.lit_len = static_cast<uint16_t>(pct - p);
    if (!(p = parse_conv(pct, &k.conv))) return f;
  }
  f.tail = p;
  f.ok = true;
  for (unsigned i = 0; i < f.n; ++i) {
    const Arg a = f.piece[i].conv.arg;
    if (a == Arg::none) continue;
    f.nstrings += a == Arg::str;
    f.arg[f.nargs++] = {a, f.piece[i].conv.precision};
  }
  return f;
}

// The parsed formats, by address, one cache per thread (the simulation
// thread packs, the trace writer's renders). A format is a string literal
// of the kernel model (hw.h's contract for hw_trace_event), so its address
// names it. Where literals land depends on the build: ~20 of them share
// 64 slots, found as sim/literal_index.h finds a name's.
const Format& format_of(const char* fmt) {
  thread_local Format cache[64];
  bool held;
  Format& slot = slot_by_address(cache, fmt, [](const Format& f) { return f.fmt; }, &held);
  if (!held) slot = parse_format(fmt);
  return slot;
}

template <class T>
T get(std::string_view args, size_t& at) {
  T v{};
  if (at + sizeof v <= args.size()) std::memcpy(&v, args.data() + at, sizeof v);
  at += sizeof v;
  return v;
}

// Where a rendering goes: a line's pieces gather in a stack buffer and
// reach out in one append (an append per piece cost more than printing).
struct Sink {
  explicit Sink(std::string& o) : out(o) {}
  ~Sink() { flush(); }
  void put(const char* p, size_t k) {
    if (n + k > sizeof buf) flush();
    if (k > sizeof buf) {
      out.append(p, k);
      return;
    }
    std::memcpy(buf + n, p, k);
    n += k;
  }
  template <class T>
  void decimal(T v) {
    if (n + 24 > sizeof buf) flush();
    n = static_cast<size_t>(std::to_chars(buf + n, buf + sizeof buf, v).ptr - buf);
  }
  // out itself, with what was gathered before it (for snprintf's output).
  std::string& direct() {
    flush();
    return out;
  }
  void flush() {
    out.append(buf, n);
    n = 0;
  }
  std::string& out;
  char buf[256];
  size_t n = 0;
};

// snprintf of one conversion (spec, NUL-terminated) with its argument.
template <class T>
void append_printf(Sink& sink, const char* spec, T v) {
  std::string& out = sink.direct();
  char buf[64];
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  const int n = std::snprintf(buf, sizeof buf, spec, v);
  if (n < 0) return;
  if (static_cast<size_t>(n) < sizeof buf) {
    out.append(buf, static_cast<size_t>(n));
    return;
  }
  const size_t at = out.size();
  out.resize(at + static_cast<size_t>(n) + 1);
  std::snprintf(&out[at], static_cast<size_t>(n) + 1, spec, v);
#pragma GCC diagnostic pop
  out.resize(at + static_cast<size_t>(n));
}

void print_int(const Conv& c, int64_t v, Sink& out) {
  const bool sgn = is_signed(c.type);
  // %d, %u and their l, ll and z forms, as printf writes them.
  if (c.plain && c.type != 'c' && c.type != 'o' && c.type != 'x' && c.type != 'X' &&
      c.len != Len::h && c.len != Len::hh) {
    if (sgn)
      out.decimal(v);
    else
      out.decimal(static_cast<uint64_t>(v));
    return;
  }
  char spec[32];
  std::memcpy(spec, c.text.data(), c.text.size());
  spec[c.text.size()] = '\0';
  using ssize = std::make_signed_t<size_t>;
  switch (c.len) {
    case Len::l:
      sgn ? append_printf(out, spec, static_cast<long>(v))
          : append_printf(out, spec, static_cast<unsigned long>(v));
      break;
    case Len::ll:
      sgn ? append_printf(out, spec, static_cast<long long>(v))
          : append_printf(out, spec, static_cast<unsigned long long>(v));
      break;
    case Len::z:
      sgn ? append_printf(out, spec, static_cast<ssize>(v))
          : append_printf(out, spec, static_cast<size_t>(v));
      break;
    default:  // hh and h arguments arrive promoted to int, as they were read
      sgn ? append_printf(out, spec, static_cast<int>(v))
          : append_printf(out, spec, static_cast<unsigned>(v));
      break;
  }
}

void print_str(const Conv& c, std::string_view s, Sink& out) {
  if (c.plain) {
    out.put(s.data(), s.size());
    return;
  }
  char spec[32];
  std::memcpy(spec, c.text.data(), c.text.size());
  spec[c.text.size()] = '\0';
  append_printf(out, spec, std::string(s).c_str());
}

}  // namespace

// The layout is trace_args.h's (a string is cut at its precision because
// printf reads no further).
bool pack_trace_args(const char* fmt, va_list ap, std::string& out) {
  // Filled in a buffer and assigned once.
  char buf[kTraceArgsMax];
  const long n = pack_trace_args_into(fmt, ap, buf);
  if (n >= 0) out.assign(buf, static_cast<size_t>(n));
  return n >= 0;
}

// Arguments that do not fit kTraceArgsMax (strings of hundreds of
// characters) are for the caller to format at once instead. The numbers
// take 8 bytes each, at most kMaxConvs of them: their room is set aside
// first, so that only a string needs a check.
long pack_trace_args_into(const char* fmt, va_list ap, char* buf) {
  static_assert(kMaxConvs * sizeof(int64_t) <= kTraceArgsMax, "room for every number");
  const Format& f = format_of(fmt);
  if (!f.ok) return -1;
  size_t string_room = kTraceArgsMax - (f.nargs - f.nstrings) * sizeof(int64_t);
  char* p = buf;
  va_list aq;
  va_copy(aq, ap);
  bool ok = true;
  for (unsigned i = 0; i < f.nargs && ok; ++i) {
    int64_t v = 0;
    switch (f.arg[i].arg) {
      case Arg::none: continue;  // never listed (parse_format())
      case Arg::i32: v = va_arg(aq, int); break;
      case Arg::u32: v = va_arg(aq, unsigned); break;
      case Arg::l: v = va_arg(aq, long); break;
      case Arg::ul: v = static_cast<int64_t>(va_arg(aq, unsigned long)); break;
      case Arg::ll: v = va_arg(aq, long long); break;
      case Arg::ull: v = static_cast<int64_t>(va_arg(aq, unsigned long long)); break;
      case Arg::size: v = static_cast<int64_t>(va_arg(aq, size_t)); break;
      case Arg::str: {
        const char* s = va_arg(aq, const char*);
        const int precision = f.arg[i].precision;
        // A null string prints as glibc's "(null)": rare enough to format at once.
        const size_t n = !s ? 0
                         : precision >= 0 ? strnlen(s, static_cast<size_t>(precision))
                                          : std::strlen(s);
        const uint32_t n32 = static_cast<uint32_t>(n);
        ok = s && sizeof n32 + n <= string_room;
        if (ok) {
          string_room -= sizeof n32 + n;
          std::memcpy(p, &n32, sizeof n32);
          std::memcpy(p + sizeof n32, s, n);
          p += sizeof n32 + n;
        }
        continue;
      }
    }
    std::memcpy(p, &v, sizeof v);
    p += sizeof v;
  }
  va_end(aq);
  return ok ? static_cast<long>(p - buf) : -1;
}

namespace {
// A conversion print_int() writes as decimal digits alone (a '-' first).
bool is_plain_decimal(const Conv& c) {
  return c.plain && (c.type == 'd' || c.type == 'i' || c.type == 'u') && c.len != Len::h &&
         c.len != Len::hh;
}

// Whether the text right after piece i's number may start with a digit
// (which a reader of the number would take as its own): the next piece's
// literal, else its conversion (but %%), else the tail.
bool digit_may_follow(const Format& f, unsigned i) {
  if (i + 1 < f.n) {
    const Format::Piece& next = f.piece[i + 1];
    if (next.lit_len > 0) return f.fmt[next.lit_at] >= '0' && f.fmt[next.lit_at] <= '9';
    return next.conv.type != '%';
  }
  return *f.tail >= '0' && *f.tail <= '9';
}
}  // namespace

// Before the number, the text holds fmt's literals, digits, '-' and '%'
// only, so name's first place in the text is its first in fmt (name has
// none of those), when that is in a literal; each number before it takes
// at most 20 characters.
bool packed_decimal_after(const char* fmt, std::string_view args, const char* name,
                          unsigned long long* value) {
  const char* const found = std::strstr(fmt, name);
  const Format& f = format_of(fmt);
  if (!found || !f.ok) return false;
  const char* const conv_at = found + std::strlen(name);
  size_t at = 0, longest = 0;  // in args; the text's length up to the conversion, at most
  for (unsigned i = 0; i < f.n; ++i) {
    const Format::Piece& k = f.piece[i];
    const char* const pct = fmt + k.lit_at + k.lit_len;
    const Conv& c = k.conv;
    longest += k.lit_len;
    if (pct > conv_at) return false;
    if (c.type == '%') {
      longest += 1;
      continue;
    }
    if (!is_plain_decimal(c) || at + sizeof(int64_t) > args.size()) return false;
    const int64_t v = get<int64_t>(args, at);
    if (pct < conv_at) {
      longest += 20;
      continue;
    }
    if (found < fmt + k.lit_at || (is_signed(c.type) && v < 0) || longest + 20 > kTraceFieldsMax ||
        digit_may_follow(f, i))
      return false;
    *value = static_cast<unsigned long long>(v);
    return true;
  }
  return false;
}

size_t print_trace_fields(const char* fmt, va_list ap, char* out) {
  const int n = vsnprintf(out, kTraceFieldsMax + 1, fmt, ap);
  return n < 0 ? 0 : std::min<size_t>(static_cast<size_t>(n), kTraceFieldsMax);
}

std::string trace_fields_text(const char* fmt, std::string_view fields) {
  if (!fmt) return std::string(fields);
  std::string s;
  render_trace_fields(fmt, fields, s);
  return s;
}

void render_trace_fields(const char* fmt, std::string_view args, std::string& out) {
  const size_t at = out.size();
  render_trace_args(fmt, args, out);
  if (out.size() - at > kTraceFieldsMax) out.resize(at + kTraceFieldsMax);
}

void render_trace_args(const char* fmt, std::string_view args, std::string& out) {
  const Format& f = format_of(fmt);
  if (!f.ok) return;  // not a format pack_trace_args accepted
  Sink sink(out);
  size_t at = 0;
  for (unsigned i = 0; i < f.n; ++i) {
    const Format::Piece& k = f.piece[i];
    sink.put(fmt + k.lit_at, k.lit_len);
    if (k.conv.arg == Arg::none) {
      sink.put("%", 1);
    } else if (k.conv.arg == Arg::str) {
      const uint32_t n = get<uint32_t>(args, at);
      print_str(k.conv, at <= args.size() ? args.substr(at, n) : std::string_view(), sink);
      at += n;
    } else {
      print_int(k.conv, get<int64_t>(args, at), sink);
    }
  }
  sink.put(f.tail, std::strlen(f.tail));
}
