// SPDX-License-Identifier: GPL-2.0-only
/*
 * bL_switcher.c - the in-kernel big.LITTLE switcher (arch/arm/common/
 * bL_switcher.c): each logical CPU stands for a pair of physical CPUs, one
 * per cluster, and runs on one of them; a switch moves it to the other.
 *
 * The sequence of bL_switch_to(), in the upstream order (each step is
 * reported with hw_switch_step() so stats.json can time it):
 *   outbound                                  inbound
 *   gate both entry vectors
 *   early poke "inbound alive" + power up  -> leaves reset, mcpm_entry_point,
 *   wait for inbound alive (IRQs on)       <- pokes GICD_SGIR, waits on vector
 *   IRQs off (blackout starts)
 *   gic_migrate_target, shut the tick
 *   cpu_pm_enter (GIC CPU if saved)
 *   flip cpu_logical_map
 *   cpu_suspend -> bL_switchpoint, on a borrowed stack: bL_do_switch
 *   set the inbound's vector = cpu_resume, sev  -> cpu_resume: the saved
 *   wait for the handshake (wfe)                 context continues here:
 *                                                mcpm_cpu_powered_up,
 *                                                cpu_pm_exit, tick back,
 *                                                IRQs on (blackout ends),
 *                                                handshake = 1, sev
 *   mcpm_cpu_power_down: L1 (and, as last man, L2) cleaned, CCI port off,
 *   WFI -> the power controller resets the core (and powers the cluster off)
 *
 * Each logical CPU has its switcher kthread (linux/kthread.h), bound to it
 * and run ahead of every task, as upstream's SCHED_FIFO thread. It sleeps
 * twice: until a request comes, and in wait_for_completion() while the
 * inbound comes out of reset (and its cluster powers up, when cold); the
 * logical CPU runs its tasks meanwhile. What a task runnable on the
 * switching CPU still waits for (the thread's own runs, the blackout) is
 * reported per switch (hw_switch_task_wait: stats.json's task_wait_ns).
 */
#include <libfdt.h>
#include <string.h>

#include "asm/bL_switcher.h"
#include "asm/mcpm.h"
#include "asm/suspend.h"
#include "linux/completion.h"
#include "linux/cpu_pm.h"
#include "linux/init.h"
#include "linux/irqchip/arm-gic.h"
#include "linux/kthread.h"
#include "linux/smp.h"
#include "linux/tick.h"
#include "trace/events.h"

int cpu_down(unsigned int cpu);
int cpu_up(unsigned int cpu);

/* Upstream borrows 8 KiB of the thread's stack; the model's stack frames include
 * the simulator's own (TLM transport, SystemC waits), so it needs more. */
#define BL_STACK_SIZE (64 * 1024)
#define MAX_CORES (MAX_NR_CLUSTERS * MAX_CPUS_PER_CLUSTER)

/*
 * The kernel code that runs between the hw.h calls of a switch is charged
 * here, per stretch of the path, in kernel instructions (HW_WORK_KERNEL's
 * IPC). Assumed counts, read off upstream's C and the ARM code it compiles
 * to, rounded up; the /cpus node's blsim,switch-path-instructions (six
 * cells, in this order) overrides them (docs/dt-properties.md):
 *  - the thread taking a request: wake-up bookkeeping, lock, fields: 150;
 *  - bL_switch_to's set-up: MPIDR reads, pairing, register_ipi_completion,
 *    the early-poke word, mcpm_cpu_power_up's call path: 300;
 *  - entering the critical zone (IRQ/FIQ off, tracepoint): 80;
 *  - the logical map flip and cpu_suspend's entry (sleep_save_sp index,
 *    the MPIDR hash): 120;
 *  - bL_do_switch on the outbound (handshake pointer, entry vector): 60;
 *  - the inbound's tail (MPIDR check, tracepoint, IRQs on, handshake): 120.
 */
enum bL_path {
	BL_PATH_TAKE_REQUEST,
	BL_PATH_SETUP,
	BL_PATH_ENTER_ZONE,
	BL_PATH_FLIP_SUSPEND,
	BL_PATH_DO_SWITCH,
	BL_PATH_INBOUND_TAIL,
	BL_PATH_NR
};
static u32 bL_path_instr[BL_PATH_NR] = {150, 300, 80, 120, 60, 120};
#define BL_INSTR_TAKE_REQUEST  bL_path_instr[BL_PATH_TAKE_REQUEST]
#define BL_INSTR_SETUP         bL_path_instr[BL_PATH_SETUP]
#define BL_INSTR_ENTER_ZONE    bL_path_instr[BL_PATH_ENTER_ZONE]
#define BL_INSTR_FLIP_SUSPEND  bL_path_instr[BL_PATH_FLIP_SUSPEND]
#define BL_INSTR_DO_SWITCH     bL_path_instr[BL_PATH_DO_SWITCH]
#define BL_INSTR_INBOUND_TAIL  bL_path_instr[BL_PATH_INBOUND_TAIL]

