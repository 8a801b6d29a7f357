/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * linux/irqchip/arm-gic.h - the GICv2 (GIC-400) register map and the GIC
 * driver's interface to the rest of the kernel (include/linux/irqchip/
 * arm-gic.h upstream).
 */
#ifndef KM_LINUX_IRQCHIP_ARM_GIC_H
#define KM_LINUX_IRQCHIP_ARM_GIC_H

#include "linux/kernel.h"
#include "linux/smp.h"

/* CPU interface (GICC), offsets from its base. */
enum {
	GIC_CPU_CTRL = 0x00,
	GIC_CPU_PRIMASK = 0x04,
	GIC_CPU_BINPOINT = 0x08,
	GIC_CPU_INTACK = 0x0c,
	GIC_CPU_EOI = 0x10,
	GIC_CPU_RUNNINGPRI = 0x14,
	GIC_CPU_HIGHPRI = 0x18,
	GIC_CPU_IDENT = 0xfc,
};

enum {
	GICC_ENABLE = 0x1,
	GICC_INT_PRI_THRESHOLD = 0xf0,
	GICC_IAR_INT_ID_MASK = 0x3ff,
	GICC_IAR_CPUID_SHIFT = 10,
	GICC_INT_SPURIOUS = 1023,
};

/* Distributor (GICD), offsets from its base. */
enum {
	GIC_DIST_CTRL = 0x000,
	GIC_DIST_CTR = 0x004,
	GIC_DIST_IIDR = 0x008,
	GIC_DIST_IGROUP = 0x080,
	GIC_DIST_ENABLE_SET = 0x100,
	GIC_DIST_ENABLE_CLEAR = 0x180,
	GIC_DIST_PENDING_SET = 0x200,
	GIC_DIST_PENDING_CLEAR = 0x280,
	GIC_DIST_ACTIVE_SET = 0x300,
	GIC_DIST_ACTIVE_CLEAR = 0x380,
	GIC_DIST_PRI = 0x400,
	GIC_DIST_TARGET = 0x800,
	GIC_DIST_CONFIG = 0xc00,
	GIC_DIST_SOFTINT = 0xf00,
	GIC_DIST_SGI_PENDING_CLEAR = 0xf10,
	GIC_DIST_SGI_PENDING_SET = 0xf20,
};

enum {
	GICD_ENABLE = 0x1,
	GICD_DISABLE = 0x0,
	GICD_INT_ACTLOW_LVLTRIG = 0x0,
};
#define GICD_INT_EN_CLR_X32		0xffffffff
#define GICD_INT_EN_SET_SGI			0x0000ffff
#define GICD_INT_EN_CLR_PPI		0xffff0000
#define GICD_INT_DEF_PRI			0xa0
#define GICD_INT_DEF_PRI_X4		0xa0a0a0a0u

/* GICD_SGIR: target list filter [25:24], CPU target list [23:16], ID [3:0]. */
#define GICD_SGIR_TARGET_LIST		(0u << 24)
#define GICD_SGIR_TARGET_OTHERS		(1u << 24)
#define GICD_SGIR_TARGET_SELF		(2u << 24)
#define GICD_SGIR_CPU_SHIFT			16

/* GIC-400: 8 CPU interfaces at most, IDs 0..1019. */
enum {
	NR_GIC_CPU_IF = 8,
	GIC_NR_SGIS = 16,
	GIC_FIRST_SPI = 32,
	GIC_MAX_IRQS = 1020,
};

/* Probe the first "arm,gic-400" / "arm,cortex-a15-gic" node of the DT
 * (irqchip_init: IRQCHIP_DECLARE matching). 0 or -errno. */
int gic_irqchip_init(const void *fdt);
/* Set up the GIC described by the DT node at nodeoffset, on the boot CPU:
 * distributor, this CPU's interface, the IRQ vector. 0 or -errno. */
int gic_of_init(const void *fdt, int nodeoffset);
/* The distributor, once, from the boot CPU. */
void gic_dist_init(void);
/* The calling CPU's interface and banked SGI/PPI state: on every CPU as
 * it comes up (secondary boot, and again after a power-down). */
void gic_cpu_init(void);
/* The IRQ vector: acknowledge, handle and EOI until nothing is pending. */
void gic_handle_irq(void);
/* Send SGI `sgi` to the logical CPUs in cpu_mask (bit n = logical cpu n). */
void gic_raise_softirq(u32 cpu_mask, unsigned int sgi);
/* Send SGI `sgi` to one CPU interface by its GIC number (bL_switcher). */
void gic_send_sgi(unsigned int cpu_id, unsigned int sgi);
/* Disable the calling CPU's interface before power-down (tc2_pm). */
void gic_cpu_if_down(void);
/* GIC CPU interface number of a logical CPU, or -1 if not known. */
int gic_get_cpu_id(unsigned int cpu);
/* bL switcher: move this logical CPU's interrupts to the CPU interface
 * new_cpu_id (SPI targets, pending SGIs, gic_cpu_map). */
void gic_migrate_target(unsigned int new_cpu_id);
/* CPU PM: save / restore the calling interface's banked state. */
void gic_cpu_save(void);
void gic_cpu_restore(void);
/* Register the GIC's CPU PM notifier (save/restore around power-down). */
void gic_cpu_pm_init(void);
/* Physical address of GICD_SGIR (MCPM early poke). */
phys_addr_t gic_get_sgir_physaddr(void);

/* Logical CPU -> its GIC CPU interface mask (one bit), as the hardware
 * reported it in gic_cpu_init; 0xff until then. */
extern u8 gic_cpu_map[NR_CPUS];
/* Number of interrupt IDs the distributor implements (GICD_TYPER). */
unsigned int gic_nr_irqs(void);

#endif
