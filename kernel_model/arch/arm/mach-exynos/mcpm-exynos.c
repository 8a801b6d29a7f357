/*
 * mcpm-exynos.c - the Exynos 5420/5800 MCPM backend
 * (arch/arm/mach-exynos/mcpm-exynos.c, with the PMU accessors of
 * arch/arm/mach-exynos/exynos.c and pm.c): per-core and per-cluster power
 * switches in the PMU, cache and coherency teardown as on TC2 (plus the
 * erratum 799270 dummy PMU load), wait for power-down by polling the core's
 * PMU status, and the secondaries' entry point in the non-secure SYSRAM.
 */
#include <libfdt.h>

#include "asm/mcpm.h"
#include "asm/mcpm_exynos.h"
#include "linux/arm-cci.h"
#include "linux/of.h"
#include "linux/smp.h"

#define EXYNOS5420_CPUS_PER_CLUSTER 4
#define EXYNOS5420_NR_CLUSTERS 2

/* exynos-regs-pmu.h */
#define EXYNOS_SWRESET 0x0400
#define S5P_INFORM0 0x0800
#define S5P_PMU_SPARE2 0x0908
#define S5P_PMU_SPARE3 0x090c
#define EXYNOS_ARM_CORE_CONFIGURATION(n) (0x2000 + 0x80 * (n))
#define EXYNOS_ARM_CORE_STATUS(n) (EXYNOS_ARM_CORE_CONFIGURATION(n) + 0x4)
#define EXYNOS_COMMON_CONFIGURATION(n) (0x2500 + 0x80 * (n))
#define EXYNOS_COMMON_STATUS(n) (EXYNOS_COMMON_CONFIGURATION(n) + 0x4)
#define EXYNOS_COMMON_OPTION(n) (EXYNOS_COMMON_CONFIGURATION(n) + 0x8)
#define S5P_CORE_LOCAL_PWR_EN 0x3
#define EXYNOS5420_KFC_CORE_RESET(n) ((BIT(8) | BIT(20)) << (n))
#define EXYNOS5420_SWRESET_KFC_SEL 0x3

#define EXYNOS5420_ENABLE_AUTOMATIC_CORE_DOWN BIT(9)
#define EXYNOS5420_USE_ARM_CORE_DOWN_STATE BIT(29)
#define EXYNOS5420_USE_L2_COMMON_UP_STATE BIT(30)

static phys_addr_t pmu_base_addr;
static phys_addr_t ns_sram_base_addr;

/* Models pmu_raw_readl(). */
static u32 pmu_raw_readl(u32 off)
{
	return readl_relaxed(pmu_base_addr + off);
}

/* Models pmu_raw_writel(). */
static void pmu_raw_writel(u32 val, u32 off)
{
	writel_relaxed(val, pmu_base_addr + off);
}

/* Models exynos_cpu_power_up() (pm.c). */
static void exynos_cpu_power_up(unsigned int cpunr)
{
	pmu_raw_writel(S5P_CORE_LOCAL_PWR_EN, EXYNOS_ARM_CORE_CONFIGURATION(cpunr));
}

/* Models exynos_cpu_power_down() (pm.c). */
static void exynos_cpu_power_down(unsigned int cpunr)
{
	pmu_raw_writel(0, EXYNOS_ARM_CORE_CONFIGURATION(cpunr));
}

/* Models exynos_cpu_power_state() (pm.c). */
static int exynos_cpu_power_state(unsigned int cpunr)
{
	return (int)(pmu_raw_readl(EXYNOS_ARM_CORE_STATUS(cpunr)) & S5P_CORE_LOCAL_PWR_EN);
}

/* Models exynos_cluster_power_up() (pm.c). */
static void exynos_cluster_power_up(unsigned int cluster)
{
	pmu_raw_writel(S5P_CORE_LOCAL_PWR_EN, EXYNOS_COMMON_CONFIGURATION(cluster));
}

/* Models exynos_cluster_power_down() (pm.c). */
static void exynos_cluster_power_down(unsigned int cluster)
{
	pmu_raw_writel(0, EXYNOS_COMMON_CONFIGURATION(cluster));
}

