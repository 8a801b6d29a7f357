// SPDX-License-Identifier: GPL-2.0-only
// Deferred trace fields (sim/trace_args.h): what the writer thread prints
// from the packed arguments must be what vsnprintf prints at once.
#include <gtest/gtest.h>

#include <climits>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "sim/trace_args.h"
#include "sim/trace_writer.h"

namespace {

std::string printed_at_once(const char* fmt, va_list ap) {
  char buf[1024];
  const int n = vsnprintf(buf, sizeof buf, fmt, ap);
  return std::string(buf, n < 0 ? 0 : static_cast<size_t>(n));
}

// Packs fmt's arguments and prints them as the writer would; *kept says
// whether they could be kept. Either way it checks that pack_trace_args
// left ap for the caller's own vsnprintf (hw_trace_event's fallback).
__attribute__((format(printf, 2, 3))) std::string packed_then_printed(bool* kept, const char* fmt,
                                                                      ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string args;
  *kept = pack_trace_args(fmt, ap, args);
  std::string out;
  if (*kept)
    render_trace_args(fmt, args, out);
  else
    out = printed_at_once(fmt, ap);
  va_end(ap);
  return out;
}

__attribute__((format(printf, 2, 3))) bool pack(std::string* args, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  const bool kept = pack_trace_args(fmt, ap, *args);
  va_end(ap);
  return kept;
}

__attribute__((format(printf, 1, 2))) std::string vsn(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string s = printed_at_once(fmt, ap);
  va_end(ap);
  return s;
}

#define EXPECT_SAME_AS_PRINTF(fmt, ...)                                   \
  do {                                                                    \
    bool kept = false;                                                    \
    EXPECT_EQ(packed_then_printed(&kept, fmt, __VA_ARGS__), vsn(fmt, __VA_ARGS__)); \
    EXPECT_TRUE(kept) << fmt;                                             \
  } while (0)

}  // namespace

TEST(TraceArgs, TheKernelModelsFormatsPrintAsPrintfPrintsThem) {
  EXPECT_SAME_AS_PRINTF("state=%u cpu_id=%u", 4294967295u, 3u);
  EXPECT_SAME_AS_PRINTF("timestamp=%llu cpu_hwid=0x%08X", 18446744073709551615ull, 0x101u);
  EXPECT_SAME_AS_PRINTF("comm=%s pid=%d prio=%d target_cpu=%03u", "AudioTick", 1042, 120, 7u);
  EXPECT_SAME_AS_PRINTF(
      "prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%s ==> next_comm=%s next_pid=%d next_prio=%d",
      "<idle>", 0, 120, "R", "rt-app", 1043, 49);
  EXPECT_SAME_AS_PRINTF("comm=%s pid=%d util=%lu prev_cpu=%d dst_cpu=%d prev_energy=%lu best_energy=%lu",
                        "task", 7, 1024ul, -1, 3, 0ul, ULONG_MAX);
  EXPECT_SAME_AS_PRINTF("rtapp_main: event=clock_ref data=%llu", 123456789012ull);
  EXPECT_SAME_AS_PRINTF("overutilized=%d cpu=%u", 1, 0u);
}

TEST(TraceArgs, SignsWidthsAndLengthModifiersPrintAsPrintfPrintsThem) {
  EXPECT_SAME_AS_PRINTF("%d %d %i", INT_MIN, INT_MAX, -1);
  EXPECT_SAME_AS_PRINTF("%ld %lu %lld %llu", LONG_MIN, ULONG_MAX, LLONG_MIN, ULLONG_MAX);
  EXPECT_SAME_AS_PRINTF("%zu %zd", static_cast<size_t>(-1), static_cast<ssize_t>(-5));
  EXPECT_SAME_AS_PRINTF("%hd %hu %hhd %hhu", 70000, 70000u, 300, 300u);
  EXPECT_SAME_AS_PRINTF("%x %X %o %#x %08X %-6d| %+d % d %5u", 255u, 255u, 8u, 255u, 0xabcu, -42, 5, 5, 7u);
  EXPECT_SAME_AS_PRINTF("[%5s|%-5s|%.2s|%.0d|%c]", "ab", "cd", "efgh", 0, 'z');
  EXPECT_SAME_AS_PRINTF("100%% of %s, %d%%", "it", 50);
  EXPECT_SAME_AS_PRINTF("%s", "");
  EXPECT_SAME_AS_PRINTF("%s%s", "a", "b");
  // Pieces past the writer's stack buffer (256 bytes): a number after a
  // long string, and a string longer than the buffer.
  const std::string s250(250, 'x'), s300(300, 'y');
  EXPECT_SAME_AS_PRINTF("%s=%d|%lu", s250.c_str(), -12345, 99ul);
  EXPECT_SAME_AS_PRINTF("[%u] %s [%u]", 7u, s300.c_str(), 8u);
}

