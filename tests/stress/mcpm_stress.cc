// SPDX-License-Identifier: GPL-2.0-only
// mcpm_stress.cc - MCPM under seeded random interleavings on the fake
// machine: every online CPU (both clusters) concurrently powers others up
// and down (hotplug cpu_die/cpu_kill, power_down raced by power_up), suspends
// itself (cluster sleep), and sends spurious wake-up IPIs, while the checker
// (tests/unit/mcpm_checker.h) verifies MCPM's invariants at every hardware
// state change.
//
// BLSIM_STRESS_CYCLES=N (default 10000) and BLSIM_STRESS_SEED=S set the run
// (bench/ runs 100000). A cycle is one CPU coming back up after going down.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>

#include "mcpm_rig.h"

using namespace mcpm_rig;

extern "C" void secondary_entry_stress(void);

namespace {

// P_REQ_*: asked to go down, not yet started; P_DYING_*: on its way down.
enum PState { P_ONLINE, P_SUSPENDED, P_DYING_DIE, P_DYING_PD, P_OFFLINE, P_BOOTING,
	      P_REQ_DIE, P_REQ_PD };

struct Stress {
	Rig *r = nullptr;
	uint64_t rng = 0;
	uint64_t target = 0, cycles = 0;
	uint64_t hotplugs = 0, races = 0, suspends = 0, kicks = 0, kill_fail = 0;
	volatile int st[FAKE_MAX_CORES] = {};
	uint64_t last_boots[FAKE_MAX_CORES] = {}, last_resumes[FAKE_MAX_CORES] = {};
	bool stop_on_violation = false;
	unsigned n = 0;

	uint64_t rand()
	{
		uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
		return z ^ (z >> 31);
	}

	void cycle_done()
	{
		cycles++;
		if (cycles >= target || (stop_on_violation && r->ck.violations))
			fake_hw_stop();
	}
};
Stress *S;

// One step of an online CPU's life: pick an action at random.
void step(unsigned self)
{
	Rig &r = *S->r;
	uint64_t x = S->rand() % 100;
	unsigned t = 1 + (unsigned)(S->rand() % (S->n - 1)); // targets: cores 1..n-1

	if (r.ck.violations && S->stop_on_violation) {
		fake_hw_stop();
		return;
	}
	if (x < 20) {
		hw_run(100 + S->rand() % 4000, HW_WORK_INT);
	} else if (x < 40) {
		if (t == self)
			return;
		if (S->st[t] == P_OFFLINE) { // clean hotplug up
			S->st[t] = P_BOOTING;
			if (Rig::boot_secondary(t, secondary_entry_stress))
				hw_panic("boot_secondary failed");
		} else if ((S->st[t] == P_DYING_PD || S->st[t] == P_REQ_PD) && S->rand() % 2) {
			// power_up racing the CPU's own power_down
			S->st[t] = P_BOOTING;
			S->races++;
			if (Rig::power_up_and_kick(t))
				hw_panic("power_up failed");
		}
	} else if (x < 55) {
		if (t == self || S->st[t] != P_ONLINE)
			return;
		S->st[t] = (S->rand() % 2) ? P_REQ_DIE : P_REQ_PD;
		r.command(t, S->st[t] == P_REQ_DIE ? CMD_DIE : CMD_POWER_DOWN);
	} else if (x < 70) {
		if (t == self || (S->st[t] != P_DYING_DIE && S->st[t] != P_DYING_PD))
			return;
		int was = S->st[t];
		S->st[t] = P_BOOTING; // claimed: nobody else touches it meanwhile
		if (mcpm_smp_ops.cpu_kill(t)) {
			S->st[t] = P_OFFLINE;
			S->hotplugs++;
		} else {
			S->kill_fail++;
			S->st[t] = was;
		}
	} else if (x < 80) {
		if (self == 0 || S->st[self] != P_ONLINE || r.slot[self].cmd != CMD_NONE)
			return; // core 0 suspends through its own path
		S->st[self] = P_SUSPENDED;
		r.slot[self].cmd = CMD_SUSPEND; // handled by the secondary loop
	} else if (x < 95) {
		unsigned k = (unsigned)(S->rand() % S->n);
		S->kicks++;
		Rig::send_ipi(k, 1);
	} else {
		// Wake everybody at once: inbound CPUs of a sleeping cluster race
		// for its first-man vlock.
		S->kicks++;
		writel_relaxed((1u << 24) | 1, FAKE_GICD_BASE + 0xf00);
	}
}

// Core 0: the boot CPU runs the same life, but is never hotplugged; it
// suspends (cluster sleep of the A15 cluster) with cpu_suspend directly.
void core0_life()
{
	Rig &r = *S->r;
	arch_local_irq_enable();
	while (true) {
		if (S->rand() % 100 < 4) {
			arch_local_irq_disable();
			S->st[0] = P_SUSPENDED;
			S->suspends++;
			if (cpu_suspend(0, Rig::suspend_finisher) == 0) {
				mcpm_cpu_powered_up();
				S->cycle_done();
			}
			S->st[0] = P_ONLINE;
			arch_local_irq_enable();
		} else {
			step(0);
		}
		(void)r;
	}
}

// Secondaries: the rig's command loop, with our steps between commands.
void secondary_hook_loop()
{
	Rig &r = *S->r;
	unsigned core = hw_core_index();
	CoreSlot &s = r.slot[core];

	mcpm_smp_ops.smp_secondary_init(core);
	set_cpu_online(core, true);
	s.boots++;
	s.online = true;
	S->st[core] = P_ONLINE;
	S->cycle_done();
	arch_local_irq_enable();
	for (;;) {
		int c = s.cmd;
		if (c == CMD_NONE) {
			step(core);
			continue;
		}
		s.cmd = CMD_NONE;
		if (c == CMD_DIE || c == CMD_POWER_DOWN) {
			if (S->st[core] == P_REQ_DIE || S->st[core] == P_REQ_PD)
				S->st[core] = S->st[core] == P_REQ_DIE ? P_DYING_DIE : P_DYING_PD;
			arch_local_irq_disable();
			s.online = false;
			set_cpu_online(core, false);
			if (c == CMD_DIE) {
				mcpm_smp_ops.cpu_die(core);
			} else {
				mcpm_set_entry_vector(Rig::cpu(core), Rig::cl(core), secondary_entry_stress);
				mcpm_cpu_power_down();
			}
			hw_panic("power down returned");
		} else if (c == CMD_SUSPEND) {
			arch_local_irq_disable();
			S->suspends++;
			if (cpu_suspend(0, Rig::suspend_finisher) == 0) {
				mcpm_cpu_powered_up();
				S->cycle_done();
			}
			S->st[core] = P_ONLINE;
			arch_local_irq_enable();
		}
	}
}

} // namespace

