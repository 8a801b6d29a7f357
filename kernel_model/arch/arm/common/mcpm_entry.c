/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mcpm_entry.c - Multi-Cluster Power Management core, modelled on Linux's
 * arch/arm/common/mcpm_entry.c, plus a C model of mcpm_head.S's
 * mcpm_entry_point.
 *
 * The protocol is the one described in Documentation/arm/
 * cluster-pm-race-avoidance: each CPU has a state (CPU_DOWN, CPU_COMING_UP,
 * CPU_UP, CPU_GOING_DOWN), each cluster has one (CLUSTER_DOWN, CLUSTER_UP,
 * CLUSTER_GOING_DOWN) plus an inbound flag (INBOUND_NOT_COMING_UP,
 * INBOUND_COMING_UP); a vlock elects the one inbound CPU that sets a cluster
 * up, and per-CPU use counts under an arch spinlock settle a power_up and a
 * power_down of the same CPU that overlap.
 *
 * Every access to shared state goes through hw_load/hw_store, so simulated
 * time passes and other CPUs run in between, and whatever a CPU with its
 * caches off must see is pushed out with sync_cache_w / pulled with
 * sync_cache_r at the points where the kernel does the same.
 */
#include "asm/mcpm.h"
#include "asm/spinlock.h"
#include "asm/suspend.h"
#include "blsim/test_hooks.h"
#include "linux/smp.h"
#include "vlock.h"

#define EUNATCH 49 /* the error upstream returns when no backend registered */

struct sync_struct mcpm_sync;
volatile int mcpm_fault_inject = MCPM_FAULT_NONE;

/* Default no-op observation hook; tests link a strong one (blsim/test_hooks.h). */
__attribute__((weak)) void hw_test_hook(enum hw_test_event ev, unsigned int cpu,
					unsigned int cluster)
{
	(void)ev; (void)cpu; (void)cluster;
}

/* ---- what mcpm_head.S reads -----------------------------------------------
 * A CPU fresh out of reset runs with its caches off: each store below is
 * followed by sync_cache_w, and each load of it is a plain hw load that
 * goes to memory.
 */
static struct vlock cluster_vlock[MAX_NR_CLUSTERS];
static volatile u32 resume_vector[MAX_NR_CLUSTERS][MAX_CPUS_PER_CLUSTER];
static volatile u32 early_poke[MAX_NR_CLUSTERS][MAX_CPUS_PER_CLUSTER][2];
/* The backend's early setup hook (mcpm_power_up_setup_phys upstream).
 * mcpm_sync_init sets it before any CPU can come up and it never changes
 * afterwards, so reading it as a plain C variable is exact. */
static void (*early_setup_hook)(unsigned int affinity_level);

static const struct mcpm_platform_ops *backend;

/*
 * Guards the use counts and the backend's prepare calls. Upstream makes it
 * an arch spinlock rather than a regular one because with the switcher the
 * outbound CPU calls power_down while its inbound twice already runs under
 * the same logical CPU number, which lockdep would object to. The model
 * simply uses the ticket lock built on hw.h accesses.
 */
static arch_spinlock_t usecount_lock = __ARCH_SPIN_LOCK_UNLOCKED;

volatile u32 mcpm_cpu_use_count[MAX_NR_CLUSTERS][MAX_CPUS_PER_CLUSTER];

/* The calling CPU's position, from its MPIDR. */
static void whoami(unsigned int *core, unsigned int *cl)
{
	u32 id = read_cpuid_mpidr();

	*core = MPIDR_AFFINITY_LEVEL(id, 0);
	*cl = MPIDR_AFFINITY_LEVEL(id, 1);
}

/* Publishes a CPU state byte to CPUs that may be running uncached. */
static void publish_cpu_state(unsigned int core, unsigned int cl, u8 st)
{
	volatile u8 *slot = &mcpm_sync.clusters[cl].cpus[core].cpu;

	hw_store8(slot, st);
	sync_cache_w(slot);
}

/* __mcpm_cpu_going_down: this CPU commits to its teardown (caches still on). */
void __mcpm_cpu_going_down(unsigned int cpu, unsigned int cluster)
{
	hw_test_hook(HW_TEST_MCPM_CPU_GOING_DOWN, cpu, cluster);
	publish_cpu_state(cpu, cluster, CPU_GOING_DOWN);
}

