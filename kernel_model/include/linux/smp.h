/* SPDX-License-Identifier: GPL-2.0-only */
/* linux/smp.h - logical CPU numbering (arch/arm/kernel/setup.c, smp.c). */
#ifndef KM_LINUX_SMP_H
#define KM_LINUX_SMP_H

#include "linux/kernel.h"

#define NR_CPUS 8

/* cpu_logical_map(): logical CPU -> MPIDR hardware id, from the DT /cpus
 * nodes (smp_setup_processor_id / arm_dt_init_cpu_maps). The switcher flips
 * entries of it when a logical CPU moves to its counterpart. */
extern u32 __cpu_logical_map[NR_CPUS];
#define cpu_logical_map(cpu) __cpu_logical_map[(cpu)]
extern unsigned int nr_cpu_ids;

/* The logical CPU the calling physical core currently stands for. */
unsigned int smp_processor_id(void);
/* Logical CPU whose map entry is this MPIDR, or -1. */
int get_logical_index(u32 mpidr);

/* cpu_online_mask and friends, as plain bitmasks (NR_CPUS <= 32). */
extern u32 cpu_online_bits, cpu_possible_bits;
#define cpu_online(cpu) ((cpu_online_bits >> (cpu)) & 1u)
#define cpu_possible(cpu) ((cpu_possible_bits >> (cpu)) & 1u)
void set_cpu_online(unsigned int cpu, bool online);
unsigned int num_online_cpus(void);

/* IPIs (arch/arm/kernel/smp.c), carried by GIC SGIs. */
enum ipi_msg_type {
	IPI_WAKEUP,
	IPI_TIMER,
	IPI_RESCHEDULE,
	IPI_CALL_FUNC,
	IPI_CPU_STOP,
	IPI_COMPLETION,
	NR_IPI
};
void smp_send_ipi(unsigned int cpu, enum ipi_msg_type ipi);
/* IPIs received / sent per logical CPU and type (for the statistics); for
 * call-function, the calls (queued and run), which may share an IPI. */
extern unsigned int ipi_count[NR_CPUS][NR_IPI];
extern unsigned int ipi_sent[NR_CPUS][NR_IPI];
struct completion;
/* Models register_ipi_completion(): IPI_COMPLETION on cpu completes x.
 * Returns the IPI number to send. */
int register_ipi_completion(struct completion *x, unsigned int cpu);
/* The switcher moves a logical CPU to another physical core. */
void smp_set_core_logical(unsigned int core, int cpu);

#endif
