// SPDX-License-Identifier: GPL-2.0-only
/*
 * smp.c - bringing CPUs up and down, and IPIs (arch/arm/kernel/smp.c).
 *
 * A logical CPU's idle thread has its own stack; a physical core coming out
 * of reset runs firmware, then MCPM's entry point, then secondary_startup(),
 * which switches to the idle thread's stack (secondary_data, as upstream).
 */
#include <stdlib.h>

#include "asm/smp_ops.h"
#include "linux/init.h"
#include "linux/interrupt.h"
#include "linux/irqchip/arm-gic.h"
#include "linux/smp.h"
#include "linux/sched.h"
#include "linux/completion.h"
#include "linux/tick.h"

#define IDLE_STACK_SIZE (128 * 1024)
#define CPU_UP_TIMEOUT_NS 1000000000ull  /* __cpu_up waits 1 s upstream */

u32 cpu_online_bits;
static const struct smp_operations *smp_ops;

/* Physical core -> logical CPU it currently stands for (-1: none yet). */
static int core_logical[NR_CPUS] = {[0 ... NR_CPUS - 1] = -1};

struct idle_thread {
	struct hw_ctx *ctx;
	void *stack;
};
static struct idle_thread idle_threads[NR_CPUS];

/* What __cpu_up hands the incoming CPU (struct secondary_data upstream). */
static struct {
	unsigned int cpu;
	struct hw_ctx *ctx;
} secondary_data;

static struct completion cpu_running[NR_CPUS];
unsigned int ipi_count[NR_CPUS][NR_IPI];   /* received, per logical CPU */
unsigned int ipi_sent[NR_CPUS][NR_IPI];    /* sent to each logical CPU */

/*
 * The call-function queue (kernel/smp.c's call_single_queue, in short: a
 * count of queued calls). Two IPIs of one type sent to a CPU before it takes
 * the first are one pending SGI in the GIC, as on hardware; what must reach
 * the CPU exactly once is each queued call, and the handler drains them all.
 */
static volatile u32 call_single_queue[NR_CPUS];

/* Models smp_processor_id() (raw_smp_processor_id: thread_info->cpu). */
unsigned int smp_processor_id(void)
{
	int l = core_logical[hw_core_index()];

	if (l < 0)
		hw_panic("smp_processor_id() on a core that has no logical CPU yet");
	return (unsigned int)l;
}

/* The switcher moves a logical CPU to another physical core. */
void smp_set_core_logical(unsigned int core, int cpu)
{
	core_logical[core] = cpu;
}

