/* linux/of.h - the few device-tree helpers the drivers share
 * (drivers/of/base.c, of_cpu: of_get_cpu_hwid and friends). */
#ifndef KM_LINUX_OF_H
#define KM_LINUX_OF_H

#include <stdbool.h>

#include "linux/kernel.h"

/* Models of_get_cpu_hwid(): if node is a cpu node (device_type "cpu") with
 * a reg, store its MPIDR (hardware id bits) in *hwid and return true. */
bool of_cpu_hwid(const void *fdt, int node, u32 *hwid);

#endif