/* The path counts from /cpus, announced when the DT has none. */
static void bL_read_path_instr(const void *fdt)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), len = 0, i;
	const fdt32_t *v = cpus >= 0 ? fdt_getprop(fdt, cpus, "blsim,switch-path-instructions", &len)
				     : NULL;

	if (!v || len != (int)(BL_PATH_NR * sizeof(*v))) {
		pr_warn("bL_switcher: no 'blsim,switch-path-instructions' in /cpus, using default "
			"<150 300 80 120 60 120> (docs/dt-properties.md)\n");
		return;
	}
	for (i = 0; i < BL_PATH_NR; i++)
		bL_path_instr[i] = fdt32_to_cpu(v[i]);
}

static bool bL_switcher_active;
static bool bL_early_poke = true;

/*
 * Whole-cluster mode (--switcher cluster): ARM's reference (hypervisor)
 * switcher and the Exynos 5410's move every CPU of a cluster together. A
 * request for one logical CPU becomes a request for every logical CPU on
 * its cluster; each runs the per-CPU sequence above with three changes:
 *  - the full CPU context is saved and restored (what a hypervisor keeps:
 *    all of CP15, VFP, the GIC CPU interface, the timers), modelled as a
 *    second context save / restore;
 *  - a rendezvous: no inbound is released before every outbound CPU of the
 *    cluster has saved its context, so all move at once;
 *  - on a part without CCI coherency (the cci node's blsim,no-coherency,
 *    like the Exynos 5410), every outbound cleans its L1 and the cluster's
 *    L2 to memory before releasing its inbound, which cannot snoop them.
 */
static bool bL_cluster_mode;
static bool bL_coherent = true;
static volatile u32 bL_rendezvous_arrived[MAX_NR_CLUSTERS];
static volatile u32 bL_rendezvous_expected[MAX_NR_CLUSTERS];
static int bL_switcher_cpu_pairing[NR_CPUS];
static unsigned int bL_switcher_cpu_original_cluster[NR_CPUS];
static int bL_gic_id[MAX_CPUS_PER_CLUSTER][MAX_NR_CLUSTERS];
static u32 bL_switcher_removed_logical_cpus;
static struct bL_notifier_block *bL_notifiers;
static volatile u32 bL_enabled_users;  /* bL_switcher_get_enabled holders */

/* One "switcher thread" per logical CPU (struct bL_thread). */
struct bL_thread {
	volatile u32 lock;
	volatile int wanted_cluster;   /* -1: nothing wanted */
	bL_switch_completion_handler completer;
	void *completer_cookie;
	struct kthread task;
	bool created;                  /* its kthread exists (kept across disable) */
	bool started;                  /* takes requests */
	bool in_switch;                /* this run of the thread serves a switch */
};
static struct bL_thread bL_threads[NR_CPUS];

/* Borrowed stacks for bL_do_switch, one per physical core (upstream takes
 * them past the thread_info of the switcher thread, one per cluster). */
static char bL_stacks[MAX_CORES][BL_STACK_SIZE] __attribute__((aligned(64)));

static void bl_lock(volatile u32 *l)
{
	while (hw_cmpxchg32(l, 0, 1) != 0)
		;
}

static void bl_unlock(volatile u32 *l)
{
	hw_store32(l, 0);
}

/* ---- the switch ------------------------------------------------------------- */

/* Cluster mode: the outbound CPUs of a cluster meet after saving their
 * contexts; without coherency each cleans its caches to memory first. */
static void bL_cluster_rendezvous(unsigned int cpu)
{
	unsigned int out_clu = MPIDR_AFFINITY_LEVEL(read_cpuid_mpidr(), 1);

	if (!bL_coherent) {
		hw_switch_step(cpu, SWITCH_STEP_OUTBOUND_FLUSH_TO_MEMORY, false);
		hw_flush_cache_all();
		hw_switch_step(cpu, SWITCH_STEP_OUTBOUND_FLUSH_TO_MEMORY, true);
	}
	hw_switch_step(cpu, SWITCH_STEP_CLUSTER_RENDEZVOUS, false);
	/* Race avoided: the count is read and written by every outbound of
	 * the cluster with caches possibly off; an exclusive increment, then
	 * wait for the last one, whose sev wakes the others. */
	for (;;) {
		u32 n = hw_load32(&bL_rendezvous_arrived[out_clu]);

		if (hw_cmpxchg32(&bL_rendezvous_arrived[out_clu], n, n + 1) == n)
			break;
	}
	dsb();
	sev();
	while (hw_load32(&bL_rendezvous_arrived[out_clu]) <
	       hw_load32(&bL_rendezvous_expected[out_clu]))
		wfe();
	hw_switch_step(cpu, SWITCH_STEP_CLUSTER_RENDEZVOUS, true);
}

