/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * drivers/irqchip/irq-gic.c - the GICv2 driver (GIC-400 on TC2), modelled
 * on Linux's drivers/irqchip/irq-gic.c of the big.LITTLE switcher era.
 *
 * One GIC (upstream's gic_data[0]); virtual IRQ = GIC interrupt ID (see
 * linux/interrupt.h). SGIs 0-15 are IPIs, PPIs 16-31 per-CPU interrupts,
 * SPIs 32.. shared ones.
 */
#include <libfdt.h>

#include "linux/cpu_pm.h"
#include "linux/interrupt.h"
#include "linux/irqchip/arm-gic.h"
#include "linux/smp.h"

/* struct gic_chip_data */
struct gic_chip_data {
	phys_addr_t dist_base;
	phys_addr_t cpu_base;
	unsigned int gic_irqs;
};

static struct gic_chip_data gic_data;

/* Logical CPU -> GIC CPU interface mask. 0xff until gic_cpu_init probes
 * it, so that an early IPI reaches every interface, as upstream. */
u8 gic_cpu_map[NR_CPUS];

/* irq_controller_lock: serialises read-modify-writes of GICD_ITARGETSR
 * against each other and against gic_migrate_target, and SGI sends
 * against retargeting. An ldrex/strex lock, taken with IRQs off. */
static volatile uint32_t irq_controller_lock;

/* raw_spin_lock_irqsave(&irq_controller_lock) */
static unsigned long gic_lock(void)
{
	unsigned long flags = arch_local_irq_save();

	while (hw_cmpxchg32(&irq_controller_lock, 0, 1) != 0)
		;
	dmb();
	return flags;
}

/* raw_spin_unlock_irqrestore(&irq_controller_lock) */
static void gic_unlock(unsigned long flags)
{
	dmb();
	hw_store32(&irq_controller_lock, 0);
	arch_local_irq_restore(flags);
}

/* gic_dist_base / gic_data_dist_base */
static phys_addr_t gic_dist_base(void)
{
	return gic_data.dist_base;
}

/* gic_cpu_base / gic_data_cpu_base */
static phys_addr_t gic_cpu_base(void)
{
	return gic_data.cpu_base;
}

/* gic_irq: the hardware interrupt ID of an irq_data. */
static unsigned int gic_irq(struct irq_data *d)
{
	return (unsigned int)d->hwirq;
}

/* Models gic_mask_irq: GICD_ICENABLERn is write-1-to-clear, no RMW. */
static void gic_mask_irq(struct irq_data *d)
{
	u32 mask = BIT(gic_irq(d) % 32);

	writel_relaxed(mask, gic_dist_base() + GIC_DIST_ENABLE_CLEAR +
		       (gic_irq(d) / 32) * 4);
}

/* Models gic_unmask_irq: GICD_ISENABLERn is write-1-to-set. */
static void gic_unmask_irq(struct irq_data *d)
{
	u32 mask = BIT(gic_irq(d) % 32);

	writel_relaxed(mask, gic_dist_base() + GIC_DIST_ENABLE_SET +
		       (gic_irq(d) / 32) * 4);
}

/* Models gic_eoi_irq: priority drop and deactivation (EOImode 0). */
static void gic_eoi_irq(struct irq_data *d)
{
	writel_relaxed(gic_irq(d), gic_cpu_base() + GIC_CPU_EOI);
}

/* Lowest logical CPU in a mask, or NR_CPUS (cpumask_first). */
static unsigned int first_cpu(u32 mask)
{
	unsigned int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++)
		if (mask & BIT(cpu))
			return cpu;
	return NR_CPUS;
}

/* Models gic_set_affinity: route an SPI to one CPU interface, the first
 * online CPU of mask_val (any of it when forced). */
static int gic_set_affinity(struct irq_data *d, u32 mask_val, bool force)
{
	unsigned int hwirq = gic_irq(d);
	phys_addr_t reg = gic_dist_base() + GIC_DIST_TARGET + (hwirq & ~3u);
	unsigned int shift = (hwirq % 4) * 8;
	unsigned int cpu = first_cpu(force ? mask_val : mask_val & cpu_online_bits);
	unsigned long flags;
	u32 val;

	if (hwirq < GIC_FIRST_SPI || cpu >= NR_CPUS)
		return -EINVAL;
	/* Race avoided: two CPUs retargeting SPIs of the same word would lose
	 * one update between the readl and the writel. */
	flags = gic_lock();
	val = readl_relaxed(reg) & ~(0xffu << shift);
	writel_relaxed(val | ((u32)gic_cpu_map[cpu] << shift), reg);
	/* Under the lock, as the target byte: a CPU retargeting it meanwhile
	 * (the broadcast timer's) must not leave the two disagreeing. */
	irq_data_update_effective_affinity(d, BIT(cpu));
	gic_unlock(flags);
	return 0;
}

