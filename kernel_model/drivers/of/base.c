/* base.c - device-tree helpers shared by the drivers (drivers/of/base.c). */
#include <libfdt.h>
#include <string.h>

#include "linux/of.h"

/* Models of_get_cpu_hwid() for a node under /cpus. */
bool of_cpu_hwid(const void *fdt, int node, u32 *hwid)
{
	const char *type = fdt_getprop(fdt, node, "device_type", NULL);
	const fdt32_t *reg;
	int len;

	if (!type || strcmp(type, "cpu"))
		return false;
	reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg || len < (int)sizeof(*reg))
		return false;
	*hwid = fdt32_to_cpu(reg[len / 4 - 1]) & MPIDR_HWID_BITMASK;
	return true;
}

/* Models of_address_to_resource() + of_translate_address() for 1:1 buses. */
int of_reg_phys(const void *fdt, int node, u64 *addr)
{
	int parent = fdt_parent_offset(fdt, node), p, ac, len, i;
	const fdt32_t *reg;
	u64 a = 0;

	if (parent < 0)
		return -EINVAL;
	for (p = parent; p > 0; p = fdt_parent_offset(fdt, p)) {
		fdt_getprop(fdt, p, "ranges", &len);
		if (len != 0) /* absent, or a non-identity mapping */
			return -EINVAL;
	}
	ac = fdt_address_cells(fdt, parent);
	reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg || ac < 1 || ac > 2 || len < ac * (int)sizeof(fdt32_t))
		return -EINVAL;
	for (i = 0; i < ac; i++)
		a = (a << 32) | fdt32_to_cpu(reg[i]);
	*addr = a;
	return 0;
}

/* Models of_parse_phandle_with_args(). */
int of_parse_phandle_with_args(const void *fdt, int node, const char *prop,
			       const char *cells_name, int index, u32 *arg0)
{
	const fdt32_t *p;
	int len, pos = 0, i;

	p = fdt_getprop(fdt, node, prop, &len);
	if (!p)
		return -ENOENT;
	len /= (int)sizeof(fdt32_t);
	for (i = 0; pos < len; i++) {
		int target = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(p[pos]));
		const fdt32_t *c;
		u32 cells = 0;

		if (target < 0)
			return -EINVAL;
		if (cells_name) {
			c = fdt_getprop(fdt, target, cells_name, NULL);
			if (!c)
				return -EINVAL;
			cells = fdt32_to_cpu(*c);
		}
		if (pos + 1 + (int)cells > len)
			return -EINVAL;
		if (i == index) {
			if (arg0)
				*arg0 = cells ? fdt32_to_cpu(p[pos + 1]) : 0;
			return target;
		}
		pos += 1 + (int)cells;
	}
	return -ENOENT;
}
