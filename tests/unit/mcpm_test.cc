// SPDX-License-Identifier: GPL-2.0-only
// mcpm_test.cc - unit tests of MCPM's state machines on the fake machine.
#include <gtest/gtest.h>

#include <vector>

#include "mcpm_rig.h"

extern "C" {
#include "arch/arm/common/vlock.h"
}

using namespace mcpm_rig;

#define EXPECT_NO_VIOLATIONS(r) \
	EXPECT_EQ((r).ck.violations, 0u) << (r).ck.first_violation

TEST(Mcpm, Tc2PmInitRunsLoopbackAndSetsInitialStates)
{
	Rig r(1);
	auto reason = r.run([] {});
	ASSERT_EQ(reason, FAKE_HW_STOPPED) << (fake_hw_panic_message() ? fake_hw_panic_message() : "");
	ASSERT_EQ(r.init_ret, 0);
	EXPECT_TRUE(mcpm_is_available());
	// The loopback tore the A15 cluster down and set it up again, once each.
	EXPECT_EQ(r.ck.last_men[0], 1u);
	EXPECT_EQ(r.ck.first_men[0], 1u);
	EXPECT_EQ(mcpm_sync.clusters[0].cluster, CLUSTER_UP);
	EXPECT_EQ(mcpm_sync.clusters[0].inbound, INBOUND_NOT_COMING_UP);
	EXPECT_EQ(mcpm_sync.clusters[0].cpus[0].cpu, CPU_UP);
	EXPECT_EQ(mcpm_sync.clusters[0].cpus[1].cpu, CPU_DOWN);
	EXPECT_EQ(mcpm_sync.clusters[1].cluster, CLUSTER_DOWN);
	EXPECT_EQ(mcpm_cpu_use_count[0][0], 1u);
	EXPECT_EQ(mcpm_cpu_use_count[1][0], 0u);
	EXPECT_TRUE(fake_hw_cci_snoops_on(0));
	EXPECT_TRUE(fake_hw_core_dcache_on(0));
	EXPECT_EQ(fake_hw_l2_prefetch_ctl(0), 0x400u); // A15 prefetch off before the L2 flush
	EXPECT_NO_VIOLATIONS(r);
}

// Records every value stored to chosen MCPM state bytes, in order.
struct StoreLog {
	const volatile void *watch[8] = {};
	std::vector<int> seq[8];
	static void observe(const fake_hw_event *ev, void *arg)
	{
		auto *l = static_cast<StoreLog *>(arg);
		if (ev->kind != FAKE_EV_STORE)
			return;
		for (int i = 0; i < 8; i++)
			if (l->watch[i] && ev->addr == l->watch[i])
				l->seq[i].push_back(*(const volatile uint8_t *)ev->addr);
	}
	void attach(Rig &r)
	{
		r.ck.next = observe;
		r.ck.next_arg = this;
	}
};

static std::vector<int> V(std::initializer_list<int> l) { return l; }

TEST(Mcpm, InboundCpuAndClusterStateTransitionsOnBoot)
{
	Rig r(2);
	StoreLog log;
	log.watch[0] = &mcpm_sync.clusters[1].cpus[0].cpu;
	log.watch[1] = &mcpm_sync.clusters[1].cluster;
	log.watch[2] = &mcpm_sync.clusters[1].inbound;
	log.watch[3] = &mcpm_sync.clusters[1].cpus[1].cpu;
	bool up = false, up2 = false;
	r.run([&] {
		log.attach(r);
		up = r.boot_and_wait(2);  // A7 cpu0: first man of the A7 cluster
		up2 = r.boot_and_wait(3); // A7 cpu1: cluster already up
	});
	ASSERT_TRUE(up && up2) << (fake_hw_panic_message() ? fake_hw_panic_message() : "");
	// CPU_DOWN -> CPU_COMING_UP -> CPU_UP
	EXPECT_EQ(log.seq[0], V({CPU_COMING_UP, CPU_UP}));
	// CLUSTER_DOWN -> CLUSTER_UP, set by the first man
	EXPECT_EQ(log.seq[1], V({CLUSTER_UP}));
	// INBOUND_NOT_COMING_UP -> INBOUND_COMING_UP -> INBOUND_NOT_COMING_UP
	EXPECT_EQ(log.seq[2], V({INBOUND_COMING_UP, INBOUND_NOT_COMING_UP}));
	EXPECT_EQ(log.seq[3], V({CPU_COMING_UP, CPU_UP}));
	EXPECT_EQ(r.ck.first_men[1], 1u);
	EXPECT_EQ(mcpm_cpu_use_count[1][0], 1u);
	EXPECT_EQ(mcpm_cpu_use_count[1][1], 1u);
	EXPECT_TRUE(fake_hw_cci_snoops_on(1));
	// cpu_is_up cleared the wake-up bit and the mailbox.
	EXPECT_EQ(fake_hw_spc_reg(0x24) & (1u << 4), 0u);
	EXPECT_EQ(fake_hw_spc_reg(0x78), 0u);
	EXPECT_NO_VIOLATIONS(r);
}