/* __mcpm_cpu_down: this CPU's teardown is finished (caches off). */
void __mcpm_cpu_down(unsigned int cpu, unsigned int cluster)
{
	volatile u8 *slot = &mcpm_sync.clusters[cluster].cpus[cpu].cpu;

	dmb();
	hw_store8(slot, CPU_DOWN);
	hw_test_hook(HW_TEST_MCPM_CPU_DOWN, cpu, cluster); /* with the store */
	sync_cache_w(slot);
	/* A last man may be sleeping in wfe until this CPU leaves GOING_DOWN. */
	sev();
}

/* __mcpm_outbound_leave_critical: the last man is done, either having backed
 * out (CLUSTER_UP) or having torn the cluster down (CLUSTER_DOWN). */
void __mcpm_outbound_leave_critical(unsigned int cluster, int state)
{
	volatile u8 *cs = &mcpm_sync.clusters[cluster].cluster;

	dmb();
	hw_store8(cs, (u8)state);
	/* The hook runs with the store, before any other CPU can see it. */
	if (state == CLUSTER_DOWN)
		hw_test_hook(HW_TEST_MCPM_CLUSTER_DOWN, 0, cluster);
	sync_cache_w(cs);
	/* An inbound first man may be sleeping in wfe until GOING_DOWN ends. */
	sev();
}

/* Waits for CPU `i` of cluster `cs` to leave CPU_GOING_DOWN; returns the
 * state it settled in. `no_wait` is the checker's broken variant only. */
static u8 settled_cpu_state(struct mcpm_sync_struct *cs, unsigned int i,
			    bool no_wait)
{
	u8 st;

	for (;;) {
		st = hw_load8(&cs->cpus[i].cpu);
		if (no_wait && st == CPU_GOING_DOWN)
			st = CPU_DOWN;
		if (st != CPU_GOING_DOWN)
			return st;
		wfe();
		sync_cache_r(&cs->cpus[i].cpu);
	}
}

/*
 * __mcpm_outbound_enter_critical: the last man announces the teardown, then
 * checks nobody needs the cluster. True: it may go on and take the cluster
 * down. False: it has backed out and the cluster is CLUSTER_UP again.
 */
bool __mcpm_outbound_enter_critical(unsigned int cpu, unsigned int cluster)
{
	struct mcpm_sync_struct *cs = &mcpm_sync.clusters[cluster];
	bool blind = mcpm_fault_inject == MCPM_FAULT_IGNORE_INBOUND;
	unsigned int other;
	bool wanted = false;
	/* Test-only fault: treat a sibling still going down as down. */
	bool no_wait = mcpm_fault_inject == MCPM_FAULT_GOING_DOWN_AS_DOWN;

	/* From now on an inbound CPU reading the cluster state sees the
	 * teardown coming. */
	hw_store8(&cs->cluster, CLUSTER_GOING_DOWN);
	sync_cache_w(&cs->cluster);

	/*
	 * An inbound CPU may have won the vlock before our store and raised
	 * INBOUND_COMING_UP: it is about to set the cluster up and relies on
	 * it staying powered. Going on would cut the power under it, so the
	 * last man gives way.
	 */
	sync_cache_r(&cs->inbound);
	if (!blind && hw_load8(&cs->inbound) == INBOUND_COMING_UP)
		wanted = true;

	/*
	 * Otherwise each sibling must first finish its own teardown. One that
	 * ends up anywhere but CPU_DOWN came back meanwhile, e.g. an inbound
	 * that read CLUSTER_UP just before our GOING_DOWN store and so skipped
	 * the cluster setup: it needs the cluster, and the last man gives way.
	 */
	if (!wanted) {
		sync_cache_r(&cs->cpus);
		for (other = 0; other < MAX_CPUS_PER_CLUSTER && !wanted; other++) {
			if (other != cpu && settled_cpu_state(cs, other, no_wait) != CPU_DOWN && !blind)
				wanted = true;
		}
	}

	if (wanted) {
		hw_test_hook(HW_TEST_MCPM_LAST_MAN_ABORT, cpu, cluster);
		__mcpm_outbound_leave_critical(cluster, CLUSTER_UP);
		return false;
	}
	hw_test_hook(HW_TEST_MCPM_LAST_MAN, cpu, cluster);
	return true;
}

