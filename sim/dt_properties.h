/* SPDX-License-Identifier: GPL-2.0-only */
// dt_properties.h - every blsim,* device-tree property, and every standard
// one that has a default, described once.
//
// One descriptor per property and node kind: its name, where it is read,
// cells and range, unit, default, where the value comes from, and what it
// drives. The table drives the range check of every blsim,* property in
// the tree (dt_config.cc), the --dt override checks (dt_override.cc) and
// the generated table of docs/dt-properties.md (`blsim --dt-properties`;
// tests/system/dt_properties_test.cc fails when the doc and the table
// differ, and when a default the readers announce is not the table's).
#pragma once

#include <cstdint>
#include <string>

struct BlsimProperty {
  enum Kind { kCells, kPairs, kFlag } kind;
  const char* name;
  const char* node;     // where it is read (for the doc)
  unsigned cells;       // kCells: how many
  uint32_t min, max;    // kCells: each cell's range
  const char* unit;
  const char* dflt;     // the default, "A15 / A7" where it depends on the core type
  const char* source;   // measured, calibrated (to what) or assumed
  const char* doc;      // what it drives, one line
};

// The first entry for `name` (all entries of one name share kind, cells,
// range and unit), or nullptr when blsim reads no such property. The range
// check and --dt ask it for blsim,* names only.
const BlsimProperty* find_blsim_property(const std::string& name);
// Every entry, in the table's order: [begin, end).
const BlsimProperty* blsim_properties_begin();
const BlsimProperty* blsim_properties_end();
// docs/dt-properties.md's generated table, as Markdown.
std::string blsim_properties_markdown();