/* Models bL_do_switch(): on the outbound, on a borrowed stack; its context
 * is saved already, so the inbound may resume it from here on. */
static int bL_do_switch(void *arg)
{
	volatile u32 **handshake_ptr = arg;
	volatile u32 handshake = 0;
	unsigned int cpu = smp_processor_id();
	u32 in_hwid = cpu_logical_map(cpu);
	unsigned int in_core = MPIDR_AFFINITY_LEVEL(in_hwid, 0);
	unsigned int in_clu = MPIDR_AFFINITY_LEVEL(in_hwid, 1);

	hw_run(BL_INSTR_DO_SWITCH, HW_WORK_KERNEL);
	/* The inbound finds the word it must set through this pointer. */
	*handshake_ptr = &handshake;

	if (bL_cluster_mode)
		bL_cluster_rendezvous(cpu);

	/* Release the inbound: its entry vector becomes cpu_resume. */
	hw_switch_step(cpu, SWITCH_STEP_INBOUND_RELEASED, false);
	mcpm_set_entry_vector(in_core, in_clu, cpu_resume);
	sev();
	hw_switch_step(cpu, SWITCH_STEP_INBOUND_RELEASED, true);

	/*
	 * Race avoided: from here the inbound may be running our saved context
	 * as if cpu_suspend had returned. Nothing the inbound can see may be
	 * touched: we are on a stack of our own, and wait for the inbound to
	 * finish (it sets the handshake once its IRQs are on) before powering
	 * down, so the logical CPU is never without a live physical one.
	 */
	hw_switch_step(cpu, SWITCH_STEP_OUTBOUND_WAIT_HANDSHAKE, false);
	while (!hw_load32(&handshake))
		wfe();
	hw_switch_step(cpu, SWITCH_STEP_OUTBOUND_WAIT_HANDSHAKE, true);

	/* The outbound core now goes off for good; the simulator records the
	 * end of this step when the power controller takes the core. */
	hw_switch_step(cpu, SWITCH_STEP_OUTBOUND_POWER_DOWN, false);
	mcpm_cpu_power_down();
	hw_panic("bL_do_switch: mcpm_cpu_power_down returned");
}

/* Models bL_switchpoint(): the cpu_suspend finisher. */
static int bL_switchpoint(unsigned long arg)
{
	unsigned int core = hw_core_index();

	hw_switch_step(smp_processor_id(), SWITCH_STEP_CONTEXT_SAVE, true);
	hw_call_with_stack(bL_do_switch, (void *)arg, bL_stacks[core], BL_STACK_SIZE);
	BUG();
	return 0;
}

