/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tc2_pm.c - the TC2 MCPM backend, modelled on arch/arm/mach-vexpress/tc2_pm.c
 * (the mcpm_platform_ops generation). The SPC does the actual powering; this
 * file tells it which CPU or cluster is going away or coming back, takes the
 * caches and the CCI port down for the last man, and polls the SCC/SPC to
 * learn when a CPU that left has really stopped.
 */
#include <libfdt.h>

#include "asm/mcpm.h"
#include "asm/tc2_pm.h"
#include "linux/arm-cci.h"
#include "spc.h"
#include "blsim/test_hooks.h"

enum {
	TC2_NR_CLUSTERS = 2,
	TC2_CORES_MAX = 3,	/* the A7 cluster; the A15 cluster has two */
	TC2_POLL_STEP_MS = 10,	/* one look at the SCC/SPC every 10 ms ... */
	TC2_POLL_LIMIT_MS = 1000, /* ... for at most a second */
};

static phys_addr_t scc;
static unsigned int cores_in[TC2_NR_CLUSTERS];

/*
 * gic_cpu_if_down() lives in drivers/irqchip/irq-gic.c. The weak reference
 * lets this backend link before (or without) that driver; when it is missing
 * the CPU interface stays on and wfi may end early on a pending IRQ, which
 * the SPC turns into a reset anyway because it reacts to STANDBYWFI first.
 */
extern void gic_cpu_if_down(void) __attribute__((weak));

/* Whether (cpu, cluster) names a core that may exist on TC2 at all. */
static bool tc2_slot_ok(unsigned int cpu, unsigned int cluster)
{
	return cluster < TC2_NR_CLUSTERS && cpu < TC2_CORES_MAX;
}

/* The bit of SCC_RESET_CTRL that releases this core from reset. */
static u32 tc2_reset_bit(unsigned int cpu, unsigned int cluster)
{
	return cluster == 0 ? SCC_RESET_A15_CPU(cpu) : SCC_RESET_A7_CPU(cpu);
}

/* Where a CPU released by the SPC starts: the MCPM entry point. */
static void tc2_set_mailbox(unsigned int core, unsigned int cl)
{
	u32 entry = hw_entry_address(mcpm_entry_point);

	ve_spc_set_resume_addr(cl, core, entry);
}

/* Power-up of one CPU: point its SPC mailbox at the MCPM entry and let an
 * IRQ wake it; the IPI the caller sends next is what the SPC reacts to. */
/* upstream: tc2_pm_cpu_powerup */
static int tc2_cpu_up(unsigned int cpu, unsigned int cluster)
{
	bool exists = cluster < TC2_NR_CLUSTERS && cpu < cores_in[cluster];

	if (!exists)
		return -EINVAL;
	tc2_set_mailbox(cpu, cluster);
	ve_spc_cpu_wakeup_irq(cluster, cpu, true);
	return 0;
}

/* Power-up of a cluster: withdraw any power-off request still pending. */
/* upstream: tc2_pm_cluster_powerup */
static int tc2_cluster_up(unsigned int cluster)
{
	int err = cluster < TC2_NR_CLUSTERS ? 0 : -EINVAL;

	if (!err)
		ve_spc_powerdown(cluster, false);
	return err;
}

/* Asks the SPC to cut a cluster at its next all-cores-wfi, waking it on any
 * interrupt (off = true), or withdraws that request (off = false). */
static void tc2_cluster_wanted_off(unsigned int cl, bool off)
{
	BUG_ON(cl >= TC2_NR_CLUSTERS);
	ve_spc_powerdown(cl, off);
	ve_spc_global_wakeup_irq(off);
}

/*
 * Before a CPU goes down: arm its wake-up IRQ at the SPC, then close the GIC
 * CPU interface. Once the CPU has decided to power off, only the SPC may
 * bring it back on an interrupt; an interrupt still reaching the core could
 * end its wfi by itself, and the core would run on while the SPC believes
 * it is off.
 */
/* upstream: tc2_pm_cpu_powerdown_prepare */
static void tc2_cpu_down_prepare(unsigned int cpu, unsigned int cluster)
{
	BUG_ON(!tc2_slot_ok(cpu, cluster));
	ve_spc_cpu_wakeup_irq(cluster, cpu, true);
	if (gic_cpu_if_down)
		gic_cpu_if_down();
}

