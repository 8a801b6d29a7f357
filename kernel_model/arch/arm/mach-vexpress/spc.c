/*
 * spc.c - Versatile Express SPC driver, the power-management half of
 * arch/arm/mach-vexpress/spc.c. None of these helpers lock: as upstream,
 * callers (tc2_pm under MCPM's lock) provide atomicity, because they run
 * where cacheable locks may not work.
 */
#include "spc.h"

#include "asm/spinlock.h"
#include "linux/completion.h"
#include "linux/smp.h"
#include "linux/tick.h"

#define MAX_CLUSTERS 2

struct ve_spc_opp {
	u32 freq;   /* kHz */
	u32 u_volt;
};

struct ve_spc_drvdata {
	phys_addr_t baseaddr;
	u32 a15_clusid; /* MPIDR[15:8] of the A15 cluster */
	int irq;
};

/* The DVFS half, apart so that what non-coherent CPUs need (above, cleaned
 * to memory) stays as small as upstream's: only coherent CPUs run DVFS. */
struct ve_spc_dvfs {
	phys_addr_t baseaddr;
	/* One SPC operation at a time (upstream: a semaphore). */
	int cur_rsp_type;          /* -1: none in flight */
	u32 cur_rsp_stat;
	struct completion done;
	arch_spinlock_t sem;
	struct ve_spc_opp opps[MAX_CLUSTERS][SPC_MAX_OPPS];
	unsigned int num_opps[MAX_CLUSTERS];
	bool irq_requested;
	unsigned int spurious;
};

static struct ve_spc_drvdata spc_info;
static struct ve_spc_drvdata *info;
static struct ve_spc_dvfs spc_dvfs;
static struct ve_spc_dvfs *dvfs;

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

/* Models ve_spc_init. The request_irq is in ve_spc_clk_init (see spc.h):
 * the MCPM backend calls this before every caller has a GIC. */
int ve_spc_init(phys_addr_t baseaddr, u32 a15_clusid, int irq)
{
	if (irq <= 0) {
		pr_err("vexpress-spc: Invalid IRQ %d\n", irq);
		return -EINVAL;
	}
	spc_info.baseaddr = baseaddr;
	spc_info.a15_clusid = a15_clusid;
	spc_info.irq = irq;
	spc_dvfs.baseaddr = baseaddr;
	spc_dvfs.cur_rsp_type = -1;
	spc_dvfs.irq_requested = false;
	spc_dvfs.num_opps[0] = spc_dvfs.num_opps[1] = 0;
	spc_dvfs.sem.slock = 0;
	init_completion(&spc_dvfs.done);
	dvfs = &spc_dvfs;
	info = &spc_info;
	readl_relaxed(info->baseaddr + PWC_STATUS);
	/* Needed by CPUs running non-coherent during cluster power-up/down:
	 * make the driver data reach memory. */
	hw_cache_clean_range(&spc_info, sizeof(spc_info));
	hw_cache_clean_range(&info, sizeof(info));
	return 0;
}

/* ---- DVFS ------------------------------------------------------------------ */

static struct hrtimer spc_timeout_timer[NR_CPUS];

/* The timeout timer only has to wake the waiter's WFE. */
static void spc_timeout_fn(struct hrtimer *t)
{
}

/* Models ve_spc_irq_handler(): PWC_STATUS (clear on read, lowers the IRQ)
 * completes the operation in flight. */
irqreturn_t ve_spc_irq_handler(int irq, void *data)
{
	struct ve_spc_dvfs *drv_data = data;
	u32 status = readl_relaxed(drv_data->baseaddr + PWC_STATUS);

	if (drv_data->cur_rsp_type < 0) {
		drv_data->spurious++;
		return IRQ_NONE;
	}
	if (status & SPC_RESPONSE_MASK(drv_data->cur_rsp_type)) {
		drv_data->cur_rsp_stat = status & SPC_RESPONSE_MASK(drv_data->cur_rsp_type);
		complete(&drv_data->done);
	}
	return IRQ_HANDLED;
}

unsigned int ve_spc_spurious_irqs(void)
{
	return info ? dvfs->spurious : 0;
}

/* Models ve_spc_waitforcompletion(): wait_for_completion_timeout(20 ms).
 * A timer at the deadline wakes the waiter's WFE should the SPC stay mute. */
static int ve_spc_waitforcompletion(int req_type)
{
	struct hrtimer *t = &spc_timeout_timer[smp_processor_id()];
	u64 left;

	t->function = spc_timeout_fn;
	hrtimer_start(t, ktime_get_ns() + SPC_TIMEOUT_US * 1000ull);
	left = wait_for_completion_timeout(&dvfs->done, SPC_TIMEOUT_US * 1000ull);
	hrtimer_cancel(t);
	if (left == 0)
		return -ETIMEDOUT;
	return (dvfs->cur_rsp_stat & SPC_STAT_COMPLETE(req_type)) ? 0 : -EIO;
}

/* Models down(&dvfs->sem) ... up(): a ticket lock; a second caller spins. */
static void spc_sem_down(void)
{
	arch_spin_lock(&dvfs->sem);
}

static void spc_sem_up(void)
{
	arch_spin_unlock(&dvfs->sem);
}

