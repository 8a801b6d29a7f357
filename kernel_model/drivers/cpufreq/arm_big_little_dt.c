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
 * The clock: blsim has no DT-described clock controller model yet, so the
 * cluster clock here is a software one that costs clock-latency of busy
 * time per change and does not change the models' core clocks (see
 * docs/fidelity-cpufreq.md). TC2 uses the SPC glue instead.
 */
#include <libfdt.h>
#include <string.h>

#include "arm_big_little.h"
#include "linux/of.h"

static const void *dt_fdt;
static u32 dt_clk_rate[MAX_CLUSTERS];
static unsigned int dt_latency[MAX_CLUSTERS];

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
	reg = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(*ph));
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
	table = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(*ph));
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

/* Models dt_init_opp_table(). */
static int dt_init_opp_table(u32 cluster, struct bL_opp *opps, unsigned int max)
{
	int n = bL_dt_read_cluster_opps(dt_fdt, cluster, opps, max, &dt_latency[cluster]);

	if (n > 0 && !dt_clk_rate[cluster])
		dt_clk_rate[cluster] = opps[0].khz;
	return n;
}

/* Models dt_get_transition_latency(). */
static unsigned int dt_get_transition_latency(u32 cluster)
{
	return dt_latency[cluster];
}

/* The software cluster clock: a change costs the declared latency. */
static int dt_clk_set_rate(u32 cluster, u32 khz)
{
	if (dt_latency[cluster] && dt_latency[cluster] != CPUFREQ_ETERNAL)
		hw_udelay((dt_latency[cluster] + 999) / 1000);
	dt_clk_rate[cluster] = khz;
	return 0;
}

static u32 dt_clk_get_rate(u32 cluster)
{
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
	return bL_cpufreq_register(&dt_bL_ops);
}
