/* SPDX-License-Identifier: GPL-2.0-only */
/* linux/regulator/consumer.h - the regulator consumer API
 * (include/linux/regulator/consumer.h) for the CPU rails: the S2MPS11
 * PMIC's bucks (drivers/regulator/s2mps11.c). Voltages in uV. */
#ifndef KM_LINUX_REGULATOR_CONSUMER_H
#define KM_LINUX_REGULATOR_CONSUMER_H

#include "linux/kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

struct regulator;

/* Models of_regulator_get() for the supply `<name>-supply` of a DT node:
 * NULL if the phandle names no registered regulator. */
struct regulator *of_regulator_get(const void *fdt, int node, const char *name);
/* Models regulator_set_voltage(): the selector of the lowest voltage in
 * [min_uv, max_uv], then the ramp delay (and settling time) waited out:
 * 0 once the rail is there, -EINVAL outside the constraints. */
int regulator_set_voltage(struct regulator *reg, u32 min_uv, u32 max_uv);
/* Models regulator_get_voltage(): from the hardware's selector. */
int regulator_get_voltage(struct regulator *reg);

/* The S2MPS11 provider (s2mps11_pmic_probe): its bucks as regulators with
 * the DT's constraints; 0 or -ENODEV. */
int s2mps11_pmic_probe(const void *fdt);

#ifdef __cplusplus
}
#endif

#endif
