/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * regs/gic400.h - the GICv2 register map as the GIC-400 implements it,
 * shared by the kernel driver (drivers/irqchip/irq-gic.c, through
 * linux/irqchip/arm-gic.h), the model (models/irq/gic400.cc) and the unit
 * tests' fakes. Plain C data: why, see regs/tc2_scc.h.
 */
#ifndef BLSIM_REGS_GIC400_H
#define BLSIM_REGS_GIC400_H

/* CPU interface (GICC), offsets from its base. */
#define GIC_CPU_CTRL 0x00
#define GIC_CPU_PRIMASK 0x04
#define GIC_CPU_BINPOINT 0x08
#define GIC_CPU_INTACK 0x0c
#define GIC_CPU_EOI 0x10
#define GIC_CPU_RUNNINGPRI 0x14
#define GIC_CPU_HIGHPRI 0x18
#define GIC_CPU_ALIAS_BINPOINT 0x1c
#define GIC_CPU_IDENT 0xfc
#define GIC_CPU_DEACTIVATE 0x1000
#define GIC_CPU_SIZE 0x2000

#define GICC_ENABLE 0x1
#define GICC_IAR_INT_ID_MASK 0x3ff
#define GICC_IAR_CPUID_SHIFT 10
#define GICC_INT_SPURIOUS 1023
#define GICC_IIDR_GIC400 0x0202143bu	/* GIC-400, GICv2, ARM */

/* Distributor (GICD), offsets from its base. */
#define GIC_DIST_CTRL 0x000
#define GIC_DIST_CTR 0x004	/* GICD_TYPER */
#define GIC_DIST_IIDR 0x008
#define GIC_DIST_IGROUP 0x080
#define GIC_DIST_ENABLE_SET 0x100
#define GIC_DIST_ENABLE_CLEAR 0x180
#define GIC_DIST_PENDING_SET 0x200
#define GIC_DIST_PENDING_CLEAR 0x280
#define GIC_DIST_ACTIVE_SET 0x300
#define GIC_DIST_ACTIVE_CLEAR 0x380
#define GIC_DIST_PRI 0x400
#define GIC_DIST_TARGET 0x800
#define GIC_DIST_CONFIG 0xc00
#define GIC_DIST_SOFTINT 0xf00
#define GIC_DIST_SGI_PENDING_CLEAR 0xf10
#define GIC_DIST_SGI_PENDING_SET 0xf20
#define GIC_DIST_ICPIDR2 0xfe8
#define GIC_DIST_SIZE 0x1000

#define GICD_ENABLE 0x1
#define GICD_DISABLE 0x0
#define GICD_IIDR_GIC400 0x0200143bu	/* ProductID 0x02, JEP106 ARM */
#define GICD_ICPIDR2_GICV2 0x2bu	/* ArchRev 2 */

/* GICD_SGIR: target list filter [25:24], CPU target list [23:16], ID [3:0]. */
#define GICD_SGIR_TARGET_LIST (0u << 24)
#define GICD_SGIR_TARGET_OTHERS (1u << 24)
#define GICD_SGIR_TARGET_SELF (2u << 24)
#define GICD_SGIR_CPU_SHIFT 16

/* GIC-400: 8 CPU interfaces at most, IDs 0..1019. */
#define NR_GIC_CPU_IF 8
#define GIC_NR_SGIS 16
#define GIC_FIRST_SPI 32
#define GIC_MAX_IRQS 1020

#endif
