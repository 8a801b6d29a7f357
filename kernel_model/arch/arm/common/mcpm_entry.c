/*
 * mcpm_entry.c - Multi-Cluster Power Management core, as Linux's
 * arch/arm/common/mcpm_entry.c, plus the C model of mcpm_head.S's
 * mcpm_entry_point.
 *
 * The algorithm is the one of Documentation/arm/cluster-pm-race-avoidance:
 * per-CPU states (CPU_DOWN/COMING_UP/UP/GOING_DOWN), per-cluster states
 * (CLUSTER_DOWN/UP/GOING_DOWN), an inbound flag (INBOUND_NOT_COMING_UP /
 * INBOUND_COMING_UP), a vlock electing the first man, and use counts under
 * an arch spinlock for concurrent power_up/power_down of one CPU.
 *
 * All shared state is touched through hw_load/hw_store (simulated time
 * passes; other CPUs run in between) and published to CPUs whose caches are
 * off with sync_cache_w/sync_cache_r, exactly where upstream does it.
 */
#include "asm/mcpm.h"
#include "asm/spinlock.h"
#include "asm/suspend.h"
#include "hw_test_hooks.h"
#include "linux/smp.h"
#include "vlock.h"

#define EUNATCH 49 /* upstream's "no backend" error */

struct sync_struct mcpm_sync;
volatile int mcpm_fault_inject = MCPM_FAULT_NONE;

/* Default no-op observation hook; tests link a strong one (hw_test_hooks.h). */
__attribute__((weak)) void hw_test_hook(enum hw_test_event ev, unsigned int cpu,
					unsigned int cluster)
{
	(void)ev; (void)cpu; (void)cluster;
}

/* ---- the state of mcpm_head.S --------------------------------------------
 * Read by CPUs coming out of reset with caches off: every write is followed
 * by sync_cache_w, every read is a plain hw load (it goes to memory).
 */
static struct vlock first_man_locks[MAX_NR_CLUSTERS];
static volatile u32 mcpm_entry_vectors[MAX_NR_CLUSTERS][MAX_CPUS_PER_CLUSTER];
static volatile u32 mcpm_entry_early_pokes[MAX_NR_CLUSTERS][MAX_CPUS_PER_CLUSTER][2];
/* mcpm_power_up_setup_phys: set once by mcpm_sync_init before any CPU can
 * come up, never changed after, so a plain C read is exact. */
static void (*mcpm_power_up_setup)(unsigned int affinity_level);

static const struct mcpm_platform_ops *platform_ops;

/*
 * Not a regular spinlock upstream because of lockdep and the switcher (an
 * outbound calls power_down after its inbound runs with the same logical
 * number); here simply the arch ticket lock on hw.h accesses.
 */
static arch_spinlock_t mcpm_lock = __ARCH_SPIN_LOCK_UNLOCKED;

volatile u32 mcpm_cpu_use_count[MAX_NR_CLUSTERS][MAX_CPUS_PER_CLUSTER];

/* Models __mcpm_cpu_going_down: commit to tearing this CPU down (cache on). */
void __mcpm_cpu_going_down(unsigned int cpu, unsigned int cluster)
{
	hw_test_hook(HW_TEST_MCPM_CPU_GOING_DOWN, cpu, cluster);
	hw_store8(&mcpm_sync.clusters[cluster].cpus[cpu].cpu, CPU_GOING_DOWN);
	sync_cache_w(&mcpm_sync.clusters[cluster].cpus[cpu].cpu);
}

/* Models __mcpm_cpu_down: this CPU's teardown is done (cache off). */
void __mcpm_cpu_down(unsigned int cpu, unsigned int cluster)
{
	dmb();
	hw_store8(&mcpm_sync.clusters[cluster].cpus[cpu].cpu, CPU_DOWN);
	hw_test_hook(HW_TEST_MCPM_CPU_DOWN, cpu, cluster); /* with the store */
	sync_cache_w(&mcpm_sync.clusters[cluster].cpus[cpu].cpu);
	/* Wakes a last man waiting in __mcpm_outbound_enter_critical. */
	sev();
}

/* Models __mcpm_outbound_leave_critical: CLUSTER_UP (backed out) or
 * CLUSTER_DOWN (torn down, ready for power-off). */
