/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * arm_big_little.c - the generic ARM big.LITTLE cpufreq driver
 * (drivers/cpufreq/arm_big_little.c, merged into vexpress-spc-cpufreq.c
 * upstream since v5.6).
 *
 * Without IKS: one policy per cluster, on the cluster's table and clock.
 * With IKS (bL_switching_enabled): one policy per logical CPU on a merged
 * virtual table (A15 OPPs as they are, A7 OPPs halved); a target below the
 * A15's lowest OPP moves the CPU to its A7, above the A7's highest (halved)
 * moves it to its A15, through bL_switch_request(); a cluster's clock runs
 * at the highest rate any CPU on it asks for.
 */
#include <string.h>

#include "arm_big_little.h"
#include "linux/energy_model.h"
#include "blsim/test_hooks.h"

bool bL_switching_enabled;

static const struct cpufreq_arm_bL_ops *arm_bL_ops;
static struct cpufreq_driver bL_cpufreq_driver;
static bool driver_registered;

static struct cpufreq_frequency_table freq_table_store[MAX_CLUSTERS + 1][2 * BL_MAX_OPPS + 1];
static struct cpufreq_frequency_table *freq_table[MAX_CLUSTERS + 1];
static unsigned int cluster_usage[MAX_CLUSTERS + 1];
static arch_spinlock_t cluster_lock[MAX_CLUSTERS];
static unsigned int clk_big_min;     /* kHz, lowest A15 OPP */
static unsigned int clk_little_max;  /* kHz, highest A7 OPP, halved */
/* Each cluster's OPPs as the glue gave them, for the energy model. */
static struct em_opp cluster_opps[MAX_CLUSTERS][BL_MAX_OPPS];
static unsigned int cluster_nr_opps[MAX_CLUSTERS];

static unsigned int physical_cluster[NR_CPUS];
static unsigned int cpu_last_req_freq[NR_CPUS];

/* Models is_bL_switching_enabled(). */
static bool is_bL_switching_enabled(void)
{
	return bL_switching_enabled;
}

/* Models raw_cpu_to_cluster(): topology_physical_package_id = MPIDR Aff1
 * of the core the logical CPU stands for now. */
static unsigned int raw_cpu_to_cluster(unsigned int cpu)
{
	return MPIDR_AFFINITY_LEVEL(cpu_logical_map(cpu), 1);
}

/* Models cpu_to_cluster(): the virtual cluster under IKS. */
static unsigned int cpu_to_cluster(unsigned int cpu)
{
	return is_bL_switching_enabled() ? MAX_CLUSTERS : raw_cpu_to_cluster(cpu);
}

/* find_cluster_maxfreq: the clock a cluster needs under IKS, the highest
 * rate asked by an online CPU now running on it. */
static unsigned int find_cluster_maxfreq(unsigned int cluster)
{
	unsigned int c, need = 0;

	for (c = 0; c < NR_CPUS; c++) {
		bool on_it = cpu_online(c) && physical_cluster[c] == cluster;

		if (on_it && cpu_last_req_freq[c] > need)
			need = cpu_last_req_freq[c];
	}
	return need;
}

/* clk_get_cpu_rate: the clock of the cluster a CPU is on, expressed in the
 * merged table's virtual kHz when IKS is on (A7 rates halved). */
static unsigned int clk_get_cpu_rate(unsigned int cpu)
{
	unsigned int cl = physical_cluster[cpu];
	unsigned int khz = arm_bL_ops->clk_get_rate(cl);

	return is_bL_switching_enabled() ? VIRT_FREQ(cl, khz) : khz;
}

/* bL_cpufreq_get_rate: under IKS what the CPU last asked for, else its
 * cluster's clock. */
static unsigned int bL_cpufreq_get_rate(unsigned int cpu)
{
	return is_bL_switching_enabled() ? cpu_last_req_freq[cpu] : clk_get_cpu_rate(cpu);
}

