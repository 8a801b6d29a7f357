/* SPDX-License-Identifier: GPL-2.0-only */
// dt_config.h - device tree -> PlatformConfig, with every check and default.
#pragma once

#include "sim/dt_properties.h"  // BlsimProperty, find_blsim_property: every blsim,* property

#include "sim/dt.h"
#include "sim/platform_config.h"

// Reads the whole SoC description; throws DtError naming file, node and
// property on anything missing or impossible. Simulator properties (blsim,*)
// and standard ones the simulator needs but the DT lacks take documented
// defaults (docs/dt-properties.md); each is announced once through
// model_warning().
PlatformConfig read_platform_config(const Fdt& fdt);

