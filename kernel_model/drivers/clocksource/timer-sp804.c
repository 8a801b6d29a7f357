/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * timer-sp804.c - the ARM SP804 dual timer as clock event device
 * (drivers/clocksource/timer-sp804.c): timer 1 of the motherboard's
 * timer01, one-shot, interrupting on its SPI; on TC2 it is the tick
 * broadcast device (the generic timers stop in cluster-sleep).
 *
 * Probe: the first "arm,sp804" node whose parent is the DT root (blsim's
 * configs/tc2.dts; for the upstream DT, whose timers sit under the
 * motherboard's nested buses, the simulator adds such a node). The rate is
 * the node's clock-frequency (upstream: the timclken1 clock), else 1 MHz.
 * Timer 2 (upstream: the sched_clock/clocksource) is not used: the arch
 * counter is the clocksource. CLOCK_EVT_FEAT_DYNIRQ: the broadcast core
 * routes the SPI to the CPU whose event is next.
 */
#include <libfdt.h>

#include "linux/interrupt.h"
#include "linux/tick.h"
#include "regs/sp804.h"


static phys_addr_t clkevt_base;

/* Acknowledge at the timer first, then run the tick machinery. */
static irqreturn_t sp804_timer_interrupt(int irq, void *dev_id)
{
	struct clock_event_device *ce = dev_id;

	(void)irq;
	writel(1, clkevt_base + TIMER_INTCLR);
	ce->event_handler(ce);
	return IRQ_HANDLED;
}

static int sp804_shutdown(struct clock_event_device *ce)
{
	(void)ce;
	writel(0, clkevt_base + TIMER_CTRL);
	return 0;
}

/* One-shot, 32-bit, interrupting: load the count, then start. */
static int sp804_set_next_event(unsigned long ticks, struct clock_event_device *ce)
{
	const u32 oneshot = TIMER_CTRL_ENABLE | TIMER_CTRL_IE | TIMER_CTRL_32BIT | TIMER_CTRL_ONESHOT;

	(void)ce;
	writel((u32)ticks, clkevt_base + TIMER_LOAD);
	writel(oneshot, clkevt_base + TIMER_CTRL);
	return 0;
}

static struct clock_event_device sp804_clockevent = {
	.name = "timer0",
	.dynirq = true,
	.set_next_event = sp804_set_next_event,
	.set_state_shutdown = sp804_shutdown,
};

/* Models sp804_of_init() + __sp804_clockevents_init() for timer 1. */
int sp804_timer_of_init(const void *fdt)
{
	int node = -1, parent, ac, len, ret;
	const fdt32_t *reg, *irqs, *freq;

	for (;;) {
		node = fdt_node_offset_by_compatible(fdt, node, "arm,sp804");
		if (node < 0) {
			pr_warn("sp804: no arm,sp804 timer: no tick broadcast, idle states that stop the local timer are not used\n");
			return -ENODEV;
		}
		if (fdt_parent_offset(fdt, node) == 0)
			break;
	}
	parent = fdt_parent_offset(fdt, node);
	ac = fdt_address_cells(fdt, parent);
	reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg || len < ac * 4)
		return -EINVAL;
	irqs = fdt_getprop(fdt, node, "interrupts", &len);
	if (!irqs || len < 12)
		return -EINVAL;
	clkevt_base = ac == 2 ? ((u64)fdt32_to_cpu(reg[0]) << 32) | fdt32_to_cpu(reg[1])
			      : fdt32_to_cpu(reg[0]);
	freq = fdt_getprop(fdt, node, "clock-frequency", &len);
	sp804_clockevent.rate_hz = freq && len == 4 ? fdt32_to_cpu(*freq) : 1000000;
	sp804_clockevent.irq = 32 + fdt32_to_cpu(irqs[1]);
	sp804_clockevent.min_delta_ticks = 0xf;
	sp804_clockevent.max_delta_ticks = 0xffffffff;
	writel(0, clkevt_base + TIMER_CTRL);
	ret = request_irq(sp804_clockevent.irq, sp804_timer_interrupt, "timer0", &sp804_clockevent);
	if (ret) {
		pr_err("sp804: cannot request irq %u (%d): no tick broadcast\n",
		       sp804_clockevent.irq, ret);
		return ret;
	}
	tick_install_broadcast_device(&sp804_clockevent);
	pr_info("sp804: timer0 at 0x%llx, irq %u, %u Hz\n", (unsigned long long)clkevt_base,
		sp804_clockevent.irq, sp804_clockevent.rate_hz);
	return 0;
}
