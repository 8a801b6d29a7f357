// SPDX-License-Identifier: GPL-2.0-only
/*
 * arm_big_little_dt.c - the generic big.LITTLE cpufreq glue for boards that
 * describe OPPs in the DT (drivers/cpufreq/arm_big_little_dt.c): the cpu
 * nodes' operating-points (<kHz uV> pairs) or operating-points-v2 (a table
 * node of opp-hz / opp-microvolt / clock-latency-ns), and clock-latency.
 *
 * Stricter than upstream's OPP library, so that a bad table is an error
 * rather than silently reordered: unsorted OPPs, duplicates, a voltage
 * outside the cpu-supply regulator's range, a clock-latency of 0.
 *
 * The clock: when the cluster's cpu node names its clock (`clocks`, the
 * Exynos 5420/5800 CMU's APLL/KPLL) and its rail (`cpu-supply`, an S2MPS11
 * buck), a change goes to the hardware as dev_pm_opp_set_rate does it:
 * going faster, the OPP's voltage first, then the PLL; going slower, the
 * PLL first, then the voltage. Without them (a DT that gives OPPs but no
 * clock) the cluster clock is a software one that costs clock-latency of
 * busy time per change and changes no model (docs/fidelity-cpufreq.md).
 * TC2 uses the SPC glue instead.
 */
#include <libfdt.h>
#include <string.h>

#include "arm_big_little.h"
#include "linux/clk.h"
#include "linux/of.h"
#include "linux/regulator/consumer.h"

static const void *dt_fdt;
static u32 dt_clk_rate[MAX_CLUSTERS];
static unsigned int dt_latency[MAX_CLUSTERS];
/* The cluster's hardware clock and rail (NULL: the software clock). */
static struct clk *dt_clk[MAX_CLUSTERS];
static struct regulator *dt_reg[MAX_CLUSTERS];
static struct bL_opp dt_opps[MAX_CLUSTERS][BL_MAX_OPPS];
static int dt_nr_opps[MAX_CLUSTERS];

/* The first cpu node of a cluster (MPIDR Aff1 of its reg), or -ENODEV. */
static int cluster_cpu_node(const void *fdt, u32 cluster)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node;

	if (cpus < 0)
		return -ENODEV;
	fdt_for_each_subnode(node, fdt, cpus) {
		u32 hwid;

		if (of_cpu_hwid(fdt, node, &hwid) && MPIDR_AFFINITY_LEVEL(hwid, 1) == cluster)
			return node;
	}
	return -ENODEV;
}

/* Models the OPP library's checks on one new OPP (_opp_add): strictly
 * ascending here, no duplicates, voltage within the regulator. */
static int check_opp(const char *node, const char *prop, const struct bL_opp *opps,
		     int n, u32 khz, u32 uv, u32 reg_min, u32 reg_max)
{
	if (khz == 0) {
		pr_err("cpufreq-dt: %s: %s: OPP %d has a frequency of 0\n", node, prop, n);
		return -EINVAL;
	}
	if (n > 0 && opps[n - 1].khz == khz) {
		pr_err("cpufreq-dt: %s: %s: duplicate OPP %u kHz\n", node, prop, khz);
		return -EEXIST;
	}
	if (n > 0 && opps[n - 1].khz > khz) {
		pr_err("cpufreq-dt: %s: %s: OPPs not sorted by frequency (%u kHz after %u kHz)\n",
		       node, prop, khz, opps[n - 1].khz);
		return -EINVAL;
	}
	if (reg_max && (uv > reg_max || uv < reg_min)) {
		pr_err("cpufreq-dt: %s: %s: OPP %u kHz at %u uV is outside the cpu-supply "
		       "regulator's range %u..%u uV\n", node, prop, khz, uv, reg_min, reg_max);
		return -EINVAL;
	}
	return 0;
}