/* Before the last man takes the cluster down: ask the SPC to cut the
 * cluster at wfi, and to wake it on any interrupt. */
/* upstream: tc2_pm_cluster_powerdown_prepare */
static void tc2_cluster_down_prepare(unsigned int cluster)
{
	tc2_cluster_wanted_off(cluster, true);
}

/* The v7 "leave coherency" sequence: stop allocating in the D-cache, write
 * back and invalidate it (to the LoUIS, or every level when the cluster
 * goes), then drop out of SMP coherency. */
/* upstream: v7_exit_coherency_flush(louis|all) */
static void tc2_leave_coherency(bool whole_hierarchy)
{
	hw_set_dcache_enabled(false);
	isb();
	if (whole_hierarchy)
		hw_flush_cache_all();
	else
		hw_flush_cache_louis();
	hw_set_smp_coherent(false);
	isb();
	dsb();
}

/* upstream: tc2_pm_cpu_cache_disable */
static void tc2_cpu_caches_off(void)
{
	tc2_leave_coherency(false);
}

/* Last man: the A15's L2 prefetcher must be quiet before L2 is flushed;
 * then the whole hierarchy goes, then the cluster's CCI port. */
/* upstream: tc2_pm_cluster_cache_disable */
static void tc2_cluster_caches_off(void)
{
	if (read_cpuid_part_number() == ARM_CPU_PART_CORTEX_A15) {
		hw_write_l2_prefetch_ctl(0x400);
		isb();
		dsb();
	}
	tc2_leave_coherency(true);
	cci_disable_port_by_cpu(read_cpuid_mpidr());
}

/* upstream: tc2_core_in_reset */
static bool tc2_held_in_reset(unsigned int cpu, unsigned int cluster)
{
	return (readl_relaxed(scc + SCC_RESET_CTRL) & tc2_reset_bit(cpu, cluster)) == 0;
}

/*
 * Wait until a CPU that left is really halted. The SPC may reset the core,
 * and even power its cluster off, the moment it reaches wfi, so STANDBYWFI
 * can be gone before we look: a core held in reset counts as halted too.
 * Upstream sleeps between looks; here the wait is a delay of the same length
 * (simulated time passes alike, the waiting core runs nothing else meanwhile).
 */
/* upstream: tc2_pm_wait_for_powerdown */
static int tc2_wait_cpu_halted(unsigned int cpu, unsigned int cluster)
{
	int waited_ms;

	BUG_ON(!tc2_slot_ok(cpu, cluster));
	for (waited_ms = 0; waited_ms < TC2_POLL_LIMIT_MS; waited_ms += TC2_POLL_STEP_MS) {
		bool halted = tc2_held_in_reset(cpu, cluster) || ve_spc_cpu_in_wfi(cpu, cluster);

		if (halted)
			return 0;
		hw_udelay(TC2_POLL_STEP_MS * 1000);
	}
	return -ETIMEDOUT;
}

/* A CPU about to suspend resumes through the MCPM entry point. */
/* upstream: tc2_pm_cpu_suspend_prepare */
static void tc2_cpu_suspend_prepare(unsigned int cpu, unsigned int cluster)
{
	tc2_set_mailbox(cpu, cluster);
}

/* A CPU is back: it no longer wants IRQ wake-ups nor its mailbox. */
/* upstream: tc2_pm_cpu_is_up */
static void tc2_cpu_back(unsigned int core, unsigned int cl)
{
	BUG_ON(!tc2_slot_ok(core, cl));
	ve_spc_cpu_wakeup_irq(cl, core, false);
	ve_spc_set_resume_addr(cl, core, 0);
}

/* A cluster is back: cancel its power-off and the global wake-up. */
/* upstream: tc2_pm_cluster_is_up */
static void tc2_cluster_back(unsigned int cluster)
{
	tc2_cluster_wanted_off(cluster, false);
}

