/* SPDX-License-Identifier: GPL-2.0-only */
// compare.h - `blsim compare BASE.json NEW.json [--tolerance 5%]`: what
// changed between two runs' stats.json, with an exit code CI can gate on.
#pragma once

#include <string>
#include <utility>
#include <vector>

// Allowed relative changes: one for every metric, and any number keyed by
// a part of the metrics' family names (docs/user-guide.md, "Comparing two
// runs"): "switches.blackout" matches switches[...].blackout_ns.p50, "energy"
// every *.energy_j, "p99" every .p99. The longest matching key wins; of two
// as long, the one given later.
struct Tolerances {
  double fallback = 0.05;
  std::vector<std::pair<std::string, double>> keyed;  // in command-line order
  double for_family(const std::string& family) const;
  // Whether key matches family at a word boundary (see above).
  static bool matches(const std::string& key, const std::string& family);
};

struct CompareRow {
  std::string metric;   // e.g. "switches[cpu0:0->1].blackout_ns.p99"
  std::string family;   // the metric without its [...] parts: "switches.blackout_ns.p99"
  bool has_base = false, has_new = false;
  double base = 0, now = 0;
  double tolerance = 0;
  bool beyond = false;  // moved more than its tolerance (or appeared/vanished)
};

// Compares the metrics of two stats.json texts. false (and *error, which
// starts with base_name or new_name: the files' paths) when either is not a
// blsim-stats/1 document, or holds a number that is not finite (1e999).
bool compare_stats(const std::string& base_json, const std::string& new_json,
                   const Tolerances& tolerances, std::vector<CompareRow>* rows, std::string* error,
                   const std::string& base_name = "BASE", const std::string& new_name = "NEW");

// The subcommand: args after "compare". Returns 0, 1 (usage), 2 (a file
// unreadable or not stats.json), 4 (the --junit file cannot be written) or
// 6 (something moved beyond tolerance).
int blsim_compare(int argc, char** argv);