/* __mcpm_cluster_state: the cluster's state as memory has it. */
int __mcpm_cluster_state(unsigned int cluster)
{
	volatile u8 *cs = &mcpm_sync.clusters[cluster].cluster;

	sync_cache_r(cs);
	return hw_load8(cs);
}

/* mcpm_set_entry_vector: where this CPU jumps once mcpm_entry_point is done
 * with it (a synthetic physical address; 0 = wait). */
void mcpm_set_entry_vector(unsigned cpu, unsigned cluster, void (*ptr)(void))
{
	volatile u32 *v = &resume_vector[cluster][cpu];

	hw_store32(v, ptr ? hw_entry_address(ptr) : 0);
	sync_cache_w(v);
}

/* mcpm_set_early_poke: one register write the CPU does first thing on entry. */
void mcpm_set_early_poke(unsigned cpu, unsigned cluster,
			 unsigned long poke_phys_addr, unsigned long poke_val)
{
	volatile u32 *pair = early_poke[cluster][cpu];

	hw_store32(&pair[0], (u32)poke_phys_addr);
	hw_store32(&pair[1], (u32)poke_val);
	hw_cache_clean_range(pair, 2 * sizeof(*pair));
}

int mcpm_platform_register(const struct mcpm_platform_ops *ops)
{
	if (backend)
		return -EBUSY;
	backend = ops;
	return 0;
}

bool mcpm_is_available(void)
{
	return backend != NULL;
}

/* Whether no CPU of the cluster has a use count (nobody wants it up). */
static bool cluster_idle(unsigned int cl)
{
	u32 any = 0;
	unsigned int core;

	for (core = 0; core < MAX_CPUS_PER_CLUSTER; core++)
		any |= hw_load32(&mcpm_cpu_use_count[cl][core]);
	return any == 0;
}

static s32 uses_of(unsigned int core, unsigned int cl)
{
	return (s32)hw_load32(&mcpm_cpu_use_count[cl][core]);
}

/* Adds `delta` to a CPU's use count and returns the new value. */
static s32 add_uses(unsigned int core, unsigned int cl, s32 delta)
{
	s32 now = uses_of(core, cl) + delta;

	hw_store32(&mcpm_cpu_use_count[cl][core], (u32)now);
	return now;
}

/* mcpm_cpu_power_up: count one more user of the CPU; if it was unused, have
 * the backend power it (and first its cluster, if the cluster was unused). */
int mcpm_cpu_power_up(unsigned int cpu, unsigned int cluster)
{
	bool need_cpu, need_cluster;
	int err = 0;
	s32 uses;

	if (!backend)
		return -EUNATCH;
	if (cluster >= MAX_NR_CLUSTERS || cpu >= MAX_CPUS_PER_CLUSTER)
		return -EINVAL;

	/* Callers have IRQs on and there is no irq-saving arch_spin_lock:
	 * turn them off around the lock ourselves, as upstream does. */
	arch_local_irq_disable();
	arch_spin_lock(&usecount_lock);

	need_cpu = uses_of(cpu, cluster) == 0;
	need_cluster = cluster_idle(cluster);
	uses = add_uses(cpu, cluster, 1);
	/*
	 * 1: the CPU was down or is up. 2: a power_down of this CPU is under
	 * way and has not yet taken its count off; seeing 1 left, it will skip
	 * its wfi and come back through the entry point. More is a bug.
	 */
	BUG_ON(uses < 1 || uses > 2);

	if (need_cluster)
		err = backend->cluster_powerup(cluster);
	if (!err && need_cpu)
		err = backend->cpu_powerup(cpu, cluster);

	arch_spin_unlock(&usecount_lock);
	arch_local_irq_enable();
	return err;
}

/* cpu_reset(__pa_symbol(mcpm_entry_point)): MMU off, jump to the entry. */
static _Noreturn void mcpm_reenter(void)
{
	hw_jump_to_entry(hw_entry_address(mcpm_entry_point));
}