/* Listed in the order MCPM uses them: up, down, then coming back. */
static const struct mcpm_platform_ops tc2_mcpm_ops = {
	.cpu_powerup		= tc2_cpu_up,
	.cluster_powerup	= tc2_cluster_up,
	.cpu_suspend_prepare	= tc2_cpu_suspend_prepare,
	.cpu_powerdown_prepare	= tc2_cpu_down_prepare,
	.cpu_cache_disable	= tc2_cpu_caches_off,
	.cluster_powerdown_prepare = tc2_cluster_down_prepare,
	.cluster_cache_disable	= tc2_cluster_caches_off,
	.wait_for_powerdown	= tc2_wait_cpu_halted,
	.cluster_is_up		= tc2_cluster_back,
	.cpu_is_up		= tc2_cpu_back,
};

/* Early setup run by the inbound CPU: at cluster level it has to put its
 * cluster's CCI port back before it may use coherent memory. */
/* upstream: tc2_pm_power_up_setup */
static void tc2_early_setup(unsigned int level)
{
	if (level == 1)
		cci_enable_port_for_self();
}

/* of_iomap(np, 0) for a node whose parent maps 1:1 (the SCC sits at the root
 * of the TC2 tree): its reg read with the parent's #address-cells. */
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

/* irq_of_parse_and_map(np, 0) for the GIC's 3-cell binding: the hardware
 * interrupt number (SPI n = 32 + n, PPI n = 16 + n). */
static int scc_irq(const void *fdt, int node)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, "interrupts", &len);

	if (!p || len < 3 * (int)sizeof(fdt32_t))
		return 0;
	return (int)fdt32_to_cpu(p[1]) + (fdt32_to_cpu(p[0]) ? 16 : 32);
}

/* Reads from the SCC which cluster holds the A15s and the A7s and how many
 * cores each has; -EINVAL if an id is not 0 or 1. */
static int tc2_read_topology(u32 *a15_id)
{
	u32 a15 = readl_relaxed(scc + SCC_A15_CONF) & 0xf;
	u32 a7 = readl_relaxed(scc + SCC_A7_CONF) & 0xf;
	u32 info;

	if (a15 >= TC2_NR_CLUSTERS || a7 >= TC2_NR_CLUSTERS)
		return -EINVAL;
	info = readl_relaxed(scc + SCC_SYS_INFO);
	cores_in[a15] = (info >> 16) & 0xf;
	cores_in[a7] = (info >> 20) & 0xf;
	*a15_id = a15;
	return 0;
}

/* tc2_pm_init (an early_initcall upstream): find the SCC, learn the
 * topology, bring up the SPC and the CCI, check the boot CPU, register. */
int tc2_pm_init(const void *fdt)
{
	u32 a15_id, mpidr;
	int node, err;
	u64 addr;

	node = fdt_node_offset_by_compatible(fdt, -1, "arm,vexpress-scc,v2p-ca15_a7");
	if (node < 0 || scc_reg(fdt, node, &addr))
		return -ENODEV;
	scc = addr;
	err = tc2_read_topology(&a15_id);
	if (err)
		return err;

	/* Secondary CPUs cannot be started without the SPC: set it up now. */
	err = ve_spc_init(scc + SCC_SPC_OFFSET, a15_id, scc_irq(fdt, node));
	if (err)
		return err;
	if (!cci_probed() && cci_probe(fdt))
		return -ENODEV;

	mpidr = read_cpuid_mpidr();
	if (MPIDR_AFFINITY_LEVEL(mpidr, 1) >= TC2_NR_CLUSTERS ||
	    MPIDR_AFFINITY_LEVEL(mpidr, 0) >= cores_in[MPIDR_AFFINITY_LEVEL(mpidr, 1)]) {
		pr_err("%s: boot CPU is out of bound!\n", __func__);
		return -EINVAL;
	}

	err = mcpm_platform_register(&tc2_mcpm_ops);
	if (err)
		return err;
	mcpm_sync_init(tc2_early_setup);
	/* Prove at boot that a CPU can leave and re-enter its CCI port. */
	BUG_ON(mcpm_loopback(tc2_cluster_caches_off) != 0);
	pr_info("TC2 power management initialized\n");
	return 0;
}

/* Test support: forget the SCC mapping. */
void tc2_pm_reset_for_test(void)
{
	scc = 0;
	cores_in[0] = cores_in[1] = 0;
}
