/* SPDX-License-Identifier: GPL-2.0-only */
// dt_override.h - what-if overrides of device-tree properties from the
// command line (--dt NODE:PROP=VALUE), applied to the loaded blob before
// anything reads it, so every model and the kernel see the new value.
#pragma once

#include <string>

class Fdt;

struct DtOverride {
  std::string text;   // as given, for messages
  std::string node;   // a path ("/cpus/cpu-map/cluster1") or an alias
  std::string prop;
  std::string value;  // "<1 2>", "1 2", "0x10" (cells) or "\"text\"" (string)
  bool flag = false;  // "NODE:PROP" alone: an empty property, as DTS's `prop;`
};

// Parses "NODE:PROP=VALUE" or "NODE:PROP" (a flag); false with *why on a
// malformed one.
bool parse_dt_override(const std::string& text, DtOverride* out, std::string* why);

// Sets the property; throws DtError naming the file, node and property when
// the node does not exist or the value is not cells or a string. Announces
// the override (and the old value) as a warning, so stats.json records it.
void apply_dt_override(Fdt& fdt, const DtOverride& o);