/* Models bL_switch_to(): move the calling logical CPU to dest_cluster. */
static int bL_switch_to(unsigned int dest_cluster)
{
	unsigned int lcpu = smp_processor_id(), peer_cpu, out_core, out_clu;
	unsigned int in_core, in_clu;
	u32 out_hwid, in_hwid;
	volatile u32 *handshake_ptr = NULL;
	struct completion inbound_alive;   /* on this stack: one per switch */
	int rc, ipi_nr;

	out_hwid = read_cpuid_mpidr() & MPIDR_HWID_BITMASK;
	out_core = MPIDR_AFFINITY_LEVEL(out_hwid, 0);
	out_clu = MPIDR_AFFINITY_LEVEL(out_hwid, 1);
	BUG_ON(cpu_logical_map(lcpu) != out_hwid);
	if (dest_cluster == out_clu)
		return 0;
	bL_threads[lcpu].in_switch = true;
	if (bL_switcher_cpu_pairing[lcpu] < 0) {
		pr_err("bL_switch_to: CPU%u has no counterpart\n", lcpu);
		return -EINVAL;
	}
	peer_cpu = (unsigned int)bL_switcher_cpu_pairing[lcpu];
	in_hwid = cpu_logical_map(peer_cpu);
	in_core = MPIDR_AFFINITY_LEVEL(in_hwid, 0);
	in_clu = MPIDR_AFFINITY_LEVEL(in_hwid, 1);
	pr_debug("before switch: CPU %u MPIDR %#x -> %#x\n", lcpu, out_hwid, in_hwid);

	hw_run(BL_INSTR_SETUP, HW_WORK_KERNEL);
	/* Neither core may enter the kernel from reset until the release:
	 * both entry vectors read NULL. */
	hw_switch_step(lcpu, SWITCH_STEP_ENTRY_VECTORS_GATED, false);
	mcpm_set_entry_vector(out_core, out_clu, NULL);
	mcpm_set_entry_vector(in_core, in_clu, NULL);
	hw_switch_step(lcpu, SWITCH_STEP_ENTRY_VECTORS_GATED, true);

	/* Arm the "inbound alive" completion: the first thing the inbound
	 * does out of reset is a GICD_SGIR write that sends us ipi_nr. */
	init_completion(&inbound_alive);
	ipi_nr = register_ipi_completion(&inbound_alive, lcpu);
	if (bL_early_poke)
		mcpm_set_early_poke(in_core, in_clu, gic_get_sgir_physaddr(),
				    (u32)BIT(bL_gic_id[out_core][out_clu]) << 16 | (u32)ipi_nr);

	/* Power the inbound up early: it may need time (a cold cluster) and
	 * waits, gated, in MCPM's entry until released. */
	hw_switch_step(lcpu, SWITCH_STEP_INBOUND_POWER_UP, false);
	rc = mcpm_cpu_power_up(in_core, in_clu);
	if (rc) {
		pr_err("bL_switch_to: cannot power up CPU %u cluster %u (%d)\n",
		       in_core, in_clu, rc);
		mcpm_set_early_poke(in_core, in_clu, 0, 0);
		register_ipi_completion(NULL, lcpu);
		hw_switch_step(lcpu, SWITCH_STEP_ABORTED, false);
		return rc;
	}
	/* An SGI gets a powered inbound that sits in WFI moving again. */
	gic_send_sgi((unsigned int)bL_gic_id[in_core][in_clu], 0);
	hw_switch_step(lcpu, SWITCH_STEP_INBOUND_POWER_UP, true);

	if (bL_early_poke) {
		/* Wait for the inbound to come up, with IRQs on: the blackout
		 * does not include the inbound's (cluster) power-up. */
		hw_switch_step(lcpu, SWITCH_STEP_WAIT_INBOUND_ALIVE, false);
		wait_for_completion(&inbound_alive);
		mcpm_set_early_poke(in_core, in_clu, 0, 0);
		/* The completion lives on this stack: no IPI may find it later. */
		register_ipi_completion(NULL, lcpu);
		hw_switch_step(lcpu, SWITCH_STEP_WAIT_INBOUND_ALIVE, true);
	}

	/* Blackout: from here to the inbound's IRQs on, nothing interrupts. */
	arch_local_irq_disable();
	hw_switch_step(lcpu, SWITCH_STEP_BLACKOUT, false);
	hw_run(BL_INSTR_ENTER_ZONE, HW_WORK_KERNEL);
	trace_cpu_migrate_begin(ktime_get_ns(), out_hwid);
	hw_switch_step(lcpu, SWITCH_STEP_GIC_MIGRATE, false);
	gic_migrate_target((unsigned int)bL_gic_id[in_core][in_clu]);
	hw_switch_step(lcpu, SWITCH_STEP_GIC_MIGRATE, true);
	hw_switch_step(lcpu, SWITCH_STEP_TICK_SUSPEND, false);
	clockevents_shutdown();     /* tick_suspend_local(): the outbound's timer goes dark */
	hw_switch_step(lcpu, SWITCH_STEP_TICK_SUSPEND, true);

	hw_switch_step(lcpu, SWITCH_STEP_CPU_PM_ENTER, false);
	rc = cpu_pm_enter();       /* the GIC's notifier saves its CPU interface */
	if (rc)
		hw_panic("bL_switch_to: cpu_pm_enter refused (%d)", rc);
	hw_switch_step(lcpu, SWITCH_STEP_CPU_PM_ENTER, true);

	/* From here this logical CPU names the inbound core, and the
	 * counterpart's entry names the outbound one. */
	hw_switch_step(lcpu, SWITCH_STEP_LOGICAL_MAP_FLIP, false);
	hw_run(BL_INSTR_FLIP_SUSPEND, HW_WORK_KERNEL);
	cpu_logical_map(lcpu) = in_hwid;
	cpu_logical_map(peer_cpu) = out_hwid;
	hw_switch_step(lcpu, SWITCH_STEP_LOGICAL_MAP_FLIP, true);

	/* Save this context and hand it to the inbound (bL_switchpoint). */
	hw_switch_step(lcpu, SWITCH_STEP_CONTEXT_SAVE, false);
	if (bL_cluster_mode)
		hw_context_save();   /* the hypervisor's full context, on top */
	rc = cpu_suspend((unsigned long)&handshake_ptr, bL_switchpoint);
	if (rc > 0)
		hw_panic("bL_switch_to: cpu_suspend() returned %d", rc);

	/* cpu_suspend returned 0: this code now runs on the inbound core. */
	smp_set_core_logical(hw_core_index(), (int)lcpu);
	hw_switch_step(lcpu, SWITCH_STEP_INBOUND_RESUMED, true);
	BUG_ON((read_cpuid_mpidr() & MPIDR_HWID_BITMASK) != in_hwid);

	hw_switch_step(lcpu, SWITCH_STEP_CPU_PM_EXIT, false);
	if (bL_cluster_mode)
		hw_context_restore();
	mcpm_cpu_powered_up();
	cpu_pm_exit();              /* ... and restores it on the inbound's */
	tick_resume_local();        /* clockevents_program_event(next_event) */
	hw_switch_step(lcpu, SWITCH_STEP_CPU_PM_EXIT, true);

	hw_run(BL_INSTR_INBOUND_TAIL, HW_WORK_KERNEL);
	trace_cpu_migrate_finish(ktime_get_ns(), in_hwid);
	hw_switch_step(lcpu, SWITCH_STEP_BLACKOUT, true);
	arch_local_irq_enable();

	/* The outbound may go down now: the logical CPU lives here. */
	hw_store32(handshake_ptr, 1);
	dsb();
	sev();
	pr_debug("after switch: CPU %u MPIDR %#x\n", lcpu, in_hwid);
	return 0;
}

