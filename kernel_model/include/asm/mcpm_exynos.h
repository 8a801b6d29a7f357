/* SPDX-License-Identifier: GPL-2.0-only */
/* asm/mcpm_exynos.h - Exynos 5420/5800 MCPM backend entry
 * (arch/arm/mach-exynos/mcpm-exynos.c). */
#ifndef KM_ASM_MCPM_EXYNOS_H
#define KM_ASM_MCPM_EXYNOS_H

#ifdef __cplusplus
extern "C" {
#endif

/* On a "samsung,exynos5420"/"samsung,exynos5800" machine: map the PMU and
 * the non-secure SYSRAM, probe the CCI if nobody has, register the MCPM
 * backend, init MCPM sync state, run the loopback of the boot cluster, set
 * the PMU's cluster options and write the secondaries' entry point. Runs on
 * the boot CPU with only it online. 0, or -ENODEV / -ENOMEM / -EBUSY. */
int exynos_mcpm_init(const void *fdt);

#ifdef __cplusplus
}
#endif

#endif