TEST(TraceArgs, FormatsItCannotKeepArePrintedAtOnce) {
  bool kept = true;
  EXPECT_EQ(packed_then_printed(&kept, "%f", 1.5), "1.500000");
  EXPECT_FALSE(kept);
  EXPECT_EQ(packed_then_printed(&kept, "%*d|", 4, 7), "   7|");
  EXPECT_FALSE(kept);
  EXPECT_EQ(packed_then_printed(&kept, "x=%s", static_cast<const char*>(nullptr)), vsn("x=%s", static_cast<const char*>(nullptr)));
  EXPECT_FALSE(kept);
  const std::string big(600, 'q');  // more than the packing buffer holds
  EXPECT_EQ(packed_then_printed(&kept, "%s!", big.c_str()), big + "!");
  EXPECT_FALSE(kept);
  // A format without conversions keeps nothing and prints itself.
  EXPECT_EQ(packed_then_printed(&kept, "rtapp_main: event=start"), "rtapp_main: event=start");
  EXPECT_TRUE(kept);
}

// Packed, the arguments take at most kTraceArgsMax bytes: a number 8, a
// string 4 and its characters, wherever the string stands.
TEST(TraceArgs, ArgumentsArePackedUpToTheBuffersLastByte) {
  const size_t fits = kTraceArgsMax - 4 - 2 * 8;
  for (size_t n : {fits, fits + 1}) {
    const std::string s(n, 's');
    std::string args;
    EXPECT_EQ(pack(&args, "%d %s %lu", -1, s.c_str(), 2ul), n == fits) << n;
    if (n == fits) EXPECT_EQ(args.size(), kTraceArgsMax);
    EXPECT_EQ(pack(&args, "%s %d %lu", s.c_str(), -1, 2ul), n == fits) << n;
    EXPECT_EQ(pack(&args, "%d %lu %s", -1, 2ul, s.c_str()), n == fits) << n;
  }
  // Two strings share what the numbers leave.
  const std::string half((kTraceArgsMax - 8) / 2 - 4, 'h');
  std::string args;
  EXPECT_TRUE(pack(&args, "%s%s%d", half.c_str(), half.c_str(), 7));
  EXPECT_FALSE(pack(&args, "%s%s%d", half.c_str(), (half + "h").c_str(), 7));
}

// The writer cuts a packed record's fields where hw_trace_event cut the
// text it printed at once: 255 characters.
TEST(TraceArgs, APackedRecordPrintsTheLineItsTextWouldHave) {
  const std::string comm(300, 'c');
  TraceRecord text{12345678, 1, 1, "rt-app", 1043, "sched_waking", "", nullptr};
  text.fields = vsn("comm=%s pid=%d", comm.c_str(), 9).substr(0, kTraceFieldsMax);
  TraceRecord packed = text;
  packed.fmt = "comm=%s pid=%d";
  ASSERT_TRUE(pack(&packed.fields, "comm=%s pid=%d", comm.c_str(), 9));
  EXPECT_EQ(TraceWriter::format_line(packed, "...."), TraceWriter::format_line(text, "...."));
  EXPECT_EQ(packed.fields_text(), text.fields);
  EXPECT_EQ(TraceWriter::format_line(text, "....").size(),
            TraceWriter::format_line(text, "....").find("sched_waking: ") + 14 + kTraceFieldsMax);
}

