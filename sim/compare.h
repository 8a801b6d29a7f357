// compare.h - `blsim compare BASE.json NEW.json [--tolerance 5%]`: what
// changed between two runs' stats.json, with an exit code CI can gate on.
#pragma once

#include <string>
#include <vector>

struct CompareRow {
  std::string metric;   // e.g. "switches[0].blackout_ns"
  bool has_base = false, has_new = false;
  double base = 0, now = 0;
  bool beyond = false;  // moved more than the tolerance (or appeared/vanished)
};

// Compares the metrics of two stats.json texts. false (and *error, which
// starts with base_name or new_name: the files' paths) when either is not a
// blsim-stats/1 document.
bool compare_stats(const std::string& base_json, const std::string& new_json, double tolerance,
                   std::vector<CompareRow>* rows, std::string* error,
                   const std::string& base_name = "BASE", const std::string& new_name = "NEW");

// The subcommand: args after "compare". Returns 0, 1 (usage), 2 (a file
// unreadable or not stats.json) or 6 (something moved beyond tolerance).
int blsim_compare(int argc, char** argv);