TEST(Mcpm, CpuGoesDownWithoutTearingDownItsCluster)
{
	Rig r(3);
	StoreLog log;
	log.watch[0] = &mcpm_sync.clusters[1].cpus[1].cpu;
	log.watch[1] = &mcpm_sync.clusters[1].cluster;
	int killed = -1;
	r.run([&] {
		r.boot_and_wait(2);
		r.boot_and_wait(3);
		log.attach(r);
		r.command(3, CMD_DIE);
		killed = mcpm_smp_ops.cpu_kill(3);
	});
	EXPECT_EQ(killed, 1);
	// CPU_UP -> CPU_GOING_DOWN -> CPU_DOWN; the cluster is untouched.
	EXPECT_EQ(log.seq[0], V({CPU_GOING_DOWN, CPU_DOWN}));
	EXPECT_TRUE(log.seq[1].empty());
	EXPECT_EQ(mcpm_cpu_use_count[1][1], 0u);
	EXPECT_TRUE(fake_hw_core_in_reset(3));
	EXPECT_TRUE(fake_hw_cluster_powered(1));
	EXPECT_TRUE(fake_hw_cci_snoops_on(1));
	EXPECT_NE(fake_hw_spc_reg(0x24) & (1u << 5), 0u); // wake-up armed
	EXPECT_EQ(fake_hw_spc_reg(A7_PWRDN_EN), 0u);             // no cluster power-down
	EXPECT_EQ(r.ck.last_men[1], 0u);
	EXPECT_NO_VIOLATIONS(r);
}

TEST(Mcpm, LastManTearsDownTheClusterAndCciPort)
{
	Rig r(4);
	StoreLog log;
	log.watch[0] = &mcpm_sync.clusters[1].cluster;
	r.run([&] {
		for (unsigned c = 2; c <= 4; c++)
			r.boot_and_wait(c);
		log.attach(r);
		for (unsigned c = 2; c <= 4; c++) {
			r.command(c, CMD_DIE);
			mcpm_smp_ops.cpu_kill(c);
		}
	});
	// CLUSTER_UP -> CLUSTER_GOING_DOWN -> CLUSTER_DOWN, by one last man.
	EXPECT_EQ(log.seq[0], V({CLUSTER_GOING_DOWN, CLUSTER_DOWN}));
	EXPECT_EQ(r.ck.last_men[1], 1u);
	EXPECT_FALSE(fake_hw_cluster_powered(1));
	EXPECT_FALSE(fake_hw_cci_snoops_on(1));
	EXPECT_EQ(r.ck.power_downs[1], 1u);
	EXPECT_NO_VIOLATIONS(r);
}

