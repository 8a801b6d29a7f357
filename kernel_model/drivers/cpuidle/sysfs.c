// SPDX-License-Identifier: GPL-2.0-only
/*
 * sysfs.c - the cpuidle sysfs attributes (drivers/cpuidle/sysfs.c) as a
 * text dump and a struct accessor: /sys/devices/system/cpu/cpuN/cpuidle/
 * driver/name (CONFIG_CPU_IDLE_MULTIPLE_DRIVERS) and stateK/{name, desc,
 * latency, residency, usage, time, rejected, disable}, plus
 * /sys/devices/system/cpu/cpuidle/current_governor. Values as upstream
 * shows them: latency = exit_latency, residency = target_residency, time
 * in us.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "linux/cpuidle.h"

/* Models the show() functions of cpuidle_state_attrs / the driver kobject. */
int cpuidle_get_cpu_stats(unsigned int cpu, struct cpuidle_cpu_stats *st)
{
	struct cpuidle_device *dev = cpuidle_device_of_cpu(cpu);
	struct cpuidle_driver *drv;
	int i;

	if (!dev || !dev->registered || !st)
		return -ENODEV;
	drv = cpuidle_get_cpu_driver(dev);
	if (!drv)
		return -ENODEV;
	memset(st, 0, sizeof(*st));
	st->cpu = cpu;
	st->driver = drv->name;
	st->governor = cpuidle_curr_governor ? cpuidle_curr_governor->name : "none";
	st->state_count = drv->state_count;
	for (i = 0; i < drv->state_count; i++) {
		const struct cpuidle_state *s = &drv->states[i];
		const struct cpuidle_state_usage *u = &dev->states_usage[i];
		struct cpuidle_state_stats *o = &st->states[i];

		memcpy(o->name, s->name, sizeof(o->name));
		memcpy(o->desc, s->desc, sizeof(o->desc));
		o->latency_us = s->exit_latency;
		o->residency_us = s->target_residency;
		o->flags = s->flags;
		o->disable = s->disabled || u->disable;
		o->usage = u->usage;
		o->time_ns = u->time_ns;
		o->time_us = u->time_ns / 1000;
		o->rejected = u->rejected;
	}
	return 0;
}

int cpuidle_get_cpu_stats_at(unsigned int cpu, u64 now_ns, struct cpuidle_cpu_stats *st)
{
	struct cpuidle_device *dev = cpuidle_device_of_cpu(cpu);
	int ret = cpuidle_get_cpu_stats(cpu, st);
	int i;

	if (ret)
		return ret;
	i = dev->open_state;
	if (i >= 0 && i < st->state_count && now_ns > dev->open_since_ns) {
		st->states[i].usage++;
		st->states[i].time_ns += now_ns - dev->open_since_ns;
		st->states[i].time_us = st->states[i].time_ns / 1000;
	}
	return 0;
}

/* Models store_state_disable(). */
int cpuidle_state_set_disable(unsigned int cpu, int index, bool disable)
{
	struct cpuidle_device *dev = cpuidle_device_of_cpu(cpu);
	struct cpuidle_driver *drv = cpuidle_get_cpu_driver(dev);

	if (!dev || !dev->registered || !drv)
		return -ENODEV;
	if (index < 0 || index >= drv->state_count)
		return -EINVAL;
	dev->states_usage[index].disable = disable;
	return 0;
}

struct outbuf {
	char *buf;
	size_t len, pos;
};

static void out(struct outbuf *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void out(struct outbuf *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(o->pos < o->len ? o->buf + o->pos : NULL,
		      o->pos < o->len ? o->len - o->pos : 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->pos += (size_t)n;
}

static void dump_cpu(struct outbuf *o, unsigned int cpu)
{
	struct cpuidle_cpu_stats st;
	int i;

	if (cpuidle_get_cpu_stats(cpu, &st))
		return;
	out(o, "cpu%u/cpuidle/driver/name = %s\n", cpu, st.driver);
	for (i = 0; i < st.state_count; i++) {
		const struct cpuidle_state_stats *s = &st.states[i];

		out(o, "cpu%u/cpuidle/state%d/name = %s\n", cpu, i, s->name);
		out(o, "cpu%u/cpuidle/state%d/desc = %s\n", cpu, i, s->desc);
		out(o, "cpu%u/cpuidle/state%d/latency = %u\n", cpu, i, s->latency_us);
		out(o, "cpu%u/cpuidle/state%d/residency = %u\n", cpu, i, s->residency_us);
		out(o, "cpu%u/cpuidle/state%d/usage = %llu\n", cpu, i,
		    (unsigned long long)s->usage);
		out(o, "cpu%u/cpuidle/state%d/time = %llu\n", cpu, i,
		    (unsigned long long)s->time_us);
		out(o, "cpu%u/cpuidle/state%d/rejected = %llu\n", cpu, i,
		    (unsigned long long)s->rejected);
		out(o, "cpu%u/cpuidle/state%d/disable = %d\n", cpu, i, s->disable ? 1 : 0);
	}
}

static int finish(struct outbuf *o)
{
	if (o->len)
		o->buf[o->pos < o->len ? o->pos : o->len - 1] = '\0';
	return (int)o->pos;
}

/* Models reading every cpuidle attribute under /sys/devices/system/cpu.
 * With cpuidle.off=1 there are none: cpuidle_init() fails before
 * cpuidle_add_interface(), and no device registers its kobjects. */
int cpuidle_sysfs_dump(char *buf, size_t len)
{
	struct outbuf o = { buf, buf ? len : 0, 0 };
	unsigned int cpu;

	if (o.len)
		o.buf[0] = '\0';
	if (cpuidle_off)
		return 0;

	out(&o, "cpuidle/current_governor = %s\n",
	    cpuidle_curr_governor ? cpuidle_curr_governor->name : "none");
	for (cpu = 0; cpu < NR_CPUS; cpu++)
		dump_cpu(&o, cpu);
	return finish(&o);
}

/* Models reading one CPU's cpuidle attributes. */
int cpuidle_sysfs_dump_cpu(unsigned int cpu, char *buf, size_t len)
{
	struct outbuf o = { buf, buf ? len : 0, 0 };

	if (o.len)
		o.buf[0] = '\0';
	dump_cpu(&o, cpu);
	return finish(&o);
}
