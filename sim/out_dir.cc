// SPDX-License-Identifier: GPL-2.0-only
#include "sim/out_dir.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "sim/temp_files.h"

StagedFile::~StagedFile() {
  if (staged_) std::remove(tmp_.c_str());
  temp_files::untrack(slot_);
}

FILE* StagedFile::open() {
  slot_ = temp_files::track(tmp_);  // before the file exists: a signal may come
  FILE* f = fopen(tmp_.c_str(), "wb");
  if (f) staged_ = true;
  return f;
}

bool StagedFile::close(FILE* f, bool filled) {
  bool ok = filled && !ferror(f);
  if (fclose(f) != 0) ok = false;
  return ok;
}

bool StagedFile::stage(const std::function<bool(FILE*)>& fill) {
  FILE* f = open();
  return f && close(f, fill(f));
}

bool StagedFile::stage(const std::string& data) {
  return stage([&data](FILE* f) { return fwrite(data.data(), 1, data.size(), f) == data.size(); });
}

bool StagedFile::publish() {
  if (std::rename(tmp_.c_str(), dst_.c_str()) != 0) return false;
  staged_ = false;
  return true;
}

bool StagedFile::replaceable(const std::string& path) {
  struct stat st;
  if (stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    errno = EISDIR;
    return false;
  }
  return true;
}

OutDir::~OutDir() {
  if (!keep_)
    for (auto it = made_.rbegin(); it != made_.rend(); ++it) rmdir(it->c_str());
  for (int s : slots_) temp_files::untrack(s);
}

bool OutDir::make(const std::string& dir) {
  std::string cur;
  struct stat st;
  for (size_t i = 0; i <= dir.size(); ++i) {
    if ((i == dir.size() || dir[i] == '/') && !cur.empty()) {
      if (mkdir(cur.c_str(), 0777) == 0) {
        made_.push_back(cur);
        slots_.push_back(temp_files::track_dir(cur));  // a signal removes it too
      } else if (errno != EEXIST) {
        return false;
      }
    }
    if (i < dir.size()) cur += dir[i];
  }
  return stat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

void OutDir::keep() {
  keep_ = true;
  for (int s : slots_) temp_files::untrack(s);
  slots_.clear();
}