void __mcpm_outbound_leave_critical(unsigned int cluster, int state)
{
	dmb();
	hw_store8(&mcpm_sync.clusters[cluster].cluster, (u8)state);
	/* The hook runs with the store, before any other CPU can see it. */
	if (state == CLUSTER_DOWN)
		hw_test_hook(HW_TEST_MCPM_CLUSTER_DOWN, 0, cluster);
	sync_cache_w(&mcpm_sync.clusters[cluster].cluster);
	/* Wakes an inbound first man waiting for GOING_DOWN to resolve. */
	sev();
}

/* Models __mcpm_outbound_enter_critical: true if the last man may tear the
 * cluster down, false if it backed out (inbound seen, or a CPU came back). */
bool __mcpm_outbound_enter_critical(unsigned int cpu, unsigned int cluster)
{
	struct mcpm_sync_struct *c = &mcpm_sync.clusters[cluster];
	bool ignore = mcpm_fault_inject == MCPM_FAULT_IGNORE_INBOUND;
	bool no_wait = mcpm_fault_inject == MCPM_FAULT_GOING_DOWN_AS_DOWN;
	unsigned int i;

	/* Warn inbound CPUs that the cluster is being torn down. */
	hw_store8(&c->cluster, CLUSTER_GOING_DOWN);
	sync_cache_w(&c->cluster);

	/*
	 * Race avoided: an inbound first man that saw CLUSTER_DOWN/GOING_DOWN
	 * has raised INBOUND_COMING_UP and will set the cluster up: tearing
	 * down now would pull the cluster from under it. Back out.
	 */
	sync_cache_r(&c->inbound);
	if (!ignore && hw_load8(&c->inbound) == INBOUND_COMING_UP)
		goto abort;

	/*
	 * Wait for every other CPU to finish its own teardown (leave
	 * GOING_DOWN). Race avoided: a CPU that came back up meanwhile
	 * (COMING_UP / UP, e.g. an inbound that read CLUSTER_UP just before
	 * our GOING_DOWN store and skipped cluster setup) needs the cluster:
	 * back out.
	 */
	sync_cache_r(&c->cpus);
	for (i = 0; i < MAX_CPUS_PER_CLUSTER; i++) {
		u8 cpustate;

		if (i == cpu)
			continue;
		while (1) {
			cpustate = hw_load8(&c->cpus[i].cpu);
			if (no_wait && cpustate == CPU_GOING_DOWN)
				cpustate = CPU_DOWN;
			if (cpustate != CPU_GOING_DOWN)
				break;
			wfe();
			sync_cache_r(&c->cpus[i].cpu);
		}
		if (cpustate != CPU_DOWN && !ignore)
			goto abort;
	}

	hw_test_hook(HW_TEST_MCPM_LAST_MAN, cpu, cluster);
	return true;

abort:
	hw_test_hook(HW_TEST_MCPM_LAST_MAN_ABORT, cpu, cluster);
	__mcpm_outbound_leave_critical(cluster, CLUSTER_UP);
	return false;
}

/* Models __mcpm_cluster_state. */
int __mcpm_cluster_state(unsigned int cluster)
{
	sync_cache_r(&mcpm_sync.clusters[cluster].cluster);
	return hw_load8(&mcpm_sync.clusters[cluster].cluster);
}

/* Models mcpm_set_entry_vector (the stored value is a synthetic phys addr). */
void mcpm_set_entry_vector(unsigned cpu, unsigned cluster, void (*ptr)(void))
{
	u32 val = ptr ? hw_entry_address(ptr) : 0;

	hw_store32(&mcpm_entry_vectors[cluster][cpu], val);
	sync_cache_w(&mcpm_entry_vectors[cluster][cpu]);
}

/* Models mcpm_set_early_poke. */
void mcpm_set_early_poke(unsigned cpu, unsigned cluster,
			 unsigned long poke_phys_addr, unsigned long poke_val)
{
	volatile u32 *poke = mcpm_entry_early_pokes[cluster][cpu];

	hw_store32(&poke[0], (u32)poke_phys_addr);
	hw_store32(&poke[1], (u32)poke_val);
	hw_cache_clean_range(poke, 2 * sizeof(*poke));
}

