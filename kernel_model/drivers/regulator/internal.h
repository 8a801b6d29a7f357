/* SPDX-License-Identifier: GPL-2.0-only */
/* internal.h - the regulator core's view of a provider
 * (include/linux/regulator/driver.h, drivers/regulator/internal.h). */
#ifndef KM_REGULATOR_INTERNAL_H
#define KM_REGULATOR_INTERNAL_H

#include "linux/kernel.h"

struct regulator_dev;

struct regulator_ops {
	int (*list_voltage)(struct regulator_dev *rdev, unsigned int sel);
	int (*map_voltage)(struct regulator_dev *rdev, u32 min_uv, u32 max_uv);
	int (*set_voltage_sel)(struct regulator_dev *rdev, unsigned int sel);
	int (*get_voltage_sel)(struct regulator_dev *rdev);
};

/* The constraints of_get_regulation_constraints reads from the DT. */
struct regulation_constraints {
	u32 min_uv, max_uv;
	u32 ramp_delay;       /* uV/us, 0: none given */
	u32 settling_time;    /* us */
};

struct regulator_dev {
	const char *name;
	int node;             /* DT node: what consumers' phandles name */
	const struct regulator_ops *ops;
	struct regulation_constraints constraints;
	phys_addr_t base;     /* provider's register window */
	u32 vsel_reg;         /* provider's selector register */
	u32 min_uv, uv_step, n_voltages;  /* a linear range */
};

/* Models regulator_register(): 0, or -ENOSPC when the model's table is full. */
int regulator_register(struct regulator_dev *rdev);
/* Models of_get_regulation_constraints(). */
void of_get_regulation_constraints(const void *fdt, int node, struct regulation_constraints *c);

#endif