/* The cpu-supply regulator's regulator-min/max-microvolt, if any. */
static void regulator_range(const void *fdt, int cpu, u32 *min_uv, u32 *max_uv)
{
	const fdt32_t *ph = fdt_getprop(fdt, cpu, "cpu-supply", NULL);
	const fdt32_t *v;
	int reg;

	*min_uv = *max_uv = 0;
	if (!ph)
		return;
	reg = of_find_node_by_phandle(fdt, fdt32_to_cpu(*ph));
	if (reg < 0)
		return;
	v = fdt_getprop(fdt, reg, "regulator-max-microvolt", NULL);
	if (v)
		*max_uv = fdt32_to_cpu(*v);
	v = fdt_getprop(fdt, reg, "regulator-min-microvolt", NULL);
	if (v)
		*min_uv = fdt32_to_cpu(*v);
}

/* Models _of_add_opp_table_v1(): operating-points = <kHz uV>... */
static int read_opps_v1(const void *fdt, int cpu, const char *name, struct bL_opp *opps,
			unsigned int max, u32 rmin, u32 rmax)
{
	int len, i, n = 0, ret;
	const fdt32_t *p = fdt_getprop(fdt, cpu, "operating-points", &len);

	if (len <= 0 || len % 8) {
		pr_err("cpufreq-dt: %s: operating-points: invalid length %d (want <kHz uV> pairs)\n",
		       name, len);
		return -EINVAL;
	}
	for (i = 0; i < len / 8; i++) {
		u32 khz = fdt32_to_cpu(p[2 * i]), uv = fdt32_to_cpu(p[2 * i + 1]);

		if ((unsigned int)n >= max) {
			pr_err("cpufreq-dt: %s: operating-points: more than %u OPPs\n", name, max);
			return -EINVAL;
		}
		ret = check_opp(name, "operating-points", opps, n, khz, uv, rmin, rmax);
		if (ret)
			return ret;
		opps[n].khz = khz;
		opps[n].uv = uv;
		n++;
	}
	return n;
}

/* Models _of_add_opp_table_v2(): the table node's opp-* children. */
static int read_opps_v2(const void *fdt, int cpu, const char *name, struct bL_opp *opps,
			unsigned int max, u32 rmin, u32 rmax, unsigned int *lat)
{
	const fdt32_t *ph = fdt_getprop(fdt, cpu, "operating-points-v2", NULL);
	int table, node, n = 0, ret;
	const char *tname;

	if (!ph) {
		pr_err("cpufreq-dt: %s: operating-points-v2: empty\n", name);
		return -EINVAL;
	}
	table = of_find_node_by_phandle(fdt, fdt32_to_cpu(*ph));
	if (table < 0 || fdt_node_check_compatible(fdt, table, "operating-points-v2")) {
		pr_err("cpufreq-dt: %s: operating-points-v2: phandle 0x%x is not an "
		       "\"operating-points-v2\" table\n", name, fdt32_to_cpu(*ph));
		return -EINVAL;
	}
	tname = fdt_get_name(fdt, table, NULL);
	*lat = 0;
	fdt_for_each_subnode(node, fdt, table) {
		const fdt32_t *hz, *uv, *cl;
		int len;
		u64 f;

		hz = fdt_getprop(fdt, node, "opp-hz", &len);
		if (!hz || (len != 4 && len != 8)) {
			pr_err("cpufreq-dt: %s/%s: opp-hz missing or not 1-2 cells\n", tname,
			       fdt_get_name(fdt, node, NULL));
			return -EINVAL;
		}
		f = len == 8 ? ((u64)fdt32_to_cpu(hz[0]) << 32) | fdt32_to_cpu(hz[1])
			     : fdt32_to_cpu(hz[0]);
		uv = fdt_getprop(fdt, node, "opp-microvolt", NULL);
		if ((unsigned int)n >= max) {
			pr_err("cpufreq-dt: %s: more than %u OPPs\n", tname, max);
			return -EINVAL;
		}
		ret = check_opp(tname, fdt_get_name(fdt, node, NULL), opps, n, (u32)(f / 1000),
				uv ? fdt32_to_cpu(uv[0]) : 0, rmin, rmax);
		if (ret)
			return ret;
		opps[n].khz = (u32)(f / 1000);
		opps[n].uv = uv ? fdt32_to_cpu(uv[0]) : 0;
		cl = fdt_getprop(fdt, node, "clock-latency-ns", &len);
		if (cl) {
			if (!fdt32_to_cpu(*cl)) {
				pr_err("cpufreq-dt: %s/%s: clock-latency-ns is 0: the governors "
				       "need the DVFS latency\n", tname, fdt_get_name(fdt, node, NULL));
				return -EINVAL;
			}
			if (fdt32_to_cpu(*cl) > *lat)
				*lat = fdt32_to_cpu(*cl);
		}
		n++;
	}
	if (!n) {
		pr_err("cpufreq-dt: %s: no OPPs\n", tname);
		return -EINVAL;
	}
	if (!*lat)
		*lat = CPUFREQ_ETERNAL;
	return n;
}