/* Sleep until a request is posted for this logical CPU's thread. */
static void bL_thread_wait_request(struct bL_thread *t)
{
	for (;;) {
		arch_local_irq_disable();
		/* Race avoided: SLEEPING before looking, so a request posted
		 * after the look wakes us (kthread_wake sees SLEEPING). */
		t->task.state = KTHREAD_SLEEPING;
		dsb();
		if (hw_load32((volatile u32 *)&t->wanted_cluster) != (u32)-1) {
			t->task.state = KTHREAD_RUNNING;
			arch_local_irq_enable();
			return;
		}
		kthread_schedule();
		arch_local_irq_enable();
	}
}

/* Models bL_switcher_thread(): the logical CPU's kthread, for ever. */
static void bL_switcher_thread(void *arg)
{
	struct bL_thread *t = arg;

	for (;;) {
		bL_switch_completion_handler completer;
		void *cookie;
		int cluster;

		bL_thread_wait_request(t);
		t->in_switch = false;   /* set again if this request moves the CPU */
		/* Take the request and its callback in one go, leaving none. */
		bl_lock(&t->lock);
		cluster = t->wanted_cluster;
		t->wanted_cluster = -1;
		completer = t->completer;
		t->completer = NULL;
		cookie = t->completer_cookie;
		bl_unlock(&t->lock);
		if (cluster < 0)
			continue;
		hw_run(BL_INSTR_TAKE_REQUEST, HW_WORK_KERNEL);
		/* What was asked until now is served by this pass; when the
		 * CPU is on that cluster already, no switch results. */
		hw_switch_step((unsigned int)(t - bL_threads), SWITCH_STEP_REQUEST_TAKEN, false);
		bL_switch_to((unsigned int)cluster);
		if (completer)
			completer(cookie);
	}
}

/* The scheduler's report after each run of a switcher thread: how long a
 * task runnable on its CPU waited for that run. */
static void bL_thread_ran(struct kthread *k, u64 task_wait_ns)
{
	struct bL_thread *t = container_of(k, struct bL_thread, task);

	if (t->in_switch)
		hw_switch_task_wait((unsigned int)(t - bL_threads), task_wait_ns);
}

/* Models bL_switch_request_cb(), recording who asked (stats.json's cause). */
static int __bL_switch_request(unsigned int cpu, unsigned int dest_cluster,
			       bL_switch_completion_handler completer, void *cookie,
			       const char *cause)
{
	struct bL_thread *t;

	if (cpu >= nr_cpu_ids) {
		pr_err("bL_switch_request: no CPU%u\n", cpu);
		return -EINVAL;
	}
	t = &bL_threads[cpu];
	if (!bL_switcher_active) {
		pr_err("bL_switch_request: the switcher is not active\n");
		return -ESRCH;
	}
	if (bL_switcher_cpu_pairing[cpu] < 0) {
		pr_err("bL_switch_request: CPU%u has no counterpart to switch to%s\n", cpu,
		       (bL_switcher_removed_logical_cpus & BIT(cpu)) ?
		       " (the switcher took it offline)" : "");
		return -EINVAL;
	}
	if (!t->started)
		return -ESRCH;
	/*
	 * Simplified: upstream queues the request for the CPU's kthread even
	 * when hotplug took the CPU down; the scheduler then runs the thread
	 * on another CPU and bL_switch_to() switches that one instead. The
	 * model's per-CPU work would wake the dead core, so it refuses.
	 */
	if (!cpu_online(cpu)) {
		pr_err("bL_switch_request: CPU%u is offline\n", cpu);
		return -EINVAL;
	}
	if (dest_cluster >= MAX_NR_CLUSTERS) {
		pr_err("bL_switch_request: no cluster %u\n", dest_cluster);
		return -EINVAL;
	}
	bl_lock(&t->lock);
	if (t->completer) {
		bl_unlock(&t->lock);
		return -EBUSY;
	}
	t->wanted_cluster = (int)dest_cluster;
	t->completer_cookie = cookie;
	t->completer = completer;
	bl_unlock(&t->lock);
	hw_switch_request(cpu, cause);
	kthread_wake(&t->task);         /* wake_up(&t->wq) */
	return 0;
}

