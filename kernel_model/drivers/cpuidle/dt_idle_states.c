// SPDX-License-Identifier: GPL-2.0-only
/*
 * dt_idle_states.c - idle states from the device tree's `idle-states`
 * binding (drivers/cpuidle/dt_idle_states.c).
 *
 * Each CPU node lists its states as `cpu-idle-states` phandles; a state node
 * is compatible with "arm,idle-state" and has entry-latency-us,
 * exit-latency-us (or wakeup-latency-us) and min-residency-us, and
 * `local-timer-stop` when the CPU's timer stops in it.
 *
 * Differences from upstream, all about errors: every refusal is a pr_err
 * that names the node and the property (upstream: pr_debug for most); an
 * exit-latency-us above min-residency-us is refused (upstream accepts it,
 * but a state that costs more to leave than it must last can never pay
 * off: it is a DT mistake); and states are parsed into a copy, so a refused
 * DT leaves the driver as it was.
 */
#include <libfdt.h>

#include "linux/of.h"
#include <stdio.h>
#include <string.h>

#include "linux/cpuidle.h"

/* Models of_cpu_device_node_get(): the /cpus child whose reg is the CPU's
 * MPIDR (cpu_logical_map). */
int cpuidle_fdt_cpu_node(const void *fdt, unsigned int cpu)
{
	int cpus = fdt_path_offset(fdt, "/cpus");
	int node;

	if (cpus < 0 || cpu >= NR_CPUS)
		return -FDT_ERR_NOTFOUND;
	fdt_for_each_subnode(node, fdt, cpus) {
		u32 hwid;

		if (of_cpu_hwid(fdt, node, &hwid) &&
		    hwid == (cpu_logical_map(cpu) & MPIDR_HWID_BITMASK))
			return node;
	}
	return -FDT_ERR_NOTFOUND;
}

/* Models of_parse_phandle(cpu_node, "cpu-idle-states", idx): the state
 * node, -FDT_ERR_NOTFOUND past the end. */
static int parse_state_phandle(const void *fdt, int cpu_node, int idx)
{
	const fdt32_t *list;
	int len;

	list = fdt_getprop(fdt, cpu_node, "cpu-idle-states", &len);
	if (!list || idx >= len / (int)sizeof(fdt32_t))
		return -FDT_ERR_NOTFOUND;
	return of_find_node_by_phandle(fdt, fdt32_to_cpu(list[idx]));
}

/* The phandle value at idx (0 if none), to compare CPUs' lists. */
static u32 state_phandle_at(const void *fdt, int cpu_node, int idx)
{
	const fdt32_t *list;
	int len;

	list = fdt_getprop(fdt, cpu_node, "cpu-idle-states", &len);
	if (!list || idx >= len / (int)sizeof(fdt32_t))
		return 0;
	return fdt32_to_cpu(list[idx]);
}

/* Models of_device_is_available(): no status, or "okay"/"ok". */
static bool node_available(const void *fdt, int node)
{
	const char *status = fdt_getprop(fdt, node, "status", NULL);

	return !status || !strcmp(status, "okay") || !strcmp(status, "ok");
}

/* Models of_property_read_u32(): 0, or -EINVAL (absent / too short). */
static int read_u32(const void *fdt, int node, const char *name, u32 *out)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, name, &len);

	if (!p || len < (int)sizeof(*p))
		return -EINVAL;
	*out = fdt32_to_cpu(*p);
	return 0;
}

static const char *node_path(const void *fdt, int node, char *buf, int len)
{
	if (fdt_get_path(fdt, node, buf, len) < 0)
		snprintf(buf, (size_t)len, "<node @%d>", node);
	return buf;
}

