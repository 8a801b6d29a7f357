// SPDX-License-Identifier: GPL-2.0-only
/*
 * topology.c - CPU capacity for the scheduler (drivers/base/arch_topology.c,
 * arch/arm/kernel/topology.c): capacity-dmips-mhz from the DT cpu nodes,
 * times each CPU's top frequency, normalised so the biggest CPU is 1024.
 *
 * Under the IKS switcher a logical CPU keeps the capacity of the core it
 * booted on (its DT node, the A15) and its cpufreq policy's merged virtual
 * table runs to the A15's top frequency: on the A7 the virtual frequency
 * (half the real one) brings the frequency-scaled capacity down to the A7's,
 * which is what the upstream combination gives.
 */
#include <libfdt.h>

#include "linux/cpufreq.h"
#include "linux/of.h"
#include "linux/sched.h"
#include "linux/smp.h"

static unsigned long boot_dmips[NR_CPUS];     /* logical CPU's DT node */
static struct { u32 hwid; unsigned long dmips; } core_dmips[NR_CPUS];
static unsigned int ncores;
static bool have_dmips;

/* Models topology_parse_cpu_capacity() for every cpu node; upstream falls
 * back to 1024 for all when one CPU lacks the property. */
void topology_init_cpu_capacity(const void *fdt)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node;
	unsigned int cpu;
	bool missing = false;

	ncores = 0;
	fdt_for_each_subnode(node, fdt, cpus) {
		const fdt32_t *v;
		u32 hwid;
		int len;

		if (!of_cpu_hwid(fdt, node, &hwid) || ncores >= NR_CPUS)
			continue;
		v = fdt_getprop(fdt, node, "capacity-dmips-mhz", &len);
		core_dmips[ncores].hwid = hwid;
		core_dmips[ncores].dmips = (v && len == 4) ? fdt32_to_cpu(*v) : 1024;
		missing |= !(v && len == 4);
		ncores++;
	}
	have_dmips = !missing;
	if (missing)
		pr_warn("topology: a cpu node has no capacity-dmips-mhz: every CPU gets capacity 1024\n");
	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		boot_dmips[cpu] = topology_core_dmips(cpu);
}

/* The capacity-dmips-mhz of the core logical cpu runs on now. */
unsigned long topology_core_dmips(unsigned int cpu)
{
	unsigned int i;

	if (!have_dmips)
		return 1024;
	for (i = 0; i < ncores; i++)
		if (core_dmips[i].hwid == cpu_logical_map(cpu))
			return core_dmips[i].dmips;
	return 1024;
}

static u64 raw_capacity(unsigned int cpu)
{
	struct cpufreq_policy *p = cpufreq_cpu_get(cpu);

	return (u64)boot_dmips[cpu] * (p ? p->cpuinfo.max_freq : 1);
}

/* Models arch_scale_cpu_capacity() after topology_normalize_cpu_scale(). */
unsigned long arch_scale_cpu_capacity(unsigned int cpu)
{
	u64 biggest = 0, mine = raw_capacity(cpu);
	unsigned int c;

	if (!have_dmips)
		return SCHED_CAPACITY_SCALE;
	for (c = 0; c < nr_cpu_ids; c++) {
		u64 r = raw_capacity(c);

		if (r > biggest)
			biggest = r;
	}
	return biggest ? (unsigned long)(mine * SCHED_CAPACITY_SCALE / biggest) : SCHED_CAPACITY_SCALE;
}

/* Models arch_scale_freq_capacity() (topology_set_freq_scale on every
 * transition): current over top frequency of the CPU's policy. */
unsigned long arch_scale_freq_capacity(unsigned int cpu)
{
	struct cpufreq_policy *p = cpufreq_cpu_get(cpu);

	if (!p || !p->cpuinfo.max_freq)
		return SCHED_CAPACITY_SCALE;
	return (unsigned long)((u64)p->cur * SCHED_CAPACITY_SCALE / p->cpuinfo.max_freq);
}
