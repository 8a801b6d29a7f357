// SPDX-License-Identifier: GPL-2.0-only
/*
 * fake_kernel.c - the few kernel services MCPM's unit tests need when the
 * real ones (arch/arm/kernel/smp.c, setup.c) are not linked in. Every
 * definition is weak: where the real file is linked, it wins.
 */
#include "fake_kernel.h"

#include "fake_hw.h"
#include "linux/smp.h"

__attribute__((weak)) u32 __cpu_logical_map[NR_CPUS];
__attribute__((weak)) unsigned int nr_cpu_ids;
__attribute__((weak)) u32 cpu_online_bits;
__attribute__((weak)) u32 cpu_possible_bits;

static int fk_core_logical[NR_CPUS] = { -1, -1, -1, -1, -1, -1, -1, -1 };

/* The switcher's "core now stands for logical cpu" (smp.c). */
__attribute__((weak)) void smp_set_core_logical(unsigned int core, int cpu)
{
	fk_core_logical[core] = cpu;
}

/* Identity on the physical core index unless told otherwise. */
__attribute__((weak)) unsigned int smp_processor_id(void)
{
	unsigned int core = hw_core_index();

	return fk_core_logical[core] < 0 ? core : (unsigned int)fk_core_logical[core];
}

__attribute__((weak)) int get_logical_index(u32 mpidr)
{
	unsigned int cpu;

	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (cpu_logical_map(cpu) == (mpidr & MPIDR_HWID_BITMASK))
			return (int)cpu;
	return -1;
}

__attribute__((weak)) void set_cpu_online(unsigned int cpu, bool online)
{
	if (online)
		cpu_online_bits |= 1u << cpu;
	else
		cpu_online_bits &= ~(1u << cpu);
}

__attribute__((weak)) unsigned int num_online_cpus(void)
{
	return (unsigned int)__builtin_popcount(cpu_online_bits);
}

/* IPI by GICD_SGIR straight to the core that the logical CPU maps to. */
__attribute__((weak)) void smp_send_ipi(unsigned int cpu, enum ipi_msg_type ipi)
{
	u32 mpidr = cpu_logical_map(cpu);
	int core = fake_hw_core_of(MPIDR_AFFINITY_LEVEL(mpidr, 1), MPIDR_AFFINITY_LEVEL(mpidr, 0));

	if (core >= 0)
		writel_relaxed((1u << (16 + core)) | (unsigned)ipi, FAKE_GICD_BASE + 0xf00);
}

__attribute__((weak)) void secondary_startup(void)
{
	hw_panic("secondary_startup: arch/arm/kernel/smp.c is not linked in this test");
}

void fake_kernel_init_identity(void)
{
	unsigned int i, n = 0, cl, cpu;

	for (cl = 0; cl < fake_hw_nr_clusters(); cl++)
		for (cpu = 0; fake_hw_core_of(cl, cpu) >= 0; cpu++)
			n++;
	for (i = 0; i < NR_CPUS; i++) {
		__cpu_logical_map[i] = i < n ? fake_hw_mpidr(i) : 0xffffffu;
		smp_set_core_logical(i, i < n ? (int)i : -1);
	}
	nr_cpu_ids = n;
	cpu_possible_bits = (1u << n) - 1;
	cpu_online_bits = 0;
}