/* Sets a cluster's clock and checks by reading it back: the clock layer may
 * report success without reaching the rate (a FIXME upstream). */
static int set_cluster_clock(unsigned int cl, unsigned int khz)
{
	int err = arm_bL_ops->clk_set_rate(cl, khz);

	if (err == 0 && arm_bL_ops->clk_get_rate(cl) != khz)
		err = -EIO;
	return err;
}

/* After a CPU left cluster `cl` (under IKS): run the cluster at what the
 * CPUs still on it need, if any remain. */
static void retune_left_cluster(unsigned int cl)
{
	unsigned int khz;
	int err;

	arch_spin_lock(&cluster_lock[cl]);
	khz = ACTUAL_FREQ(cl, find_cluster_maxfreq(cl));
	if (khz != 0) {
		err = arm_bL_ops->clk_set_rate(cl, khz);
		if (err)
			pr_err("%s: clk_set_rate failed: %d, old cluster: %u\n", "bL_cpufreq_set_rate",
			       err, cl);
	}
	arch_spin_unlock(&cluster_lock[cl]);
}

/*
 * bL_cpufreq_set_rate: `rate` is in virtual kHz under IKS. The target
 * cluster's clock is set under its lock first (under IKS to the highest
 * request of the CPUs that will be on it, this one included); only then,
 * if the CPU changes cluster, is the switch asked for and the cluster left
 * behind retuned. A failed clock change undoes this CPU's bookkeeping.
 */
static int bL_cpufreq_set_rate(unsigned int cpu, unsigned int old_cluster,
			       unsigned int new_cluster, unsigned int rate)
{
	bool iks = is_bL_switching_enabled();
	unsigned int asked_before = 0, khz = rate;
	int err;

	arch_spin_lock(&cluster_lock[new_cluster]);
	if (iks) {
		asked_before = cpu_last_req_freq[cpu];
		cpu_last_req_freq[cpu] = rate;
		physical_cluster[cpu] = new_cluster;
		khz = ACTUAL_FREQ(new_cluster, find_cluster_maxfreq(new_cluster));
	}
	err = set_cluster_clock(new_cluster, khz);
	if (WARN_ON(err) && iks) {
		cpu_last_req_freq[cpu] = asked_before;
		physical_cluster[cpu] = old_cluster;
	}
	arch_spin_unlock(&cluster_lock[new_cluster]);
	if (err)
		return err;

	if (old_cluster == new_cluster)
		return 0;
	if (bL_switch_request)
		bL_switch_request(cpu, new_cluster);
	else
		pr_warn("%s: cpu %u: no switcher linked in: stays on cluster %u\n",
			__func__, cpu, old_cluster);
	retune_left_cluster(old_cluster);
	return 0;
}

/* bL_cpufreq_set_target: under IKS a rate below the A15's lowest OPP sends
 * a CPU on an A15 to its A7, and one above the A7's highest sends a CPU on
 * an A7 to its A15; otherwise the CPU stays where it is. */
static int bL_cpufreq_set_target(struct cpufreq_policy *policy, unsigned int index)
{
	unsigned int cpu = policy->cpu;
	unsigned int here = physical_cluster[cpu], there = here;
	unsigned int want = freq_table[cpu_to_cluster(cpu)][index].frequency;

	if (is_bL_switching_enabled()) {
		if (here == A15_CLUSTER && want < clk_big_min)
			there = A7_CLUSTER;
		else if (here == A7_CLUSTER && want > clk_little_max)
			there = A15_CLUSTER;
	}
	return bL_cpufreq_set_rate(cpu, here, there, want);
}

/* Entries before CPUFREQ_TABLE_END. */
static unsigned int table_len(const struct cpufreq_frequency_table *t)
{
	unsigned int n;

	for (n = 0; t[n].frequency != CPUFREQ_TABLE_END; n++)
		;
	return n;
}