/* Models mcpm_platform_register. */
int mcpm_platform_register(const struct mcpm_platform_ops *ops)
{
	if (platform_ops)
		return -EBUSY;
	platform_ops = ops;
	return 0;
}

/* Models mcpm_is_available. */
bool mcpm_is_available(void)
{
	return platform_ops != NULL;
}

/* Models mcpm_cluster_unused: no CPU of the cluster is wanted up. */
static bool mcpm_cluster_unused(unsigned int cluster)
{
	u32 cnt = 0;
	unsigned int i;

	for (i = 0; i < MAX_CPUS_PER_CLUSTER; i++)
		cnt |= hw_load32(&mcpm_cpu_use_count[cluster][i]);
	return !cnt;
}

static s32 use_count(unsigned int cpu, unsigned int cluster)
{
	return (s32)hw_load32(&mcpm_cpu_use_count[cluster][cpu]);
}

static void set_use_count(unsigned int cpu, unsigned int cluster, s32 v)
{
	hw_store32(&mcpm_cpu_use_count[cluster][cpu], (u32)v);
}

/* Models mcpm_cpu_power_up. */
int mcpm_cpu_power_up(unsigned int cpu, unsigned int cluster)
{
	bool cpu_is_down, cluster_is_down;
	s32 count;
	int ret = 0;

	pr_debug("%s: cpu %u cluster %u\n", __func__, cpu, cluster);
	if (!platform_ops)
		return -EUNATCH;
	if (cpu >= MAX_CPUS_PER_CLUSTER || cluster >= MAX_NR_CLUSTERS)
		return -EINVAL;

	/* No arch_spin_lock_irq: IRQs off by hand, as upstream. */
	arch_local_irq_disable();
	arch_spin_lock(&mcpm_lock);

	cpu_is_down = !use_count(cpu, cluster);
	cluster_is_down = mcpm_cluster_unused(cluster);

	count = use_count(cpu, cluster) + 1;
	set_use_count(cpu, cluster, count);
	/*
	 * Race resolved by the use count: 1 = the CPU is (still) up;
	 * 2 = this power_up overtook a power_down of the same CPU that has
	 * not yet decremented, and the power_down will see 1 and skip its
	 * wfi. Anything else is a bug.
	 */
	BUG_ON(count != 1 && count != 2);

	if (cluster_is_down)
		ret = platform_ops->cluster_powerup(cluster);
	if (cpu_is_down && !ret)
		ret = platform_ops->cpu_powerup(cpu, cluster);

	arch_spin_unlock(&mcpm_lock);
	arch_local_irq_enable();
	return ret;
}

/* Models cpu_reset(__pa_symbol(mcpm_entry_point)): MMU off, jump. */
static _Noreturn void mcpm_reenter(void)
{
	hw_jump_to_entry(hw_entry_address(mcpm_entry_point));
}

/* Models mcpm_cpu_power_down. */
void mcpm_cpu_power_down(void)
{
	unsigned int mpidr, cpu, cluster;
	bool cpu_going_down, last_man;
	s32 count;

	mpidr = read_cpuid_mpidr();
	cpu = MPIDR_AFFINITY_LEVEL(mpidr, 0);
	cluster = MPIDR_AFFINITY_LEVEL(mpidr, 1);
	pr_debug("%s: cpu %u cluster %u\n", __func__, cpu, cluster);
	if (WARN_ON(!platform_ops))
		return;
	BUG_ON(!arch_irqs_disabled());

	/* setup_mm_for_reboot(): the identity map; nothing to model. */

	__mcpm_cpu_going_down(cpu, cluster);
	arch_spin_lock(&mcpm_lock);
	BUG_ON(__mcpm_cluster_state(cluster) != CLUSTER_UP);

	count = use_count(cpu, cluster) - 1;
	set_use_count(cpu, cluster, count);
	BUG_ON(count != 0 && count != 1);
	cpu_going_down = !count;
	last_man = mcpm_cluster_unused(cluster);

	if (last_man && __mcpm_outbound_enter_critical(cpu, cluster)) {
		platform_ops->cpu_powerdown_prepare(cpu, cluster);
		platform_ops->cluster_powerdown_prepare(cluster);
		arch_spin_unlock(&mcpm_lock);
		platform_ops->cluster_cache_disable();
		__mcpm_outbound_leave_critical(cluster, CLUSTER_DOWN);
	} else {
		if (cpu_going_down)
			platform_ops->cpu_powerdown_prepare(cpu, cluster);
		arch_spin_unlock(&mcpm_lock);
		/*
		 * If !cpu_going_down, a power_up raced ahead of us: we stay
		 * up, but the caller expects to come back through the reset
		 * entry path as if the wfi had been aborted, so the cache
		 * teardown is done in every case.
		 */
		platform_ops->cpu_cache_disable();
	}

	__mcpm_cpu_down(cpu, cluster);

	/* Prepared for power-down: do it. */
	if (cpu_going_down)
		wfi();

	/*
	 * Still alive: the power_up that raced us removed the reset
	 * condition (or an interrupt aborted the wfi). Re-enter the kernel
	 * as if reset had just been released.
	 */
	mcpm_reenter();
}

