// SPDX-License-Identifier: GPL-2.0-only
/*
 * suspend.c - cpu_suspend / cpu_resume, as arch/arm/kernel/suspend.c and
 * sleep.S, on hw_ctx_suspend / hw_ctx_resume.
 *
 * Upstream stashes the saved stack pointer in sleep_save_sp, indexed by the
 * MPIDR hash of cpu_logical_map(smp_processor_id()) at suspend time, and
 * cpu_resume finds it by the MPIDR the resuming CPU reads from hardware.
 * The same keys are used here, with the hw_ctx as the saved context.
 */
#include "asm/mcpm.h"
#include "asm/suspend.h"
#include "linux/smp.h"
#include "blsim/test_hooks.h"

#define NR_SAVE_SLOTS (MAX_NR_CLUSTERS * MAX_CPUS_PER_CLUSTER)

static struct hw_ctx *save_ctx[NR_SAVE_SLOTS];
/* The finisher of the cpu_suspend in progress on each physical core. */
static int (*suspend_finisher[NR_SAVE_SLOTS])(unsigned long);
/* The stash word a CPU with MMU off reads (non-zero: a context is saved). */
static volatile u32 save_ptr_stash[NR_SAVE_SLOTS];

/* Models compute_mpidr_hash for TC2's two affinity levels. */
static int mpidr_hash(u32 mpidr)
{
	unsigned int cpu = MPIDR_AFFINITY_LEVEL(mpidr, 0);
	unsigned int cluster = MPIDR_AFFINITY_LEVEL(mpidr, 1);

	if (cpu >= MAX_CPUS_PER_CLUSTER || cluster >= MAX_NR_CLUSTERS)
		return -1;
	return (int)(cluster * MAX_CPUS_PER_CLUSTER + cpu);
}

/* Models the tail of __cpu_suspend_save, between the register save and the
 * finisher: flush_cache_louis() (on TC2's cores, LoUIS is L1: its dirty
 * lines go to L2, and the walk visits every set and way), so the saved
 * context and whatever the CPU dirtied survive a power loss of L1. */
static int cpu_suspend_flush_then_finish(unsigned long arg)
{
	hw_flush_cache_louis();
	return suspend_finisher[hw_core_index()](arg);
}

/* Models cpu_suspend (+ __cpu_suspend's save into sleep_save_sp). */
int cpu_suspend(unsigned long arg, int (*fn)(unsigned long))
{
	int slot = mpidr_hash(cpu_logical_map(smp_processor_id()));
	int ret;

	if (slot < 0)
		return -EINVAL;
	if (!save_ctx[slot])
		save_ctx[slot] = hw_ctx_alloc();
	/* __cpu_suspend_save: the stash must reach memory for a CPU whose
	 * MMU and caches will be off when it reads it. */
	hw_store32(&save_ptr_stash[slot], 1);
	hw_cache_clean_range(&save_ptr_stash[slot], sizeof(save_ptr_stash[slot]));
	suspend_finisher[hw_core_index()] = fn;
	ret = hw_ctx_suspend(save_ctx[slot], cpu_suspend_flush_then_finish, arg);
	/* Resumed (0) or aborted (finisher's value): both continue here,
	 * with cpu_switch_mm / TLB flush of the upstream tail costing nothing
	 * modelled. */
	return ret;
}

/* Models cpu_resume (sleep.S) + cpu_resume_mmu: find the context saved for
 * this MPIDR, turn coherency and caches back on, and load it. */
_Noreturn void cpu_resume(void)
{
	int slot = mpidr_hash(read_cpuid_mpidr());

	if (slot < 0 || !hw_load32(&save_ptr_stash[slot]) || !save_ctx[slot])
		hw_panic("cpu_resume: no context saved for MPIDR %#x",
			 read_cpuid_mpidr());
	/* cpu_do_resume restores ACTLR (SMP bit) then SCTLR (MMU, caches). */
	hw_set_smp_coherent(true);
	hw_set_dcache_enabled(true);
	hw_ctx_resume(save_ctx[slot]);
}

/* Test support: forget all saved contexts. */
void cpu_suspend_reset_for_test(void)
{
	int i;

	for (i = 0; i < NR_SAVE_SLOTS; i++)
		save_ptr_stash[i] = 0;
}
