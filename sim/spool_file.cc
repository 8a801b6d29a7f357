// SPDX-License-Identifier: GPL-2.0-only
#include "sim/spool_file.h"

#include "sim/temp_files.h"

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

bool SpoolFile::stage(const std::string& head,
                      const std::vector<std::pair<uint64_t, uint64_t>>& skip) {
  if (!body_) return false;
  if (!rewind_body()) {
    if (!errno) errno = EIO;
    return false;
  }
  FILE* out = fopen(tmp_path_.c_str(), "wb");
  if (!out) return false;
  std::vector<char> copy(kBufBytes);
  bool ok = fwrite(head.data(), 1, head.size(), out) == head.size();
  // The body in pieces between the skipped ranges.
  uint64_t pos = 0;
  size_t k = 0;
  while (ok && pos < size_) {
    uint64_t end = size_;
    if (k < skip.size() && skip[k].first < end) end = skip[k].first;
    while (ok && pos < end) {
      const size_t want = static_cast<size_t>(std::min<uint64_t>(copy.size(), end - pos));
      const size_t got = fread(copy.data(), 1, want, body_);
      ok = got == want && fwrite(copy.data(), 1, got, out) == got;
      pos += got;
    }
    if (ok && k < skip.size() && pos == skip[k].first) {
      pos += skip[k].second;
      ok = fseek(body_, static_cast<long>(pos), SEEK_SET) == 0;
      ++k;
    }
  }
  if (fclose(out) != 0) ok = false;
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
