/* SPDX-License-Identifier: GPL-2.0-only */
// dt_config.h - device tree -> PlatformConfig, with every check and default.
#pragma once

#include "sim/dt.h"
#include "sim/platform_config.h"

// Reads the whole SoC description; throws DtError naming file, node and
// property on anything missing or impossible. Simulator properties (blsim,*)
// and standard ones the simulator needs but the DT lacks take documented
// defaults (docs/dt-properties.md); each is announced once through
// model_warning().
PlatformConfig read_platform_config(const Fdt& fdt);

// The simulator's own properties (blsim,*): every one something reads, its
// shape and its allowed range (docs/dt-properties.md).
struct BlsimProperty {
  enum Kind { kCells, kPairs, kFlag } kind;
  const char* name;
  unsigned cells;       // kCells: how many
  uint32_t min, max;    // kCells: each cell's range
  const char* unit;
};

// The entry for `name`, or nullptr when blsim reads no such property.
const BlsimProperty* find_blsim_property(const std::string& name);
