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

/* Models find_cluster_maxfreq(): the highest request of the online CPUs
 * that run on this cluster. */
static unsigned int find_cluster_maxfreq(unsigned int cluster)
{
	unsigned int j, max_freq = 0;

	for (j = 0; j < NR_CPUS; j++) {
		if (!cpu_online(j))
			continue;
		if (physical_cluster[j] == cluster && cpu_last_req_freq[j] > max_freq)
			max_freq = cpu_last_req_freq[j];
	}
	pr_debug("%s: cluster: %u, max freq: %u\n", __func__, cluster, max_freq);
	return max_freq;
}

/* Models clk_get_cpu_rate(). */
static unsigned int clk_get_cpu_rate(unsigned int cpu)
{
	unsigned int cur_cluster = physical_cluster[cpu];
	unsigned int rate = arm_bL_ops->clk_get_rate(cur_cluster);

	if (is_bL_switching_enabled())
		rate = VIRT_FREQ(cur_cluster, rate);
	return rate;
}

/* Models bL_cpufreq_get_rate(). */
static unsigned int bL_cpufreq_get_rate(unsigned int cpu)
{
	if (is_bL_switching_enabled())
		return cpu_last_req_freq[cpu];
	return clk_get_cpu_rate(cpu);
}

/* Models bL_cpufreq_set_rate(): rate is virtual under IKS. */
static int bL_cpufreq_set_rate(unsigned int cpu, unsigned int old_cluster,
			       unsigned int new_cluster, unsigned int rate)
{
	unsigned int new_rate, prev_rate;
	int ret;
	bool bLs = is_bL_switching_enabled();

	arch_spin_lock(&cluster_lock[new_cluster]);
	if (bLs) {
		prev_rate = cpu_last_req_freq[cpu];
		cpu_last_req_freq[cpu] = rate;
		physical_cluster[cpu] = new_cluster;
		new_rate = find_cluster_maxfreq(new_cluster);
		new_rate = ACTUAL_FREQ(new_cluster, new_rate);
	} else {
		prev_rate = 0;
		new_rate = rate;
	}
	pr_debug("%s: cpu: %u, old cluster: %u, new cluster: %u, freq: %u\n", __func__, cpu,
		 old_cluster, new_cluster, new_rate);
	ret = arm_bL_ops->clk_set_rate(new_cluster, new_rate);
	/* Read back: the clock may not have reached the rate (upstream FIXME). */
	if (!ret && arm_bL_ops->clk_get_rate(new_cluster) != new_rate)
		ret = -EIO;
	if (WARN_ON(ret)) {
		if (bLs) {
			cpu_last_req_freq[cpu] = prev_rate;
			physical_cluster[cpu] = old_cluster;
		}
		arch_spin_unlock(&cluster_lock[new_cluster]);
		return ret;
	}
	arch_spin_unlock(&cluster_lock[new_cluster]);

	/* Recalc the old cluster's clock when this CPU left it. */
	if (old_cluster != new_cluster) {
		pr_debug("%s: cpu %u: switching from cluster %u to %u\n", __func__, cpu,
			 old_cluster, new_cluster);
		/* Switch the CPU over. */
		if (bL_switch_request)
			bL_switch_request(cpu, new_cluster);
		else
			pr_warn("%s: cpu %u: no switcher linked in: stays on cluster %u\n",
				__func__, cpu, old_cluster);
		arch_spin_lock(&cluster_lock[old_cluster]);
		/* Set the old cluster's rate if CPUs are left on it. */
		new_rate = find_cluster_maxfreq(old_cluster);
		new_rate = ACTUAL_FREQ(old_cluster, new_rate);
		if (new_rate) {
			pr_debug("%s: Updating rate of old cluster: %u, to freq: %u\n", __func__,
				 old_cluster, new_rate);
			ret = arm_bL_ops->clk_set_rate(old_cluster, new_rate);
			if (ret)
				pr_err("%s: clk_set_rate failed: %d, old cluster: %u\n", __func__,
				       ret, old_cluster);
		}
		arch_spin_unlock(&cluster_lock[old_cluster]);
	}
	return 0;
}

/* Models bL_cpufreq_set_target(). */
static int bL_cpufreq_set_target(struct cpufreq_policy *policy, unsigned int index)
{
	unsigned int cpu = policy->cpu, cur_cluster, new_cluster, actual_cluster;
	unsigned int freqs_new;

	cur_cluster = cpu_to_cluster(cpu);
	new_cluster = actual_cluster = physical_cluster[cpu];
	freqs_new = freq_table[cur_cluster][index].frequency;
	if (is_bL_switching_enabled()) {
		if (actual_cluster == A15_CLUSTER && freqs_new < clk_big_min)
			new_cluster = A7_CLUSTER;
		else if (actual_cluster == A7_CLUSTER && freqs_new > clk_little_max)
			new_cluster = A15_CLUSTER;
	}
	return bL_cpufreq_set_rate(cpu, actual_cluster, new_cluster, freqs_new);
}