/* Models dt_init_opp_table() + dt_get_transition_latency(), validating. */
int bL_dt_read_cluster_opps(const void *fdt, u32 cluster, struct bL_opp *opps,
			    unsigned int max, unsigned int *latency_ns)
{
	int cpu = cluster_cpu_node(fdt, cluster), n, len;
	const fdt32_t *cl;
	const char *name;
	u32 rmin, rmax;
	unsigned int lat = CPUFREQ_ETERNAL;

	if (cpu < 0)
		return -ENODEV;
	name = fdt_get_name(fdt, cpu, NULL);
	regulator_range(fdt, cpu, &rmin, &rmax);
	if (fdt_getprop(fdt, cpu, "operating-points-v2", NULL))
		n = read_opps_v2(fdt, cpu, name, opps, max, rmin, rmax, &lat);
	else if (fdt_getprop(fdt, cpu, "operating-points", NULL))
		n = read_opps_v1(fdt, cpu, name, opps, max, rmin, rmax);
	else
		return -ENODEV;
	if (n < 0)
		return n;
	cl = fdt_getprop(fdt, cpu, "clock-latency", &len);
	if (cl && len >= 4) {
		if (!fdt32_to_cpu(*cl)) {
			pr_err("cpufreq-dt: %s: clock-latency is 0: the governors need the "
			       "DVFS latency\n", name);
			return -EINVAL;
		}
		lat = fdt32_to_cpu(*cl);
	} else if (lat == CPUFREQ_ETERNAL) {
		pr_warn("cpufreq-dt: %s: no clock-latency: transition latency unknown "
			"(CPUFREQ_ETERNAL), DVFS modelled as instantaneous\n", name);
	}
	if (latency_ns)
		*latency_ns = lat;
	return n;
}

/* Models the OPP core's clk_get / regulator_get for the cluster's first
 * cpu device (_update_opp_table_clk, dev_pm_opp_set_regulators): both, or
 * neither (then the software clock). A cpu node that names a clock blsim
 * has no provider for is an error. */
static int dt_get_clk_and_regulator(u32 cluster)
{
	int cpu = cluster_cpu_node(dt_fdt, cluster);
	const char *name = cpu >= 0 ? fdt_get_name(dt_fdt, cpu, NULL) : "?";

	dt_clk[cluster] = NULL;
	dt_reg[cluster] = NULL;
	if (cpu < 0 || !fdt_getprop(dt_fdt, cpu, "clocks", NULL))
		return 0;
	dt_clk[cluster] = of_clk_get(dt_fdt, cpu, 0);
	if (!dt_clk[cluster]) {
		pr_err("cpufreq-dt: %s: clocks: no provider for the cpu clock\n", name);
		return -ENODEV;
	}
	dt_reg[cluster] = of_regulator_get(dt_fdt, cpu, "cpu");
	if (!dt_reg[cluster]) {
		pr_err("cpufreq-dt: %s: cpu-supply: no regulator: the clock cannot be raised "
		       "safely\n", name);
		dt_clk[cluster] = NULL;
		return -ENODEV;
	}
	return 0;
}