/* Lowest (want_max false) or highest valid frequency of a table. */
static unsigned int table_extreme(const struct cpufreq_frequency_table *t, bool want_max)
{
	const struct cpufreq_frequency_table *e;
	unsigned int best = want_max ? 0 : ~0u;

	cpufreq_for_each_valid_entry(e, t) {
		if (want_max ? e->frequency > best : e->frequency < best)
			best = e->frequency;
	}
	return best;
}

/* merge_cluster_tables: the IKS virtual table, the A15 OPPs then the A7
 * OPPs at half rate, not sorted (on TC2 500 MHz appears twice: A15 500 and
 * A7 1000 / 2). driver_data says which cluster an entry comes from. */
static int merge_cluster_tables(void)
{
	struct cpufreq_frequency_table *out = freq_table_store[MAX_CLUSTERS];
	unsigned int cl, n = 0, need = 1;

	for (cl = 0; cl < MAX_CLUSTERS; cl++)
		need += table_len(freq_table[cl]);
	if (need > ARRAY_SIZE(freq_table_store[MAX_CLUSTERS]))
		return -ENOMEM;
	freq_table[MAX_CLUSTERS] = out;
	for (cl = 0; cl < MAX_CLUSTERS; cl++) {
		const struct cpufreq_frequency_table *in = freq_table[cl];

		for (; in->frequency != CPUFREQ_TABLE_END; in++, n++)
			out[n] = (struct cpufreq_frequency_table){
				.flags = 0,
				.driver_data = cl,
				.frequency = VIRT_FREQ(cl, in->frequency),
			};
	}
	out[n].driver_data = n;
	out[n].frequency = CPUFREQ_TABLE_END;
	return 0;
}

/* _put_cluster_clk_and_freq_table: drop one physical cluster's table. */
static void _put_cluster_clk_and_freq_table(unsigned int cluster)
{
	if (freq_table[cluster] == NULL)
		return;
	if (arm_bL_ops->free_opp_table)
		arm_bL_ops->free_opp_table(cluster);
	freq_table[cluster] = NULL;
}

/* put_cluster_clk_and_freq_table: one policy fewer on this table; the last
 * one frees it (the virtual one frees both physical tables). */
static void put_cluster_clk_and_freq_table(unsigned int cluster)
{
	unsigned int cl;

	if (cluster_usage[cluster] == 0)
		return;
	if (--cluster_usage[cluster] != 0)
		return;
	if (cluster != MAX_CLUSTERS) {
		_put_cluster_clk_and_freq_table(cluster);
		return;
	}
	for (cl = 0; cl < MAX_CLUSTERS; cl++)
		_put_cluster_clk_and_freq_table(cl);
	freq_table[MAX_CLUSTERS] = NULL;
}

/* Models _get_cluster_clk_and_freq_table(): OPPs -> table
 * (dev_pm_opp_init_cpufreq_table). */
static int _get_cluster_clk_and_freq_table(unsigned int cluster)
{
	struct bL_opp opps[BL_MAX_OPPS];
	struct cpufreq_frequency_table *t = freq_table_store[cluster];
	int n, i;

	if (freq_table[cluster])
		return 0;
	n = arm_bL_ops->init_opp_table(cluster, opps, BL_MAX_OPPS);
	if (n <= 0) {
		pr_err("%s: cluster %u: init_opp_table failed, err: %d\n", __func__, cluster, n);
		return n < 0 ? n : -ENODEV;
	}
	for (i = 0; i < n; i++) {
		t[i].flags = 0;
		t[i].driver_data = (unsigned int)i;
		t[i].frequency = opps[i].khz;
		cluster_opps[cluster][i].khz = opps[i].khz;
		cluster_opps[cluster][i].uv = opps[i].uv;
	}
	cluster_nr_opps[cluster] = (unsigned int)n;
	t[n].driver_data = (unsigned int)n;
	t[n].frequency = CPUFREQ_TABLE_END;
	freq_table[cluster] = t;
	return 0;
}