/* Last man with nobody to give way to: both levels go down. Returns with
 * the lock released and the cluster marked CLUSTER_DOWN. */
static void take_cluster_down(unsigned int core, unsigned int cl)
{
	backend->cpu_powerdown_prepare(core, cl);
	backend->cluster_powerdown_prepare(cl);
	arch_spin_unlock(&usecount_lock);
	backend->cluster_cache_disable();
	__mcpm_outbound_leave_critical(cl, CLUSTER_DOWN);
}

/* mcpm_cpu_power_down: the calling CPU leaves (IRQs off); does not return. */
void mcpm_cpu_power_down(void)
{
	unsigned int cpu, cluster;
	bool off, last;
	s32 uses;

	whoami(&cpu, &cluster);
	if (WARN_ON(!backend))
		return;
	BUG_ON(!arch_irqs_disabled());
	/* Upstream switches to the identity map here; nothing to model. */

	__mcpm_cpu_going_down(cpu, cluster);
	arch_spin_lock(&usecount_lock);
	BUG_ON(__mcpm_cluster_state(cluster) != CLUSTER_UP);

	uses = add_uses(cpu, cluster, -1);
	BUG_ON(uses < 0 || uses > 1);
	off = uses == 0;
	last = cluster_idle(cluster);

	if (last && __mcpm_outbound_enter_critical(cpu, cluster)) {
		take_cluster_down(cpu, cluster);
	} else {
		if (off)
			backend->cpu_powerdown_prepare(cpu, cluster);
		arch_spin_unlock(&usecount_lock);
		/*
		 * With !off a power_up got in first and this CPU stays up. Its
		 * caller still resumes through the reset entry, exactly as
		 * after a wfi cut short, so the CPU cleans its caches anyway.
		 */
		backend->cpu_cache_disable();
	}
	__mcpm_cpu_down(cpu, cluster);

	if (off)
		wfi();

	/*
	 * Reaching this line means the CPU did not lose power: a power_up that
	 * overlapped this power_down withdrew the reset request, or an IRQ
	 * ended the wfi. Either way the CPU goes through the entry point as
	 * if it had just been let out of reset.
	 */
	mcpm_reenter();
}

int mcpm_wait_for_cpu_powerdown(unsigned int cpu, unsigned int cluster)
{
	int err;

	if (WARN_ON(!backend || !backend->wait_for_powerdown))
		return -EUNATCH;
	err = backend->wait_for_powerdown(cpu, cluster);
	if (err)
		pr_warn("%s: cpu %u, cluster %u failed to power down (%d)\n",
			__func__, cpu, cluster, err);
	return err;
}

/* mcpm_cpu_suspend: power_down, after the backend's optional suspend step
 * (TC2 points the SPC mailbox at the entry point there). */
void mcpm_cpu_suspend(void)
{
	unsigned int cpu, cluster;

	if (WARN_ON(!backend))
		return;
	if (backend->cpu_suspend_prepare) {
		whoami(&cpu, &cluster);
		arch_spin_lock(&usecount_lock);
		backend->cpu_suspend_prepare(cpu, cluster);
		arch_spin_unlock(&usecount_lock);
	}
	mcpm_cpu_power_down();
}

/* mcpm_cpu_powered_up: the calling CPU is back in the kernel; tell the
 * backend, and count the CPU if nobody had asked for it. */
int mcpm_cpu_powered_up(void)
{
	unsigned int cpu, cluster;
	bool unasked, first;
	unsigned long irqflags;

	if (!backend)
		return -EUNATCH;

	whoami(&cpu, &cluster);
	irqflags = arch_local_irq_save();
	arch_spin_lock(&usecount_lock);

	unasked = uses_of(cpu, cluster) == 0;
	first = cluster_idle(cluster);
	if (first && backend->cluster_is_up)
		backend->cluster_is_up(cluster);
	/* An interrupt, not a power_up, woke this CPU: it is its own user. */
	if (unasked)
		hw_store32(&mcpm_cpu_use_count[cluster][cpu], 1);
	if (backend->cpu_is_up)
		backend->cpu_is_up(cpu, cluster);

	arch_spin_unlock(&usecount_lock);
	arch_local_irq_restore(irqflags);
	return 0;
}