/* Models exynos_cpu_powerup(). */
static int exynos_cpu_powerup(unsigned int cpu, unsigned int cluster)
{
	unsigned int cpunr = cpu + cluster * EXYNOS5420_CPUS_PER_CLUSTER;

	pr_debug("%s: cpu %u cluster %u\n", __func__, cpu, cluster);
	if (cpu >= EXYNOS5420_CPUS_PER_CLUSTER || cluster >= EXYNOS5420_NR_CLUSTERS)
		return -EINVAL;
	if (!exynos_cpu_power_state(cpunr)) {
		exynos_cpu_power_up(cpunr);
		/*
		 * Booted from the LITTLE cluster (cluster 1 is the A7s): its
		 * cores need a reset once powered, after the iROM has set
		 * SPARE2 to say it has initialised them.
		 */
		if (cluster && cluster == MPIDR_AFFINITY_LEVEL(cpu_logical_map(0), 1)) {
			while (!pmu_raw_readl(S5P_PMU_SPARE2))
				hw_udelay(10);
			pmu_raw_writel(EXYNOS5420_KFC_CORE_RESET(cpu), EXYNOS_SWRESET);
		}
	}
	return 0;
}

/* Models exynos_cluster_powerup(). */
static int exynos_cluster_powerup(unsigned int cluster)
{
	pr_debug("%s: cluster %u\n", __func__, cluster);
	if (cluster >= EXYNOS5420_NR_CLUSTERS)
		return -EINVAL;
	exynos_cluster_power_up(cluster);
	return 0;
}

/* Models exynos_cpu_powerdown_prepare(). */
static void exynos_cpu_powerdown_prepare(unsigned int cpu, unsigned int cluster)
{
	pr_debug("%s: cpu %u cluster %u\n", __func__, cpu, cluster);
	BUG_ON(cpu >= EXYNOS5420_CPUS_PER_CLUSTER || cluster >= EXYNOS5420_NR_CLUSTERS);
	exynos_cpu_power_down(cpu + cluster * EXYNOS5420_CPUS_PER_CLUSTER);
}

/* Models exynos_cluster_powerdown_prepare(). */
static void exynos_cluster_powerdown_prepare(unsigned int cluster)
{
	pr_debug("%s: cluster %u\n", __func__, cluster);
	BUG_ON(cluster >= EXYNOS5420_NR_CLUSTERS);
	exynos_cluster_power_down(cluster);
}

/* Models exynos_v7_exit_coherency_flush(louis|all): v7_exit_coherency_flush
 * with a dummy load of a PMU register before ACTLR.SMP is cleared (the
 * Cortex-A15 erratum 799270 workaround). */
static void exynos_v7_exit_coherency_flush(bool all)
{
	hw_set_dcache_enabled(false);
	isb();
	if (all)
		hw_flush_cache_all();
	else
		hw_flush_cache_louis();
	(void)pmu_raw_readl(S5P_INFORM0);
	hw_set_smp_coherent(false);
	isb();
	dsb();
}

/* Models exynos_cpu_cache_disable(). */
static void exynos_cpu_cache_disable(void)
{
	exynos_v7_exit_coherency_flush(false);
}

/* Models exynos_cluster_cache_disable(). */
static void exynos_cluster_cache_disable(void)
{
	if (read_cpuid_part_number() == ARM_CPU_PART_CORTEX_A15) {
		/* On the Cortex-A15 L2 prefetching must be off before the flush. */
		hw_write_l2_prefetch_ctl(0x400);
		isb();
		dsb();
	}
	exynos_v7_exit_coherency_flush(true);
	/* Mask incoming snoops and DVM messages: the cluster leaves coherency. */
	cci_disable_port_by_cpu(read_cpuid_mpidr());
}

/* Models exynos_wait_for_powerdown(): 100 polls, 1 ms apart (msleep as a
 * udelay: the same time passes). */
static int exynos_wait_for_powerdown(unsigned int cpu, unsigned int cluster)
{
	unsigned int tries = 100, cpunr = cpu + cluster * EXYNOS5420_CPUS_PER_CLUSTER;

	pr_debug("%s: cpu %u cluster %u\n", __func__, cpu, cluster);
	BUG_ON(cpu >= EXYNOS5420_CPUS_PER_CLUSTER || cluster >= EXYNOS5420_NR_CLUSTERS);
	while (tries--) {
		/*
		 * Race avoided: the PMU powers the core off only once it is in
		 * WFI with its switch off, so "off" here means halted for good.
		 */
		if (exynos_cpu_power_state(cpunr) == 0)
			return 0;
		hw_udelay(1000);
	}
	return -ETIMEDOUT;
}

