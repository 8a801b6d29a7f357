/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kernel/irq/irqdesc.c - interrupt descriptors and the generic flow, in
 * short (kernel/irq/irqdesc.c, manage.c, chip.c upstream).
 *
 * Every descriptor field is plain C state: code between two hw.h calls runs
 * in zero simulated time, so each function below is atomic with respect to
 * the other cores except across the chip callbacks, which touch MMIO.
 */
#include "linux/interrupt.h"
#include "linux/smp.h"

/* One interrupt (struct irq_desc). */
struct irq_desc {
	struct irq_data irq_data;
	irq_handler_t handler;		/* the single action: no shared IRQs */
	const char *name;
	void *dev_id;
	unsigned int depth;		/* disable nesting; 1 = not started */
	unsigned int count;		/* kstat_irqs */
	unsigned int spurious;		/* no handler when it fired */
};

static struct irq_desc irq_desc[NR_IRQS];
static void (*smp_ipi_handler)(unsigned int ipinr);

/* irq_to_desc: NULL unless a chip has been attached. */
static struct irq_desc *irq_to_desc(unsigned int irq)
{
	if (irq >= NR_IRQS || !irq_desc[irq].irq_data.chip)
		return NULL;
	return &irq_desc[irq];
}

/* irq_set_chip_and_handler / irq_set_chip_data, as gic_irq_domain_map uses. */
int irq_set_chip_and_data(unsigned int irq, struct irq_chip *chip,
			  void *chip_data)
{
	struct irq_desc *d;

	if (irq >= NR_IRQS || !chip)
		return -EINVAL;
	d = &irq_desc[irq];
	d->irq_data.irq = irq;
	d->irq_data.hwirq = irq;
	d->irq_data.chip = chip;
	d->irq_data.chip_data = chip_data;
	/* irq_default_affinity; where it is delivered is the chip's to say. */
	d->irq_data.affinity = cpu_possible_bits;
	d->irq_data.effective_affinity = 0;
	d->depth = 1;
	return 0;
}

struct irq_data *irq_get_irq_data(unsigned int irq)
{
	struct irq_desc *d = irq_to_desc(irq);

	return d ? &d->irq_data : NULL;
}

/* irq_set_percpu_devid: a PPI, with a banked enable per CPU. */
int irq_set_percpu_devid(unsigned int irq)
{
	struct irq_desc *d = irq_to_desc(irq);

	if (!d)
		return -EINVAL;
	d->irq_data.per_cpu = true;
	return 0;
}

static void irq_mask(struct irq_desc *d)
{
	if (d->irq_data.chip->irq_mask)
		d->irq_data.chip->irq_mask(&d->irq_data);
}

static void irq_unmask(struct irq_desc *d)
{
	if (d->irq_data.chip->irq_unmask)
		d->irq_data.chip->irq_unmask(&d->irq_data);
}

/* __setup_irq: install the single action. */
static int setup_irq(unsigned int irq, irq_handler_t handler, const char *name,
		     void *dev, bool percpu)
{
	struct irq_desc *d = irq_to_desc(irq);

	if (!d || !handler || d->irq_data.per_cpu != percpu)
		return -EINVAL;
	if (d->handler)
		return -EBUSY;
	d->handler = handler;
	d->name = name;
	d->dev_id = dev;
	return 0;
}

/* request_irq (request_threaded_irq without a thread): install, then start. */
int request_irq(unsigned int irq, irq_handler_t handler, const char *name,
		void *dev)
{
	int ret = setup_irq(irq, handler, name, dev, false);

	if (ret)
		return ret;
	/* Descriptor state first: an interrupt taken at the unmask's MMIO
	 * access must find its handler installed and the depth at 0. */
	irq_desc[irq].depth = 0;
	irq_unmask(&irq_desc[irq]);
	return 0;
}

/* request_percpu_irq: install only; each CPU enables its own copy. */
int request_percpu_irq(unsigned int irq, irq_handler_t handler,
		       const char *name, void *percpu_dev)
{
	return setup_irq(irq, handler, name, percpu_dev, true);
}

