/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mcpm-exynos.c - the Exynos 5420/5800 MCPM backend, modelled on
 * arch/arm/mach-exynos/mcpm-exynos.c together with the PMU accessors of
 * arch/arm/mach-exynos/exynos.c and pm.c. The PMU has one power switch per
 * core and one per cluster; caches and coherency go down as on TC2, plus a
 * dummy PMU load for Cortex-A15 erratum 799270; a CPU that left is known
 * halted when the PMU reports its core off; secondaries enter through a
 * three-word trampoline at the start of the non-secure SYSRAM.
 */
#include <libfdt.h>

#include "asm/mcpm.h"
#include "asm/mcpm_exynos.h"
#include "linux/arm-cci.h"
#include "linux/of.h"
#include "linux/smp.h"
#include "regs/exynos_pmu.h"

enum {
	CORES_PER_CLUSTER = 4,
	NR_CLUSTERS = 2,
};

#define KFC_SWRESET_SEL 0x3u	/* SPARE3 value for a steadier A7 reset */

static phys_addr_t pmu;
static phys_addr_t ns_sram;

static u32 core_cfg(unsigned int n) { return PMU_CORE_BASE + PMU_STRIDE * n; }
static u32 l2_cfg(unsigned int cl) { return PMU_L2_BASE + PMU_STRIDE * cl; }

static u32 pmu_read(u32 reg)
{
	return readl_relaxed(pmu + reg);
}

static void pmu_write(u32 reg, u32 v)
{
	writel_relaxed(v, pmu + reg);
}

/* Core number across both clusters, as the PMU counts them. */
static unsigned int pmu_core(unsigned int cpu, unsigned int cluster)
{
	return cluster * CORES_PER_CLUSTER + cpu;
}

static bool slot_valid(unsigned int cpu, unsigned int cluster)
{
	return cpu < CORES_PER_CLUSTER && cluster < NR_CLUSTERS;
}

static bool core_powered(unsigned int n)
{
	return (pmu_read(core_cfg(n) + PMU_STATUS) & PWR_LOCAL_ON) != 0;
}

/*
 * Switch a core on (if off). When the kernel booted on the A7 cluster
 * (cluster 1), a freshly powered A7 must also be reset by hand, and only
 * after the iROM has flagged in SPARE2 that it initialised those cores.
 */
/* upstream: exynos_cpu_powerup */
static int exy_cpu_up(unsigned int cpu, unsigned int cluster)
{
	unsigned int n = pmu_core(cpu, cluster);
	bool booted_on_a7;

	if (!slot_valid(cpu, cluster))
		return -EINVAL;
	if (core_powered(n))
		return 0;
	pmu_write(core_cfg(n), PWR_LOCAL_ON);
	booted_on_a7 = cluster != 0 && cluster == MPIDR_AFFINITY_LEVEL(cpu_logical_map(0), 1);
	if (booted_on_a7) {
		while (pmu_read(PMU_SPARE2) == 0)
			hw_udelay(10);
		pmu_write(PMU_SWRESET, PMU_SWRESET_KFC_CORE(cpu));
	}
	return 0;
}

/* upstream: exynos_cluster_powerup */
static int exy_cluster_up(unsigned int cluster)
{
	if (cluster >= NR_CLUSTERS)
		return -EINVAL;
	pmu_write(l2_cfg(cluster), PWR_LOCAL_ON);
	return 0;
}

/* Opening the core's switch only arms it: the PMU cuts power at wfi. */
/* upstream: exynos_cpu_powerdown_prepare */
static void exy_cpu_down_prepare(unsigned int cpu, unsigned int cluster)
{
	BUG_ON(!slot_valid(cpu, cluster));
	pmu_write(core_cfg(pmu_core(cpu, cluster)), 0);
}

/* upstream: exynos_cluster_powerdown_prepare */
static void exy_cluster_down_prepare(unsigned int cluster)
{
	BUG_ON(cluster >= NR_CLUSTERS);
	pmu_write(l2_cfg(cluster), 0);
}

/* The v7 sequence for leaving coherency, with one PMU read between the
 * flush and clearing ACTLR.SMP: the A15 erratum 799270 workaround. */
/* upstream: exynos_v7_exit_coherency_flush */
static void exy_leave_coherency(bool whole_hierarchy)
{
	hw_set_dcache_enabled(false);
	isb();
	if (whole_hierarchy)
		hw_flush_cache_all();
	else
		hw_flush_cache_louis();
	(void)pmu_read(PMU_INFORM0);
	hw_set_smp_coherent(false);
	isb();
	dsb();
}

/* upstream: exynos_cpu_cache_disable */
static void exy_cpu_caches_off(void)
{
	exy_leave_coherency(false);
}

/* Last man: quiet the A15's L2 prefetcher, flush everything, and close the
 * cluster's CCI port so no snoop or DVM message reaches it any more. */
