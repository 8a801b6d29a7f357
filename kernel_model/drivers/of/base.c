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