/* free_irq / free_percpu_irq: mask (this CPU's copy for a PPI), forget. */
void free_irq(unsigned int irq, void *dev)
{
	struct irq_desc *d = irq_to_desc(irq);

	if (!d || !d->handler || d->dev_id != dev) {
		pr_warn("Trying to free already-free IRQ %u\n", irq);
		return;
	}
	d->handler = NULL;
	d->depth = 1;
	irq_mask(d);
}

/* enable_percpu_irq: the banked enable of the calling CPU. */
void enable_percpu_irq(unsigned int irq)
{
	struct irq_desc *d = irq_to_desc(irq);

	if (!d || !d->irq_data.per_cpu) {
		pr_warn("enable_percpu_irq: IRQ %u is not per-CPU\n", irq);
		return;
	}
	irq_unmask(d);
}

/* disable_percpu_irq */
void disable_percpu_irq(unsigned int irq)
{
	struct irq_desc *d = irq_to_desc(irq);

	if (!d || !d->irq_data.per_cpu) {
		pr_warn("disable_percpu_irq: IRQ %u is not per-CPU\n", irq);
		return;
	}
	irq_mask(d);
}

/* enable_irq: undo one disable_irq; unmask when the nesting reaches 0. */
void enable_irq(unsigned int irq)
{
	struct irq_desc *d = irq_to_desc(irq);

	if (!d || d->irq_data.per_cpu)
		return;
	if (d->depth == 0) {
		pr_warn("Unbalanced enable for IRQ %u\n", irq);
		return;
	}
	if (--d->depth == 0)
		irq_unmask(d);
}

/* disable_irq: mask on the first of nested disables. (Upstream also waits
 * for a handler running on another CPU; here handlers run to completion
 * within one core's IRQ exception and disable_irq is not called from them
 * on other cores.) */
void disable_irq(unsigned int irq)
{
	struct irq_desc *d = irq_to_desc(irq);

	if (!d || d->irq_data.per_cpu)
		return;
	if (d->depth++ == 0)
		irq_mask(d);
}

/* irq_do_set_affinity: the chip routes it; what it accepted is kept as
 * the affinity, which a CPU going offline reads (cpuhotplug.c). */
int irq_do_set_affinity(struct irq_data *d, u32 mask, bool force)
{
	int ret = d->chip->irq_set_affinity(d, mask, force);

	if (!ret)
		d->affinity = mask;
	return ret;
}

/* irq_set_affinity: through the chip; SPIs only. */
int irq_set_affinity(unsigned int irq, u32 cpu_mask)
{
	struct irq_desc *d = irq_to_desc(irq);

	if (!d || d->irq_data.per_cpu || !d->irq_data.chip->irq_set_affinity)
		return -EINVAL;
	return irq_do_set_affinity(&d->irq_data, cpu_mask, false);
}

/* generic_handle_irq: run the flow handler (handle_fasteoi_irq's core;
 * the GIC driver does the EOI). */
int generic_handle_irq(unsigned int irq)
{
	struct irq_desc *d = irq_to_desc(irq);

	if (!d)
		return -EINVAL;
	if (!d->handler) {
		d->spurious++;	/* handle_bad_irq */
		return -EINVAL;
	}
	d->count++;
	d->handler((int)irq, d->dev_id);
	return 0;
}

/* note_interrupt's counter, for tests and stats. */
unsigned int irq_spurious_count(unsigned int irq)
{
	return irq < NR_IRQS ? irq_desc[irq].spurious : 0;
}

/* kstat_irqs */
unsigned int kstat_irqs(unsigned int irq)
{
	return irq < NR_IRQS ? irq_desc[irq].count : 0;
}

/* set_smp_cross_call's counterpart for the receiving side. */
void set_smp_ipi_handler(void (*fn)(unsigned int ipinr))
{
	smp_ipi_handler = fn;
}

/* handle_IPI: hand the SGI number to the SMP code. */
void handle_IPI(unsigned int ipinr)
{
	if (!smp_ipi_handler) {
		pr_warn("IPI %u with no handler\n", ipinr);
		return;
	}
	smp_ipi_handler(ipinr);
}
