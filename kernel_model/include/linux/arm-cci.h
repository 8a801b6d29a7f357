/* SPDX-License-Identifier: GPL-2.0-only */
/* linux/arm-cci.h - CCI-400 port control (include/linux/arm-cci.h). */
#ifndef KM_LINUX_ARM_CCI_H
#define KM_LINUX_ARM_CCI_H

#include "linux/kernel.h"
#include "regs/cci400.h" /* the CCI-400 register map */

#ifdef __cplusplus
extern "C" {
#endif

/* Probe the "arm,cci-400" node of the flattened DT: 0 or -ENODEV. */
int cci_probe(const void *fdt);
bool cci_probed(void);
/* Enable snoops+DVM on the calling CPU's port. Runs with MMU and caches off
 * (mcpm_entry_point first man); an unknown CPU is parked for good. */
void cci_enable_port_for_self(void);
/* Disable the port of the CPU with this MPIDR: 0, or -ENODEV. */
int cci_disable_port_by_cpu(u64 mpidr);
/* Enable/disable a port by its index among the probed slave interfaces. */
int __cci_control_port_by_index(u32 port, bool enable);
/* Index of the probed port that the CPU with this MPIDR uses, or -1. */
int cci_port_index_of_cpu(u64 mpidr);
/* Physical base of a probed port (for tests), 0 if none. */
phys_addr_t cci_port_base(u32 port);
#ifdef __cplusplus
}
#endif

#endif
