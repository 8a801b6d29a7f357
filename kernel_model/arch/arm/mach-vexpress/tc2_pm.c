/*
 * tc2_pm.c - the TC2 MCPM backend, as arch/arm/mach-vexpress/tc2_pm.c
 * (the mcpm_platform_ops generation): SPC power-up/down control, cache and
 * coherency teardown, wait for power-down by polling the SCC/SPC.
 */
#include <libfdt.h>

#include "asm/mcpm.h"
#include "asm/tc2_pm.h"
#include "linux/arm-cci.h"
#include "spc.h"

/* SCC conf registers */
#define RESET_CTRL 0x018
#define RESET_A15_NCORERESET(cpu) (1u << (2 + (cpu)))
#define RESET_A7_NCORERESET(cpu) (1u << (16 + (cpu)))
#define A15_CONF 0x400
#define A7_CONF 0x500
#define SYS_INFO 0x700
#define SPC_BASE 0xb00

#define TC2_CLUSTERS 2
#define TC2_MAX_CPUS_PER_CLUSTER 3

#define POLL_MSEC 10
#define TIMEOUT_MSEC 1000

static phys_addr_t scc;
static unsigned int tc2_nr_cpus[TC2_CLUSTERS];

/*
 * gic_cpu_if_down() belongs to drivers/irqchip/irq-gic.c. Referenced weakly
 * so this backend links before (or without) that driver; when absent, the
 * GIC CPU interface stays on and wfi may complete on a pending IRQ, which
 * the SPC (it acts on STANDBYWFI first) turns into a reset anyway.
 */
extern void gic_cpu_if_down(unsigned int gic_nr) __attribute__((weak));

/* Models tc2_pm_cpu_powerup: mailbox + wake-up enable; the caller's IPI
 * then makes the SPC release the CPU. */
static int tc2_pm_cpu_powerup(unsigned int cpu, unsigned int cluster)
{
	pr_debug("%s: cpu %u cluster %u\n", __func__, cpu, cluster);
	if (cluster >= TC2_CLUSTERS || cpu >= tc2_nr_cpus[cluster])
		return -EINVAL;
	ve_spc_set_resume_addr(cluster, cpu, hw_entry_address(mcpm_entry_point));
	ve_spc_cpu_wakeup_irq(cluster, cpu, true);
	return 0;
}

/* Models tc2_pm_cluster_powerup: cancel a pending cluster power-off. */
static int tc2_pm_cluster_powerup(unsigned int cluster)
{
	pr_debug("%s: cluster %u\n", __func__, cluster);
	if (cluster >= TC2_CLUSTERS)
		return -EINVAL;
	ve_spc_powerdown(cluster, false);
	return 0;
}

/* Models tc2_pm_cpu_powerdown_prepare. */
static void tc2_pm_cpu_powerdown_prepare(unsigned int cpu, unsigned int cluster)
{
	pr_debug("%s: cpu %u cluster %u\n", __func__, cpu, cluster);
	BUG_ON(cluster >= TC2_CLUSTERS || cpu >= TC2_MAX_CPUS_PER_CLUSTER);
	ve_spc_cpu_wakeup_irq(cluster, cpu, true);
	/*
	 * Race avoided: with the CPU committed to power down, the power
	 * controller must be the one to wake it on an IRQ. Cutting the IRQ
	 * lines at the GIC CPU interface keeps wfi from completing behind
	 * the power controller's back.
	 */
	if (gic_cpu_if_down)
		gic_cpu_if_down(0);
}

/* Models tc2_pm_cluster_powerdown_prepare. */
static void tc2_pm_cluster_powerdown_prepare(unsigned int cluster)
{
	pr_debug("%s: cluster %u\n", __func__, cluster);
	BUG_ON(cluster >= TC2_CLUSTERS);
	ve_spc_powerdown(cluster, true);
	ve_spc_global_wakeup_irq(true);
}

/* Models v7_exit_coherency_flush(louis|all): SCTLR.C off, clean+invalidate
 * by set/way, leave SMP coherency (ACTLR.SMP off). */
static void v7_exit_coherency_flush(bool all)
{
	hw_set_dcache_enabled(false);
	isb();
	if (all)
		hw_flush_cache_all();
	else
		hw_flush_cache_louis();
	hw_set_smp_coherent(false);
	isb();
	dsb();
}

