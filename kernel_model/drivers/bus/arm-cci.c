// SPDX-License-Identifier: GPL-2.0-only
/*
 * arm-cci.c - CCI-400 snoop-control driver, the MCPM-facing part of
 * drivers/bus/arm-cci.c: DT probe of the control block and its slave
 * interfaces, the cpu -> port map from "cci-control-port", and port control
 * polling the change-pending bit.
 */
#include <libfdt.h>
#include <string.h>

#include "linux/arm-cci.h"
#include "linux/of.h"
#include "linux/smp.h"
#include "blsim/test_hooks.h"

#define CCI_MAX_PORTS 5

enum cci_ace_port_type { ACE_INVALID_PORT, ACE_PORT, ACE_LITE_PORT };

struct cci_ace_port {
	volatile u32 base; /* physical base (the model's MMIO is 32-bit) */
	enum cci_ace_port_type type;
	int node;         /* DT offset, matched against cci-control-port */
};

/* What cci_enable_port_for_self reads with the MMU off: one entry per
 * possible CPU, flushed to memory at probe time. */
struct cpu_port {
	volatile u32 mpidr;
	volatile u32 port; /* PORT_VALID | index */
};
#define PORT_VALID_SHIFT 31
#define PORT_VALID (1u << PORT_VALID_SHIFT)

static struct cci_ace_port ports[CCI_MAX_PORTS];
static unsigned int nb_cci_ports;
static struct cpu_port cpu_port[NR_CPUS];
static volatile u32 nb_cpu_ports;
static volatile u32 cci_ctrl_phys;
static bool probed;

/* Models init_cpu_port. */
static void init_cpu_port(struct cpu_port *port, u32 index, u32 mpidr)
{
	port->port = PORT_VALID | index;
	port->mpidr = mpidr;
}

/* Models cpu_port_is_valid. */
static bool cpu_port_is_valid(const struct cpu_port *port)
{
	return (port->port & PORT_VALID) != 0;
}

/* Models cpu_port_match. */
static bool cpu_port_match(const struct cpu_port *port, u32 mpidr)
{
	return port->mpidr == (mpidr & MPIDR_HWID_BITMASK);
}

/* Models cci_ace_init_ports: map each CPU node to its port by phandle. */
static void cci_ace_init_ports(const void *fdt)
{
	int cpus = fdt_path_offset(fdt, "/cpus");
	int cpu, n = 0;

	if (cpus < 0)
		return;
	fdt_for_each_subnode(cpu, fdt, cpus) {
		const char *type = fdt_getprop(fdt, cpu, "device_type", NULL);
		const fdt32_t *reg, *ph;
		int target;
		unsigned int i;

		if (!type || strcmp(type, "cpu") != 0 || n >= NR_CPUS)
			continue;
		reg = fdt_getprop(fdt, cpu, "reg", NULL);
		ph = fdt_getprop(fdt, cpu, "cci-control-port", NULL);
		if (!reg || !ph)
			continue;
		target = of_find_node_by_phandle(fdt, fdt32_to_cpu(*ph));
		for (i = 0; i < nb_cci_ports; i++) {
			if (ports[i].node == target) {
				init_cpu_port(&cpu_port[n++], i,
					      fdt32_to_cpu(*reg) & MPIDR_HWID_BITMASK);
				break;
			}
		}
		if (i == nb_cci_ports)
			pr_warn("CPU %#x has no valid CCI port\n", fdt32_to_cpu(*reg));
	}
	nb_cpu_ports = (u32)n;
}

/* Models cci_probe_ports + cci_probe. */
int cci_probe(const void *fdt)
{
	int np, child;
	u64 addr;

	if (probed)
		return 0;
	np = fdt_node_offset_by_compatible(fdt, -1, "arm,cci-400");
	if (np < 0)
		return -ENODEV;
	if (of_translate_reg(fdt, np, 0, &addr, NULL)) {
		pr_err("arm-cci: unable to map CCI registers\n");
		return -ENODEV;
	}
	cci_ctrl_phys = (u32)addr;
	nb_cci_ports = 0;

	fdt_for_each_subnode(child, fdt, np) {
		const char *itype;
		enum cci_ace_port_type type;

		if (fdt_node_check_compatible(fdt, child, "arm,cci-400-ctrl-if"))
			continue;
		itype = fdt_getprop(fdt, child, "interface-type", NULL);
		if (!itype) {
			pr_warn("arm-cci: port without interface-type, skipped\n");
			continue;
		}
		if (!strcmp(itype, "ace"))
			type = ACE_PORT;
		else if (!strcmp(itype, "ace-lite"))
			type = ACE_LITE_PORT;
		else {
			pr_warn("arm-cci: unknown interface-type %s\n", itype);
			continue;
		}
		if (nb_cci_ports >= CCI_MAX_PORTS) {
			pr_warn("arm-cci: more ports than a CCI-400 has\n");
			break;
		}
		if (of_translate_reg(fdt, child, 0, &addr, NULL)) {
			pr_warn("arm-cci: unable to map port registers\n");
			continue;
		}
		ports[nb_cci_ports].base = (u32)addr;
		ports[nb_cci_ports].type = type;
		ports[nb_cci_ports].node = child;
		nb_cci_ports++;
	}
	if (!nb_cci_ports)
		return -ENODEV;

	cci_ace_init_ports(fdt);
	/* Read later by CPUs with the MMU off: push the tables to memory. */
	hw_cache_clean_range(ports, sizeof(ports));
	hw_cache_clean_range(cpu_port, sizeof(cpu_port));
	hw_cache_clean_range(&cci_ctrl_phys, sizeof(cci_ctrl_phys));
	probed = true;
	pr_info("ARM CCI driver probed\n");
	return 0;
}

