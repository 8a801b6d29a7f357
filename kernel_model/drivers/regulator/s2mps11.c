// SPDX-License-Identifier: GPL-2.0-only
/*
 * s2mps11.c - the Samsung S2MPS11 PMIC's buck regulators
 * (drivers/regulator/s2mps11.c), reduced to the bucks that feed CPU
 * clusters: a linear range of 600000 + 6250 * sel uV per buck, the
 * selector in BnCTRL2. The I2C regmap is, in blsim, one 32-bit MMIO word
 * per register in the PMIC's window (its I2C controller's reg).
 */
#include <libfdt.h>
#include <string.h>

#include "internal.h"
#include "linux/of.h"
#include "linux/regulator/consumer.h"
#include "regs/s2mps11.h"


static struct regulator_dev bucks[6];
static unsigned int nr_bucks;

/* Models regmap_read() over the (modelled as MMIO) I2C link. */
static u32 s2mps11_read(const struct regulator_dev *rdev, u32 reg)
{
	return readl(rdev->base + 4 * reg) & 0xff;
}

/* Models regmap_write(). */
static void s2mps11_write(const struct regulator_dev *rdev, u32 reg, u32 val)
{
	writel(val & 0xff, rdev->base + 4 * reg);
}

/* Models regulator_list_voltage_linear(). */
static int s2mps11_list_voltage(struct regulator_dev *rdev, unsigned int sel)
{
	return sel < rdev->n_voltages ? (int)(rdev->min_uv + sel * rdev->uv_step) : -EINVAL;
}

/* Models regulator_map_voltage_linear(): the lowest step >= min_uv. */
static int s2mps11_map_voltage(struct regulator_dev *rdev, u32 min_uv, u32 max_uv)
{
	u32 sel, uv;

	if (min_uv < rdev->min_uv)
		min_uv = rdev->min_uv;
	sel = (min_uv - rdev->min_uv + rdev->uv_step - 1) / rdev->uv_step;
	uv = rdev->min_uv + sel * rdev->uv_step;
	if (sel >= rdev->n_voltages || uv > max_uv)
		return -EINVAL;
	return (int)sel;
}

/* Models regulator_set_voltage_sel_regmap(). */
static int s2mps11_set_voltage_sel(struct regulator_dev *rdev, unsigned int sel)
{
	s2mps11_write(rdev, rdev->vsel_reg, sel);
	return 0;
}

/* Models regulator_get_voltage_sel_regmap(). */
static int s2mps11_get_voltage_sel(struct regulator_dev *rdev)
{
	return (int)s2mps11_read(rdev, rdev->vsel_reg);
}

static const struct regulator_ops s2mps11_buck_ops = {
	.list_voltage = s2mps11_list_voltage,
	.map_voltage = s2mps11_map_voltage,
	.set_voltage_sel = s2mps11_set_voltage_sel,
	.get_voltage_sel = s2mps11_get_voltage_sel,
};

/* The BnCTRL2 register of buck n (regulators[] of s2mps11.c), 0: not modelled. */
static u32 s2mps11_vsel_reg(unsigned int n)
{
	if (n >= 1 && n <= 4)
		return S2MPS11_REG_B1CTRL2 + 2 * (n - 1);
	return n == 6 ? S2MPS11_REG_B6CTRL2 : 0;
}

/* Models s2mps11_pmic_probe() + of_regulator_match() over regulators/BUCKn. */
int s2mps11_pmic_probe(const void *fdt)
{
	int pmic = fdt_node_offset_by_compatible(fdt, -1, "samsung,s2mps11-pmic");
	int regs, node;
	u64 base;

	nr_bucks = 0;
	if (pmic < 0)
		return -ENODEV;
	if (of_translate_reg(fdt, fdt_parent_offset(fdt, pmic), 0, &base, NULL)) {
		pr_err("s2mps11: its I2C controller has no usable reg\n");
		return -ENODEV;
	}
	regs = fdt_subnode_offset(fdt, pmic, "regulators");
	if (regs < 0)
		return -ENODEV;
	fdt_for_each_subnode(node, fdt, regs) {
		const char *name = fdt_get_name(fdt, node, NULL);
		struct regulator_dev *rdev;
		unsigned int n;
		const char *rname;

		if (strncmp(name, "BUCK", 4) && strncmp(name, "buck", 4))
			continue;
		n = (unsigned int)(name[4] - '0');
		if (name[5] != '\0' && name[5] != '@')
			n = n * 10 + (unsigned int)(name[5] - '0');
		if (!s2mps11_vsel_reg(n) || nr_bucks >= ARRAY_SIZE(bucks))
			continue;
		rdev = &bucks[nr_bucks++];
		memset(rdev, 0, sizeof(*rdev));
		rname = fdt_getprop(fdt, node, "regulator-name", NULL);
		rdev->name = rname ? rname : name;
		rdev->node = node;
		rdev->ops = &s2mps11_buck_ops;
		rdev->base = base;
		rdev->vsel_reg = s2mps11_vsel_reg(n);
		rdev->min_uv = S2MPS11_BUCK_MIN1;
		rdev->uv_step = S2MPS11_BUCK_STEP1;
		rdev->n_voltages = S2MPS11_BUCK_N_VOLTAGES;
		of_get_regulation_constraints(fdt, node, &rdev->constraints);
		if (regulator_register(rdev))
			return -ENOSPC;
		pr_info("s2mps11: %s: %d uV (%u-%u uV, %u uV/us)\n", rdev->name,
			s2mps11_list_voltage(rdev, (unsigned int)s2mps11_get_voltage_sel(rdev)),
			rdev->constraints.min_uv, rdev->constraints.max_uv,
			rdev->constraints.ramp_delay);
	}
	return nr_bucks ? 0 : -ENODEV;
}