/* nocache_trampoline: the calling CPU plays last man and first man of its
 * own cluster in one go, proving it can put its cluster back by itself. */
static int nocache_trampoline(unsigned long arg)
{
	void (*caches_off)(void) = (void (*)(void))(uintptr_t)arg;
	unsigned int cpu, cluster;

	whoami(&cpu, &cluster);
	mcpm_set_entry_vector(cpu, cluster, cpu_resume);
	__mcpm_cpu_going_down(cpu, cluster);
	BUG_ON(!__mcpm_outbound_enter_critical(cpu, cluster));
	caches_off();
	__mcpm_outbound_leave_critical(cluster, CLUSTER_DOWN);
	__mcpm_cpu_down(cpu, cluster);
	mcpm_reenter();
}

/* mcpm_loopback (cpu_pm_enter/exit are left to the caller's model). */
int mcpm_loopback(void (*cache_disable)(void))
{
	int err;

	arch_local_irq_disable();
	err = cpu_suspend((unsigned long)(uintptr_t)cache_disable, nocache_trampoline);
	arch_local_irq_enable();
	if (err)
		pr_err("%s returned %d\n", __func__, err);
	return err;
}

/* Every cluster down and not wanted, every CPU down. */
static void all_down(void)
{
	unsigned int cl, core;

	for (cl = 0; cl < MAX_NR_CLUSTERS; cl++) {
		mcpm_sync.clusters[cl].cluster = CLUSTER_DOWN;
		mcpm_sync.clusters[cl].inbound = INBOUND_NOT_COMING_UP;
		for (core = 0; core < MAX_CPUS_PER_CLUSTER; core++)
			mcpm_sync.clusters[cl].cpus[core].cpu = CPU_DOWN;
	}
}

/* mcpm_sync_init: all down, then the boot cluster and its online CPUs up. */
int mcpm_sync_init(void (*power_up_setup)(unsigned int affinity_level))
{
	unsigned int core, boot_cl, n;

	all_down();
	whoami(&core, &boot_cl);
	/*
	 * Upstream takes each online CPU's logical number as its index in the
	 * boot cluster. The model goes through cpu_logical_map instead, which
	 * gives the same answer on TC2 at boot and the right one in general.
	 */
	for (n = 0; n < NR_CPUS; n++) {
		u32 id;

		if (!cpu_online(n))
			continue;
		id = cpu_logical_map(n);
		core = MPIDR_AFFINITY_LEVEL(id, 0);
		if (MPIDR_AFFINITY_LEVEL(id, 1) == boot_cl && core < MAX_CPUS_PER_CLUSTER) {
			mcpm_cpu_use_count[boot_cl][core] = 1;
			mcpm_sync.clusters[boot_cl].cpus[core].cpu = CPU_UP;
		}
	}
	mcpm_sync.clusters[boot_cl].cluster = CLUSTER_UP;
	sync_cache_w(&mcpm_sync);

	early_setup_hook = power_up_setup;
	return 0;
}

/* Test support: forget the backend and every piece of MCPM state. */
void mcpm_reset_for_test(void)
{
	unsigned int cl, core;

	backend = NULL;
	early_setup_hook = NULL;
	usecount_lock.slock = 0;
	mcpm_fault_inject = MCPM_FAULT_NONE;
	all_down();
	for (cl = 0; cl < MAX_NR_CLUSTERS; cl++) {
		vlock_init(&cluster_vlock[cl]);
		for (core = 0; core < MAX_CPUS_PER_CLUSTER; core++) {
			mcpm_cpu_use_count[cl][core] = 0;
			resume_vector[cl][core] = 0;
			early_poke[cl][core][0] = 0;
			early_poke[cl][core][1] = 0;
		}
	}
}

/* ---- mcpm_head.S ------------------------------------------------------------
 * mcpm_entry_point: where a CPU let out of reset lands (through the SPC
 * mailbox), MMU and caches off. The assembly has no stack; the C model uses
 * the core's entry stack, which holds nothing that outlives this function.
 */

/* Park a CPU the MCPM tables have no slot for, as cheaply as possible. */
static _Noreturn void park_forever(void)
{
	for (;;) {
		wfi();
		wfe();
	}
}