static struct irq_chip gic_chip = {
	.name = "GIC",
	.irq_mask = gic_mask_irq,
	.irq_unmask = gic_unmask_irq,
	.irq_eoi = gic_eoi_irq,
	.irq_set_affinity = gic_set_affinity,
};

/* Models gic_handle_irq: acknowledge until spurious. SGIs are EOId before
 * the IPI is handled, as upstream; others after their handler. */
void gic_handle_irq(void)
{
	for (;;) {
		u32 irqstat = readl_relaxed(gic_cpu_base() + GIC_CPU_INTACK);
		u32 irqnr = irqstat & GICC_IAR_INT_ID_MASK;

		if (irqnr >= GIC_NR_SGIS && irqnr < GIC_MAX_IRQS) {
			if (generic_handle_irq(irqnr))
				pr_warn("GIC: unexpected interrupt %u\n", irqnr);
			writel_relaxed(irqstat, gic_cpu_base() + GIC_CPU_EOI);
			continue;
		}
		if (irqnr < GIC_NR_SGIS) {
			writel_relaxed(irqstat, gic_cpu_base() + GIC_CPU_EOI);
			handle_IPI(irqnr);
			continue;
		}
		break;	/* 1020..1023: nothing (more) for this CPU */
	}
}

/* Models gic_get_cpumask: ITARGETSR0-7 read back the requester's mask. */
static u8 gic_get_cpumask(void)
{
	unsigned int off;
	u32 word = 0;

	/* The banked target bytes of the first SGIs/PPIs read back as the
	 * calling CPU's own interface bit; fold a word's four bytes into one. */
	for (off = 0; off < 32 && word == 0; off += 4) {
		word = readl_relaxed(gic_dist_base() + GIC_DIST_TARGET + off);
		word |= word >> 16;
		word |= word >> 8;
	}
	if (word == 0)
		pr_err("GIC CPU mask not found - kernel will fail to boot.\n");
	return (u8)word;
}

/* Models gic_dist_config: SPIs level-triggered, default priority, off. */
static void gic_dist_config(void)
{
	phys_addr_t base = gic_dist_base();
	unsigned int i;

	for (i = GIC_FIRST_SPI; i < gic_data.gic_irqs; i += 16)
		writel_relaxed(GICD_INT_ACTLOW_LVLTRIG,
			       base + GIC_DIST_CONFIG + i / 4);
	for (i = GIC_FIRST_SPI; i < gic_data.gic_irqs; i += 4)
		writel_relaxed(GICD_INT_DEF_PRI_X4, base + GIC_DIST_PRI + i);
	for (i = GIC_FIRST_SPI; i < gic_data.gic_irqs; i += 32)
		writel_relaxed(GICD_INT_EN_CLR_X32,
			       base + GIC_DIST_ENABLE_CLEAR + i / 8);
}

/* Models gic_dist_init: every SPI to the boot CPU, then enable. */
void gic_dist_init(void)
{
	phys_addr_t base = gic_dist_base();
	u32 four_targets;
	unsigned int irq;

	writel_relaxed(GICD_DISABLE, base + GIC_DIST_CTRL);
	/* The boot CPU's bit in each of the four target bytes of a word. */
	four_targets = gic_get_cpumask() * 0x01010101u;
	for (irq = GIC_FIRST_SPI; irq < gic_data.gic_irqs; irq += 4)
		writel_relaxed(four_targets, base + GIC_DIST_TARGET + irq);
	for (irq = GIC_FIRST_SPI; irq < gic_data.gic_irqs; irq++)
		irq_data_update_effective_affinity(irq_get_irq_data(irq),
						   BIT(smp_processor_id()));
	gic_dist_config();
	writel_relaxed(GICD_ENABLE, base + GIC_DIST_CTRL);
}

/* Models gic_cpu_config: the banked SGI/PPI half of the distributor. */
static void gic_cpu_config(void)
{
	phys_addr_t base = gic_dist_base();
	unsigned int i;

	writel_relaxed(GICD_INT_EN_CLR_PPI, base + GIC_DIST_ENABLE_CLEAR);
	writel_relaxed(GICD_INT_EN_SET_SGI, base + GIC_DIST_ENABLE_SET);
	for (i = 0; i < GIC_FIRST_SPI; i += 4)
		writel_relaxed(GICD_INT_DEF_PRI_X4, base + GIC_DIST_PRI + i);
}

