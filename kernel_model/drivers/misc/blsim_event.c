// SPDX-License-Identifier: GPL-2.0-only
/*
 * blsim_event.c - driver of the blsim event mailbox, the simulator's device
 * that delivers scripted events (--event) to the kernel, as a user writing
 * to sysfs would: the interrupt queues work, the work carries the command
 * out in process context and writes the result back.
 */
#include <libfdt.h>

#include "asm/bL_switcher.h"
#include "linux/init.h"
#include "linux/interrupt.h"
#include "linux/smp.h"
#include "linux/tick.h"
#include "linux/workqueue.h"
#include "regs/blsim_event.h"

/* A CPU hog, as a kworker spinning: integer work in small chunks until its
 * wall-time budget is spent, so the governors see 100% load on that CPU. */
struct hog {
	struct work_struct work;
	u64 ns;
	volatile u32 running;   /* set by the hog's CPU, read by the event work's */
};
static struct hog hogs[NR_CPUS];

static void hog_work(struct work_struct *w)
{
	struct hog *h = container_of(w, struct hog, work);
	u64 end = ktime_get_ns() + h->ns;

	hw_store32(&h->running, 1);
	while (ktime_get_ns() < end)
		hw_run(100000, HW_WORK_INT);   /* ~60-200 us a chunk; interrupts cut it */
	hw_store32(&h->running, 0);
}

static int start_hog(unsigned int cpu, u32 ms)
{
	if (cpu >= nr_cpu_ids || !cpu_online(cpu)) {
		pr_err("blsim-event: busy: CPU%u is not online\n", cpu);
		return -EINVAL;
	}
	if (ms == 0) {
		pr_err("blsim-event: busy: a duration of 0 ms\n");
		return -EINVAL;
	}
	/* Busy means queued (queue_work_on refuses) or running: a second hog
	 * would otherwise run after the first and double the load's length. */
	if (hw_load32(&hogs[cpu].running)) {
		pr_err("blsim-event: busy: CPU%u is already busy\n", cpu);
		return -EBUSY;
	}
	hogs[cpu].work.func = hog_work;
	hogs[cpu].ns = (u64)ms * 1000000u;
	if (!queue_work_on(cpu, &hogs[cpu].work)) {
		pr_err("blsim-event: busy: CPU%u is already busy\n", cpu);
		return -EBUSY;
	}
	return 0;
}

static phys_addr_t ev_base;
static unsigned int ev_irq;
static struct work_struct ev_work;

/* The command presented by the mailbox, in process context. */
static void blsim_event_work(struct work_struct *w)
{
	u32 cmd = readl(ev_base + EV_CMD), arg = readl(ev_base + EV_ARG0);
	int ret;

	switch (cmd) {
	case EV_CPU_DOWN:
		ret = cpu_down(arg);
		break;
	case EV_CPU_UP:
		ret = cpu_up(arg);
		break;
	case EV_BUSY:
		ret = start_hog(arg, readl(ev_base + EV_ARG1));
		break;
	case EV_IPI:
		if (arg >= nr_cpu_ids || !cpu_online(arg)) {
			pr_err("blsim-event: ipi: CPU%u is not online\n", arg);
			ret = -EINVAL;
		} else {
			smp_send_ipi(arg, IPI_CALL_FUNC);
			ret = 0;
		}
		break;
	case EV_SWITCHER:
		/* /sys/kernel/bL_switcher/active */
		if (arg) {
			ret = bL_switcher_enable();
		} else {
			bL_switcher_disable();
			ret = 0;
		}
		break;
	case EV_SWITCH:
		/* The request is queued to the CPU's switcher thread; the event
		 * is acknowledged once it is accepted, as a sysfs write is. */
		ret = bL_switch_request_event(arg, readl(ev_base + EV_ARG1));
		break;
	default:
		pr_err("blsim-event: unknown command %u\n", cmd);
		ret = -EINVAL;
		break;
	}
	writel((u32)ret, ev_base + EV_ACK);
	enable_irq(ev_irq);
}

/* Like a threaded IRQ with IRQF_ONESHOT: mask until the work is done. */
static irqreturn_t blsim_event_irq(int irq, void *dev)
{
	disable_irq(ev_irq);
	schedule_work(&ev_work);
	return IRQ_HANDLED;
}

/* Probe the "blsim,event-mailbox" node. */
int blsim_event_init(const void *fdt)
{
	int node = fdt_node_offset_by_compatible(fdt, -1, "blsim,event-mailbox");
	int parent, ac, len, ret;
	const fdt32_t *reg, *irqs;

	if (node < 0)
		return -ENODEV;
	parent = fdt_parent_offset(fdt, node);
	ac = fdt_address_cells(fdt, parent);
	reg = fdt_getprop(fdt, node, "reg", &len);
	irqs = fdt_getprop(fdt, node, "interrupts", &len);
	if (!reg || !irqs || len < 12)
		return -EINVAL;
	ev_base = ac == 2 ? ((u64)fdt32_to_cpu(reg[0]) << 32) | fdt32_to_cpu(reg[1])
			  : fdt32_to_cpu(reg[0]);
	ev_irq = 32 + fdt32_to_cpu(irqs[1]);
	ev_work.func = blsim_event_work;
	ret = request_irq(ev_irq, blsim_event_irq, "blsim-event", NULL);
	if (ret)
		return ret;
	pr_info("blsim-event: mailbox at 0x%llx, irq %u\n", (unsigned long long)ev_base, ev_irq);
	return 0;
}
