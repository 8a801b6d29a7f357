/* SPDX-License-Identifier: GPL-2.0-only */
/* linux/of.h - the few device-tree helpers the drivers share
 * (drivers/of/base.c, of_cpu: of_get_cpu_hwid and friends). */
#ifndef KM_LINUX_OF_H
#define KM_LINUX_OF_H

#include <stdbool.h>

#include "linux/kernel.h"

/* Models of_get_cpu_hwid(): if node is a cpu node (device_type "cpu") with
 * a reg, store its MPIDR (hardware id bits) in *hwid and return true. */
bool of_cpu_hwid(const void *fdt, int node, u32 *hwid);

/* Models of_n_addr_cells/of_n_size_cells + of_translate_address: the node's
 * reg entry idx (address, and size if size is not NULL) as a CPU physical
 * address, through every ancestor bus's ranges. 0, or -EINVAL (no such
 * entry, or a bus on the way without ranges: I2C, ...). */
int of_translate_reg(const void *fdt, int node, int idx, u64 *addr, u64 *size);

/* Models of_find_node_by_phandle(): the offset of the node whose phandle is
 * ph, or a negative libfdt error, as fdt_node_offset_by_phandle() gives it
 * but from the phandle cache (base.c) instead of a walk of the blob. */
int of_find_node_by_phandle(const void *fdt, u32 ph);

/* Models of_parse_phandle_with_args(np, prop, cells_name, index): the
 * node the index-th phandle of prop points at, its argument count read from
 * that node's cells_name (0 if NULL), and the first argument in *arg0.
 * The node offset, or -ENOENT / -EINVAL. */
int of_parse_phandle_with_args(const void *fdt, int node, const char *prop,
			       const char *cells_name, int index, u32 *arg0);

#endif