// A power_up that arrives before the CPU's power_down decremented its use
// count: the count goes 1 -> 2 -> 1, the CPU skips wfi and re-enters through
// mcpm_entry_point without being reset, then waits at its gated vector.
TEST(Mcpm, PowerUpBeforePowerDownIsResolvedByUseCount)
{
	Rig r(5);
	StoreLog log;
	log.watch[0] = &mcpm_sync.clusters[1].cpus[1].cpu;
	uint64_t resets_before = 0;
	bool back = false;
	r.run([&] {
		r.boot_and_wait(3);
		resets_before = fake_hw_stats()->core_resets[3];
		uint64_t boots = r.slot[3].boots;
		log.attach(r);
		EXPECT_EQ(mcpm_cpu_power_up(1, 1), 0);
		EXPECT_EQ(mcpm_cpu_use_count[1][1], 2u);
		r.command(3, CMD_DIE); // cpu_die gates the vector
		// Down and back up through mcpm_entry_point, waiting at the gate.
		r.wait_until([&] { return log.seq[0] == V({CPU_GOING_DOWN, CPU_DOWN, CPU_COMING_UP, CPU_UP}); },
			     1000000);
		mcpm_set_entry_vector(1, 1, Rig::secondary_entry);
		dsb();
		sev();
		back = r.wait_until([&] { return r.slot[3].boots > boots; });
	});
	EXPECT_TRUE(back) << (fake_hw_panic_message() ? fake_hw_panic_message() : "");
	EXPECT_EQ(log.seq[0], V({CPU_GOING_DOWN, CPU_DOWN, CPU_COMING_UP, CPU_UP}));
	EXPECT_EQ(fake_hw_stats()->core_resets[3], resets_before); // never reset
	EXPECT_EQ(mcpm_cpu_use_count[1][1], 1u);
	EXPECT_EQ(mcpm_sync.clusters[1].cpus[1].cpu, CPU_UP);
	EXPECT_NO_VIOLATIONS(r);
}

// The same race with random timing: power_up from core 0 at a random moment
// of core 3's power_down. Either way the CPU must end up online with a use
// count of 1, and both outcomes (wfi skipped / reset then woken) occur.
TEST(Mcpm, PowerUpRacingPowerDownAlwaysEndsUpOnline)
{
	int skipped = 0, reset = 0;
	for (uint64_t seed = 100; seed < 200; seed++) {
		Rig r(seed);
		bool back = false;
		uint64_t resets_before = 0;
		r.run([&] {
			r.boot_and_wait(2); // keep the cluster up
			r.boot_and_wait(3);
			resets_before = fake_hw_stats()->core_resets[3];
			uint64_t boots = r.slot[3].boots;
			r.command(3, CMD_POWER_DOWN);
			hw_udelay((uint32_t)(seed % 8)); // somewhere inside power_down
			back = Rig::power_up_and_kick(3) == 0 &&
			       r.wait_until([&] { return r.slot[3].boots > boots; });
		});
		ASSERT_TRUE(back) << "seed " << seed << " "
				  << (fake_hw_panic_message() ? fake_hw_panic_message() : "");
		EXPECT_EQ(mcpm_cpu_use_count[1][1], 1u) << seed;
		EXPECT_NO_VIOLATIONS(r);
		(fake_hw_stats()->core_resets[3] == resets_before ? skipped : reset)++;
	}
	EXPECT_GT(skipped, 0);
	EXPECT_GT(reset, 0);
}