/* Models init_state_node(): one DT state into *idle_state. */
static int init_state_node(struct cpuidle_state *idle_state,
			   const struct cpuidle_state_match *matches,
			   const void *fdt, int state_node)
{
	const struct cpuidle_state_match *m;
	u32 entry_latency, exit_latency, min_residency;
	const char *name, *desc;
	char path[128];
	int err, namelen;

	node_path(fdt, state_node, path, sizeof(path));
	for (m = matches; m && m->compatible; m++)
		if (!fdt_node_check_compatible(fdt, state_node, m->compatible))
			break;
	if (!m || !m->compatible) {
		const char *c = fdt_getprop(fdt, state_node, "compatible", NULL);

		pr_err("DT idle-states: %s: property compatible = \"%s\" is not a known idle state\n",
		       path, c ? c : "(missing)");
		return -ENODEV;
	}
	/* The enter function is the match's data, as upstream. */
	idle_state->enter = m->enter;

	err = read_u32(fdt, state_node, "exit-latency-us", &exit_latency);
	if (err) {
		pr_err("DT idle-states: %s: missing property exit-latency-us\n", path);
		return -EINVAL;
	}
	err = read_u32(fdt, state_node, "wakeup-latency-us", &idle_state->exit_latency);
	if (err) {
		err = read_u32(fdt, state_node, "entry-latency-us", &entry_latency);
		if (err) {
			pr_err("DT idle-states: %s: missing property entry-latency-us\n", path);
			return -EINVAL;
		}
		/* No wakeup-latency-us: entry + exit, as the binding says. */
		idle_state->exit_latency = entry_latency + exit_latency;
	}

	err = read_u32(fdt, state_node, "min-residency-us", &min_residency);
	if (err) {
		pr_err("DT idle-states: %s: missing property min-residency-us\n", path);
		return -EINVAL;
	}
	if (exit_latency > min_residency) {
		pr_err("DT idle-states: %s: property exit-latency-us (%u) is above min-residency-us (%u)\n",
		       path, exit_latency, min_residency);
		return -EINVAL;
	}
	idle_state->target_residency = min_residency;

	name = fdt_get_name(fdt, state_node, &namelen);
	desc = fdt_getprop(fdt, state_node, "idle-state-name", NULL);
	if (!desc)
		desc = name;

	idle_state->flags = 0;
	if (fdt_getprop(fdt, state_node, "local-timer-stop", NULL))
		idle_state->flags |= CPUIDLE_FLAG_TIMER_STOP;
	idle_state->disabled = false;
	idle_state->power_usage = 0;
	snprintf(idle_state->name, CPUIDLE_NAME_LEN, "%.*s",
		 (int)strcspn(name, "@"), name);
	snprintf(idle_state->desc, CPUIDLE_DESC_LEN, "%s", desc);
	return 0;
}

/* Models idle_state_valid(): every CPU of the mask lists the same state at
 * index idx as the first one. */
static bool idle_state_valid(const void *fdt, u32 phandle, int idx, u32 cpumask,
			     unsigned int first)
{
	unsigned int cpu;

	for (cpu = first + 1; cpu < NR_CPUS; cpu++) {
		int cpu_node;

		if (!(cpumask & (1u << cpu)))
			continue;
		cpu_node = cpuidle_fdt_cpu_node(fdt, cpu);
		if (cpu_node < 0 || state_phandle_at(fdt, cpu_node, idx) != phandle)
			return false;
	}
	return true;
}

/* Models dt_init_idle_driver(). */
int dt_init_idle_driver(struct cpuidle_driver *drv, const void *fdt,
			const struct cpuidle_state_match *matches,
			unsigned int start_idx)
{
	struct cpuidle_state states[CPUIDLE_STATE_MAX];
	unsigned int state_idx = start_idx, first;
	u32 cpumask;
	int i, cpu_node, err = 0;
	char path[128];

	if (state_idx >= CPUIDLE_STATE_MAX || !fdt)
		return -EINVAL;
	/*
	 * States of the first CPU of the driver's mask, checked by
	 * idle_state_valid() to be the same on all of them.
	 */
	cpumask = drv->cpumask ? drv->cpumask : cpu_possible_bits;
	if (!cpumask)
		return 0;
	first = (unsigned int)__builtin_ctz(cpumask);
	cpu_node = cpuidle_fdt_cpu_node(fdt, first);
	if (cpu_node < 0)
		return 0;

	memcpy(states, drv->states, sizeof(states));
	for (i = 0;; i++) {
		int state_node = parse_state_phandle(fdt, cpu_node, i);

		if (state_node < 0) {
			if (state_node != -FDT_ERR_NOTFOUND || state_phandle_at(fdt, cpu_node, i)) {
				pr_err("DT idle-states: %s: property cpu-idle-states[%d] is not a valid phandle\n",
				       node_path(fdt, cpu_node, path, sizeof(path)), i);
				err = -EINVAL;
			}
			break;
		}
		if (!node_available(fdt, state_node))
			continue;
		if (!idle_state_valid(fdt, state_phandle_at(fdt, cpu_node, i), i, cpumask, first)) {
			pr_err("DT idle-states: %s idle state not valid (cpu-idle-states differ between the driver's CPUs), bailing out\n",
			       node_path(fdt, state_node, path, sizeof(path)));
			err = -EINVAL;
			break;
		}
		if (state_idx == CPUIDLE_STATE_MAX) {
			pr_warn("DT idle-states: state index reached static CPU idle driver states array size\n");
			break;
		}
		err = init_state_node(&states[state_idx++], matches, fdt, state_node);
		if (err) {
			pr_err("DT idle-states: parsing idle state node %s failed with err %d\n",
			       node_path(fdt, state_node, path, sizeof(path)), err);
			err = -EINVAL;
			break;
		}
	}
	if (err)
		return err;
	/* Update the driver only if some valid DT idle states were found. */
	if (i) {
		memcpy(drv->states, states, sizeof(states));
		drv->state_count = (int)state_idx;
	}
	return i;
}