/* Models tc2_pm_cpu_cache_disable. */
static void tc2_pm_cpu_cache_disable(void)
{
	v7_exit_coherency_flush(false);
}

/* Models tc2_pm_cluster_cache_disable: the last man flushes L2 and takes
 * the cluster out of the CCI. */
static void tc2_pm_cluster_cache_disable(void)
{
	if (read_cpuid_part_number() == ARM_CPU_PART_CORTEX_A15) {
		/* On the Cortex-A15 L2 prefetching must be off before the flush. */
		hw_write_l2_prefetch_ctl(0x400);
		isb();
		dsb();
	}
	v7_exit_coherency_flush(true);
	cci_disable_port_by_cpu(read_cpuid_mpidr());
}

/* Models tc2_core_in_reset. */
static int tc2_core_in_reset(unsigned int cpu, unsigned int cluster)
{
	u32 mask = cluster ? RESET_A7_NCORERESET(cpu) : RESET_A15_NCORERESET(cpu);

	return !(readl_relaxed(scc + RESET_CTRL) & mask);
}

/* Models tc2_pm_wait_for_powerdown (msleep as a udelay: time passes the
 * same; the caller's core is not given to another task meanwhile). */
static int tc2_pm_wait_for_powerdown(unsigned int cpu, unsigned int cluster)
{
	unsigned int tries;

	pr_debug("%s: cpu %u cluster %u\n", __func__, cpu, cluster);
	BUG_ON(cluster >= TC2_CLUSTERS || cpu >= TC2_MAX_CPUS_PER_CLUSTER);

	for (tries = 0; tries < TIMEOUT_MSEC / POLL_MSEC; ++tries) {
		/*
		 * Race avoided: the power controller may reset the core and
		 * power the cluster off as soon as it reaches WFI, before we
		 * ever see STANDBYWFI, so either condition means halted.
		 */
		if (tc2_core_in_reset(cpu, cluster) || ve_spc_cpu_in_wfi(cpu, cluster))
			return 0;
		hw_udelay(POLL_MSEC * 1000);
	}
	return -ETIMEDOUT;
}

/* Models tc2_pm_cpu_suspend_prepare. */
static void tc2_pm_cpu_suspend_prepare(unsigned int cpu, unsigned int cluster)
{
	ve_spc_set_resume_addr(cluster, cpu, hw_entry_address(mcpm_entry_point));
}

/* Models tc2_pm_cpu_is_up. */
static void tc2_pm_cpu_is_up(unsigned int cpu, unsigned int cluster)
{
	pr_debug("%s: cpu %u cluster %u\n", __func__, cpu, cluster);
	BUG_ON(cluster >= TC2_CLUSTERS || cpu >= TC2_MAX_CPUS_PER_CLUSTER);
	ve_spc_cpu_wakeup_irq(cluster, cpu, false);
	ve_spc_set_resume_addr(cluster, cpu, 0);
}

/* Models tc2_pm_cluster_is_up. */
static void tc2_pm_cluster_is_up(unsigned int cluster)
{
	pr_debug("%s: cluster %u\n", __func__, cluster);
	BUG_ON(cluster >= TC2_CLUSTERS);
	ve_spc_powerdown(cluster, false);
	ve_spc_global_wakeup_irq(false);
}

static const struct mcpm_platform_ops tc2_pm_power_ops = {
	.cpu_powerup = tc2_pm_cpu_powerup,
	.cluster_powerup = tc2_pm_cluster_powerup,
	.cpu_suspend_prepare = tc2_pm_cpu_suspend_prepare,
	.cpu_powerdown_prepare = tc2_pm_cpu_powerdown_prepare,
	.cluster_powerdown_prepare = tc2_pm_cluster_powerdown_prepare,
	.cpu_cache_disable = tc2_pm_cpu_cache_disable,
	.cluster_cache_disable = tc2_pm_cluster_cache_disable,
	.wait_for_powerdown = tc2_pm_wait_for_powerdown,
	.cpu_is_up = tc2_pm_cpu_is_up,
	.cluster_is_up = tc2_pm_cluster_is_up,
};