TEST(Mcpm, OutboundEnterCriticalBacksOutForInboundAndWaitsForGoingDown)
{
	Rig r(6);
	bool with_inbound = true, with_coming_up = true, all_down = false, waited = false;
	bool faulty = false;
	int after_abort = 0;
	r.run([&] {
		auto *c = &mcpm_sync.clusters[1];
		// Pretend the A7 cluster is up with every CPU down.
		c->cluster = CLUSTER_UP;
		c->inbound = INBOUND_COMING_UP;
		with_inbound = __mcpm_outbound_enter_critical(0, 1);
		after_abort = c->cluster;
		c->inbound = INBOUND_NOT_COMING_UP;
		c->cpus[2].cpu = CPU_COMING_UP;
		with_coming_up = __mcpm_outbound_enter_critical(0, 1);
		c->cpus[2].cpu = CPU_DOWN;
		all_down = __mcpm_outbound_enter_critical(0, 1);
		__mcpm_outbound_leave_critical(1, CLUSTER_UP);
		// A CPU still GOING_DOWN: the last man waits for it.
		c->cpus[1].cpu = CPU_GOING_DOWN;
		// Another "CPU" finishes its teardown 5 us later and signals it.
		fake_hw_at(hw_now_ns() + 5000, [](void *p) {
			static_cast<mcpm_sync_struct *>(p)->cpus[1].cpu = CPU_DOWN;
			fake_hw_send_event();
		}, c);
		uint64_t t0 = hw_now_ns();
		waited = __mcpm_outbound_enter_critical(0, 1) && hw_now_ns() - t0 >= 5000;
		__mcpm_outbound_leave_critical(1, CLUSTER_UP);
		// The deliberately broken variant ignores the inbound CPU.
		c->inbound = INBOUND_COMING_UP;
		mcpm_fault_inject = MCPM_FAULT_IGNORE_INBOUND;
		faulty = __mcpm_outbound_enter_critical(0, 1);
		mcpm_fault_inject = MCPM_FAULT_NONE;
		c->inbound = INBOUND_NOT_COMING_UP;
		__mcpm_outbound_leave_critical(1, CLUSTER_DOWN);
	});
	EXPECT_FALSE(with_inbound);
	EXPECT_EQ(after_abort, CLUSTER_UP); // backed out: leave_critical(CLUSTER_UP)
	EXPECT_FALSE(with_coming_up);
	EXPECT_TRUE(all_down);
	EXPECT_TRUE(waited);
	EXPECT_TRUE(faulty);
}

// Cores race for one vlock, round after round: exactly one wins each round.
struct VlockRace {
	struct vlock lock;
	volatile int round = 0, arrived = 0, winners = 0;
	int rounds = 0, bad_rounds = 0, multi = 0, zero = 0;
	unsigned n = 0;
};
static VlockRace *vr;

static void vlock_racer(void *)
{
	unsigned cpu = fake_hw_cpu_of(hw_core_index());
	for (int rd = 0; rd < vr->rounds; rd++) {
		while (vr->round != rd)
			wfe();
		hw_udelay(0);
		if (vlock_trylock(&vr->lock, cpu) == 0)
			vr->winners = vr->winners + 1;
		if (++vr->arrived == (int)vr->n) {
			if (vr->winners != 1)
				vr->bad_rounds++;
			if (vr->winners > 1)
				vr->multi++;
			if (vr->winners == 0)
				vr->zero++;
			vr->winners = 0;
			vr->arrived = 0;
			vlock_unlock(&vr->lock);
			vr->round = rd + 1;
			sev();
		}
	}
	if (hw_core_index() == 2)
		for (;;)
			wfi();
	while (vr->round != vr->rounds)
		wfe();
}

static void run_vlock_race(VlockRace &race, uint64_t seed)
{
	fake_hw_config cfg;
	fake_hw_default_config(&cfg);
	cfg.seed = seed;
	fake_hw_create(&cfg);
	vlock_init(&race.lock);
	race.n = 3;
	vr = &race;
	for (unsigned core = 2; core <= 4; core++)
		fake_hw_start_core(core, vlock_racer, nullptr, false);
	fake_hw_run(UINT64_MAX);
	fake_hw_destroy();
}

TEST(Vlock, ExactlyOneWinnerPerElection)
{
	VlockRace race;
	race.rounds = 2000;
	run_vlock_race(race, 7);
	EXPECT_EQ(race.round, race.rounds);
	EXPECT_EQ(race.bad_rounds, 0);
}

TEST(Vlock, BrokenVariantLetsTwoWin)
{
	VlockRace race;
	race.rounds = 2000;
	mcpm_fault_inject = MCPM_FAULT_VLOCK_TWO_WINNERS;
	run_vlock_race(race, 7);
	mcpm_fault_inject = MCPM_FAULT_NONE;
	EXPECT_GT(race.multi, 0);
}

