// SPDX-License-Identifier: GPL-2.0-only
/*
 * core.c - the regulator framework's voltage path (drivers/regulator/core.c):
 * a consumer's request clamped to the constraints, mapped to a selector,
 * written, then the ramp waited out (regulator_set_voltage_time_sel at the
 * DT's regulator-ramp-delay, plus regulator-settling-time-us).
 */
#include <libfdt.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "linux/of.h"
#include "linux/regulator/consumer.h"

#define MAX_REGULATORS 8

struct regulator {
	struct regulator_dev *rdev;
};

static struct regulator_dev *rdevs[MAX_REGULATORS];
static struct regulator consumers[MAX_REGULATORS];
static unsigned int nr_rdevs;

/* Models regulator_register(). */
int regulator_register(struct regulator_dev *rdev)
{
	if (nr_rdevs >= MAX_REGULATORS)
		return -ENOSPC;
	rdevs[nr_rdevs] = rdev;
	consumers[nr_rdevs].rdev = rdev;
	nr_rdevs++;
	return 0;
}

/* Models of_get_regulation_constraints(). */
void of_get_regulation_constraints(const void *fdt, int node, struct regulation_constraints *c)
{
	const fdt32_t *v;

	memset(c, 0, sizeof(*c));
	v = fdt_getprop(fdt, node, "regulator-min-microvolt", NULL);
	if (v)
		c->min_uv = fdt32_to_cpu(*v);
	v = fdt_getprop(fdt, node, "regulator-max-microvolt", NULL);
	if (v)
		c->max_uv = fdt32_to_cpu(*v);
	v = fdt_getprop(fdt, node, "regulator-ramp-delay", NULL);
	if (v)
		c->ramp_delay = fdt32_to_cpu(*v);
	v = fdt_getprop(fdt, node, "regulator-settling-time-us", NULL);
	if (v)
		c->settling_time = fdt32_to_cpu(*v);
}

/* Models of_regulator_get() (regulator_dev_lookup by the supply phandle). */
struct regulator *of_regulator_get(const void *fdt, int node, const char *name)
{
	char prop[32];
	const fdt32_t *ph;
	unsigned int i;
	int target;

	snprintf(prop, sizeof(prop), "%s-supply", name);
	ph = fdt_getprop(fdt, node, prop, NULL);
	if (!ph)
		return NULL;
	target = of_find_node_by_phandle(fdt, fdt32_to_cpu(*ph));
	for (i = 0; i < nr_rdevs; i++)
		if (rdevs[i]->node == target)
			return &consumers[i];
	return NULL;
}

/* Models regulator_get_voltage() / _regulator_get_voltage(). */
int regulator_get_voltage(struct regulator *reg)
{
	struct regulator_dev *rdev = reg->rdev;
	int sel = rdev->ops->get_voltage_sel(rdev);

	return sel < 0 ? sel : rdev->ops->list_voltage(rdev, (unsigned int)sel);
}

/* Models regulator_set_voltage_time_sel(): |dV| / ramp_delay, rounded up. */
static unsigned int regulator_set_voltage_time(struct regulator_dev *rdev, int old_uv, int new_uv)
{
	unsigned int dv = (unsigned int)(old_uv > new_uv ? old_uv - new_uv : new_uv - old_uv);

	if (!rdev->constraints.ramp_delay)
		return 0;
	return (dv + rdev->constraints.ramp_delay - 1) / rdev->constraints.ramp_delay;
}

/* Models _regulator_do_set_voltage(): selector, write, wait the ramp. */
static int _regulator_do_set_voltage(struct regulator_dev *rdev, u32 min_uv, u32 max_uv)
{
	int old_uv = regulator_get_voltage(&(struct regulator){rdev});
	int sel = rdev->ops->map_voltage(rdev, min_uv, max_uv), new_uv, ret;
	unsigned int delay;

	if (sel < 0)
		return sel;
	new_uv = rdev->ops->list_voltage(rdev, (unsigned int)sel);
	if (new_uv == old_uv)
		return 0;
	ret = rdev->ops->set_voltage_sel(rdev, (unsigned int)sel);
	if (ret)
		return ret;
	delay = regulator_set_voltage_time(rdev, old_uv, new_uv);
	if (rdev->constraints.settling_time)
		delay += rdev->constraints.settling_time;
	if (delay)
		hw_udelay(delay);   /* udelay / usleep_range: the CPU waits */
	return 0;
}

/* Models regulator_set_voltage() with regulator_check_voltage's clamp. */
int regulator_set_voltage(struct regulator *reg, u32 min_uv, u32 max_uv)
{
	struct regulator_dev *rdev = reg->rdev;
	const struct regulation_constraints *c = &rdev->constraints;

	if (max_uv < c->min_uv || min_uv > c->max_uv) {
		pr_err("%s: %u-%u uV is outside the constraints %u-%u uV\n", rdev->name, min_uv,
		       max_uv, c->min_uv, c->max_uv);
		return -EINVAL;
	}
	if (min_uv < c->min_uv)
		min_uv = c->min_uv;
	if (max_uv > c->max_uv)
		max_uv = c->max_uv;
	return _regulator_do_set_voltage(rdev, min_uv, max_uv);
}