/* Whether logical CPU c moves in a switch of cluster `from`: paired, online
 * (one hotplug took down stays down), and on that cluster now. */
static bool moves_with_cluster(unsigned int c, unsigned int from)
{
	return bL_switcher_cpu_pairing[c] >= 0 && cpu_online(c) &&
	       MPIDR_AFFINITY_LEVEL(cpu_logical_map(c), 1) == from;
}

/* Cluster mode: every logical CPU on cpu's cluster moves. The rendezvous
 * count is armed first, for all of them, before any switch can start. */
static int bL_cluster_switch_request(unsigned int cpu, unsigned int dest_cluster,
				     const char *cause)
{
	unsigned int from = MPIDR_AFFINITY_LEVEL(cpu_logical_map(cpu), 1), n = 0, c;
	int rc = 0;

	if (cpu >= nr_cpu_ids || !cpu_online(cpu) || dest_cluster >= MAX_NR_CLUSTERS ||
	    from == dest_cluster)
		return __bL_switch_request(cpu, dest_cluster, NULL, NULL, cause);
	for (c = 0; c < nr_cpu_ids; c++)
		if (moves_with_cluster(c, from))
			n++;
	/* Race avoided: a second cluster request while a rendezvous is under
	 * way would reset the count its CPUs are waiting on. */
	if (hw_load32(&bL_rendezvous_arrived[from]) < hw_load32(&bL_rendezvous_expected[from])) {
		pr_err("bL_switch_request: cluster %u is already switching\n", from);
		return -EBUSY;
	}
	hw_store32(&bL_rendezvous_arrived[from], 0);
	hw_store32(&bL_rendezvous_expected[from], n);
	n = 0;
	for (c = 0; c < nr_cpu_ids && !rc; c++)
		if (moves_with_cluster(c, from)) {
			rc = __bL_switch_request(c, dest_cluster, NULL, NULL, cause);
			if (!rc)
				n++;
		}
	/* Only the CPUs whose request was accepted will arrive. */
	hw_store32(&bL_rendezvous_expected[from], n);
	dsb();
	sev();
	return rc;
}

static int bL_request(unsigned int cpu, unsigned int dest_cluster,
		      bL_switch_completion_handler completer, void *cookie, const char *cause)
{
	if (bL_cluster_mode && !completer)
		return bL_cluster_switch_request(cpu, dest_cluster, cause);
	return __bL_switch_request(cpu, dest_cluster, completer, cookie, cause);
}

/* Models bL_switch_request_cb(). */
int bL_switch_request_cb(unsigned int cpu, unsigned int dest_cluster,
			 bL_switch_completion_handler completer, void *cookie)
{
	return bL_request(cpu, dest_cluster, completer, cookie, "callback");
}

/* Models bL_switch_request(): upstream's in-kernel caller is cpufreq
 * (arm_big_little's set_target), so that is the cause recorded. */
int bL_switch_request(unsigned int cpu, unsigned int dest_cluster)
{
	return bL_request(cpu, dest_cluster, NULL, NULL, "cpufreq");
}

/* A request from a scripted event (the simulator's mailbox). */
int bL_switch_request_event(unsigned int cpu, unsigned int dest_cluster)
{
	return bL_request(cpu, dest_cluster, NULL, NULL, "event");
}

/* ---- enable / disable --------------------------------------------------------- */

static void bL_notify(unsigned long action)
{
	for (struct bL_notifier_block *nb = bL_notifiers; nb; nb = nb->next)
		nb->notifier_call(nb, action);
}

/* Models bL_switcher_register_notifier(). */
int bL_switcher_register_notifier(struct bL_notifier_block *nb)
{
	nb->next = bL_notifiers;
	bL_notifiers = nb;
	return 0;
}

/* Models bL_switcher_unregister_notifier(). */
int bL_switcher_unregister_notifier(struct bL_notifier_block *nb)
{
	for (struct bL_notifier_block **p = &bL_notifiers; *p; p = &(*p)->next) {
		if (*p == nb) {
			*p = nb->next;
			return 0;
		}
	}
	return -ENOENT;
}

/* Models bL_switcher_get_enabled() (upstream takes the activation mutex;
 * the model only counts holders: nothing runs enable/disable concurrently,
 * both come from the serialised event mailbox). */
bool bL_switcher_get_enabled(void)
{
	u32 n;

	do
		n = hw_load32(&bL_enabled_users);
	while (hw_cmpxchg32(&bL_enabled_users, n, n + 1) != n);
	return bL_switcher_active;
}

