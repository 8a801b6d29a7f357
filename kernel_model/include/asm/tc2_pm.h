/* SPDX-License-Identifier: GPL-2.0-only */
/* asm/tc2_pm.h - TC2 MCPM backend entry (arch/arm/mach-vexpress/tc2_pm.c). */
#ifndef KM_ASM_TC2_PM_H
#define KM_ASM_TC2_PM_H

#ifdef __cplusplus
extern "C" {
#endif

/* Find the SCC in the DT, set up the SPC driver, probe the CCI if nobody
 * has, register the MCPM backend, init MCPM sync state and run the
 * loopback self-test of the boot cluster. Runs on the boot CPU with only
 * it online. 0, or -ENODEV / -EINVAL / -EBUSY. */
int tc2_pm_init(const void *fdt);
#ifdef __cplusplus
}
#endif

#endif