/* Models exynos_cpu_is_up(): especially when resuming, make sure the
 * core's power switch is on. */
static void exynos_cpu_is_up(unsigned int cpu, unsigned int cluster)
{
	exynos_cpu_powerup(cpu, cluster);
}

static const struct mcpm_platform_ops exynos_power_ops = {
	.cpu_powerup = exynos_cpu_powerup,
	.cluster_powerup = exynos_cluster_powerup,
	.cpu_powerdown_prepare = exynos_cpu_powerdown_prepare,
	.cluster_powerdown_prepare = exynos_cluster_powerdown_prepare,
	.cpu_cache_disable = exynos_cpu_cache_disable,
	.cluster_cache_disable = exynos_cluster_cache_disable,
	.wait_for_powerdown = exynos_wait_for_powerdown,
	.cpu_is_up = exynos_cpu_is_up,
};

/* Models exynos_pm_power_up_setup(): cluster level = enable our CCI port. */
static void exynos_pm_power_up_setup(unsigned int affinity_level)
{
	if (affinity_level == 1)
		cci_enable_port_for_self();
}

/* Models exynos_mcpm_setup_entry_point(): U-Boot SPL sends secondaries to
 * the start of the non-secure SYSRAM; "ldr r0, [pc, #0]; bx r0; .word
 * mcpm_entry_point" there sends them on to MCPM. */
static void exynos_mcpm_setup_entry_point(void)
{
	writel_relaxed(0xe59f0000, ns_sram_base_addr);     /* ldr r0, [pc, #0] */
	writel_relaxed(0xe12fff10, ns_sram_base_addr + 4); /* bx  r0 */
	writel_relaxed(hw_entry_address(mcpm_entry_point), ns_sram_base_addr + 8);
}

/* Models exynos_map_pmu() (exynos.c): the PMU's registers. */
static int exynos_map_pmu(const void *fdt)
{
	int np = fdt_node_offset_by_compatible(fdt, -1, "samsung,exynos5420-pmu");
	u64 addr;

	if (np < 0 || of_translate_reg(fdt, np, 0, &addr, NULL))
		return -ENODEV;
	pmu_base_addr = addr;
	return 0;
}

/* Models exynos_mcpm_init() (an early_initcall upstream). */
int exynos_mcpm_init(const void *fdt)
{
	unsigned int value, i;
	int node, ret;
	u64 addr;

	if (fdt_node_check_compatible(fdt, 0, "samsung,exynos5420") &&
	    fdt_node_check_compatible(fdt, 0, "samsung,exynos5800"))
		return -ENODEV;
	if (exynos_map_pmu(fdt))
		return -ENODEV;
	/* The CCI's own early_initcall upstream (cci_init) runs before us. */
	if (!cci_probed() && cci_probe(fdt))
		return -ENODEV;
	node = fdt_node_offset_by_compatible(fdt, -1, "samsung,exynos4210-sysram-ns");
	if (node < 0)
		return -ENODEV;
	if (of_translate_reg(fdt, node, 0, &addr, NULL)) {
		pr_err("failed to map non-secure iRAM base address\n");
		return -ENOMEM;
	}
	ns_sram_base_addr = addr;

	/* To increase the stability of KFC reset, program PMU SPARE3. */
	pmu_raw_writel(EXYNOS5420_SWRESET_KFC_SEL, S5P_PMU_SPARE3);

	ret = mcpm_platform_register(&exynos_power_ops);
	if (!ret)
		ret = mcpm_sync_init(exynos_pm_power_up_setup);
	if (!ret)
		ret = mcpm_loopback(exynos_cluster_cache_disable); /* turn on the CCI */
	if (ret)
		return ret;
	pr_info("Exynos MCPM support installed\n");

	/*
	 * For both clusters: all cores off before the cluster's L2 goes
	 * (automatic core down), a core off before it is woken, the L2 up
	 * before the first man.
	 */
	for (i = 0; i < EXYNOS5420_NR_CLUSTERS; i++) {
		value = pmu_raw_readl(EXYNOS_COMMON_OPTION(i));
		value |= EXYNOS5420_ENABLE_AUTOMATIC_CORE_DOWN | EXYNOS5420_USE_ARM_CORE_DOWN_STATE |
			 EXYNOS5420_USE_L2_COMMON_UP_STATE;
		pmu_raw_writel(value, EXYNOS_COMMON_OPTION(i));
	}
	exynos_mcpm_setup_entry_point();
	return 0;
}