/* Models get_cluster_clk_and_freq_table(): cluster_usage counts the
 * policies on a cluster's (or the merged) table. */
static int get_cluster_clk_and_freq_table(unsigned int cluster)
{
	unsigned int cl;
	int err = 0;

	if (++cluster_usage[cluster] > 1)
		return 0;
	if (cluster != MAX_CLUSTERS) {
		err = _get_cluster_clk_and_freq_table(cluster);
		if (err)
			cluster_usage[cluster]--;
		return err;
	}
	/* The virtual (IKS) table: both physical tables, then their merge. */
	for (cl = 0; cl < MAX_CLUSTERS && !err; cl++)
		err = _get_cluster_clk_and_freq_table(cl);
	if (!err)
		err = merge_cluster_tables();
	if (err) {
		for (cl = 0; cl < MAX_CLUSTERS; cl++)
			_put_cluster_clk_and_freq_table(cl);
		cluster_usage[cluster]--;
		return err;
	}
	/* The switch thresholds; like upstream this assumes two clusters. */
	clk_big_min = table_extreme(freq_table[A15_CLUSTER], false);
	clk_little_max = VIRT_FREQ(A7_CLUSTER, table_extreme(freq_table[A7_CLUSTER], true));
	return 0;
}

/* Models bL_cpufreq_init(). */
static int bL_cpufreq_init(struct cpufreq_policy *policy)
{
	unsigned int cur_cluster = cpu_to_cluster(policy->cpu), cpu;
	int ret;

	ret = get_cluster_clk_and_freq_table(cur_cluster);
	if (ret)
		return ret;
	if (cur_cluster < MAX_CLUSTERS) {
		/* topology_core_cpumask: every possible CPU of the cluster. */
		policy->cpus = 0;
		for (cpu = 0; cpu < nr_cpu_ids; cpu++)
			if (cpu_possible(cpu) && raw_cpu_to_cluster(cpu) == cur_cluster) {
				policy->cpus |= BIT(cpu);
				physical_cluster[cpu] = cur_cluster;
			}
		/* As vexpress-spc-cpufreq / cpufreq-dt do (v5.10): the policy's
		 * CPUs are one performance domain of the energy model. Without a
		 * dynamic-power-coefficient there is none, and no EAS. */
		dev_pm_opp_of_register_em(hw_fdt(), policy->cpu, policy->cpus,
					  cluster_opps[cur_cluster], cluster_nr_opps[cur_cluster]);
	} else {
		/* Upstream assumes the pair runs on its A15 at init; the
		 * logical map says where it runs (the same after enabling). */
		physical_cluster[policy->cpu] = raw_cpu_to_cluster(policy->cpu);
	}
	policy->freq_table = freq_table[cur_cluster];
	policy->cpuinfo.transition_latency = arm_bL_ops->get_transition_latency(cur_cluster <
		MAX_CLUSTERS ? cur_cluster : physical_cluster[policy->cpu]);
	if (is_bL_switching_enabled())
		cpu_last_req_freq[policy->cpu] = clk_get_cpu_rate(policy->cpu);
	pr_info("%s: CPU %u initialized\n", __func__, policy->cpu);
	return 0;
}

/* Models bL_cpufreq_exit(). */
static int bL_cpufreq_exit(struct cpufreq_policy *policy)
{
	put_cluster_clk_and_freq_table(cpu_to_cluster(policy->cpu));
	pr_debug("%s: Exited, cpu: %u\n", __func__, policy->cpu);
	return 0;
}

/* Models cpufreq_generic_frequency_table_verify as the driver's verify. */
static int bL_cpufreq_verify(struct cpufreq_policy *policy)
{
	return cpufreq_generic_frequency_table_verify(policy);
}

static struct cpufreq_driver bL_cpufreq_driver = {
	.name = "arm-big-little",
	.flags = CPUFREQ_STICKY | CPUFREQ_HAVE_GOVERNOR_PER_POLICY |
		 CPUFREQ_NEED_INITIAL_FREQ_CHECK,
	.verify = bL_cpufreq_verify,
	.target_index = bL_cpufreq_set_target,
	.get = bL_cpufreq_get_rate,
	.init = bL_cpufreq_init,
	.exit = bL_cpufreq_exit,
};

