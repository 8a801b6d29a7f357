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
#include "regs/gic400.h" /* the GIC-400 register map */

/* The Linux driver's own values; the register map is regs/gic400.h. */
enum {
	GICC_INT_PRI_THRESHOLD = 0xf0,
	GICD_INT_ACTLOW_LVLTRIG = 0x0,
};
#define GICD_INT_EN_CLR_X32		0xffffffff
#define GICD_INT_EN_SET_SGI			0x0000ffff
#define GICD_INT_EN_CLR_PPI		0xffff0000
#define GICD_INT_DEF_PRI			0xa0
#define GICD_INT_DEF_PRI_X4		0xa0a0a0a0u

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