/* Models cci_probed. */
bool cci_probed(void)
{
	return probed;
}

/* Models cci_port_control: write the snoop request, then poll the
 * change-pending bit until the interconnect has applied it. */
static void cci_port_control(u32 port_base, bool enable)
{
	writel_relaxed(enable ? CCI_ENABLE_REQ : 0, port_base + CCI_PORT_CTRL);
	/* Race avoided: going on (cache flush done, caches back on) before
	 * the change took effect would let snoops in flight hit a cache that
	 * is being switched off, or miss one being switched on. */
	while (readl_relaxed(cci_ctrl_phys + CCI_CTRL_STATUS) & CCI_STATUS_CHANGE_PENDING)
		;
}

/* Models cci_disable_port_by_cpu. */
int cci_disable_port_by_cpu(u64 mpidr)
{
	unsigned int cpu;

	for (cpu = 0; cpu < nb_cpu_ports; cpu++) {
		if (cpu_port_is_valid(&cpu_port[cpu]) &&
		    cpu_port_match(&cpu_port[cpu], (u32)mpidr)) {
			u32 port = cpu_port[cpu].port & ~PORT_VALID;

			cci_port_control(ports[port].base, false);
			return 0;
		}
	}
	return -ENODEV;
}

/* Models cci_enable_port_for_self (assembly upstream: MMU off, no stack).
 * Every table read is an hw load: with caches off it costs a trip to
 * memory, which is what the first man really pays. */
void cci_enable_port_for_self(void)
{
	u32 mpidr = read_cpuid_mpidr() & MPIDR_HWID_BITMASK;
	u32 n = hw_load32(&nb_cpu_ports);
	u32 i;

	for (i = 0; i < n; i++) {
		u32 port = hw_load32(&cpu_port[i].port);

		if (!(port & PORT_VALID) || hw_load32(&cpu_port[i].mpidr) != mpidr)
			continue;
		port &= ~PORT_VALID;
		cci_port_control(hw_load32(&ports[port].base), true);
		return;
	}
	/* CCI port not found: we can't do anything useful, park the CPU. */
	pr_err("cci_enable_port_for_self: no port for MPIDR %#x\n", mpidr);
	for (;;) {
		wfi();
		wfe();
	}
}

/* Models __cci_control_port_by_index. */
int __cci_control_port_by_index(u32 port, bool enable)
{
	if (port >= nb_cci_ports || ports[port].type == ACE_INVALID_PORT)
		return -ENODEV;
	cci_port_control(ports[port].base, enable);
	return 0;
}

/* Index of the port of the CPU with this MPIDR, or -1. */
int cci_port_index_of_cpu(u64 mpidr)
{
	unsigned int cpu;

	for (cpu = 0; cpu < nb_cpu_ports; cpu++)
		if (cpu_port_is_valid(&cpu_port[cpu]) &&
		    cpu_port_match(&cpu_port[cpu], (u32)mpidr))
			return (int)(cpu_port[cpu].port & ~PORT_VALID);
	return -1;
}

/* Physical base of a probed port, 0 if none. */
phys_addr_t cci_port_base(u32 port)
{
	return port < nb_cci_ports ? ports[port].base : 0;
}

/* Test support: forget the probe. */
void cci_reset_for_test(void)
{
	unsigned int i;

	probed = false;
	nb_cci_ports = 0;
	nb_cpu_ports = 0;
	cci_ctrl_phys = 0;
	for (i = 0; i < NR_CPUS; i++) {
		cpu_port[i].port = 0;
		cpu_port[i].mpidr = 0;
	}
}