/* Models bL_cpufreq_switcher_notifier() for PRE_ENABLE+POST_ENABLE (true)
 * or PRE_DISABLE+POST_DISABLE (false). */
void bL_cpufreq_switcher_notify(bool enabled)
{
	if (arm_bL_ops && driver_registered) {
		cpufreq_unregister_driver(&bL_cpufreq_driver);
		driver_registered = false;
	}
	bL_switching_enabled = enabled;
	if (arm_bL_ops)
		driver_registered = cpufreq_register_driver(&bL_cpufreq_driver) == 0;
}

/* Models bL_cpufreq_register(). */
int bL_cpufreq_register(const struct cpufreq_arm_bL_ops *ops)
{
	unsigned int i;
	int ret;

	if (arm_bL_ops) {
		pr_debug("%s: Already registered: %s, exiting\n", __func__, arm_bL_ops->name);
		return -EBUSY;
	}
	if (!ops || !ops->name || !ops->name[0] || !ops->init_opp_table ||
	    !ops->get_transition_latency || !ops->clk_set_rate || !ops->clk_get_rate) {
		pr_err("%s: Invalid arm_bL_ops, exiting\n", __func__);
		return -ENODEV;
	}
	arm_bL_ops = ops;
	for (i = 0; i < MAX_CLUSTERS; i++)
		cluster_lock[i].slock = 0;
	ret = cpufreq_register_driver(&bL_cpufreq_driver);
	if (ret) {
		pr_info("%s: Failed registering platform driver: %s, err: %d\n", __func__,
			ops->name, ret);
		arm_bL_ops = NULL;
		return ret;
	}
	driver_registered = true;
	pr_info("%s: Registered platform driver: %s\n", __func__, ops->name);
	return 0;
}

/* Models bL_cpufreq_unregister(). */
void bL_cpufreq_unregister(const struct cpufreq_arm_bL_ops *ops)
{
	if (arm_bL_ops != ops) {
		pr_err("%s: Registered with: %s, can't unregister, exiting\n", __func__,
		       arm_bL_ops ? arm_bL_ops->name : "(none)");
		return;
	}
	if (driver_registered)
		cpufreq_unregister_driver(&bL_cpufreq_driver);
	driver_registered = false;
	pr_info("%s: Un-registered platform driver: %s\n", __func__, arm_bL_ops->name);
	arm_bL_ops = NULL;
}

const struct cpufreq_frequency_table *bL_freq_table(unsigned int cluster)
{
	return cluster <= MAX_CLUSTERS ? freq_table[cluster] : NULL;
}

unsigned int bL_cluster_usage(unsigned int cluster)
{
	return cluster <= MAX_CLUSTERS ? cluster_usage[cluster] : 0;
}

unsigned int bL_cpu_physical_cluster(unsigned int cpu)
{
	return cpu < NR_CPUS ? physical_cluster[cpu] : 0;
}

u32 bL_cpu_last_req_freq(unsigned int cpu)
{
	return cpu < NR_CPUS ? cpu_last_req_freq[cpu] : 0;
}

u32 bL_clk_big_min(void)
{
	return clk_big_min;
}

u32 bL_clk_little_max(void)
{
	return clk_little_max;
}

void bL_cpufreq_reset_for_test(void)
{
	arm_bL_ops = NULL;
	driver_registered = false;
	bL_switching_enabled = false;
	memset(freq_table, 0, sizeof(freq_table));
	memset(cluster_usage, 0, sizeof(cluster_usage));
	memset(physical_cluster, 0, sizeof(physical_cluster));
	memset(cpu_last_req_freq, 0, sizeof(cpu_last_req_freq));
	clk_big_min = clk_little_max = 0;
}