/* Models mcpm_wait_for_cpu_powerdown. */
int mcpm_wait_for_cpu_powerdown(unsigned int cpu, unsigned int cluster)
{
	int ret;

	if (WARN_ON(!platform_ops || !platform_ops->wait_for_powerdown))
		return -EUNATCH;
	ret = platform_ops->wait_for_powerdown(cpu, cluster);
	if (ret)
		pr_warn("%s: cpu %u, cluster %u failed to power down (%d)\n",
			__func__, cpu, cluster, ret);
	return ret;
}

/* Models mcpm_cpu_suspend. */
void mcpm_cpu_suspend(void)
{
	if (WARN_ON(!platform_ops))
		return;
	/* Some platforms need to enable special resume modes, etc. */
	if (platform_ops->cpu_suspend_prepare) {
		unsigned int mpidr = read_cpuid_mpidr();
		unsigned int cpu = MPIDR_AFFINITY_LEVEL(mpidr, 0);
		unsigned int cluster = MPIDR_AFFINITY_LEVEL(mpidr, 1);

		arch_spin_lock(&mcpm_lock);
		platform_ops->cpu_suspend_prepare(cpu, cluster);
		arch_spin_unlock(&mcpm_lock);
	}
	mcpm_cpu_power_down();
}

/* Models mcpm_cpu_powered_up: the CPU is back in the kernel. */
int mcpm_cpu_powered_up(void)
{
	unsigned int mpidr, cpu, cluster;
	bool cpu_was_down, first_man;
	unsigned long flags;

	if (!platform_ops)
		return -EUNATCH;

	mpidr = read_cpuid_mpidr();
	cpu = MPIDR_AFFINITY_LEVEL(mpidr, 0);
	cluster = MPIDR_AFFINITY_LEVEL(mpidr, 1);
	flags = arch_local_irq_save();
	arch_spin_lock(&mcpm_lock);

	cpu_was_down = !use_count(cpu, cluster);
	first_man = mcpm_cluster_unused(cluster);

	if (first_man && platform_ops->cluster_is_up)
		platform_ops->cluster_is_up(cluster);
	/* Woken by an interrupt rather than by power_up: count ourselves. */
	if (cpu_was_down)
		set_use_count(cpu, cluster, 1);
	if (platform_ops->cpu_is_up)
		platform_ops->cpu_is_up(cpu, cluster);

	arch_spin_unlock(&mcpm_lock);
	arch_local_irq_restore(flags);
	return 0;
}

/* Models nocache_trampoline: a full last-man/first-man round trip of the
 * calling CPU, to test that it can re-enable its cluster on its own. */
static int nocache_trampoline(unsigned long arg)
{
	void (*cache_disable)(void) = (void (*)(void))(uintptr_t)arg;
	unsigned int mpidr = read_cpuid_mpidr();
	unsigned int cpu = MPIDR_AFFINITY_LEVEL(mpidr, 0);
	unsigned int cluster = MPIDR_AFFINITY_LEVEL(mpidr, 1);

	mcpm_set_entry_vector(cpu, cluster, cpu_resume);
	__mcpm_cpu_going_down(cpu, cluster);
	BUG_ON(!__mcpm_outbound_enter_critical(cpu, cluster));
	cache_disable();
	__mcpm_outbound_leave_critical(cluster, CLUSTER_DOWN);
	__mcpm_cpu_down(cpu, cluster);
	mcpm_reenter();
}