/* Models get_logical_index(). */
int get_logical_index(u32 mpidr)
{
	for (unsigned int cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (cpu_logical_map(cpu) == (mpidr & MPIDR_HWID_BITMASK))
			return (int)cpu;
	return -1;
}

/* Models set_cpu_online(). */
void set_cpu_online(unsigned int cpu, bool online)
{
	if (online)
		cpu_online_bits |= 1u << cpu;
	else
		cpu_online_bits &= ~(1u << cpu);
}

unsigned int num_online_cpus(void)
{
	return (unsigned int)__builtin_popcount(cpu_online_bits);
}

const struct smp_operations *smp_get_ops(void)
{
	return smp_ops;
}

/* Models smp_set_ops(). */
void smp_set_ops(const struct smp_operations *ops)
{
	smp_ops = ops;
}

static struct completion *ipi_completions[NR_CPUS];

/* Models register_ipi_completion(). */
int register_ipi_completion(struct completion *x, unsigned int cpu)
{
	ipi_completions[cpu] = x;
	return IPI_COMPLETION;
}

/* Models handle_IPI(). */
static void do_handle_IPI(unsigned int ipinr)
{
	unsigned int cpu = smp_processor_id();

	if (ipinr == IPI_CALL_FUNC) {
		/* generic_smp_call_function_interrupt(): llist_del_all(), every
		 * call queued so far, however many IPIs carried them. */
		u32 n;

		do
			n = hw_load32(&call_single_queue[cpu]);
		while (hw_cmpxchg32(&call_single_queue[cpu], n, 0) != n);
		ipi_count[cpu][ipinr] += n;
	} else if (ipinr < NR_IPI) {
		ipi_count[cpu][ipinr]++;
	}
	switch (ipinr) {
	case IPI_WAKEUP:
		break;  /* its only job was to wake the CPU */
	case IPI_RESCHEDULE:
		scheduler_ipi();
		break;
	case IPI_TIMER:
		tick_handle_event();
		break;
	case IPI_COMPLETION:
		if (ipi_completions[cpu])
			complete(ipi_completions[cpu]);
		break;
	default:
		break;
	}
}

/* Models smp_cross_call() for one CPU. */
void smp_send_ipi(unsigned int cpu, enum ipi_msg_type ipi)
{
	if (cpu < NR_CPUS && (unsigned int)ipi < NR_IPI)
		ipi_sent[cpu][ipi]++;
	if (ipi == IPI_CALL_FUNC) {
		/* llist_add(): queue the call, then the IPI. */
		u32 n;

		do
			n = hw_load32(&call_single_queue[cpu]);
		while (hw_cmpxchg32(&call_single_queue[cpu], n, n + 1) != n);
	}
	gic_raise_softirq(1u << cpu, ipi);
}

/* Models secondary_start_kernel(): on the idle thread's stack. */
static void secondary_start_kernel(void *arg)
{
	unsigned int cpu = (unsigned int)(uintptr_t)arg;

	core_logical[hw_core_index()] = (int)cpu;
	if (smp_ops && smp_ops->smp_secondary_init)
		smp_ops->smp_secondary_init(cpu);
	gic_cpu_init();
	arch_timer_starting_cpu();
	set_cpu_online(cpu, true);
	complete(&cpu_running[cpu]);
	pr_info("CPU%u: Booted secondary processor 0x%x\n", cpu, cpu_logical_map(cpu));
	hw_mark("online");
	arch_local_irq_enable();
	cpu_startup_entry();
}

/* Models secondary_startup (head.S): enable coherency and caches, then
 * switch to the idle thread's stack that __cpu_up prepared. */
void secondary_startup(void)
{
	hw_set_smp_coherent(true);
	hw_set_dcache_enabled(true);
	hw_ctx_load(secondary_data.ctx);
}

/* Models __cpu_up(): prepare the idle thread, ask the platform to boot the
 * CPU, wait for it to come online. */
static int __cpu_up(unsigned int cpu)
{
	struct idle_thread *it = &idle_threads[cpu];
	int ret;

	if (!smp_ops || !smp_ops->smp_boot_secondary)
		return -ENOSYS;
	if (!it->ctx) {
		it->ctx = hw_ctx_alloc();
		it->stack = malloc(IDLE_STACK_SIZE);
		if (!it->stack)
			return -ENOMEM;
	}
	/* A fresh start each time: a CPU that went down left nothing to resume. */
	hw_ctx_init(it->ctx, it->stack, IDLE_STACK_SIZE, secondary_start_kernel,
		    (void *)(uintptr_t)cpu);
	secondary_data.cpu = cpu;
	secondary_data.ctx = it->ctx;
	hw_cache_clean_range(&secondary_data, sizeof(secondary_data));
	init_completion(&cpu_running[cpu]);

	ret = smp_ops->smp_boot_secondary(cpu);
	if (ret)
		return ret;
	if (!wait_for_completion_timeout(&cpu_running[cpu], CPU_UP_TIMEOUT_NS)) {
		pr_err("CPU%u: failed to come online\n", cpu);
		return -EIO;
	}
	return 0;
}

/* Models cpu_up() for boot (kernel/cpu.c _cpu_up without the hotplug state
 * machine). */
int smp_boot_one(unsigned int cpu)
{
	if (cpu >= nr_cpu_ids)
		return -EINVAL;
	if (cpu_online(cpu))
		return -EINVAL;
	return __cpu_up(cpu);
}

/* Models smp_init(): bring up every possible CPU. */
void smp_init(void)
{
	for (unsigned int cpu = 1; cpu < nr_cpu_ids; cpu++) {
		int ret = smp_boot_one(cpu);

		if (ret)
			pr_err("CPU%u: boot failed (%d)\n", cpu, ret);
	}
	pr_info("SMP: Total of %u processors activated.\n", num_online_cpus());
}

/* Models smp_prepare_boot_cpu() + the IPI plumbing of set_smp_ipi_range(). */
void smp_prepare_boot_cpu(void)
{
	core_logical[hw_core_index()] = 0;
	set_cpu_online(0, true);
	set_smp_ipi_handler(do_handle_IPI);
}
