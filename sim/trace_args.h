// SPDX-License-Identifier: GPL-2.0-only
// A kernel trace event's fields, kept as binary until the writer prints them.
//
// ftrace's ring buffer stores an event's fields as they are and formats
// them only when the trace is read. blsim does the same with the kernel
// model's printf-style tracepoints: on the simulation thread, the trace
// writer's TraceWriter::kernel_event() copies the arguments a format names
// into the writer's chunk (pack_trace_args_into; a TraceRecord for other
// listeners, pack_trace_args); the trace writer thread prints them with that format
// (render_trace_args). A vsnprintf per event on the simulation thread
// cost ~2,000 instructions (sched_switch has seven conversions), 7% of
// that thread with --out.
//
// The printing is the C library's: render_trace_args walks the format and
// hands each conversion, as written, to snprintf with its one argument
// (plain %d, %u, %lu, %llu and %s are appended directly, as snprintf would
// write them). Conversions print independently of each other, so the
// pieces joined are what vsnprintf would have written for the whole.
#ifndef BLSIM_SIM_TRACE_ARGS_H
#define BLSIM_SIM_TRACE_ARGS_H

#include <cstdarg>
#include <string>
#include <string_view>

// The packed arguments, in the format's order: an integer as 8 bytes
// (sign-extended from its C type, or zero-extended if unsigned), a string
// as its 4-byte length and its bytes (up to the precision, if any). A
// writer with its own numbers may pack them so itself.

// Stores in out (replacing its contents) the arguments fmt converts,
// read from ap. False for a format or argument it cannot keep (a
// conversion other than d, i, u, o, x, X, c and s with the length
// modifiers hh, h, l, ll and z; a '*' width or precision; a null %s): the
// caller then formats the event at once. ap itself is not read (a copy
// of it is).
bool pack_trace_args(const char* fmt, va_list ap, std::string& out);

// The same into dst, at most kTraceArgsMax bytes (dst has that room): the
// bytes written, or -1 where pack_trace_args() returns false (dst may
// then hold some bytes already).
constexpr size_t kTraceArgsMax = 512;
long pack_trace_args_into(const char* fmt, va_list ap, char* dst);

// Appends to out what vsnprintf(fmt, ...) writes for the arguments that
// pack_trace_args stored in args (fmt must be the format they were packed
// for).
void render_trace_args(const char* fmt, std::string_view args, std::string& out);

// The number rendered text (render_trace_fields() of args) would show
// right after name (no digit, '-' or '%' in it), read from args without
// rendering, into *value: when fmt's first name is in a literal followed
// by a plain %d, %i or %u (any length modifier but h and hh) of a
// non-negative value, every conversion before it being one of those too
// (or %%), no digit can follow the number, and it ends within the text's
// kTraceFieldsMax characters: the text there is then sure. False
// otherwise (render the text and read it there).
bool packed_decimal_after(const char* fmt, std::string_view args, const char* name,
                          unsigned long long* value);

// The longest fields text of a kernel trace event; a longer one is cut.
constexpr size_t kTraceFieldsMax = 255;

// The fields as text into out (room for kTraceFieldsMax + 1), cut at
// kTraceFieldsMax characters, for a tracepoint pack_trace_args() cannot
// keep: their length. ap is read.
size_t print_trace_fields(const char* fmt, va_list ap, char* out);

// render_trace_args, cut at kTraceFieldsMax characters as
// print_trace_fields() cuts the fields it prints at once.
void render_trace_fields(const char* fmt, std::string_view args, std::string& out);

// A tracepoint's fields as text: render_trace_fields() of fields packed
// for fmt, or fields themselves when fmt is null (printed at once).
std::string trace_fields_text(const char* fmt, std::string_view fields);

#endif
