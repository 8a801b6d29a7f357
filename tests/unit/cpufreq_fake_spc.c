// SPDX-License-Identifier: GPL-2.0-only
/* cpufreq_fake_spc.c - see cpufreq_fake_spc.h. */
#include "cpufreq_fake_spc.h"

#include "fake_hw.h"
#include "regs/gic400.h"
#include "regs/tc2_scc.h"

const uint32_t cpufreq_fake_spc_tc2_opps[2][8][2] = {
	{ { 500000, 900000 }, { 600000, 925000 }, { 700000, 950000 }, { 800000, 975000 },
	  { 900000, 1000000 }, { 1000000, 1025000 }, { 1100000, 1040000 }, { 1200000, 1050000 } },
	{ { 350000, 900000 }, { 400000, 900000 }, { 500000, 925000 }, { 600000, 950000 },
	  { 700000, 975000 }, { 800000, 1000000 }, { 900000, 1025000 }, { 1000000, 1050000 } },
};

#define QLEN 16
static struct { uint32_t off, val; } q[QLEN];
static volatile unsigned int q_head, q_tail;
static unsigned int responder = ~0u;
static uint32_t lat_us;
static volatile bool muted;
static unsigned int perf_reqs[2], comms_reqs;

/* The kernel's SPC writes that start an operation. */
static void observe(const struct fake_hw_event *ev, void *arg)
{
	(void)arg;
	if (ev->kind != FAKE_EV_SPC_WRITE || fake_hw_current_core() == (int)responder)
		return;
	if (ev->a != PERF_LVL_A15 && ev->a != PERF_LVL_A7 && ev->a != COMMS)
		return;
	if (ev->a == COMMS)
		comms_reqs++;
	else
		perf_reqs[ev->a == PERF_LVL_A7]++;
	if (q_tail - q_head < QLEN) {
		q[q_tail % QLEN].off = ev->a;
		q[q_tail % QLEN].val = ev->b;
		q_tail++;
	}
	fake_hw_send_event();
}

static uint32_t opp_word(unsigned int cl, unsigned int i)
{
	return ((cpufreq_fake_spc_tc2_opps[cl][i][1] / 1000) << 20) |
	       (cpufreq_fake_spc_tc2_opps[cl][i][0] / 20);
}

/* The SPC's microcontroller, on a spare core. */
static void responder_main(void *arg)
{
	(void)arg;
	arch_local_irq_disable();
	for (;;) {
		uint32_t off, val, status;

		while (q_head == q_tail)
			wfe();
		off = q[q_head % QLEN].off;
		val = q[q_head % QLEN].val;
		q_head++;
		if (muted)
			continue;
		hw_udelay(lat_us);
		if (off == COMMS) {
			uint32_t o = (val & SPC_SYSCFG_OFFSET_MASK) << 2;
			unsigned int cl = o >= SPC_A7_PERFVAL_BASE ? 1 : 0;
			uint32_t base = cl ? SPC_A7_PERFVAL_BASE : SPC_A15_PERFVAL_BASE;

			if (o >= base && o < base + 4 * SPC_MAX_OPPS) {
				writel_relaxed(opp_word(cl, (o - base) / 4), FAKE_SPC_BASE + SYSCFG_RDATA);
				status = SPC_STAT_COMPLETE(SPC_SYS_CFG);
			} else {
				status = SPC_STAT_ERR(SPC_SYS_CFG);
			}
		} else {
			unsigned int t = off == PERF_LVL_A7 ? SPC_CA7_DVFS : SPC_CA15_DVFS;

			status = val < SPC_MAX_OPPS ? SPC_STAT_COMPLETE(t) : SPC_STAT_ERR(t);
		}
		writel_relaxed(status, FAKE_SPC_BASE + PWC_STATUS);
		fake_hw_post_irq(0, FAKE_SCC_IRQ, 0);
	}
}

void cpufreq_fake_spc_install(unsigned int core, uint32_t latency_us)
{
	q_head = q_tail = 0;
	muted = false;
	perf_reqs[0] = perf_reqs[1] = comms_reqs = 0;
	responder = core;
	lat_us = latency_us;
	fake_hw_set_observer(observe, NULL);
	fake_hw_start_core(core, responder_main, NULL, false);
}

void cpufreq_fake_spc_set_mute(bool mute)
{
	muted = mute;
}

unsigned int cpufreq_fake_spc_perf_requests(unsigned int cluster)
{
	return perf_reqs[cluster & 1];
}

unsigned int cpufreq_fake_spc_comms_requests(void)
{
	return comms_reqs;
}

/* ---- a minimal interrupt set-up, instead of the GIC driver --------------------
 * Linking drivers/irqchip/irq-gic.c (or arch/arm/kernel/smp.c, which pulls it)
 * into unit_tests would give tc2_pm.c the real gic_cpu_if_down, which the MCPM
 * rig never initialises. So the cpufreq tests enable the fake GIC by hand
 * (as cpuidle_test.cc does) and keep cpu.c/smp.c out with the two weak idle
 * hooks below. */
#include "linux/interrupt.h"


static void t_mask(struct irq_data *d)
{
	writel_relaxed(1u << (d->hwirq % 32), FAKE_GICD_BASE + GIC_DIST_ENABLE_CLEAR + 4 * (d->hwirq / 32));
}

static void t_unmask(struct irq_data *d)
{
	writel_relaxed(1u << (d->hwirq % 32), FAKE_GICD_BASE + GIC_DIST_ENABLE_SET + 4 * (d->hwirq / 32));
}

static struct irq_chip test_chip = { "test-gic", t_mask, t_unmask, NULL, NULL };

static void test_handle_irq(void)
{
	for (;;) {
		uint32_t iar = readl_relaxed(FAKE_GICC_BASE + GIC_CPU_INTACK);
		unsigned int irq = iar & GICC_IAR_INT_ID_MASK;

		if (irq >= 1020)
			return;
		generic_handle_irq(irq);
		writel_relaxed(iar, FAKE_GICC_BASE + GIC_CPU_EOI);
	}
}

void cpufreq_test_irq_init(void)
{
	unsigned int spi = FAKE_SCC_IRQ;
	uint32_t t;

	writel_relaxed(1, FAKE_GICD_BASE + GIC_DIST_CTRL);
	writel_relaxed(0xf0, FAKE_GICC_BASE + GIC_CPU_PRIMASK);
	writel_relaxed(1, FAKE_GICC_BASE + GIC_CPU_CTRL);
	t = readl_relaxed(FAKE_GICD_BASE + GIC_DIST_TARGET + (spi & ~3u));
	t |= 1u << (8 * (spi % 4));   /* to core 0 */
	writel_relaxed(t, FAKE_GICD_BASE + GIC_DIST_TARGET + (spi & ~3u));
	irq_set_chip_and_data(30, &test_chip, NULL);
	irq_set_percpu_devid(30);
	irq_set_chip_and_data(spi, &test_chip, NULL);
	hw_set_irq_handler(test_handle_irq);
}

/* kernel/cpu.c's, weak: keeps cpu.c (and with it smp.c and irq-gic.c) out of
 * the link; where they are linked, theirs win. */
__attribute__((weak)) bool cpu_should_die(void)
{
	return false;
}

__attribute__((weak)) void arch_cpu_idle_dead(void)
{
	hw_panic("arch_cpu_idle_dead: kernel/cpu.c is not linked in this test");
}