/* Models mcpm_loopback (cpu_pm_enter/exit are left to the caller's model). */
int mcpm_loopback(void (*cache_disable)(void))
{
	int ret;

	arch_local_irq_disable();
	ret = cpu_suspend((unsigned long)(uintptr_t)cache_disable, nocache_trampoline);
	arch_local_irq_enable();
	if (ret)
		pr_err("%s returned %d\n", __func__, ret);
	return ret;
}

/* Models mcpm_sync_init: initial states; only the boot cluster is up. */
int mcpm_sync_init(void (*power_up_setup)(unsigned int affinity_level))
{
	unsigned int i, j, mpidr, this_cluster;

	for (i = 0; i < MAX_NR_CLUSTERS; i++) {
		mcpm_sync.clusters[i].cluster = CLUSTER_DOWN;
		mcpm_sync.clusters[i].inbound = INBOUND_NOT_COMING_UP;
		for (j = 0; j < MAX_CPUS_PER_CLUSTER; j++)
			mcpm_sync.clusters[i].cpus[j].cpu = CPU_DOWN;
	}
	mpidr = read_cpuid_mpidr();
	this_cluster = MPIDR_AFFINITY_LEVEL(mpidr, 1);
	/*
	 * Upstream uses the logical number of each online CPU as its index
	 * in the boot cluster; the model maps it through cpu_logical_map,
	 * which is the same thing on TC2 at boot and right in general.
	 */
	for (i = 0; i < NR_CPUS; i++) {
		u32 m;

		if (!cpu_online(i))
			continue;
		m = cpu_logical_map(i);
		if (MPIDR_AFFINITY_LEVEL(m, 1) != this_cluster ||
		    MPIDR_AFFINITY_LEVEL(m, 0) >= MAX_CPUS_PER_CLUSTER)
			continue;
		mcpm_cpu_use_count[this_cluster][MPIDR_AFFINITY_LEVEL(m, 0)] = 1;
		mcpm_sync.clusters[this_cluster].cpus[MPIDR_AFFINITY_LEVEL(m, 0)].cpu = CPU_UP;
	}
	mcpm_sync.clusters[this_cluster].cluster = CLUSTER_UP;
	sync_cache_w(&mcpm_sync);

	mcpm_power_up_setup = power_up_setup;
	return 0;
}

/* Test support: forget the backend and every piece of MCPM state. */
void mcpm_reset_for_test(void)
{
	unsigned int i, j;

	platform_ops = NULL;
	mcpm_power_up_setup = NULL;
	mcpm_lock.slock = 0;
	mcpm_fault_inject = MCPM_FAULT_NONE;
	for (i = 0; i < MAX_NR_CLUSTERS; i++) {
		vlock_init(&first_man_locks[i]);
		mcpm_sync.clusters[i].cluster = CLUSTER_DOWN;
		mcpm_sync.clusters[i].inbound = INBOUND_NOT_COMING_UP;
		for (j = 0; j < MAX_CPUS_PER_CLUSTER; j++) {
			mcpm_sync.clusters[i].cpus[j].cpu = CPU_DOWN;
			mcpm_cpu_use_count[i][j] = 0;
			mcpm_entry_vectors[i][j] = 0;
			mcpm_entry_early_pokes[i][j][0] = 0;
			mcpm_entry_early_pokes[i][j][1] = 0;
		}
	}
}

/* ---- mcpm_head.S ---------------------------------------------------------
 * Models ENTRY(mcpm_entry_point): where a CPU leaving reset lands (through
 * the SPC mailbox), MMU and caches off, with no stack in the upstream
 * assembly (the C model uses the core's entry stack, which holds nothing
 * that outlives this function).
 */
