// SPDX-License-Identifier: GPL-2.0-only
#include "sim/spool_file.h"

#include "sim/host_pages.h"
#include "sim/temp_files.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>

namespace {
constexpr size_t kBufBytes = 1 << 20;
}  // namespace

bool SpoolFile::open(const std::string& dir, const std::string& name) {
  discard();
  body_path_ = dir + "/." + name + ".body.tmp";
  tmp_path_ = dir + "/." + name + ".tmp";
  dst_path_ = dir + "/" + name;
  body_ = fopen(body_path_.c_str(), "w+b");
  if (!body_) return false;
  body_slot_ = temp_files::track(body_path_);
  tmp_slot_ = temp_files::track(tmp_path_);
  used_ = 0;
  size_ = 0;
  head_len_ = kNotDirect;
  failed_ = false;
  return true;
}

// [pos, end) of the file in to out at its position. copy_file_range moves the
// bytes inside the kernel, without a trip through a buffer of ours (a 60 s
// run's trace.txt is 65 MB); a file system that refuses it gets read/write.
bool copy_range(int in, uint64_t pos, uint64_t end, int out) {
  std::vector<char> buf;  // only for the read/write way
  while (pos < end) {
    loff_t from = static_cast<loff_t>(pos);
    const ssize_t n = copy_file_range(in, &from, out, nullptr, end - pos, 0);
    if (n > 0) {
      pos += static_cast<uint64_t>(n);
      continue;
    }
    if (n == 0) return false;  // the body is shorter than it was written
    if (errno != EXDEV && errno != ENOSYS && errno != EINVAL && errno != EOPNOTSUPP) return false;
    buf.resize(kBufBytes);
    const size_t want = static_cast<size_t>(std::min<uint64_t>(buf.size(), end - pos));
    const ssize_t got = pread(in, buf.data(), want, static_cast<off_t>(pos));
    if (got <= 0 || ::write(out, buf.data(), static_cast<size_t>(got)) != got) return false;
    pos += static_cast<uint64_t>(got);
  }
  return true;
}

bool SpoolFile::copy_body(int out, uint64_t body_at,
                          const std::vector<std::pair<uint64_t, uint64_t>>& skip, uint64_t* kept) {
  // The body in pieces between the skipped ranges.
  uint64_t pos = 0;
  bool ok = true;
  for (size_t k = 0; ok && pos < size_; ++k) {
    const uint64_t end = k < skip.size() ? std::min(skip[k].first, size_) : size_;
    ok = end <= pos || copy_range(fileno(body_), body_at + pos, body_at + end, out);
    if (kept && end > pos) *kept += end - pos;
    pos = k < skip.size() ? std::max(pos, skip[k].first + skip[k].second) : size_;
  }
  return ok;
}

bool SpoolFile::copy_staged(const std::string& path, const std::string& head, uint64_t body_at,
                            const std::vector<std::pair<uint64_t, uint64_t>>& skip) {
  const int out = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (out < 0) return false;
  bool ok = ::write(out, head.data(), head.size()) == static_cast<ssize_t>(head.size());
  ok = ok && copy_body(out, body_at, skip, nullptr);
  if (::close(out) != 0) ok = false;
  return ok;
}

bool SpoolFile::stage(const std::string& head,
                      const std::vector<std::pair<uint64_t, uint64_t>>& skip) {
  if (!body_) return false;
  flush();
  bool ok = !failed_ && fflush(body_) == 0;
  if (ok && !direct()) {
    ok = copy_staged(tmp_path_, head, 0, skip);
  } else if (ok && head.size() == head_len_ && skip.empty()) {
    ok = pwrite(fileno(body_), head.data(), head.size(), 0) == static_cast<ssize_t>(head.size());
  } else if (ok) {
    // The head's length was guessed wrong: the staged file is made anew
    // beside the body and put in its place (body_ still reads the old one).
    const std::string next = tmp_path_ + ".new";
    const int slot = temp_files::track(next);
    ok = copy_staged(next, head, head_len_, skip) && std::rename(next.c_str(), tmp_path_.c_str()) == 0;
    if (!ok) std::remove(next.c_str());
    temp_files::untrack(slot);
  }
  if (!ok && !errno) errno = EIO;
  return ok;
}

bool SpoolFile::go_direct(size_t head_len, const std::vector<std::pair<uint64_t, uint64_t>>& skip) {
  if (!body_ || direct()) {
    errno = EINVAL;
    return false;
  }
  flush();
  if (failed_ || fflush(body_) != 0) return false;
  const int fd = ::open(tmp_path_.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) return false;
  uint64_t kept = 0;
  bool ok = lseek(fd, static_cast<off_t>(head_len), SEEK_SET) == static_cast<off_t>(head_len) &&
            copy_body(fd, 0, skip, &kept);
  FILE* f = ok ? fdopen(fd, "w+b") : nullptr;
  // After the body moved (the head's room is a hole until stage()).
  if (f && fseeko(f, static_cast<off_t>(head_len + kept), SEEK_SET) != 0) {
    fclose(f);
    f = nullptr;
  } else if (!f) {
    ::close(fd);
  }
  if (!f) {
    std::remove(tmp_path_.c_str());
    return false;
  }
  // The spool is done with: the staged file is the body now.
  fclose(body_);
  std::remove(body_path_.c_str());
  temp_files::untrack(body_slot_);
  body_slot_ = -1;
  body_ = f;
  body_path_ = tmp_path_;
  size_ = kept;
  head_len_ = head_len;
  return true;
}

FILE* SpoolFile::rewind_body() {
  if (!body_) return nullptr;
  flush();
  if (failed_ || fflush(body_) != 0 || fseek(body_, 0, SEEK_SET) != 0) return nullptr;
  return body_;
}

bool SpoolFile::publish() {
  if (!body_) return false;
  if (std::rename(tmp_path_.c_str(), dst_path_.c_str()) != 0) return false;
  discard();
  return true;
}

// The buffer is filled page by page; its pages are mapped at once instead
// (sim/host_pages.h).
void SpoolFile::make_buffer() {
  const size_t cap = kFlushBytes + kRoomBytes;
  buf_.reset(new char[cap]);
  populate_pages(buf_.get(), cap);
}

void SpoolFile::flush() {
  if (used_ && fwrite(buf_.get(), 1, used_, body_) != used_) failed_ = true;
  used_ = 0;
}

// More than room() holds: after what the buffer has, straight to the file.
void SpoolFile::write_large(const char* data, size_t n) {
  flush();
  if (fwrite(data, 1, n, body_) != n) failed_ = true;
  size_ += n;
}

void SpoolFile::discard() {
  if (body_) {
    fclose(body_);
    body_ = nullptr;
    used_ = 0;
    std::remove(body_path_.c_str());
    std::remove(tmp_path_.c_str());
    temp_files::untrack(body_slot_);
    temp_files::untrack(tmp_slot_);
    body_slot_ = tmp_slot_ = -1;
  }
}