// Stands in for secondary_startup: caches on, then the idle stack.
void secondary_entry_stress(void)
{
	Rig &r = *S->r;
	unsigned core = hw_core_index();

	hw_set_smp_coherent(true);
	hw_set_dcache_enabled(true);
	hw_ctx_init(r.slot[core].ctx, r.slot[core].stack, kStack,
		    [](void *) { secondary_hook_loop(); }, nullptr);
	hw_ctx_load(r.slot[core].ctx);
}

namespace {

void periodic_kick(void *)
{
	// An external interrupt source: keeps a machine whose CPUs are all
	// asleep moving, and wakes CPUs at arbitrary moments.
	unsigned k = (unsigned)(S->rand() % S->n);
	fake_hw_post_irq(k, 2, k);
	fake_hw_at(fake_hw_now() + 20000 + S->rand() % 200000, periodic_kick, nullptr);
}

struct Result {
	uint64_t cycles, violations;
	std::string first, panic;
	fake_hw_stop_reason reason;
	double seconds;
	uint64_t sim_ns;
	uint64_t powerdowns[2], powerups[2], hotplugs, races, suspends, aborts;
};

Result run_stress(uint64_t seed, uint64_t cycles, int fault, bool stop_on_violation)
{
	auto t0 = std::chrono::steady_clock::now();
	Rig r(seed);
	Stress st;
	S = &st;
	st.r = &r;
	st.rng = seed * 7919 + 17;
	st.target = cycles;
	st.stop_on_violation = stop_on_violation;
	st.n = 5;
	Result res{};
	fake_hw_at(50000, periodic_kick, nullptr);
	res.reason = r.run([&] {
		// Boot every secondary through MCPM, then live.
		for (unsigned c = 1; c < st.n; c++) {
			st.st[c] = P_BOOTING;
			mcpm_set_entry_vector(Rig::cpu(c), Rig::cl(c), nullptr);
			mcpm_cpu_power_up(Rig::cpu(c), Rig::cl(c));
			mcpm_set_entry_vector(Rig::cpu(c), Rig::cl(c), secondary_entry_stress);
			Rig::send_ipi(c);
		}
		mcpm_fault_inject = fault;
		core0_life();
	}, 3600ull * 1000000000ull);
	mcpm_fault_inject = MCPM_FAULT_NONE;
	if (getenv("BLSIM_STRESS_DEBUG"))
		for (unsigned c = 0; c < st.n; c++)
			printf("core %u: pstate %d boots %llu fake state %d reset %d cmd %d use %u mcpm %#x\n", c,
			       st.st[c], (unsigned long long)r.slot[c].boots, fake_hw_core_state(c),
			       fake_hw_core_in_reset(c), r.slot[c].cmd,
			       mcpm_cpu_use_count[Rig::cl(c)][Rig::cpu(c)],
			       mcpm_sync.clusters[Rig::cl(c)].cpus[Rig::cpu(c)].cpu);
	res.cycles = st.cycles;
	res.violations = r.ck.violations;
	res.first = r.ck.first_violation;
	res.panic = fake_hw_panic_message() ? fake_hw_panic_message() : "";
	res.sim_ns = fake_hw_now();
	for (int c = 0; c < 2; c++) {
		res.powerdowns[c] = r.ck.power_downs[c];
		res.powerups[c] = r.ck.power_ups[c];
		res.aborts += r.ck.aborts[c];
	}
	res.hotplugs = st.hotplugs;
	res.races = st.races;
	res.suspends = st.suspends;
	res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
	return res;
}

uint64_t env_u64(const char *name, uint64_t def)
{
	const char *v = getenv(name);
	return v && *v ? strtoull(v, nullptr, 0) : def;
}

void report(const char *name, uint64_t seed, const Result &res)
{
	printf("%s seed=%llu: %llu cycles, %llu violations, %.2f s host, %.3f s simulated; "
	       "cluster downs A15=%llu A7=%llu ups A15=%llu A7=%llu; hotplugs=%llu races=%llu "
	       "suspends=%llu critical-section aborts=%llu\n",
	       name, (unsigned long long)seed, (unsigned long long)res.cycles,
	       (unsigned long long)res.violations, res.seconds, res.sim_ns / 1e9,
	       (unsigned long long)res.powerdowns[0], (unsigned long long)res.powerdowns[1],
	       (unsigned long long)res.powerups[0], (unsigned long long)res.powerups[1],
	       (unsigned long long)res.hotplugs, (unsigned long long)res.races,
	       (unsigned long long)res.suspends, (unsigned long long)res.aborts);
}

} // namespace

