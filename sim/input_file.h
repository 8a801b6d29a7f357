/* SPDX-License-Identifier: GPL-2.0-only */
// input_file.h - reading a whole input file (a DTB, a workload, a stats.json)
// safely: only a regular file or a pipe (not a directory, nor a device such
// as /dev/zero, which never ends), and only up to a size cap.
#pragma once

#include <cstddef>
#include <string>

// The largest input file blsim reads: far above any DTB, rt-app workload or
// stats.json, far below what would exhaust the host's memory.
constexpr size_t kMaxInputFileBytes = size_t(256) << 20;  // 256 MiB

// Reads `path` into *data. Returns "" on success, else why not, for a message
// "<file>: <why>": "<open_verb>: <errno text>" when it cannot be opened,
// "not a regular file or a pipe", "larger than 256 MiB (<n> bytes)", or
// "cannot read: <errno text>".
std::string read_input_file(const std::string& path, std::string* data,
                            const char* open_verb = "cannot open",
                            size_t max_bytes = kMaxInputFileBytes);
