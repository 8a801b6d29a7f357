/* SPDX-License-Identifier: GPL-2.0-only */
// rtapp_loader.h - reads an rt-app JSON workload into a wl_program.
//
// The grammar is rt-app's doc/tutorial.txt with the leniencies of rt-app's own
// front end (workgen + json-c): repeated keys are events in file order,
// numbered keys ("run0", "timer1"), trailing commas, comments, a bare
// "suspend" key. docs/workloads.md lists what is accepted, what is warned
// about, and every error message.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "blsim/workload.h"

struct RtappOptions {
  // CPUs the platform has: "cpus" and "calibration" must name one of 0..n-1.
  // 0 = do not check (the platform is not known yet).
  int num_cpus = 0;
  // Name of the file in messages; empty = the basename of the path.
  std::string name;
};

// Loads `path`. On success fills *out (release it with wl_program_free) and
// returns true; every warning goes to *warnings (may be null), each once, as
// "<name>: <key path>: <text>". On failure returns false, leaves *out zeroed
// and sets *error to "<name>: <key path>: <text>" (or "<name>:LINE:COL: not
// JSON: ..." when the text does not parse).
bool rtapp_load(const std::string& path, const RtappOptions& opts, wl_program* out,
                std::string* error, std::vector<std::string>* warnings);

// Several files merged as rt-app's merge.py joins them before rt-app reads
// one: a later file's top-level key is added, or its members are added to the
// earlier object of that name, replacing same-named ones (each replacement is
// a warning). Messages name the files joined by "+" ("a.json+b.json: ...").
bool rtapp_load_files(const std::vector<std::string>& paths, const RtappOptions& opts,
                      wl_program* out, std::string* error, std::vector<std::string>* warnings);

// The same from text in memory; `name` is the file name used in messages.
bool rtapp_load_text(const std::string& text, const std::string& name,
                     const RtappOptions& opts, wl_program* out, std::string* error,
                     std::vector<std::string>* warnings);

// The normalisation done before YAJL sees the text (exposed for tests):
// trailing commas become spaces, a leading UTF-8 BOM becomes spaces, and a
// bare "suspend" key gets `:""`. Offsets are kept except at those insertions,
// which are recorded as (offset in the result, length) so that error
// positions can be given in the original text.
std::string rtapp_normalise(const std::string& text,
                            std::vector<std::pair<size_t, size_t>>* insertions);