/* Models gic_cpu_if_up: enable group 0 signalling on this interface. */
static void gic_cpu_if_up(void)
{
	writel_relaxed(GICC_ENABLE, gic_cpu_base() + GIC_CPU_CTRL);
}

/* Models gic_cpu_init: learn this CPU's interface, configure, enable. */
void gic_cpu_init(void)
{
	unsigned int cpu = smp_processor_id();
	u8 cpu_mask = gic_get_cpumask();
	unsigned int i;

	BUG_ON(cpu >= NR_CPUS);
	/* Plain C between two MMIO accesses: the map update is atomic. A CPU
	 * interface is owned by one logical CPU: take it from any other
	 * (those still at their 0xff boot default). */
	gic_cpu_map[cpu] = cpu_mask;
	for (i = 0; i < NR_CPUS; i++)
		if (i != cpu)
			gic_cpu_map[i] &= (u8)~cpu_mask;
	gic_cpu_config();
	writel_relaxed(GICC_INT_PRI_THRESHOLD, gic_cpu_base() + GIC_CPU_PRIMASK);
	gic_cpu_if_up();
}

/* Models gic_cpu_if_down: stop signalling IRQs to this core; the GIC's
 * wake-up output still asserts for its pending interrupts. */
void gic_cpu_if_down(void)
{
	phys_addr_t ctrl;

	if (!gic_data.gic_irqs)
		return;  /* no GIC probed (MCPM rigs without one): nothing to cut */
	ctrl = gic_cpu_base() + GIC_CPU_CTRL;

	writel_relaxed(readl_relaxed(ctrl) & ~(u32)GICC_ENABLE, ctrl);
}

/* Models gic_raise_softirq: logical CPUs -> CPU interfaces via
 * gic_cpu_map, then one GICD_SGIR write. */
void gic_raise_softirq(u32 cpu_mask, unsigned int sgi)
{
	unsigned long flags;
	unsigned int cpu;
	u32 map = 0;

	/* Race avoided: gic_migrate_target rewrites gic_cpu_map under the
	 * lock; an SGI must go to the old or the new interface, not neither. */
	flags = gic_lock();
	for (cpu = 0; cpu < NR_CPUS; cpu++)
		if (cpu_mask & BIT(cpu))
			map |= gic_cpu_map[cpu];
	/* Stores before the IPI must be visible to its receiver (dmb ishst). */
	dmb();
	writel_relaxed(GICD_SGIR_TARGET_LIST | map << GICD_SGIR_CPU_SHIFT |
		       (sgi & 0xf), gic_dist_base() + GIC_DIST_SOFTINT);
	gic_unlock(flags);
}

/* Models gic_send_sgi: an SGI to one CPU interface by number. */
void gic_send_sgi(unsigned int cpu_id, unsigned int sgi)
{
	BUG_ON(cpu_id >= NR_GIC_CPU_IF);
	dmb();
	writel_relaxed(GICD_SGIR_TARGET_LIST | BIT(cpu_id) << GICD_SGIR_CPU_SHIFT |
		       (sgi & 0xf), gic_dist_base() + GIC_DIST_SOFTINT);
}

/* Models gic_get_cpu_id: the interface number of a logical CPU, or -1
 * if it has none yet or is still at the all-interfaces default. */
int gic_get_cpu_id(unsigned int cpu)
{
	unsigned int cpu_bit, id;

	if (cpu >= NR_CPUS)
		return -1;
	cpu_bit = gic_cpu_map[cpu];
	if (cpu_bit == 0 || (cpu_bit & (cpu_bit - 1)))
		return -1;
	for (id = 0; !(cpu_bit & BIT(id)); id++)
		;
	return (int)id;
}

/* Rotate a 32-bit word right (ror32). */
static u32 ror32(u32 v, unsigned int n)
{
	n &= 31;
	return n ? (v >> n) | (v << (32 - n)) : v;
}

