/* SPDX-License-Identifier: GPL-2.0-only */
// spool_file.h - an output file streamed as the run goes, still written
// whole or not at all.
//
// The body goes to DIR/.NAME.body.tmp while the simulation runs, so what a
// long run records is on disk, not in memory. stage() writes the head
// (known only at the end: counts, declarations) to DIR/.NAME.tmp and copies
// the body after it (leaving out byte ranges the writer asks to drop);
// publish() renames the result to DIR/NAME. The two steps are apart so that
// a run can stage all its outputs and publish them only if every one was
// written. Until then DIR/NAME is untouched; a spool that is never
// published removes its temporary files, and so does a run ended by
// SIGINT, SIGTERM or SIGHUP (sim/temp_files.h).
//
// A writer that knows the head's length before the end (the VCD's
// declarations; trace.txt's entry count, once its digits are sure) calls
// go_direct(): the body then goes into DIR/.NAME.tmp itself, after room
// for the head, and stage() with a head of that length writes it in place.
// Copying a 60 s run's trace.txt took ~20 ms after the simulation, and
// removing its 65 MB spool ~10 ms more. A head of another length (a guess
// that missed) is staged the copying way, with the same result.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

// Bytes [pos, end) of the file open as in, written to out at its position
// (inside the kernel where it can: copy_file_range). False on an error.
bool copy_range(int in, uint64_t pos, uint64_t end, int out);

class SpoolFile {
 public:
  SpoolFile() = default;
  ~SpoolFile() { discard(); }
  SpoolFile(const SpoolFile&) = delete;
  SpoolFile& operator=(const SpoolFile&) = delete;

  // Starts the body in dir (which must exist). False with errno on failure.
  bool open(const std::string& dir, const std::string& name);
  bool is_open() const { return body_ != nullptr; }
  void write(const char* data, size_t n) {
    if (n > kRoomBytes) return write_large(data, n);
    std::memcpy(room(), data, n);
    wrote(n);
  }
  void write(const std::string& s) { write(s.data(), s.size()); }
  // Room for up to kRoomBytes at the body's end, for text made in place
  // (not in a buffer of its own and copied); wrote(n) keeps the first n.
  static constexpr size_t kRoomBytes = 64 << 10;
  char* room() {
    if (!buf_) make_buffer();
    return buf_.get() + used_;
  }
  void wrote(size_t n) {
    used_ += n;
    size_ += n;
    if (used_ >= kFlushBytes) flush();
  }
  // Bytes written to the body so far (offsets for stage()'s skips).
  uint64_t size() const { return size_; }

  // The body so far, flushed and read from its start (for a writer that
  // keeps records, not text, in it; not after go_direct()). Null on a
  // failed write or seek.
  FILE* rewind_body();
  // From now on the body goes into the staged file, after head_len bytes
  // kept for the head; the body written so far moves there first, less
  // the [offset, offset + length) ranges in skip (ascending, not
  // overlapping). Offsets given to stage() later count from the body's
  // new start. False with errno (the spool goes on as before).
  bool go_direct(size_t head_len, const std::vector<std::pair<uint64_t, uint64_t>>& skip = {});
  bool direct() const { return head_len_ != kNotDirect; }
  // head, then the body less the [offset, offset + length) ranges in skip
  // (ascending, not overlapping), into DIR/.NAME.tmp. False with errno.
  bool stage(const std::string& head,
             const std::vector<std::pair<uint64_t, uint64_t>>& skip = {});
  // The staged file renamed to DIR/NAME. False with errno.
  bool publish();
  // Removes the temporary files (nothing to do after publish).
  void discard();
  const std::string& path() const { return dst_path_; }

 private:
  static constexpr size_t kFlushBytes = 1 << 20;
  static constexpr size_t kNotDirect = ~size_t(0);
  void flush();  // buf_ to the body file
  void make_buffer();
  void write_large(const char* data, size_t n);
  // The body less skip, from body_at in body_, to the end of out; *kept
  // (if given) grows by the bytes copied.
  bool copy_body(int out, uint64_t body_at, const std::vector<std::pair<uint64_t, uint64_t>>& skip,
                 uint64_t* kept);
  // head, then the body less skip, into a new file at path (the body
  // starting at body_at in body_).
  bool copy_staged(const std::string& path, const std::string& head, uint64_t body_at,
                   const std::vector<std::pair<uint64_t, uint64_t>>& skip);

  FILE* body_ = nullptr;
  int body_slot_ = -1, tmp_slot_ = -1;  // sim/temp_files.h
  // Appended to in memory, written in large pieces: kFlushBytes, and room
  // past them for the write that reaches them. Made, its pages mapped at
  // once, by the thread that writes (an output's writer thread), not the
  // one that opened the file (the simulation thread).
  std::unique_ptr<char[]> buf_;
  size_t used_ = 0;
  uint64_t size_ = 0;
  size_t head_len_ = kNotDirect;  // direct: the body starts here in DIR/.NAME.tmp
  bool failed_ = false;  // a body write failed: stage() fails
  std::string body_path_, tmp_path_, dst_path_;
};