/*
 * The vlock winner's part: set the cluster up unless it already is. Runs
 * with the vlock held and releases it.
 */
static void first_man_setup(struct mcpm_sync_struct *cs, struct vlock *vl,
			    unsigned int core, unsigned int cl)
{
	u8 st;

	hw_test_hook(HW_TEST_VLOCK_WON, core, cl);
	if (hw_load8(&cs->cluster) == CLUSTER_UP) {
		/* Nothing to set up: hand the vlock back straight away. */
		hw_test_hook(HW_TEST_VLOCK_UNLOCK, core, cl);
		vlock_unlock(vl);
		return;
	}

	/* Tell a last man we are coming. This store depends on the load
	 * above through the branch, which keeps it ordered after it. */
	hw_store8(&cs->inbound, INBOUND_COMING_UP);
	dmb();

	/*
	 * A last man that writes CLUSTER_GOING_DOWN after this point will find
	 * INBOUND_COMING_UP and give way. One that wrote it before may already
	 * be tearing down: let it finish (CLUSTER_DOWN) or give way
	 * (CLUSTER_UP) before touching anything in the cluster.
	 */
	while ((st = hw_load8(&cs->cluster)) == CLUSTER_GOING_DOWN)
		wfe();
	dmb();

	/* CLUSTER_UP here means the last man gave way before tearing down. */
	if (st != CLUSTER_UP) {
		hw_test_hook(HW_TEST_MCPM_FIRST_MAN_SETUP, core, cl);
		if (early_setup_hook)
			early_setup_hook(1); /* cluster level: e.g. the CCI port */
		dmb();
		hw_store8(&cs->cluster, CLUSTER_UP);
		hw_test_hook(HW_TEST_MCPM_CLUSTER_UP, core, cl);
		dmb();
	}

	/* Done with the cluster: drop the flag, wake waiters, free the vlock. */
	hw_store8(&cs->inbound, INBOUND_NOT_COMING_UP);
	dsb();
	sev();
	hw_test_hook(HW_TEST_VLOCK_UNLOCK, core, cl);
	vlock_unlock(vl);
}

void mcpm_entry_point(void)
{
	unsigned int cpu, cluster;
	struct mcpm_sync_struct *cs;
	struct vlock *vl;
	u32 poke_at, vector;

	whoami(&cpu, &cluster);
	if (cpu >= MAX_CPUS_PER_CLUSTER || cluster >= MAX_NR_CLUSTERS)
		park_forever();

	/* The early poke comes before anything else. */
	poke_at = hw_load32(&early_poke[cluster][cpu][0]);
	if (poke_at)
		writel_relaxed(hw_load32(&early_poke[cluster][cpu][1]), poke_at);

	cs = &mcpm_sync.clusters[cluster];
	vl = &cluster_vlock[cluster];

	/*
	 * Once this store lands, a last man cannot slip into GOING_DOWN
	 * unnoticed: __mcpm_outbound_enter_critical finds this CPU in a state
	 * other than CPU_DOWN and gives way.
	 */
	hw_store8(&cs->cpus[cpu].cpu, CPU_COMING_UP);

	if (vlock_trylock(vl, cpu) == 0) {
		first_man_setup(cs, vl, cpu, cluster);
	} else {
		/* Lost the election: the winner sets the cluster up. */
		while (hw_load8(&cs->cluster) != CLUSTER_UP)
			wfe();
		dmb();
	}

	/* CPU-level setup by the backend, then this CPU counts as up. */
	if (early_setup_hook)
		early_setup_hook(0);
	dmb();
	hw_store8(&cs->cpus[cpu].cpu, CPU_UP);
	hw_test_hook(HW_TEST_MCPM_CPU_UP, cpu, cluster);

	/*
	 * Whether others see CPU_UP before or after this CPU passes the vector
	 * check makes no difference. A zero vector means nobody has said where
	 * to go yet: sleep until it is set.
	 */
	while ((vector = hw_load32(&resume_vector[cluster][cpu])) == 0)
		wfe();
	dmb();

	hw_test_hook(HW_TEST_MCPM_CPU_ENTRY, cpu, cluster);
	hw_jump_to_entry(vector);
}
