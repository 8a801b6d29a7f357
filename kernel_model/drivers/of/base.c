// SPDX-License-Identifier: GPL-2.0-only
/* base.c - device-tree helpers shared by the drivers (drivers/of/base.c). */
#include <libfdt.h>
#include <string.h>

#include "linux/of.h"

/*
 * The phandle cache (of_populate_phandle_cache). libfdt finds a phandle by
 * walking the whole blob; the first lookup that misses walks it once and
 * files every node's offset under its phandle. An entry is used only if
 * the blob at that offset still carries the phandle, so a blob that changed
 * (or another blob: the fdt pointer is part of the key) costs a new walk,
 * never a wrong node. dtc numbers phandles from 1, so they spread over the
 * slots; two that share one are found by libfdt's walk.
 */
#define PHANDLE_CACHE_SLOTS 256

static struct phandle_slot {
	const void *fdt;
	u32 ph;
	int node;
} phandle_cache[PHANDLE_CACHE_SLOTS];

static struct phandle_slot *phandle_slot(u32 ph)
{
	return &phandle_cache[ph % PHANDLE_CACHE_SLOTS];
}

static bool phandle_cached(const void *fdt, u32 ph, int *node)
{
	const struct phandle_slot *s = phandle_slot(ph);

	if (s->fdt != fdt || s->ph != ph || fdt_get_phandle(fdt, s->node) != ph)
		return false;
	*node = s->node;
	return true;
}

static void of_populate_phandle_cache(const void *fdt)
{
	int n;

	for (n = fdt_next_node(fdt, -1, NULL); n >= 0; n = fdt_next_node(fdt, n, NULL)) {
		u32 ph = fdt_get_phandle(fdt, n);
		struct phandle_slot *s = phandle_slot(ph);

		if (ph == 0 || ph == ~0u)
			continue;
		/* The first node with the phandle wins, as in libfdt's walk. */
		if (s->fdt == fdt && s->ph == ph && s->node < n &&
		    fdt_get_phandle(fdt, s->node) == ph)
			continue;
		s->fdt = fdt;
		s->ph = ph;
		s->node = n;
	}
}

int of_find_node_by_phandle(const void *fdt, u32 ph)
{
	int node;

	if (ph == 0 || ph == ~0u)
		return -FDT_ERR_BADPHANDLE;
	if (phandle_cached(fdt, ph, &node))
		return node;
	of_populate_phandle_cache(fdt);
	if (phandle_cached(fdt, ph, &node))
		return node;
	return fdt_node_offset_by_phandle(fdt, ph);
}

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

/* Models of_n_addr_cells/of_n_size_cells + of_translate_address: node's
 * reg entry idx as a CPU physical address, through every parent's ranges. */
int of_translate_reg(const void *fdt, int node, int idx, u64 *addr, u64 *size)
{
	int parent = fdt_parent_offset(fdt, node);
	int ac, sc, len, i;
	const fdt32_t *reg;
	u64 a = 0, s = 0;

	if (parent < 0)
		return -EINVAL;
	ac = fdt_address_cells(fdt, parent);
	sc = fdt_size_cells(fdt, parent);
	reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg || ac < 1 || ac > 2 || sc < 0 || sc > 2 ||
	    len < (int)((idx + 1) * (ac + sc) * sizeof(fdt32_t)))
		return -EINVAL;
	reg += idx * (ac + sc);
	for (i = 0; i < ac; i++)
		a = (a << 32) | fdt32_to_cpu(reg[i]);
	for (i = 0; i < sc; i++)
		s = (s << 32) | fdt32_to_cpu(reg[ac + i]);

	/* Walk up: each bus node maps its children's space via "ranges". */
	for (node = parent; node > 0; node = parent) {
		const fdt32_t *r;
		int cac, pac, csc, n, e;
		bool found = false;

		parent = fdt_parent_offset(fdt, node);
		if (parent < 0)
			return -EINVAL;
		r = fdt_getprop(fdt, node, "ranges", &len);
		if (!r)
			return -EINVAL; /* not translatable */
		if (len == 0)
			continue;      /* identity */
		cac = fdt_address_cells(fdt, node);
		csc = fdt_size_cells(fdt, node);
		pac = fdt_address_cells(fdt, parent);
		n = cac + pac + csc;
		for (e = 0; e + n <= len / (int)sizeof(fdt32_t); e += n) {
			u64 ca = 0, pa = 0, rs = 0;

			for (i = 0; i < cac; i++)
				ca = (ca << 32) | fdt32_to_cpu(r[e + i]);
			for (i = 0; i < pac; i++)
				pa = (pa << 32) | fdt32_to_cpu(r[e + cac + i]);
			for (i = 0; i < csc; i++)
				rs = (rs << 32) | fdt32_to_cpu(r[e + cac + pac + i]);
			if (a >= ca && a < ca + rs) {
				a = a - ca + pa;
				found = true;
				break;
			}
		}
		if (!found)
			return -EINVAL;
	}
	*addr = a;
	if (size)
		*size = s;
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
		int target = of_find_node_by_phandle(fdt, fdt32_to_cpu(p[pos]));
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