// Hotplug (mcpm_smp_ops cpu_die/cpu_kill) of all three A7 CPUs: the cluster
// is powered off and its CCI port disabled in between, and comes back.
TEST(Mcpm, HotplugAllA7DownAndUp)
{
	Rig r(8);
	bool off_between = false, cci_off_between = false, pwrdn_en = false;
	int kills = 0;
	bool all_back = true;
	r.run([&] {
		for (unsigned c = 2; c <= 4; c++)
			r.boot_and_wait(c);
		for (unsigned c = 2; c <= 4; c++) {
			r.command(c, CMD_DIE);
			kills += mcpm_smp_ops.cpu_kill(c);
		}
		off_between = !fake_hw_cluster_powered(1);
		cci_off_between = !fake_hw_cci_snoops_on(1);
		pwrdn_en = readl_relaxed(FAKE_SPC_BASE + A7_PWRDN_EN) == 1;
		for (unsigned c = 2; c <= 4; c++)
			all_back = r.boot_and_wait(c) && all_back;
	});
	EXPECT_EQ(kills, 3);
	EXPECT_TRUE(off_between);
	EXPECT_TRUE(cci_off_between);
	EXPECT_TRUE(pwrdn_en);
	EXPECT_TRUE(all_back) << (fake_hw_panic_message() ? fake_hw_panic_message() : "");
	EXPECT_TRUE(fake_hw_cluster_powered(1));
	EXPECT_TRUE(fake_hw_cci_snoops_on(1));
	EXPECT_EQ(fake_hw_spc_reg(A7_PWRDN_EN), 0u); // cluster_is_up cleared PWRDN_EN
	EXPECT_EQ(r.ck.power_downs[1], 1u);
	EXPECT_EQ(r.ck.power_ups[1], 1u);
	EXPECT_EQ(r.ck.first_men[1], 2u); // boot, and after the power-up
	EXPECT_EQ(r.ck.last_men[1], 1u);
	EXPECT_NO_VIOLATIONS(r);
}

// Suspend (cpu_suspend + mcpm_cpu_suspend) of all A7s: the cluster powers
// off; an IPI to one brings the cluster back with one first man and the CPU
// resumes its saved context.
TEST(Mcpm, ClusterSuspendAndWakeByInterrupt)
{
	Rig r(9);
	bool off = false, resumed = false;
	r.run([&] {
		for (unsigned c = 2; c <= 4; c++)
			r.boot_and_wait(c);
		for (unsigned c = 2; c <= 4; c++)
			r.command(c, CMD_SUSPEND);
		off = r.wait_until([] { return !fake_hw_cluster_powered(1); });
		Rig::send_ipi(3);
		resumed = r.wait_until([&] { return r.slot[3].resumes == 1; });
	});
	EXPECT_TRUE(off);
	EXPECT_TRUE(resumed) << (fake_hw_panic_message() ? fake_hw_panic_message() : "");
	EXPECT_EQ(mcpm_cpu_use_count[1][1], 1u);
	EXPECT_EQ(mcpm_cpu_use_count[1][0], 0u);
	EXPECT_EQ(r.ck.power_ups[1], 1u);
	EXPECT_EQ(r.ck.first_men[1], 2u);
	EXPECT_NO_VIOLATIONS(r);
}

TEST(Mcpm, WaitForPowerdownOfALiveCpuTimesOutAfterOneSecond)
{
	Rig r(10);
	int ret = 0;
	uint64_t took = 0;
	r.run([&] {
		r.boot_and_wait(2);
		uint64_t t0 = hw_now_ns();
		ret = mcpm_wait_for_cpu_powerdown(0, 1);
		took = hw_now_ns() - t0;
	});
	EXPECT_EQ(ret, -ETIMEDOUT);
	EXPECT_GE(took, 1000000000ull);
	EXPECT_LT(took, 1100000000ull);
}

TEST(Cci, ProbeFindsPortsAndCpuLinks)
{
	Rig r(11);
	r.run([] {});
	ASSERT_TRUE(cci_probed());
	EXPECT_EQ(cci_port_base(0), FAKE_CCI_BASE + 0x4000u);
	EXPECT_EQ(cci_port_base(1), FAKE_CCI_BASE + 0x5000u);
	EXPECT_EQ(cci_port_index_of_cpu(0x001), 0);
	EXPECT_EQ(cci_port_index_of_cpu(0x102), 1);
	EXPECT_EQ(cci_port_index_of_cpu(0x200), -1);
}
