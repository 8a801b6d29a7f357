/* SPDX-License-Identifier: GPL-2.0-only */
// out_dir.h - the --out folder and the files published into it, all or
// nothing: a run that fails leaves no folder it made and no file behind.
#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

// A small output written whole to DIR/.NAME.tmp, renamed by publish().
class StagedFile {
 public:
  StagedFile(const std::string& dir, const std::string& name)
      : tmp_(dir + "/." + name + ".tmp"), dst_(dir + "/" + name) {}
  ~StagedFile();
  bool stage(const std::function<bool(FILE*)>& fill);
  bool stage(const std::string& data);
  // stage() in two halves, for a fill that runs on another thread: open()
  // registers the temporary file for the signal cleanup (which only the
  // main thread does) and opens it; close() ends it. Null / false with errno.
  FILE* open();
  bool close(FILE* f, bool filled);
  bool publish();
  const std::string& path() const { return dst_; }
  // Where open() makes the file (a fill may rename its own file there).
  const std::string& staged_path() const { return tmp_; }
  // A rename in the folder the file was staged in fails only onto a folder.
  static bool replaceable(const std::string& path);

 private:
  std::string tmp_, dst_;
  bool staged_ = false;
  int slot_ = -1;  // sim/temp_files.h
};

// The output folder, made (with its parents) before the run so that the
// outputs can be streamed into it. Folders it made are removed again, if
// still empty, unless the run keeps them: a failed run leaves nothing.
class OutDir {
 public:
  ~OutDir();
  bool make(const std::string& dir);
  void keep();

 private:
  std::vector<std::string> made_;
  std::vector<int> slots_;  // temp_files slots of made_
  bool keep_ = false;
};