/* upstream: exynos_cluster_cache_disable */
static void exy_cluster_caches_off(void)
{
	if (read_cpuid_part_number() == ARM_CPU_PART_CORTEX_A15) {
		hw_write_l2_prefetch_ctl(0x400);
		isb();
		dsb();
	}
	exy_leave_coherency(true);
	cci_disable_port_by_cpu(read_cpuid_mpidr());
}

/*
 * Up to 100 looks, 1 ms apart (upstream sleeps; here a delay of the same
 * length). The PMU only turns a core off once it sits in wfi with its
 * switch open, so a core reported off has stopped for good.
 */
/* upstream: exynos_wait_for_powerdown */
static int exy_wait_halted(unsigned int cpu, unsigned int cluster)
{
	unsigned int n = pmu_core(cpu, cluster);
	int look;

	BUG_ON(!slot_valid(cpu, cluster));
	for (look = 0; look < 100; look++) {
		if (!core_powered(n))
			return 0;
		hw_udelay(1000);
	}
	return -ETIMEDOUT;
}

/* A CPU back in the kernel (after a resume in particular) makes sure its
 * own switch is on again. */
/* upstream: exynos_cpu_is_up */
static void exy_cpu_back(unsigned int cpu, unsigned int cluster)
{
	exy_cpu_up(cpu, cluster);
}

static const struct mcpm_platform_ops exy_mcpm_ops = {
	.cpu_powerup = exy_cpu_up,
	.cluster_powerup = exy_cluster_up,
	.cpu_powerdown_prepare = exy_cpu_down_prepare,
	.cpu_cache_disable = exy_cpu_caches_off,
	.cluster_powerdown_prepare = exy_cluster_down_prepare,
	.cluster_cache_disable = exy_cluster_caches_off,
	.wait_for_powerdown = exy_wait_halted,
	.cpu_is_up = exy_cpu_back,
};

/* Cluster-level early setup of the inbound CPU: reopen its CCI port. */
/* upstream: exynos_pm_power_up_setup */
static void exy_early_setup(unsigned int level)
{
	if (level == 1)
		cci_enable_port_for_self();
}

/* U-Boot SPL sends secondaries to the first word of the non-secure SYSRAM;
 * a three-word trampoline there forwards them to mcpm_entry_point. */
/* upstream: exynos_mcpm_setup_entry_point */
static void exy_write_trampoline(void)
{
	writel_relaxed(0xe59f0000, ns_sram);     /* ldr r0, [pc, #0] */
	writel_relaxed(0xe12fff10, ns_sram + 4); /* bx  r0 */
	writel_relaxed(hw_entry_address(mcpm_entry_point), ns_sram + 8);
}

/* Maps the register block of the first node compatible with `compat`. */
static int map_node(const void *fdt, const char *compat, phys_addr_t *base)
{
	int node = fdt_node_offset_by_compatible(fdt, -1, compat);
	u64 addr;

	if (node < 0)
		return -ENODEV;
	if (of_translate_reg(fdt, node, 0, &addr, NULL))
		return -ENOMEM;
	*base = addr;
	return 0;
}

/* exynos_mcpm_init (an early_initcall upstream). */
int exynos_mcpm_init(const void *fdt)
{
	unsigned int cl;
	int err;

	if (fdt_node_check_compatible(fdt, 0, "samsung,exynos5420") &&
	    fdt_node_check_compatible(fdt, 0, "samsung,exynos5800"))
		return -ENODEV;
	if (map_node(fdt, "samsung,exynos5420-pmu", &pmu))
		return -ENODEV;
	/* Upstream the CCI driver's own early_initcall has run by now. */
	if (!cci_probed() && cci_probe(fdt))
		return -ENODEV;
	err = map_node(fdt, "samsung,exynos4210-sysram-ns", &ns_sram);
	if (err == -ENOMEM)
		pr_err("failed to map non-secure iRAM base address\n");
	if (err)
		return err;

	pmu_write(PMU_SPARE3, KFC_SWRESET_SEL);

	err = mcpm_platform_register(&exy_mcpm_ops);
	if (!err)
		err = mcpm_sync_init(exy_early_setup);
	if (!err) /* also switches the boot cluster's CCI port on */
		err = mcpm_loopback(exy_cluster_caches_off);
	if (err)
		return err;
	pr_info("Exynos MCPM support installed\n");

	for (cl = 0; cl < NR_CLUSTERS; cl++) {
		u32 reg = l2_cfg(cl) + PMU_OPTION;

		pmu_write(reg, pmu_read(reg) | L2_OPT_AUTO_CORE_DOWN |
			       L2_OPT_CORE_DOWN_STATE | L2_OPT_L2_UP_STATE);
	}
	exy_write_trampoline();
	return 0;
}