/*
 * Models gic_migrate_target(): the in-kernel switcher moves this logical
 * CPU's interrupts from its current CPU interface to new_cpu_id, with IRQs
 * off on the outbound. Three things move:
 *  - gic_cpu_map[cpu], so IPIs sent from now on go to the inbound;
 *  - every SPI whose ITARGETSR names the current interface (bytes 0-31 are
 *    the read-only banked SGI/PPI targets and are skipped);
 *  - SGIs already pending for the current interface: SPENDSGIR is banked
 *    per interface, so they are cleared here and re-sent to the new one
 *    through SGIR (the source CPU is lost; Linux does not use it).
 * Race avoided: an IPI sender holds irq_controller_lock while it reads
 * gic_cpu_map, so every SGI reaches either the old interface (and is then
 * forwarded by the loop below) or the new one, never neither or both.
 */
void gic_migrate_target(unsigned int new_cpu_id)
{
	unsigned int cpu = smp_processor_id(), cur_cpu_id, i, j;
	phys_addr_t dist = gic_dist_base();
	u32 cur_mask, val, moving;
	unsigned long flags;
	int ror_val;

	BUG_ON(new_cpu_id >= NR_GIC_CPU_IF);
	cur_cpu_id = (unsigned int)__builtin_ctz(gic_cpu_map[cpu]);
	cur_mask = 0x01010101u << cur_cpu_id;
	ror_val = (int)((cur_cpu_id - new_cpu_id) & 31);

	flags = gic_lock();
	gic_cpu_map[cpu] = (u8)BIT(new_cpu_id);
	for (i = GIC_FIRST_SPI / 4; i < (gic_data.gic_irqs + 3) / 4; i++) {
		val = readl_relaxed(dist + GIC_DIST_TARGET + i * 4);
		moving = val & cur_mask;
		if (!moving)
			continue;
		val &= ~moving;
		val |= ror32(moving, (unsigned int)ror_val);
		writel_relaxed(val, dist + GIC_DIST_TARGET + i * 4);
	}
	gic_unlock(flags);

	/* SGIs still pending for this interface: take each word off it and
	 * raise every SGI with a pending source again, aimed at the new one. */
	for (i = 0; i < GIC_NR_SGIS; i += 4) {
		u32 pend = readl_relaxed(dist + GIC_DIST_SGI_PENDING_SET + i);

		if (pend == 0)
			continue;
		writel_relaxed(pend, dist + GIC_DIST_SGI_PENDING_CLEAR + i);
		for (j = 0; j < 4; j++) {
			if ((pend >> (8 * j)) & 0xff)
				writel_relaxed(BIT(new_cpu_id) << GICD_SGIR_CPU_SHIFT | (i + j),
					       dist + GIC_DIST_SOFTINT);
		}
	}
}

/* What gic_cpu_save keeps of the banked SGI/PPI state (gic_cpu_save's
 * ptr arrays), per logical CPU: it follows the logical CPU to whichever
 * interface restores it. */
static struct {
	u32 enable;
	u32 pri[8];
} gic_saved[NR_CPUS];

/* Models gic_cpu_save(): the calling CPU interface's banked enables and
 * priorities, before it loses power (CPU_PM_ENTER). */
void gic_cpu_save(void)
{
	unsigned int cpu = smp_processor_id(), i;
	phys_addr_t dist = gic_dist_base();

	gic_saved[cpu].enable = readl_relaxed(dist + GIC_DIST_ENABLE_SET);
	for (i = 0; i < 8; i++)
		gic_saved[cpu].pri[i] = readl_relaxed(dist + GIC_DIST_PRI + i * 4);
}

/* Models gic_cpu_restore(): put them back on the (possibly new) interface,
 * then enable it (CPU_PM_EXIT). */
void gic_cpu_restore(void)
{
	unsigned int cpu = smp_processor_id(), i;
	phys_addr_t dist = gic_dist_base();

	for (i = 0; i < 8; i++)
		writel_relaxed(gic_saved[cpu].pri[i], dist + GIC_DIST_PRI + i * 4);
	writel_relaxed(gic_saved[cpu].enable, dist + GIC_DIST_ENABLE_SET);
	writel_relaxed(GICC_INT_PRI_THRESHOLD, gic_cpu_base() + GIC_CPU_PRIMASK);
	writel_relaxed(GICC_ENABLE, gic_cpu_base() + GIC_CPU_CTRL);
}

/* Models gic_notifier(): the CPU interface's banked state across a CPU
 * power-down (cpuidle cluster-sleep, the switcher). */
static int gic_notifier(struct notifier_block *nb, unsigned long cmd, void *v)
{
	switch (cmd) {
	case CPU_PM_ENTER:
		gic_cpu_save();
		break;
	case CPU_PM_ENTER_FAILED:
	case CPU_PM_EXIT:
		gic_cpu_restore();
		break;
	default:
		break;
	}
	return NOTIFY_OK;
}