/* Models dt_init_opp_table(). */
static int dt_init_opp_table(u32 cluster, struct bL_opp *opps, unsigned int max)
{
	int n = bL_dt_read_cluster_opps(dt_fdt, cluster, opps, max, &dt_latency[cluster]);
	int ret;

	if (n <= 0)
		return n;
	ret = dt_get_clk_and_regulator(cluster);
	if (ret)
		return ret;
	dt_nr_opps[cluster] = n < BL_MAX_OPPS ? n : BL_MAX_OPPS;
	memcpy(dt_opps[cluster], opps, (size_t)dt_nr_opps[cluster] * sizeof(*opps));
	if (!dt_clk_rate[cluster])
		dt_clk_rate[cluster] = dt_clk[cluster] ? (u32)(clk_get_rate(dt_clk[cluster]) / 1000)
						       : opps[0].khz;
	return n;
}

/* Models dt_get_transition_latency(). */
static unsigned int dt_get_transition_latency(u32 cluster)
{
	return dt_latency[cluster];
}

/* Models dev_pm_opp_set_rate(): the OPP for the rate, then voltage and
 * clock in the order that keeps the core within its rail at every instant
 * (_set_opp: scaling up, regulator first; scaling down, clock first). */
static int dt_opp_set_rate(u32 cluster, u32 khz)
{
	u32 cur = (u32)(clk_get_rate(dt_clk[cluster]) / 1000), uv;
	int i, found = -1, ret;

	for (i = 0; i < dt_nr_opps[cluster]; i++)
		if (dt_opps[cluster][i].khz == khz)
			found = i;
	if (found < 0) {
		pr_err("cpufreq-dt: cluster %u: no OPP at %u kHz\n", cluster, khz);
		return -EINVAL;
	}
	uv = dt_opps[cluster][found].uv;
	if (!uv)  /* an OPP without opp-microvolt: the clock alone */
		return clk_set_rate(dt_clk[cluster], (u64)khz * 1000);
	if (khz > cur) {
		ret = regulator_set_voltage(dt_reg[cluster], uv, uv);
		if (ret)
			return ret;
	}
	ret = clk_set_rate(dt_clk[cluster], (u64)khz * 1000);
	if (ret)
		return ret;
	if (khz < cur)
		ret = regulator_set_voltage(dt_reg[cluster], uv, uv);
	return ret;
}

/* The cluster clock: the hardware's, or the software one, whose change
 * costs the declared latency. */
static int dt_clk_set_rate(u32 cluster, u32 khz)
{
	if (dt_clk[cluster])
		return dt_opp_set_rate(cluster, khz);
	if (dt_latency[cluster] && dt_latency[cluster] != CPUFREQ_ETERNAL)
		hw_udelay((dt_latency[cluster] + 999) / 1000);
	dt_clk_rate[cluster] = khz;
	return 0;
}

/* Models clk_get_rate() on the cluster's clock (the PLL's, or the software one). */
static u32 dt_clk_get_rate(u32 cluster)
{
	if (dt_clk[cluster])
		return (u32)(clk_get_rate(dt_clk[cluster]) / 1000);
	return dt_clk_rate[cluster];
}

static const struct cpufreq_arm_bL_ops dt_bL_ops = {
	.name = "dt-bl",
	.get_transition_latency = dt_get_transition_latency,
	.init_opp_table = dt_init_opp_table,
	.clk_set_rate = dt_clk_set_rate,
	.clk_get_rate = dt_clk_get_rate,
};

/* Models generic_bL_probe(), validating every cluster's table first. */
int bL_dt_cpufreq_init(const void *fdt)
{
	struct bL_opp opps[BL_MAX_OPPS];
	unsigned int lat, found = 0;
	u32 cl;
	int n;

	for (cl = 0; cl < MAX_CLUSTERS; cl++) {
		n = bL_dt_read_cluster_opps(fdt, cl, opps, BL_MAX_OPPS, &lat);
		if (n == -ENODEV)
			continue;
		if (n < 0)
			return n;
		found++;
	}
	if (!found) {
		pr_info("cpufreq-dt: no cpu node has operating-points(-v2)\n");
		return -ENODEV;
	}
	dt_fdt = fdt;
	dt_clk_rate[0] = dt_clk_rate[1] = 0;
	dt_clk[0] = dt_clk[1] = NULL;
	dt_reg[0] = dt_reg[1] = NULL;
	return bL_cpufreq_register(&dt_bL_ops);
}
