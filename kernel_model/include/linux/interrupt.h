/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * linux/interrupt.h - interrupt descriptors, handlers and irq_chips, in
 * short (linux/interrupt.h, linux/irq.h, linux/irqdesc.h upstream).
 *
 * Simplification: Linux numbers interrupts with virtual IRQs mapped through
 * an irq_domain; here the virtual IRQ is the GIC interrupt ID (hwirq), so
 * irq 30 is PPI 30 (the non-secure physical timer) and irq 32 the first SPI.
 */
#ifndef KM_LINUX_INTERRUPT_H
#define KM_LINUX_INTERRUPT_H

#include "linux/kernel.h"

/* GIC-400: IDs 0..1019 are interrupts, 1020..1023 special. */
#define NR_IRQS 1020

enum irqreturn {
	IRQ_NONE = 0,
	IRQ_HANDLED = 1,
};
typedef enum irqreturn irqreturn_t;
typedef irqreturn_t (*irq_handler_t)(int irq, void *dev_id);

struct irq_chip;

/* What an irq_chip callback is told about the interrupt. The two masks
 * are logical CPUs (bit n = cpu n), as upstream's irq_common_data keeps
 * them: the affinity asked for, and the CPUs the chip actually delivers to. */
struct irq_data {
	unsigned int irq;
	unsigned long hwirq;
	struct irq_chip *chip;
	void *chip_data;
	bool per_cpu;			/* a PPI: irqd_is_per_cpu() */
	u32 affinity;			/* irq_data_get_affinity_mask() */
	u32 effective_affinity;		/* ...get_effective_affinity_mask() */
};

/* irq_data_update_effective_affinity: the chip says where it routed it. */
static inline void irq_data_update_effective_affinity(struct irq_data *d,
						      u32 cpus)
{
	d->effective_affinity = cpus;
}

/* The interrupt controller's operations on one interrupt. */
struct irq_chip {
	const char *name;
	void (*irq_mask)(struct irq_data *d);
	void (*irq_unmask)(struct irq_data *d);
	void (*irq_eoi)(struct irq_data *d);
	/* mask_val: logical CPUs (bit n = cpu n); returns 0 or -errno. */
	int (*irq_set_affinity)(struct irq_data *d, u32 mask_val, bool force);
};

/* ---- driver side: request and control --------------------------------- */

/* Returns 0, -EINVAL (no such interrupt, no handler, or a per-CPU one),
 * or -EBUSY (already requested). Unmasks the interrupt. */
int request_irq(unsigned int irq, irq_handler_t handler, const char *name,
		void *dev);
/* Per-CPU interrupts (PPIs): one handler for all CPUs; each CPU then calls
 * enable_percpu_irq() for itself (the GIC banks PPI enables per CPU). */
int request_percpu_irq(unsigned int irq, irq_handler_t handler,
		       const char *name, void *percpu_dev);
void free_irq(unsigned int irq, void *dev);
void enable_percpu_irq(unsigned int irq);
void disable_percpu_irq(unsigned int irq);
/* Nesting: n disable_irq() need n enable_irq() to unmask again. */
void enable_irq(unsigned int irq);
void disable_irq(unsigned int irq);
/* Route an SPI to the first online CPU of a logical CPU mask. */
int irq_set_affinity(unsigned int irq, u32 cpu_mask);
/* On the dying CPU, from __cpu_disable(): its SPIs go to online CPUs. */
void irq_migrate_all_off_this_cpu(void);

/* ---- irqchip side -------------------------------------------------------- */

/* Attach an interrupt to its controller (what gic_irq_domain_map does). */
int irq_set_chip_and_data(unsigned int irq, struct irq_chip *chip,
			  void *chip_data);
int irq_set_percpu_devid(unsigned int irq);
/* The chip's view of an interrupt; NULL unless a chip is attached. */
struct irq_data *irq_get_irq_data(unsigned int irq);
/* Through the chip; on success the mask becomes the interrupt's affinity. */
int irq_do_set_affinity(struct irq_data *d, u32 mask, bool force);
/* Run the handler of one interrupt. Returns -EINVAL if the interrupt is
 * unknown (no chip attached, or nobody requested it), 0 otherwise. */
int generic_handle_irq(unsigned int irq);
/* Times generic_handle_irq() found no handler (upstream: spurious count). */
unsigned int irq_spurious_count(unsigned int irq);
/* Times the interrupt was handled (kstat_irqs). */
unsigned int kstat_irqs(unsigned int irq);

/* ---- IPIs (arch/arm/kernel/smp.c's handle_IPI) ---------------------------- */

/* The function that handles SGIs 0-15 (IPIs), set by the SMP code. */
void set_smp_ipi_handler(void (*fn)(unsigned int ipinr));
/* Called by the irqchip for an SGI, after its EOI, as upstream. */
void handle_IPI(unsigned int ipinr);

#endif
