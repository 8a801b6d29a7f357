/*
 * spc.c - Versatile Express SPC driver, the power-management half of
 * arch/arm/mach-vexpress/spc.c. None of these helpers lock: as upstream,
 * callers (tc2_pm under MCPM's lock) provide atomicity, because they run
 * where cacheable locks may not work.
 */
#include "spc.h"

#define MAX_CLUSTERS 2

struct ve_spc_drvdata {
	phys_addr_t baseaddr;
	u32 a15_clusid; /* MPIDR[15:8] of the A15 cluster */
	int irq;
};

static struct ve_spc_drvdata spc_info;
static struct ve_spc_drvdata *info;

/* Models cluster_is_a15. */
static bool cluster_is_a15(u32 cluster)
{
	return cluster == info->a15_clusid;
}

/* Models ve_spc_global_wakeup_irq. */
void ve_spc_global_wakeup_irq(bool set)
{
	u32 reg = readl_relaxed(info->baseaddr + WAKE_INT_MASK);

	if (set)
		reg |= GBL_WAKEUP_INT_MSK;
	else
		reg &= ~GBL_WAKEUP_INT_MSK;
	writel_relaxed(reg, info->baseaddr + WAKE_INT_MASK);
}

/* Models ve_spc_cpu_wakeup_irq: A15 cpu n is bit n, A7 cpu n bit n + 4. */
void ve_spc_cpu_wakeup_irq(u32 cluster, u32 cpu, bool set)
{
	u32 mask, reg;

	if (cluster >= MAX_CLUSTERS)
		return;
	mask = BIT(cpu);
	if (!cluster_is_a15(cluster))
		mask <<= 4;
	reg = readl_relaxed(info->baseaddr + WAKE_INT_MASK);
	if (set)
		reg |= mask;
	else
		reg &= ~mask;
	writel_relaxed(reg, info->baseaddr + WAKE_INT_MASK);
}

/* Models ve_spc_set_resume_addr: the per-CPU BX_ADDR mailbox. */
void ve_spc_set_resume_addr(u32 cluster, u32 cpu, u32 addr)
{
	phys_addr_t reg;

	if (cluster >= MAX_CLUSTERS)
		return;
	if (cluster_is_a15(cluster))
		reg = info->baseaddr + A15_BX_ADDR0 + (cpu << 2);
	else
		reg = info->baseaddr + A7_BX_ADDR0 + (cpu << 2);
	writel_relaxed(addr, reg);
}

/* Models ve_spc_powerdown: arm/disarm cluster power-off on last-core WFI. */
void ve_spc_powerdown(u32 cluster, bool enable)
{
	u32 reg;

	if (cluster >= MAX_CLUSTERS)
		return;
	reg = cluster_is_a15(cluster) ? A15_PWRDN_EN : A7_PWRDN_EN;
	writel_relaxed(enable, info->baseaddr + reg);
}

/* Models standbywfi_cpu_mask. */
static u32 standbywfi_cpu_mask(u32 cpu, u32 cluster)
{
	return cluster_is_a15(cluster) ? STANDBYWFI_STAT_A15_CPU_MASK(cpu)
				       : STANDBYWFI_STAT_A7_CPU_MASK(cpu);
}

/* Models ve_spc_cpu_in_wfi: non-zero iff the CPU is in WFI (which does not
 * by itself mean it is safely parked). */
int ve_spc_cpu_in_wfi(u32 cpu, u32 cluster)
{
	u32 mask;

	if (cluster >= MAX_CLUSTERS)
		return 1;
	mask = standbywfi_cpu_mask(cpu, cluster);
	return (readl_relaxed(info->baseaddr + STANDBYWFI_STAT) & mask) != 0;
}

/* Models the register read of ve_spc_get_performance. */
u32 ve_spc_get_perf_level(u32 cluster)
{
	return readl_relaxed(info->baseaddr +
			     (cluster_is_a15(cluster) ? PERF_LVL_A15 : PERF_LVL_A7));
}

/* Models ve_spc_init (the IRQ handler for DVFS completions comes with the
 * DVFS issue; the IRQ number is only checked and kept). */
int ve_spc_init(phys_addr_t baseaddr, u32 a15_clusid, int irq)
{
	if (irq <= 0) {
		pr_err("vexpress-spc: Invalid IRQ %d\n", irq);
		return -EINVAL;
	}
	spc_info.baseaddr = baseaddr;
	spc_info.a15_clusid = a15_clusid;
	spc_info.irq = irq;
	info = &spc_info;
	readl_relaxed(info->baseaddr + PWC_STATUS);
	/* Needed by CPUs running non-coherent during cluster power-up/down:
	 * make the driver data reach memory. */
	hw_cache_clean_range(&spc_info, sizeof(spc_info));
	hw_cache_clean_range(&info, sizeof(info));
	return 0;
}
