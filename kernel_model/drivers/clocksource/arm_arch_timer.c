// SPDX-License-Identifier: GPL-2.0-only
/*
 * arm_arch_timer.c - the ARM generic timer as clock event device
 * (drivers/clocksource/arm_arch_timer.c): the non-secure physical timer,
 * programmed through CP15 CNTP_CVAL/CNTP_CTL, interrupting on its PPI.
 */
#include <libfdt.h>

#include "linux/interrupt.h"
#include "linux/smp.h"
#include "linux/tick.h"

static unsigned int arch_timer_ppi;
static u32 arch_timer_rate;
static bool arch_timer_c3stop;

/* CLOCK_EVT_FEAT_C3STOP: set unless the DT says "always-on". */
bool arch_timer_stops_in_deep_idle(void)
{
	return arch_timer_c3stop;
}

/* Models arch_timer_handler_phys(): mask, then let the tick code run. */
static irqreturn_t arch_timer_handler_phys(int irq, void *dev)
{
	u32 ctl = read_cntp_ctl();

	if (!(ctl & CNTP_CTL_ISTATUS))
		return IRQ_NONE;
	write_cntp_ctl(ctl | CNTP_CTL_IMASK);
	tick_handle_event();
	return IRQ_HANDLED;
}

/* Models arch_timer_set_next_event_phys() with an absolute expiry. */
void clockevents_program_event(u64 expires_ns)
{
	u64 cval = (u64)((unsigned __int128)expires_ns * arch_timer_rate / 1000000000u);

	write_cntp_cval(cval);
	write_cntp_ctl(CNTP_CTL_ENABLE);
}

/* Models arch_timer_shutdown_phys(). */
void clockevents_shutdown(void)
{
	write_cntp_ctl(0);
}

/* Models arch_timer_starting_cpu(): this CPU's timer and PPI. */
void arch_timer_starting_cpu(void)
{
	write_cntp_ctl(0);
	enable_percpu_irq(arch_timer_ppi);
	tick_init_cpu();
}

/* Models arch_timer_of_init(): the second PPI is the non-secure physical
 * timer; the rate comes from clock-frequency or CNTFRQ. */
int arch_timer_of_init(const void *fdt)
{
	int node = fdt_node_offset_by_compatible(fdt, -1, "arm,armv7-timer");
	const fdt32_t *irqs;
	int len, ret;

	if (node < 0)
		hw_panic("no arm,armv7-timer node");
	irqs = fdt_getprop(fdt, node, "interrupts", &len);
	if (!irqs || len < 6 * 4)
		hw_panic("arch_timer: no interrupts");
	arch_timer_ppi = 16 + fdt32_to_cpu(irqs[4]);
	arch_timer_rate = read_cntfrq();
	arch_timer_c3stop = !fdt_getprop(fdt, node, "always-on", NULL);
	ret = request_percpu_irq(arch_timer_ppi, arch_timer_handler_phys,
				 "arch_timer", NULL);
	if (ret)
		hw_panic("arch_timer: cannot request PPI %u (%d)", arch_timer_ppi, ret);
	pr_info("arch_timer: cp15 timer running at %u.%02uMHz (phys), PPI %u\n",
		arch_timer_rate / 1000000, (arch_timer_rate / 10000) % 100,
		arch_timer_ppi);
	return 0;
}
