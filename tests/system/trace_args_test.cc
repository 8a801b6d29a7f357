// SPDX-License-Identifier: GPL-2.0-only
// Deferred trace fields (sim/trace_args.h): what the writer thread prints
// from the packed arguments must be what vsnprintf prints at once.
#include <gtest/gtest.h>

#include <climits>
#include <cstdarg>
#include <cstdio>
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