namespace {

// The number after "cpu_id=" as packed_decimal_after() reads it (-2 if it
// declines), and as the rendered text shows it (-1 if none there).
struct CpuId {
  long long packed, text;
};

__attribute__((format(printf, 1, 2))) CpuId cpu_id_both_ways(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string args;
  const bool kept = pack_trace_args(fmt, ap, args);
  va_end(ap);
  EXPECT_TRUE(kept) << fmt;
  unsigned long long v = 0;
  CpuId r{packed_decimal_after(fmt, args, "cpu_id=", &v) ? static_cast<long long>(v) : -2, -1};
  std::string text;
  render_trace_fields(fmt, args, text);
  if (const char* id = strstr(text.c_str(), "cpu_id="))
    r.text = static_cast<long long>(strtoul(id + 7, nullptr, 10));
  return r;
}

}  // namespace

// What decides the cluster a kernel cpu_frequency line reports for: read
// from the packed arguments only where their text is sure, and then the
// same number the text shows.
TEST(TraceArgs, ACpuIdIsReadFromThePackedArgumentsOnlyWhereTheTextIsSure) {
  const std::string long_literal(250, 'x');
  struct Case {
    CpuId got;
    bool read;  // packed_decimal_after() reads it
  } cases[] = {
      {cpu_id_both_ways("state=%u cpu_id=%u", 1000000u, 3u), true},  // the kernel's
      {cpu_id_both_ways("cpu_id=%lu", 7ul), true},
      {cpu_id_both_ways("a=%d b=%lld cpu_id=%d", -4, -5ll, 6), true},
      {cpu_id_both_ways("pcpu_id=%u", 2u), true},
      {cpu_id_both_ways("100%% cpu_id=%u", 9u), true},
      {cpu_id_both_ways("cpu_id=%d", -1), false},           // "-1": strtoul's
      {cpu_id_both_ways("x=%s cpu_id=%u", "cpu_id=8", 1u), false},  // a string first
      {cpu_id_both_ways("x=%x cpu_id=%u", 0xcu, 1u), false},       // not decimal first
      {cpu_id_both_ways("a=%5u cpu_id=%u", 1u, 2u), false},        // a width first
      {cpu_id_both_ways("cpu_id=%hu", static_cast<unsigned short>(4)), false},
      {cpu_id_both_ways("cpu_id=%%%u", 5u), false},
      {cpu_id_both_ways("cpu=%u", 5u), false},
      {cpu_id_both_ways("%s cpu_id=%u", long_literal.c_str(), 5u), false},
      {cpu_id_both_ways("cpu_id=%u%u", 3u, 4u), false},          // "34"
      {cpu_id_both_ways("cpu_id=%u0", 3u), false},                // "30"
      {cpu_id_both_ways("cpu_id=%u%s", 3u, "9"), false},          // "39"
      {cpu_id_both_ways("cpu_id=%u%% x", 3u), true},
      {cpu_id_both_ways((std::string(228, 'x') + "cpu_id=%lu").c_str(), ULONG_MAX), true},  // ends at 255
      {cpu_id_both_ways((std::string(229, 'x') + "cpu_id=%lu").c_str(), ULONG_MAX), false},  // cut
      {cpu_id_both_ways((std::string(209, 'x') + "%u cpu_id=%lu").c_str(), 1u, ULONG_MAX), false},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; ++i) {
    const Case& c = cases[i];
    EXPECT_EQ(c.got.packed != -2, c.read) << "case " << i;
    if (c.read) EXPECT_EQ(c.got.packed, c.got.text) << "case " << i;
  }
  EXPECT_EQ(cases[0].got.packed, 3);
  EXPECT_EQ(cases[2].got.packed, 6);
  // Past the text's kTraceFieldsMax characters it declines: the text is cut.
  std::string args;
  const std::string fmt = long_literal + " cpu_id=%u";
  ASSERT_TRUE(pack(&args, "%u", 5u));
  unsigned long long v;
  EXPECT_FALSE(packed_decimal_after(fmt.c_str(), args, "cpu_id=", &v));
  // A name found inside a conversion ("%id=" prints "5d="), not a literal.
  ASSERT_TRUE(pack(&args, "cpu%id=%u", 5, 7u));
  EXPECT_FALSE(packed_decimal_after("cpu%id=%u", args, "id=", &v));
}
