/* SPDX-License-Identifier: GPL-2.0-only */
/* asm/smp_ops.h - the platform's SMP operations (arch/arm/include/asm/smp.h). */
#ifndef KM_ASM_SMP_OPS_H
#define KM_ASM_SMP_OPS_H

#include <stdbool.h>

/* Models struct smp_operations: how the platform starts and stops CPUs. */
struct smp_operations {
	int (*smp_boot_secondary)(unsigned int cpu);
	void (*smp_secondary_init)(unsigned int cpu);
	void (*cpu_die)(unsigned int cpu);     /* on the dying CPU, never returns */
	int (*cpu_kill)(unsigned int cpu);     /* on another CPU: 1 = confirmed down */
	int (*cpu_disable)(unsigned int cpu);  /* on the dying CPU, before it dies */
	bool (*cpu_can_disable)(unsigned int cpu);
};

/* MCPM's operations (arch/arm/common/mcpm_platsmp.c). */
extern const struct smp_operations mcpm_smp_ops;

#endif
