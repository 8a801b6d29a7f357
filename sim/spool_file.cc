// SPDX-License-Identifier: GPL-2.0-only
#include "sim/spool_file.h"

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
  buf_.clear();
  buf_.reserve(kFlushBytes + 4096);
  size_ = 0;
  failed_ = false;
  return true;
}

namespace {

// [pos, end) of the file in to the end of out. copy_file_range moves the
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

}  // namespace

bool SpoolFile::stage(const std::string& head,
                      const std::vector<std::pair<uint64_t, uint64_t>>& skip) {
  if (!body_) return false;
  if (!rewind_body()) {
    if (!errno) errno = EIO;
    return false;
  }
  const int out = ::open(tmp_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (out < 0) return false;
  bool ok = ::write(out, head.data(), head.size()) == static_cast<ssize_t>(head.size());
  // The body in pieces between the skipped ranges.
  uint64_t pos = 0;
  for (size_t k = 0; ok && pos < size_; ++k) {
    const uint64_t end = k < skip.size() ? std::min(skip[k].first, size_) : size_;
    ok = end <= pos || copy_range(fileno(body_), pos, end, out);
    pos = k < skip.size() ? std::max(pos, skip[k].first + skip[k].second) : size_;
  }
  if (::close(out) != 0) ok = false;
  if (!ok) {
    if (!errno) errno = EIO;
    return false;
  }
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

void SpoolFile::flush() {
  if (!buf_.empty() && fwrite(buf_.data(), 1, buf_.size(), body_) != buf_.size()) failed_ = true;
  buf_.clear();
}

void SpoolFile::discard() {
  if (body_) {
    fclose(body_);
    body_ = nullptr;
    buf_.clear();
    std::remove(body_path_.c_str());
    std::remove(tmp_path_.c_str());
    temp_files::untrack(body_slot_);
    temp_files::untrack(tmp_slot_);
    body_slot_ = tmp_slot_ = -1;
  }
}
