/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * regs/exynos_pmu.h - the CPU power-control registers of the Exynos
 * 5420/5422 PMU, shared by the kernel's MCPM backend (mach-exynos/
 * mcpm-exynos.c) and the model (models/power/exynos_pmu.cc). Cores are
 * numbered n = cpu + 4 * cluster. Plain C data: why, see regs/tc2_scc.h.
 */
#ifndef BLSIM_REGS_EXYNOS_PMU_H
#define BLSIM_REGS_EXYNOS_PMU_H

#define PMU_SWRESET 0x0400
#define PMU_INFORM0 0x0800
#define PMU_SPARE2 0x0908	/* non-zero once the iROM has set up the A7s */
#define PMU_SPARE3 0x090c
#define PMU_CORE_BASE 0x2000	/* ARM_CORE_CONFIGURATION(n) at + n * PMU_STRIDE */
#define PMU_L2_BASE 0x2500	/* COMMON_CONFIGURATION(cluster) at + c * PMU_STRIDE */
#define PMU_STRIDE 0x80
#define PMU_STATUS 0x4		/* from a CONFIGURATION register */
#define PMU_OPTION 0x8
#define PMU_SIZE 0x5000

#define PWR_LOCAL_ON 0x3u	/* LOCAL_PWR_EN: switch on / reported on */
/* PMU_SWRESET: reset KFC (A7) core cpu. */
#define PMU_SWRESET_KFC_CORE(cpu) (((1u << 8) | (1u << 20)) << (cpu))
/* Bits of a cluster's COMMON_OPTION: cores may go down on their own, a core
 * is woken from its down state, and the L2 is powered before the first man. */
#define L2_OPT_AUTO_CORE_DOWN (1u << 9)
#define L2_OPT_CORE_DOWN_STATE (1u << 29)
#define L2_OPT_L2_UP_STATE (1u << 30)

#endif