/* Models ve_spc_read_sys_cfg(). */
static int ve_spc_read_sys_cfg(u32 func, u32 offset, u32 *data)
{
	int ret;

	spc_sem_down();
	init_completion(&dvfs->done);
	dvfs->cur_rsp_type = SPC_SYS_CFG;
	writel(SPC_SYSCFG_START | func | (offset >> 2), dvfs->baseaddr + COMMS);
	ret = ve_spc_waitforcompletion(SPC_SYS_CFG);
	if (ret == 0)
		*data = readl(dvfs->baseaddr + SYSCFG_RDATA);
	dvfs->cur_rsp_type = -1;
	spc_sem_up();
	return ret;
}

/* Models ve_spc_populate_opps(). */
int ve_spc_populate_opps(u32 cluster)
{
	u32 data = 0, off, idx;
	int ret = 0;

	if (!info || cluster >= MAX_CLUSTERS)
		return -ENODEV;
	off = cluster_is_a15(cluster) ? SPC_A15_PERFVAL_BASE : SPC_A7_PERFVAL_BASE;
	for (idx = 0; idx < SPC_MAX_OPPS; idx++, off += 4) {
		ret = ve_spc_read_sys_cfg(SPC_SYSCFG_SCC, off, &data);
		if (ret)
			break;
		dvfs->opps[cluster][idx].freq = (data & SPC_FREQ_MASK) * SPC_MULT_FACTOR;
		dvfs->opps[cluster][idx].u_volt = (data >> SPC_VOLT_SHIFT) * 1000;
	}
	dvfs->num_opps[cluster] = idx;
	/* Past the last OPP the SPC answers with an error: the table's end. */
	if (ret == -EIO && idx > 0)
		ret = 0;
	return ret;
}

unsigned int ve_spc_num_opps(u32 cluster)
{
	return info && cluster < MAX_CLUSTERS ? dvfs->num_opps[cluster] : 0;
}

int ve_spc_opp(u32 cluster, unsigned int idx, u32 *khz, u32 *uv)
{
	if (!info || cluster >= MAX_CLUSTERS || idx >= dvfs->num_opps[cluster])
		return -EINVAL;
	*khz = dvfs->opps[cluster][idx].freq;
	*uv = dvfs->opps[cluster][idx].u_volt;
	return 0;
}

/* Models ve_spc_find_performance_index(). */
static int ve_spc_find_performance_index(u32 cluster, u32 freq)
{
	unsigned int idx;

	for (idx = 0; idx < dvfs->num_opps[cluster]; idx++)
		if (dvfs->opps[cluster][idx].freq == freq)
			return (int)idx;
	return -EINVAL;
}

/* Models ve_spc_set_performance(). */
int ve_spc_set_performance(u32 cluster, u32 freq_khz)
{
	u32 perf_cfg_reg;
	int ret, perf, req_type;

	if (!info || cluster >= MAX_CLUSTERS)
		return -EINVAL;
	if (cluster_is_a15(cluster)) {
		req_type = SPC_CA15_DVFS;
		perf_cfg_reg = PERF_LVL_A15;
	} else {
		req_type = SPC_CA7_DVFS;
		perf_cfg_reg = PERF_LVL_A7;
	}
	perf = ve_spc_find_performance_index(cluster, freq_khz);
	if (perf < 0)
		return perf;
	spc_sem_down();
	init_completion(&dvfs->done);
	dvfs->cur_rsp_type = req_type;
	writel((u32)perf, dvfs->baseaddr + perf_cfg_reg);
	ret = ve_spc_waitforcompletion(req_type);
	dvfs->cur_rsp_type = -1;
	spc_sem_up();
	return ret;
}

/* Models ve_spc_get_performance(). */
int ve_spc_get_performance(u32 cluster, u32 *freq_khz)
{
	u32 perf;

	if (!info || cluster >= MAX_CLUSTERS)
		return -EINVAL;
	perf = ve_spc_get_perf_level(cluster);
	if (perf >= dvfs->num_opps[cluster])
		return -EINVAL;
	*freq_khz = dvfs->opps[cluster][perf].freq;
	return 0;
}

/* Models ve_spc_clk_init() and the request_irq of ve_spc_init(). */
int ve_spc_clk_init(void)
{
	int ret;

	if (!info)
		return 0;   /* continue only if the SPC is initialised */
	if (!dvfs->irq_requested) {
		ret = request_irq((unsigned int)info->irq, ve_spc_irq_handler, "vexpress-spc", dvfs);
		if (ret) {
			pr_err("vexpress-spc: IRQ %d request failed\n", info->irq);
			return -ENODEV;
		}
		dvfs->irq_requested = true;
	}
	if (ve_spc_populate_opps(0) || ve_spc_populate_opps(1)) {
		pr_err("vexpress-spc: failed to build OPP table\n");
		return -ENODEV;
	}
	return 0;
}

/* Test support: give the SPC interrupt back (before the machine goes). */
void ve_spc_free_irq_for_test(void)
{
	if (info && dvfs->irq_requested) {
		free_irq((unsigned int)info->irq, dvfs);
		dvfs->irq_requested = false;
	}
}