void mcpm_entry_point(void)
{
	unsigned int mpidr = read_cpuid_mpidr();
	unsigned int cpu = MPIDR_AFFINITY_LEVEL(mpidr, 0);
	unsigned int cluster = MPIDR_AFFINITY_LEVEL(mpidr, 1);
	struct mcpm_sync_struct *c;
	struct vlock *lock;
	u32 poke_addr, vector;
	u8 state;

	if (cpu >= MAX_CPUS_PER_CLUSTER || cluster >= MAX_NR_CLUSTERS) {
		/* We didn't expect this CPU: try to cheaply make it quiet. */
		for (;;) {
			wfi();
			wfe();
		}
	}

	/* Early poke, if any, before anything else. */
	poke_addr = hw_load32(&mcpm_entry_early_pokes[cluster][cpu][0]);
	if (poke_addr) {
		u32 val = hw_load32(&mcpm_entry_early_pokes[cluster][cpu][1]);

		writel_relaxed(val, poke_addr);
	}

	c = &mcpm_sync.clusters[cluster];
	lock = &first_man_locks[cluster];

	/* Signal that this CPU is coming UP. */
	hw_store8(&c->cpus[cpu].cpu, CPU_COMING_UP);

	/*
	 * From here the cluster cannot unexpectedly enter GOING_DOWN: the
	 * last man's __mcpm_outbound_enter_critical sees this CPU is not
	 * CPU_DOWN and backs out.
	 */

	if (vlock_trylock(lock, cpu) != 0)
		goto setup_wait; /* lost the election: wait for the first man */
	hw_test_hook(HW_TEST_VLOCK_WON, cpu, cluster);

	if (hw_load8(&c->cluster) == CLUSTER_UP) {
		/* Cluster already up: release the first-man lock, skip setup. */
		hw_test_hook(HW_TEST_VLOCK_UNLOCK, cpu, cluster);
		vlock_unlock(lock);
		goto setup_complete;
	}

	/* Signal that the cluster is being brought up. The control
	 * dependency on the load above orders this store after it. */
	hw_store8(&c->inbound, INBOUND_COMING_UP);
	dmb();

	/*
	 * Race avoided: a last man that stores CLUSTER_GOING_DOWN from now on
	 * sees INBOUND_COMING_UP and backs out. One that got in earlier must
	 * finish (CLUSTER_DOWN) or back out (CLUSTER_UP) before we touch the
	 * cluster: wait for that.
	 */
	while ((state = hw_load8(&c->cluster)) == CLUSTER_GOING_DOWN)
		wfe();
	dmb();

	/* The outbound gave up before teardown started: no setup needed. */
	if (state != CLUSTER_UP) {
		hw_test_hook(HW_TEST_MCPM_FIRST_MAN_SETUP, cpu, cluster);
		/* power_up_setup(1) is responsible for setting up the cluster. */
		if (mcpm_power_up_setup)
			mcpm_power_up_setup(1);
		dmb();
		hw_store8(&c->cluster, CLUSTER_UP);
		hw_test_hook(HW_TEST_MCPM_CLUSTER_UP, cpu, cluster);
		dmb();
	}

	/* Leave the cluster setup critical section. */
	hw_store8(&c->inbound, INBOUND_NOT_COMING_UP);
	dsb();
	sev();
	hw_test_hook(HW_TEST_VLOCK_UNLOCK, cpu, cluster);
	vlock_unlock(lock);
	goto setup_complete;

setup_wait:
	/* Non-first men wait here until the first man has set the cluster up. */
	while (hw_load8(&c->cluster) != CLUSTER_UP)
		wfe();
	dmb();

setup_complete:
	/* The platform's CPU-level setup hook. */
	if (mcpm_power_up_setup)
		mcpm_power_up_setup(0);
	dmb();

	/* Mark the CPU as up. */
	hw_store8(&c->cpus[cpu].cpu, CPU_UP);
	hw_test_hook(HW_TEST_MCPM_CPU_UP, cpu, cluster);

	/* Observability order of CPU_UP and opening of the gate does not
	 * matter. A NULL vector means: wait until someone sets it. */
	while ((vector = hw_load32(&mcpm_entry_vectors[cluster][cpu])) == 0)
		wfe();
	dmb();

	hw_test_hook(HW_TEST_MCPM_CPU_ENTRY, cpu, cluster);
	hw_jump_to_entry(vector);
}