/* Models bL_switcher_put_enabled(). */
void bL_switcher_put_enabled(void)
{
	u32 n;

	do
		n = hw_load32(&bL_enabled_users);
	while (hw_cmpxchg32(&bL_enabled_users, n, n - 1) != n);
}

int bL_switcher_counterpart(unsigned int cpu)
{
	return cpu < NR_CPUS ? bL_switcher_cpu_pairing[cpu] : -1;
}

/* Models bL_switcher_halve_cpus(): each online CPU of the first online CPU's
 * cluster gets a partner in the other cluster and stays; every other CPU
 * (the partners, and any left without one) goes offline. */
static int bL_switcher_halve_cpus(void)
{
	u32 available = cpu_online_bits;
	int cluster_0 = -1, cluster_1 = -1;
	unsigned int i, j;

	for (i = 0; i < nr_cpu_ids; i++) {
		int cluster = (int)MPIDR_AFFINITY_LEVEL(cpu_logical_map(i), 1);

		bL_switcher_cpu_pairing[i] = -1;
		if (!(available & BIT(i)))
			continue;
		if (cluster_0 == -1)
			cluster_0 = cluster;
		if (cluster != cluster_0)
			cluster_1 = cluster;
	}
	if (cluster_1 == -1) {
		pr_err("bL_switcher: no CPU online in a second cluster\n");
		return -EINVAL;
	}
	/*
	 * The partner is the highest-numbered CPU of the other cluster still
	 * free, as upstream picks it: on TC2 CPU0 (0x0) gets 0x102 and CPU1
	 * (0x1) gets 0x101, so logical and physical numbers do not line up
	 * (upstream does it on purpose, that no code may rely on them).
	 */
	for (i = 0; i < nr_cpu_ids; i++) {
		int partner = -1;

		if (!(available & BIT(i)) ||
		    (int)MPIDR_AFFINITY_LEVEL(cpu_logical_map(i), 1) != cluster_0)
			continue;
		available &= ~BIT(i);
		for (j = 0; j < nr_cpu_ids; j++)
			if ((available & BIT(j)) &&
			    (int)MPIDR_AFFINITY_LEVEL(cpu_logical_map(j), 1) != cluster_0)
				partner = (int)j;
		if (partner < 0)
			continue;
		bL_switcher_cpu_pairing[i] = partner;
		available &= ~BIT(partner);
	}
	/* Take note of every GIC ID, then disable the CPUs with no pairing of
	 * their own (the counterparts, and the odd one out). */
	bL_switcher_removed_logical_cpus = 0;
	for (i = 0; i < nr_cpu_ids; i++) {
		u32 mpidr = cpu_logical_map(i);

		if (!cpu_online(i))
			continue;
		bL_gic_id[MPIDR_AFFINITY_LEVEL(mpidr, 0)][MPIDR_AFFINITY_LEVEL(mpidr, 1)] =
			gic_get_cpu_id(i);
	}
	for (i = 0; i < nr_cpu_ids; i++) {
		int rc;

		if (bL_switcher_cpu_pairing[i] >= 0)
			bL_switcher_cpu_original_cluster[i] =
				MPIDR_AFFINITY_LEVEL(cpu_logical_map(i), 1);
		if (!cpu_online(i) || bL_switcher_cpu_pairing[i] >= 0)
			continue;
		rc = cpu_down(i);
		if (rc) {
			pr_err("bL_switcher: cannot take CPU%u offline (%d)\n", i, rc);
			return rc;
		}
		bL_switcher_removed_logical_cpus |= BIT(i);
	}
	for (i = 0; i < nr_cpu_ids; i++)
		if (bL_switcher_cpu_pairing[i] >= 0)
			pr_info("bL_switcher: CPU%u (0x%x) paired with 0x%x\n", i,
				cpu_logical_map(i),
				cpu_logical_map((unsigned int)bL_switcher_cpu_pairing[i]));
	return 0;
}