static struct notifier_block gic_pm_nb = {
	.notifier_call = gic_notifier,
};

/* Models gic_cpu_pm_init(). */
void gic_cpu_pm_init(void)
{
	cpu_pm_register_notifier(&gic_pm_nb);
}

/* Models gic_get_sgir_physaddr(): for MCPM's early poke. */
phys_addr_t gic_get_sgir_physaddr(void)
{
	return gic_dist_base() + GIC_DIST_SOFTINT;
}

/* The number of interrupt IDs, from GICD_TYPER.ITLinesNumber. */
unsigned int gic_nr_irqs(void)
{
	return gic_data.gic_irqs;
}

/* Models gic_irq_domain_map: PPIs per-CPU, SPIs shared; SGIs stay IPIs. */
static int gic_map_irqs(void)
{
	unsigned int irq;
	int ret = 0;

	for (irq = GIC_NR_SGIS; irq < gic_data.gic_irqs && !ret; irq++) {
		ret = irq_set_chip_and_data(irq, &gic_chip, &gic_data);
		if (!ret && irq < GIC_FIRST_SPI)
			ret = irq_set_percpu_devid(irq);
	}
	return ret;
}

/* One "reg" entry: an address of `ac` cells (size cells skipped). */
static phys_addr_t fdt_reg_address(const fdt32_t *cells, int ac)
{
	phys_addr_t addr = 0;
	int i;

	for (i = 0; i < ac; i++)
		addr = (addr << 32) | fdt32_to_cpu(cells[i]);
	return addr;
}

/* Models of_iomap(node, 0) and of_iomap(node, 1): GICD and GICC bases,
 * with #address-cells/#size-cells of the parent (1 or 2 each). */
static int gic_of_read_bases(const void *fdt, int node)
{
	int parent = fdt_parent_offset(fdt, node);
	int ac, sc, len;
	const fdt32_t *reg;

	if (parent < 0)
		return -EINVAL;
	ac = fdt_address_cells(fdt, parent);
	sc = fdt_size_cells(fdt, parent);
	if (ac < 1 || ac > 2 || sc < 0 || sc > 2)
		return -EINVAL;
	reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg || len < (int)(2 * (ac + sc) * sizeof(fdt32_t)))
		return -EINVAL;
	gic_data.dist_base = fdt_reg_address(reg, ac);
	gic_data.cpu_base = fdt_reg_address(reg + ac + sc, ac);
	return 0;
}

/* Models gic_of_init + gic_init_bases, on the boot CPU. */
int gic_of_init(const void *fdt, int nodeoffset)
{
	unsigned int i;
	int ret;

	if (!fdt || nodeoffset < 0)
		return -ENODEV;
	ret = gic_of_read_bases(fdt, nodeoffset);
	if (ret) {
		pr_err("GIC: bad reg property\n");
		return ret;
	}
	for (i = 0; i < NR_CPUS; i++)
		gic_cpu_map[i] = 0xff;
	/* ITLinesNumber: 32 * (N + 1) IDs, at most 1020. */
	gic_data.gic_irqs = ((readl_relaxed(gic_dist_base() + GIC_DIST_CTR) &
			      0x1f) + 1) * 32;
	gic_data.gic_irqs = min(gic_data.gic_irqs, (unsigned int)GIC_MAX_IRQS);
	ret = gic_map_irqs();
	if (ret)
		return ret;
	gic_dist_init();
	gic_cpu_init();
	hw_set_irq_handler(gic_handle_irq);	/* set_handle_irq */
	pr_info("GIC: %u interrupts, dist %#llx, cpu %#llx\n", gic_data.gic_irqs,
		(unsigned long long)gic_data.dist_base,
		(unsigned long long)gic_data.cpu_base);
	return 0;
}

/* Models irqchip_init's match of IRQCHIP_DECLARE(gic-400 / cortex-a15-gic
 * / cortex-a9-gic). */
int gic_irqchip_init(const void *fdt)
{
	static const char *const compat[] = {
		"arm,gic-400", "arm,cortex-a15-gic", "arm,cortex-a9-gic",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(compat); i++) {
		int node = fdt_node_offset_by_compatible(fdt, -1, compat[i]);

		if (node >= 0)
			return gic_of_init(fdt, node);
	}
	pr_err("GIC: no interrupt controller in the device tree\n");
	return -ENODEV;
}