/* Models get_table_count(). */
static unsigned int get_table_count(const struct cpufreq_frequency_table *table)
{
	unsigned int count = 0;

	while (table[count].frequency != CPUFREQ_TABLE_END)
		count++;
	return count;
}

/* Models get_table_min(). */
static unsigned int get_table_min(const struct cpufreq_frequency_table *table)
{
	const struct cpufreq_frequency_table *pos;
	unsigned int min_freq = ~0u;

	cpufreq_for_each_valid_entry(pos, table)
		if (pos->frequency < min_freq)
			min_freq = pos->frequency;
	return min_freq;
}

/* Models get_table_max(). */
static unsigned int get_table_max(const struct cpufreq_frequency_table *table)
{
	const struct cpufreq_frequency_table *pos;
	unsigned int max_freq = 0;

	cpufreq_for_each_valid_entry(pos, table)
		if (pos->frequency > max_freq)
			max_freq = pos->frequency;
	return max_freq;
}

/* Models merge_cluster_tables(): A15 entries, then A7 entries halved
 * (unsorted, and on TC2 with 500 MHz twice: A15 500, A7 1000/2). */
static int merge_cluster_tables(void)
{
	struct cpufreq_frequency_table *table = freq_table_store[MAX_CLUSTERS];
	unsigned int i, j, k = 0, count = 1;

	for (i = 0; i < MAX_CLUSTERS; i++)
		count += get_table_count(freq_table[i]);
	if (count > ARRAY_SIZE(freq_table_store[MAX_CLUSTERS]))
		return -ENOMEM;
	freq_table[MAX_CLUSTERS] = table;
	for (i = 0; i < MAX_CLUSTERS; i++) {
		for (j = 0; freq_table[i][j].frequency != CPUFREQ_TABLE_END; j++) {
			table[k].frequency = VIRT_FREQ(i, freq_table[i][j].frequency);
			table[k].driver_data = i;   /* the physical cluster */
			table[k].flags = 0;
			pr_debug("%s: index: %u, freq: %u\n", __func__, k, table[k].frequency);
			k++;
		}
	}
	table[k].driver_data = k;
	table[k].frequency = CPUFREQ_TABLE_END;
	return 0;
}

/* Models _put_cluster_clk_and_freq_table(). */
static void _put_cluster_clk_and_freq_table(unsigned int cluster)
{
	if (!freq_table[cluster])
		return;
	if (arm_bL_ops->free_opp_table)
		arm_bL_ops->free_opp_table(cluster);
	freq_table[cluster] = NULL;
}

/* Models put_cluster_clk_and_freq_table(). */
static void put_cluster_clk_and_freq_table(unsigned int cluster)
{
	unsigned int i;

	if (!cluster_usage[cluster] || --cluster_usage[cluster])
		return;
	if (cluster < MAX_CLUSTERS) {
		_put_cluster_clk_and_freq_table(cluster);
		return;
	}
	for (i = 0; i < MAX_CLUSTERS; i++)
		_put_cluster_clk_and_freq_table(i);
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
	unsigned int i;
	int ret;

	if (++cluster_usage[cluster] != 1)
		return 0;
	if (cluster < MAX_CLUSTERS) {
		ret = _get_cluster_clk_and_freq_table(cluster);
		if (ret)
			cluster_usage[cluster]--;
		return ret;
	}
	/* IKS: both clusters' tables and their merge. */
	for (i = 0; i < MAX_CLUSTERS; i++) {
		ret = _get_cluster_clk_and_freq_table(i);
		if (ret)
			goto put_clusters;
	}
	ret = merge_cluster_tables();
	if (ret)
		goto put_clusters;
	/* Two clusters assumed, as upstream. */
	clk_big_min = get_table_min(freq_table[A15_CLUSTER]);
	clk_little_max = VIRT_FREQ(A7_CLUSTER, get_table_max(freq_table[A7_CLUSTER]));
	pr_debug("%s: clk_big_min: %u, clk_little_max: %u\n", __func__, clk_big_min,
		 clk_little_max);
	return 0;

put_clusters:
	for (i = 0; i < MAX_CLUSTERS; i++)
		_put_cluster_clk_and_freq_table(i);
	cluster_usage[cluster]--;
	return ret;
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