/* Models tc2_pm_power_up_setup: cluster level = enable our CCI port. */
static void tc2_pm_power_up_setup(unsigned int affinity_level)
{
	if (affinity_level == 1)
		cci_enable_port_for_self();
}

/* Models of_iomap(np, 0) for a node whose parent maps 1:1 (the SCC sits
 * at the root of the TC2 tree): reg read with the parent's cell sizes. */
static int scc_reg(const void *fdt, int node, u64 *addr)
{
	int parent = fdt_parent_offset(fdt, node);
	int ac, len, i;
	const fdt32_t *reg;
	u64 a = 0;

	if (parent < 0)
		return -EINVAL;
	if (parent > 0) {
		fdt_getprop(fdt, parent, "ranges", &len);
		if (len != 0) /* absent, or a non-identity mapping */
			return -EINVAL;
	}
	ac = fdt_address_cells(fdt, parent);
	reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg || ac < 1 || ac > 2 || len < ac * (int)sizeof(fdt32_t))
		return -EINVAL;
	for (i = 0; i < ac; i++)
		a = (a << 32) | fdt32_to_cpu(reg[i]);
	*addr = a;
	return 0;
}

/* Models irq_of_parse_and_map(np, 0) for the GIC's 3-cell binding: the
 * hardware interrupt number (SPI n = 32 + n, PPI n = 16 + n). */
static int scc_irq(const void *fdt, int node)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, "interrupts", &len);

	if (!p || len < 3 * (int)sizeof(fdt32_t))
		return 0;
	return (int)fdt32_to_cpu(p[1]) + (fdt32_to_cpu(p[0]) ? 16 : 32);
}

/* Models tc2_pm_init (an early_initcall upstream). */
int tc2_pm_init(const void *fdt)
{
	unsigned int mpidr, cpu, cluster;
	u32 a15_cluster_id, a7_cluster_id, sys_info;
	int np, ret, irq;
	u64 addr;

	/*
	 * The power-management features hide behind SCC registers, which
	 * also say which cluster is which and how many CPUs each has.
	 */
	np = fdt_node_offset_by_compatible(fdt, -1, "arm,vexpress-scc,v2p-ca15_a7");
	if (np < 0 || scc_reg(fdt, np, &addr))
		return -ENODEV;
	scc = addr;

	a15_cluster_id = readl_relaxed(scc + A15_CONF) & 0xf;
	a7_cluster_id = readl_relaxed(scc + A7_CONF) & 0xf;
	if (a15_cluster_id >= TC2_CLUSTERS || a7_cluster_id >= TC2_CLUSTERS)
		return -EINVAL;

	sys_info = readl_relaxed(scc + SYS_INFO);
	tc2_nr_cpus[a15_cluster_id] = (sys_info >> 16) & 0xf;
	tc2_nr_cpus[a7_cluster_id] = (sys_info >> 20) & 0xf;

	irq = scc_irq(fdt, np);

	/* The SPC is needed very early to power up processors. */
	ret = ve_spc_init(scc + SPC_BASE, a15_cluster_id, irq);
	if (ret)
		return ret;

	if (!cci_probed() && cci_probe(fdt))
		return -ENODEV;

	mpidr = read_cpuid_mpidr();
	cpu = MPIDR_AFFINITY_LEVEL(mpidr, 0);
	cluster = MPIDR_AFFINITY_LEVEL(mpidr, 1);
	if (cluster >= TC2_CLUSTERS || cpu >= tc2_nr_cpus[cluster]) {
		pr_err("%s: boot CPU is out of bound!\n", __func__);
		return -EINVAL;
	}

	ret = mcpm_platform_register(&tc2_pm_power_ops);
	if (!ret) {
		mcpm_sync_init(tc2_pm_power_up_setup);
		/* Test that we can (re)enable the CCI on our own. */
		BUG_ON(mcpm_loopback(tc2_pm_cluster_cache_disable) != 0);
		pr_info("TC2 power management initialized\n");
	}
	return ret;
}

/* Test support: forget the SCC mapping. */
void tc2_pm_reset_for_test(void)
{
	scc = 0;
	tc2_nr_cpus[0] = tc2_nr_cpus[1] = 0;
}