/* Models bL_switcher_enable(). */
int bL_switcher_enable(void)
{
	int rc;

	if (bL_switcher_active)
		return 0;
	bL_notify(BL_NOTIFY_PRE_ENABLE);
	rc = bL_switcher_halve_cpus();
	if (rc) {
		bL_notify(BL_NOTIFY_POST_DISABLE);
		return rc;
	}
	for (unsigned int cpu = 0; cpu < nr_cpu_ids; cpu++) {
		struct bL_thread *t = &bL_threads[cpu];

		t->wanted_cluster = -1;
		t->started = bL_switcher_cpu_pairing[cpu] >= 0;
		if (t->started && !t->created) {
			t->task.ran = bL_thread_ran;
			kthread_start_on_cpu(&t->task, "kswitcher", cpu, bL_switcher_thread, t);
			t->created = true;
		}
	}
	bL_switcher_active = true;
	/* bL_switcher_trace_trigger(): where every logical CPU is now. */
	for (unsigned int cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (cpu_online(cpu))
			hw_trace_event(cpu, trace_current_comm(), trace_current_pid(),
				       "cpu_migrate_current", "timestamp=%llu cpu_hwid=0x%08X",
				       (unsigned long long)ktime_get_ns(), cpu_logical_map(cpu));
	bL_notify(BL_NOTIFY_POST_ENABLE);
	pr_info("big.LITTLE switcher initialized\n");
	return 0;
}

/* Models bL_switcher_disable(): every logical CPU goes back to its
 * original cluster's CPU, and the removed CPUs come back online. */
static void bL_switch_back_done(void *cookie)
{
	complete(cookie);
}

void bL_switcher_disable(void)
{
	if (!bL_switcher_active)
		return;
	bL_notify(BL_NOTIFY_PRE_DISABLE);
	/* No request is accepted from here on. */
	bL_switcher_active = false;
	/*
	 * Every logical CPU goes back to its original cluster, by its own
	 * switcher thread (upstream stops the thread, which waits out a switch
	 * in flight, then recreates it just for this). Race avoided: a request
	 * queued or running on that CPU must be drained first, else it could
	 * run after its counterpart is back online; so every paired CPU gets a
	 * final request (a no-op if it is home), waited for with a completion,
	 * and a pending callback request is served first, not overwritten.
	 */
	for (unsigned int cpu = 0; cpu < nr_cpu_ids; cpu++) {
		struct bL_thread *t = &bL_threads[cpu];
		unsigned int orig = bL_switcher_cpu_original_cluster[cpu];
		bL_switch_completion_handler pending_cb = NULL;
		void *pending_cookie = NULL;
		struct completion done;

		if (!t->started || bL_switcher_cpu_pairing[cpu] < 0)
			continue;
		if (cpu == smp_processor_id()) {
			/* Our own thread cannot run while we do: take its
			 * request here. */
			bl_lock(&t->lock);
			pending_cb = t->completer;
			pending_cookie = t->completer_cookie;
			t->completer = NULL;
			t->wanted_cluster = -1;
			bl_unlock(&t->lock);
			if (MPIDR_AFFINITY_LEVEL(cpu_logical_map(cpu), 1) != orig) {
				hw_switch_request(cpu, "disable");
				bL_switch_to(orig);
			}
			if (pending_cb)
				pending_cb(pending_cookie);
			continue;
		}
		init_completion(&done);
		for (;;) {
			bl_lock(&t->lock);
			if (!t->completer) {
				t->wanted_cluster = (int)orig;
				t->completer = bL_switch_back_done;
				t->completer_cookie = &done;
				bl_unlock(&t->lock);
				break;
			}
			bl_unlock(&t->lock);
			hw_udelay(10);   /* a callback request is being served */
		}
		hw_switch_request(cpu, "disable");
		kthread_wake(&t->task);
		wait_for_completion(&done);
		if (MPIDR_AFFINITY_LEVEL(cpu_logical_map(cpu), 1) != orig)
			pr_err("bL_switcher_disable: logical CPU %u is still on cluster %u\n", cpu,
			       MPIDR_AFFINITY_LEVEL(cpu_logical_map(cpu), 1));
	}
	for (unsigned int cpu = 0; cpu < nr_cpu_ids; cpu++)
		bL_threads[cpu].started = false;
	for (unsigned int cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (bL_switcher_removed_logical_cpus & BIT(cpu))
			cpu_up(cpu);
	bL_switcher_removed_logical_cpus = 0;
	bL_notify(BL_NOTIFY_POST_DISABLE);
	pr_info("big.LITTLE switcher disabled\n");
}

/* Models bL_switcher_init() (late_initcall) with its no_bL_switcher
 * command-line switch. */
int bL_switcher_init(const char *bootargs)
{
	const void *fdt = hw_fdt();
	int cci = fdt_node_offset_by_compatible(fdt, -1, "arm,cci-400");

	if (bootargs && strstr(bootargs, "bL_switcher.early_poke=0"))
		bL_early_poke = false;
	if (bootargs && strstr(bootargs, "bL_switcher.mode=cluster"))
		bL_cluster_mode = true;
	bL_coherent = !(cci >= 0 && fdt_getprop(fdt, cci, "blsim,no-coherency", NULL));
	if (bL_cluster_mode)
		pr_info("bL_switcher: whole-cluster mode%s\n",
			bL_coherent ? "" : ", no CCI coherency: caches flushed to memory");
	if (bootargs && strstr(bootargs, "no_bL_switcher"))
		return 0;
	bL_read_path_instr(fdt);
	if (!mcpm_is_available()) {
		pr_err("bL_switcher: MCPM is not available\n");
		return -ENODEV;
	}
	return bL_switcher_enable();
}
