// SPDX-License-Identifier: GPL-2.0-only
/*
 * setup.c - logical CPU map from the device tree (arch/arm/kernel/setup.c,
 * arch/arm/kernel/devtree.c).
 */
#include <libfdt.h>
#include <string.h>

#include "linux/init.h"
#include "linux/kernel.h"
#include "linux/of.h"
#include "linux/smp.h"

u32 __cpu_logical_map[NR_CPUS];
unsigned int nr_cpu_ids;
u32 cpu_possible_bits;

/* Models arm_dt_init_cpu_maps(): the boot CPU is logical 0, the others follow
 * in DT order. */
static void arm_dt_init_cpu_maps(const void *fdt)
{
	u32 boot = read_cpuid_mpidr() & MPIDR_HWID_BITMASK;
	int cpus = fdt_path_offset(fdt, "/cpus"), node;
	unsigned int n = 1;

	if (cpus < 0)
		hw_panic("no /cpus node in the device tree");
	__cpu_logical_map[0] = boot;
	fdt_for_each_subnode(node, fdt, cpus) {
		u32 hwid;

		if (!of_cpu_hwid(fdt, node, &hwid) || hwid == boot)
			continue;
		if (n >= NR_CPUS) {
			pr_warn("DT has more CPUs than NR_CPUS (%d); ignoring the rest\n", NR_CPUS);
			break;
		}
		__cpu_logical_map[n++] = hwid;
	}
	nr_cpu_ids = n;
	cpu_possible_bits = (n >= 32) ? ~0u : ((1u << n) - 1);
}

/* Models setup_arch(): machine set-up from the DT before interrupts. */
void setup_arch(const void *fdt)
{
	arm_dt_init_cpu_maps(fdt);
	pr_info("Booting Linux (blsim kernel model) on physical CPU 0x%x, %u CPUs\n",
		__cpu_logical_map[0], nr_cpu_ids);
}
