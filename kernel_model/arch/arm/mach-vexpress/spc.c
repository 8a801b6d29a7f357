/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * spc.c - the Versatile Express Serial Power Controller driver, modelled on
 * arch/arm/mach-vexpress/spc.c: the power-management helpers MCPM's TC2
 * backend uses, and the DVFS requests the cpufreq driver sends. The power
 * helpers take no lock: their callers (tc2_pm, under MCPM's lock) provide
 * the atomicity, since they run where cacheable locks may not work.
 */
#include "spc.h"

#include "asm/spinlock.h"
#include "linux/completion.h"
#include "linux/smp.h"
#include "linux/tick.h"
#include "blsim/test_hooks.h"

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

/* Is this the cluster of Cortex-A15s (the other one holds the A7s)? */
static bool big_cluster(u32 cluster)
{
	return info->a15_clusid == cluster;
}

static phys_addr_t spc_reg(u32 off)
{
	return info->baseaddr + off;
}

/* Read-modify-write of WAKE_INT_MASK: set or clear `bits`. */
static void wake_mask_update(u32 bits, bool set)
{
	u32 v = readl_relaxed(spc_reg(WAKE_INT_MASK));

	v = set ? (v | bits) : (v & ~bits);
	writel_relaxed(v, spc_reg(WAKE_INT_MASK));
}

/* The bit of a CPU in WAKE_INT_MASK: n for A15 n, n + 4 for A7 n. */
static u32 cpu_wake_bit(u32 cluster, u32 cpu)
{
	return BIT(cpu + (big_cluster(cluster) ? 0 : SPC_WAKE_INT_A7_SHIFT));
}

/* ve_spc_global_wakeup_irq: any interrupt may wake a powered-off cluster. */
void ve_spc_global_wakeup_irq(bool set)
{
	wake_mask_update(GBL_WAKEUP_INT_MSK, set);
}

/* ve_spc_cpu_wakeup_irq: this CPU's interrupts may wake it from power-off. */
void ve_spc_cpu_wakeup_irq(u32 cluster, u32 cpu, bool set)
{
	if (cluster < MAX_CLUSTERS)
		wake_mask_update(cpu_wake_bit(cluster, cpu), set);
}

/* ve_spc_set_resume_addr: the CPU's BX_ADDR mailbox, where the SPC sends it
 * when it leaves reset. */
void ve_spc_set_resume_addr(u32 cluster, u32 cpu, u32 addr)
{
	u32 box;

	if (cluster >= MAX_CLUSTERS)
		return;
	box = (big_cluster(cluster) ? A15_BX_ADDR0 : A7_BX_ADDR0) + 4 * cpu;
	writel_relaxed(addr, spc_reg(box));
}

/* ve_spc_powerdown: whether the cluster is cut when its last core is in
 * wfi (enable), or kept powered. */
void ve_spc_powerdown(u32 cluster, bool enable)
{
	if (cluster < MAX_CLUSTERS)
		writel_relaxed(enable, spc_reg(big_cluster(cluster) ? A15_PWRDN_EN : A7_PWRDN_EN));
}

/* ve_spc_cpu_in_wfi: non-zero while the CPU's STANDBYWFI is up (in wfi, not
 * necessarily parked for good); a cluster out of range reads as in wfi. */
int ve_spc_cpu_in_wfi(u32 cpu, u32 cluster)
{
	u32 bit;

	if (cluster >= MAX_CLUSTERS)
		return 1;
	bit = big_cluster(cluster) ? STANDBYWFI_STAT_A15_CPU_MASK(cpu)
				   : STANDBYWFI_STAT_A7_CPU_MASK(cpu);
	return (readl_relaxed(spc_reg(STANDBYWFI_STAT)) & bit) != 0;
}

/* Models the register read of ve_spc_get_performance. */
u32 ve_spc_get_perf_level(u32 cluster)
{
	return readl_relaxed(info->baseaddr +
			     (big_cluster(cluster) ? PERF_LVL_A15 : PERF_LVL_A7));
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

/* ve_spc_irq_handler: reading PWC_STATUS clears it and lowers the line; the
 * answer to the request in flight, if it is in there, completes it. */
irqreturn_t ve_spc_irq_handler(int irq, void *data)
{
	struct ve_spc_dvfs *d = data;
	u32 st = readl_relaxed(d->baseaddr + PWC_STATUS);
	u32 answer;

	if (d->cur_rsp_type < 0) { /* nothing asked: not ours */
		d->spurious++;
		return IRQ_NONE;
	}
	answer = st & SPC_RESPONSE_MASK(d->cur_rsp_type);
	if (answer) {
		d->cur_rsp_stat = answer;
		complete(&d->done);
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

/* One request to the SPC, the only one in flight: write `val` to `reg`,
 * wait for the answer of kind `type`; on success read SYSCFG_RDATA into
 * *reply when one is wanted. */
static int spc_request(int type, u32 reg, u32 val, u32 *reply)
{
	int err;

	spc_sem_down();
	init_completion(&dvfs->done);
	dvfs->cur_rsp_type = type;
	writel(val, dvfs->baseaddr + reg);
	err = ve_spc_waitforcompletion(type);
	if (!err && reply)
		*reply = readl(dvfs->baseaddr + SYSCFG_RDATA);
	dvfs->cur_rsp_type = -1;
	spc_sem_up();
	return err;
}

/* ve_spc_read_sys_cfg: a read of the SPC's system configuration space. */
static int ve_spc_read_sys_cfg(u32 func, u32 offset, u32 *data)
{
	return spc_request(SPC_SYS_CFG, COMMS, SPC_SYSCFG_START | func | (offset / 4), data);
}

/* Models ve_spc_populate_opps(). */
int ve_spc_populate_opps(u32 cluster)
{
	u32 word = 0, base;
	unsigned int n = 0;
	int err = 0;

	if (!info || cluster >= MAX_CLUSTERS)
		return -ENODEV;
	base = big_cluster(cluster) ? SPC_A15_PERFVAL_BASE : SPC_A7_PERFVAL_BASE;
	/* One word per OPP: frequency in the low bits, millivolts above. */
	while (n < SPC_MAX_OPPS) {
		struct ve_spc_opp *o = &dvfs->opps[cluster][n];

		err = ve_spc_read_sys_cfg(SPC_SYSCFG_SCC, base + 4 * n, &word);
		if (err)
			break;
		o->freq = SPC_MULT_FACTOR * (word & SPC_FREQ_MASK);
		o->u_volt = 1000 * (word >> SPC_VOLT_SHIFT);
		n++;
	}
	dvfs->num_opps[cluster] = n;
	/* The SPC refuses a read past the last OPP: that is the table's end. */
	return err == -EIO && n > 0 ? 0 : err;
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
	bool big;
	int level;

	if (!info || cluster >= MAX_CLUSTERS)
		return -EINVAL;
	big = big_cluster(cluster);
	level = ve_spc_find_performance_index(cluster, freq_khz);
	if (level < 0)
		return level;
	return spc_request(big ? SPC_CA15_DVFS : SPC_CA7_DVFS, big ? PERF_LVL_A15 : PERF_LVL_A7,
			   (u32)level, NULL);
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