TEST(McpmStress, RandomizedCyclesWithZeroViolations)
{
	uint64_t seed = env_u64("BLSIM_STRESS_SEED", 1);
	uint64_t cycles = env_u64("BLSIM_STRESS_CYCLES", 10000);
	Result res = run_stress(seed, cycles, MCPM_FAULT_NONE, false);
	report("stress", seed, res);
	EXPECT_EQ(res.panic, "");
	EXPECT_EQ(res.reason, FAKE_HW_STOPPED);
	EXPECT_GE(res.cycles, cycles);
	EXPECT_EQ(res.violations, 0u) << res.first;
	// Both clusters really went down and came back, many times.
	EXPECT_GT(res.powerdowns[0], 0u);
	EXPECT_GT(res.powerdowns[1], 0u);
	EXPECT_GT(res.races, 0u);
	EXPECT_GT(res.hotplugs, 0u);
}

TEST(McpmStress, SeveralSeedsShortRuns)
{
	for (uint64_t seed = 1000; seed < 1010; seed++) {
		Result res = run_stress(seed, 500, MCPM_FAULT_NONE, false);
		EXPECT_EQ(res.panic, "") << seed;
		EXPECT_GE(res.cycles, 500u) << seed;
		EXPECT_EQ(res.violations, 0u) << seed << ": " << res.first;
	}
}

// The deliberately broken variants must be caught in under 1,000 cycles.
TEST(McpmStress, OutboundIgnoringInboundIsCaught)
{
	Result res = run_stress(1, 1000, MCPM_FAULT_IGNORE_INBOUND, true);
	report("ignore-inbound", 1, res);
	EXPECT_GT(res.violations + (res.panic.empty() ? 0 : 1), 0u);
	EXPECT_LT(res.cycles, 1000u);
	printf("caught: %s%s\n", res.first.c_str(), res.panic.c_str());
}

// A last man that does not wait for a CPU still going down (issue #19: the
// checker used to reject only CPU_UP and missed it in 1,000 cycles).
TEST(McpmStress, LastManNotWaitingForGoingDownIsCaught)
{
	Result res = run_stress(1, 1000, MCPM_FAULT_GOING_DOWN_AS_DOWN, true);
	report("going-down-as-down", 1, res);
	EXPECT_GT(res.violations + (res.panic.empty() ? 0 : 1), 0u);
	EXPECT_LT(res.cycles, 1000u);
	printf("caught: %s%s\n", res.first.c_str(), res.panic.c_str());
}

TEST(McpmStress, VlockWithTwoWinnersIsCaught)
{
	Result res = run_stress(1, 1000, MCPM_FAULT_VLOCK_TWO_WINNERS, true);
	report("vlock-two-winners", 1, res);
	EXPECT_GT(res.violations + (res.panic.empty() ? 0 : 1), 0u);
	EXPECT_LT(res.cycles, 1000u);
	printf("caught: %s%s\n", res.first.c_str(), res.panic.c_str());
}
