// SPDX-License-Identifier: GPL-2.0-only
/*
 * kernel/irq/cpuhotplug.c - a CPU going offline hands its interrupts on
 * (kernel/irq/cpuhotplug.c upstream, in short).
 *
 * __cpu_disable() calls irq_migrate_all_off_this_cpu() on the dying CPU,
 * once it has left the online mask, with its interrupts off. Each SPI the
 * chip delivers to it is routed again: to its affinity's online CPUs, or,
 * when none of those is online any more, to any online CPU (its affinity
 * is broken and becomes the online mask). The tick broadcast device is the
 * usual case of the second kind: its affinity follows the CPU whose event
 * is due next, a single CPU.
 *
 * Why it matters here: an SPI left on a CPU that is down stays pending at
 * a CPU interface that is switched off. TC2's GIC then raises that CPU's
 * wake-up request, which the SPC answers by releasing it from reset (the
 * kernel armed its wake-up interrupt when it powered down). The boot
 * firmware finds no resume address, goes back to WFI, and the SPC holds it
 * in reset again, round and round.
 *
 * Simplification: the GIC moves an SPI at once, so there is no deferred
 * move of an interrupt in flight; no managed interrupts, no interrupt
 * threads; the broken affinity is not reported (upstream: a rate-limited
 * debug line).
 */
#include "linux/interrupt.h"
#include "linux/smp.h"

/* The whole affinity goes to the chip, which picks an online CPU of it:
 * the offline ones stay in it for when they come back. */
static void migrate_one_irq(struct irq_data *d)
{
	u32 to = d->affinity;

	if (!(to & cpu_online_bits))
		to = cpu_online_bits;	/* broken affinity */
	irq_do_set_affinity(d, to, false);
}

void irq_migrate_all_off_this_cpu(void)
{
	const u32 self = BIT(smp_processor_id());
	unsigned int irq;

	for (irq = 0; irq < NR_IRQS; irq++) {
		struct irq_data *d = irq_get_irq_data(irq);

		if (!d || d->per_cpu || !d->chip->irq_set_affinity)
			continue;
		if (d->effective_affinity & self)
			migrate_one_irq(d);
	}
}
