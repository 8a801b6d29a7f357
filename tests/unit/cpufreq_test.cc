// SPDX-License-Identifier: GPL-2.0-only
// cpufreq_test.cc - the cpufreq core, governors, the big.LITTLE driver (IKS
// and per-cluster), its DT parser and the TC2 SPC path, on the fake machine.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

extern "C" {
#include <libfdt.h>

#include "arch/arm/mach-vexpress/spc.h"
#include "cpufreq_fake_spc.h"
#include "drivers/cpufreq/arm_big_little.h"
#include "drivers/cpufreq/cpufreq_governor.h"
#include "fake_hw.h"
#include "fake_kernel.h"
#include "linux/cpufreq.h"
#include "linux/init.h"
#include "linux/interrupt.h"
#include "linux/smp.h"
#include "linux/tick.h"
#include "linux/workqueue.h"
}
#undef min
#undef max

// The switcher is someone else's: record what the driver asks of it.
struct SwitchReq {
	unsigned cpu, cluster;
};
static std::vector<SwitchReq> g_switches;
extern "C" __attribute__((weak)) int bL_switch_request(unsigned int cpu, unsigned int new_cluster_id)
{
	g_switches.push_back({cpu, new_cluster_id});
	return 0;
}

namespace {

constexpr unsigned kTimerPpi = 30; // the fake DT's non-secure physical timer
constexpr uint64_t MS = 1000000ull;

// ---- the rig: a fake TC2 whose core 0 boots GIC, timer and IRQs ------------
struct FreqRig {
	fake_hw_config cfg{};
	std::function<void()> scenario, cleanup;
	bool idle_after = false;
	bool done = false;

	static FreqRig *&cur() { static FreqRig *r; return r; }

	// The machine's idle loop asks cpuidle: no driver may be left
	// registered by a test that ran before in this process.
	static void reset_kernel()
	{
		cpufreq_reset_for_test();
		bL_cpufreq_reset_for_test();
		cpuidle_reset_for_test();
		bl_idle_reset_for_test();
		cpu_pm_reset_for_test();
	}

	explicit FreqRig(uint64_t seed)
	{
		reset_kernel();
		g_switches.clear();
		fake_hw_default_config(&cfg);
		cfg.seed = seed;
		cfg.stall_prob = 0; // timing tests: no random multi-µs stalls
		if (const char *v = getenv("FAKE_HW_LOG"))
			cfg.log_level = atoi(v);
		fake_hw_create(&cfg);
		fake_kernel_init_identity();
		cur() = this;
	}
	~FreqRig()
	{
		fake_hw_destroy();
		reset_kernel();
		cur() = nullptr;
	}

	// On core 0, IRQs off: stop whatever samples or waits, give IRQs back.
	static void teardown()
	{
		FreqRig *r = cur();
		arch_local_irq_disable();
		if (r->cleanup)
			r->cleanup();
		ve_spc_free_irq_for_test();
		free_irq(kTimerPpi, nullptr);
		r->done = true;
		fake_hw_stop();
	}

	// Boot core 0, run the scenario on it; then either tear down, or idle
	// (cpu_startup_entry) until end_ns when a work item tears down.
	fake_hw_stop_reason run(std::function<void()> fn, uint64_t end_ns = 0)
	{
		scenario = std::move(fn);
		idle_after = end_ns != 0;
		end_at = end_ns;
		fake_hw_start_core(0, [](void *) {
			FreqRig *r = cur();
			hw_set_smp_coherent(true);
			hw_set_dcache_enabled(true);
			set_cpu_online(0, true);
			cpufreq_test_irq_init();
			arch_timer_of_init(hw_fdt());
			arch_timer_starting_cpu();
			arch_local_irq_enable();
			r->scenario();
			if (!r->idle_after) {
				teardown();
				for (;;)
					wfi();
			}
			r->end_timer.function = [](hrtimer *) { schedule_work(&cur()->end_work); };
			r->end_work.func = [](work_struct *) { teardown(); };
			hrtimer_start(&r->end_timer, r->end_at);
			cpu_startup_entry();
		}, nullptr, true);
		return fake_hw_run(60ull * 1000 * MS);
	}
	uint64_t end_at = 0;
	hrtimer end_timer{};
	work_struct end_work{};
};

const char *panic_msg() { return fake_hw_panic_message() ? fake_hw_panic_message() : ""; }

// ---- a fake cpufreq driver: 500..1200 MHz, one policy per CPU ----------------
cpufreq_frequency_table fake_table[] = {
	{0, 0, 500000}, {0, 1, 600000}, {0, 2, 700000}, {0, 3, 800000}, {0, 4, 900000},
	{0, 5, 1000000}, {0, 6, 1100000}, {0, 7, 1200000}, {0, 8, CPUFREQ_TABLE_END},
};
unsigned fake_cur[NR_CPUS];
unsigned fake_delay_us = 100;
bool fake_fail = false;
std::vector<std::string> g_log;

int fake_init(cpufreq_policy *p)
{
	p->freq_table = fake_table;
	p->cpuinfo.transition_latency = 1000000;
	p->cpus = BIT(p->cpu);
	return 0;
}
int fake_target(cpufreq_policy *p, unsigned index)
{
	g_log.push_back("driver " + std::to_string(fake_table[index].frequency));
	hw_udelay(fake_delay_us);
	if (fake_fail)
		return -EIO;
	fake_cur[p->cpu] = fake_table[index].frequency;
	return 0;
}
unsigned fake_get(unsigned cpu) { return fake_cur[cpu]; }
cpufreq_driver fake_driver = {"fake", 0, fake_init, nullptr, nullptr, fake_target, fake_get};

void reset_fake_driver(unsigned start_khz = 500000)
{
	for (auto &c : fake_cur)
		c = start_khz;
	fake_delay_us = 100;
	fake_fail = false;
	g_log.clear();
}

// Frequencies seen by the cpu_frequency trace hook, with their time.
struct FreqEv {
	uint64_t t;
	unsigned cpu, khz;
};
std::vector<FreqEv> g_trace;
void trace_hook(unsigned cpu, unsigned khz) { g_trace.push_back({fake_hw_now(), cpu, khz}); }

// ==== frequency tables (no machine needed) ======================================

TEST(CpufreqTable, TargetRelationsOnAnUnsortedTable)
{
	cpufreq_frequency_table t[] = {{0, 0, 800000}, {0, 0, 500000}, {0, 0, CPUFREQ_ENTRY_INVALID},
				       {0, 0, 1200000}, {0, 0, 1000000}, {0, 0, 600000},
				       {0, 0, CPUFREQ_TABLE_END}};
	cpufreq_policy p{};
	p.freq_table = t;
	ASSERT_EQ(cpufreq_frequency_table_cpuinfo(&p, t), 0);
	EXPECT_EQ(p.cpuinfo.min_freq, 500000u);
	EXPECT_EQ(p.cpuinfo.max_freq, 1200000u);
	auto f = [&](unsigned target, unsigned rel) {
		int i = cpufreq_frequency_table_target(&p, target, rel);
		return i < 0 ? 0u : t[i].frequency;
	};
	EXPECT_EQ(f(700000, CPUFREQ_RELATION_L), 800000u);
	EXPECT_EQ(f(700000, CPUFREQ_RELATION_H), 600000u);
	EXPECT_EQ(f(700000, CPUFREQ_RELATION_C), 600000u); // a tie goes to the lower
	EXPECT_EQ(f(740000, CPUFREQ_RELATION_C), 800000u);
	EXPECT_EQ(f(1100000, CPUFREQ_RELATION_C), 1000000u);
	EXPECT_EQ(f(1000000, CPUFREQ_RELATION_L), 1000000u); // exact
	EXPECT_EQ(f(1000000, CPUFREQ_RELATION_H), 1000000u);
	EXPECT_EQ(f(1300000, CPUFREQ_RELATION_L), 1200000u); // none above: highest
	EXPECT_EQ(f(400000, CPUFREQ_RELATION_H), 500000u);   // none below: lowest
	// Limits exclude entries.
	p.min = 600000;
	p.max = 1000000;
	EXPECT_EQ(f(1100000, CPUFREQ_RELATION_L), 1000000u);
	EXPECT_EQ(f(550000, CPUFREQ_RELATION_H), 600000u);
	EXPECT_EQ(f(550000, CPUFREQ_RELATION_L), 600000u);
	EXPECT_EQ(f(1150000, CPUFREQ_RELATION_C), 1000000u);
	EXPECT_EQ(cpufreq_frequency_table_target(&p, 700000, 7), -EINVAL);
}

TEST(CpufreqTable, VerifyClampsTheLimitsIntoTheTable)
{
	cpufreq_frequency_table t[] = {{0, 0, 500000}, {0, 0, 800000}, {0, 0, 1200000},
				       {0, 0, CPUFREQ_TABLE_END}};
	cpufreq_policy p{};
	cpufreq_frequency_table_cpuinfo(&p, t);
	p.min = 100000;
	p.max = 2000000;
	ASSERT_EQ(cpufreq_frequency_table_verify(&p, t), 0);
	EXPECT_EQ(p.min, 500000u);
	EXPECT_EQ(p.max, 1200000u);
	// No table frequency in [600, 700]: max rises to the next one (800).
	p.min = 600000;
	p.max = 700000;
	ASSERT_EQ(cpufreq_frequency_table_verify(&p, t), 0);
	EXPECT_EQ(p.max, 800000u);
	EXPECT_EQ(cpufreq_table_count_valid_entries(t), 3u);
}

// ==== governor and tunable names ================================================

TEST(CpufreqTunables, UnknownGovernorOrTunableIsEinval)
{
	cpufreq_reset_for_test();
	EXPECT_EQ(cpufreq_set_governor("bogus"), -EINVAL);
	EXPECT_STREQ(cpufreq_default_governor_name(), "performance");
	EXPECT_EQ(cpufreq_set_governor("ondemand"), 0);
	EXPECT_STREQ(cpufreq_default_governor_name(), "ondemand");
	EXPECT_EQ(cpufreq_set_tunable("ondemand", "bogus", 1), -EINVAL);
	EXPECT_EQ(cpufreq_set_tunable("bogus", "up_threshold", 80), -EINVAL);
	EXPECT_EQ(cpufreq_set_tunable("performance", "up_threshold", 80), -EINVAL);
	EXPECT_EQ(cpufreq_set_tunable("ondemand", "up_threshold", 101), -EINVAL);
	EXPECT_EQ(cpufreq_set_tunable("ondemand", "sampling_down_factor", 0), -EINVAL);
	EXPECT_EQ(cpufreq_set_tunable("conservative", "down_threshold", 80), -EINVAL); // >= up
	EXPECT_EQ(cpufreq_set_tunable_str("ondemand.up_threshold"), -EINVAL);
	EXPECT_EQ(cpufreq_set_tunable_str("ondemand.up_threshold=8x"), -EINVAL);
	EXPECT_EQ(cpufreq_set_tunable_str(".up_threshold=8"), -EINVAL);
	EXPECT_EQ(cpufreq_set_tunable_str("nosuch.up_threshold=80"), -EINVAL);
	unsigned long v = 0;
	EXPECT_EQ(cpufreq_set_tunable_str("ondemand.up_threshold=70"), 0);
	EXPECT_EQ(cpufreq_get_tunable("ondemand", "up_threshold", &v), 0);
	EXPECT_EQ(v, 70ul);
	EXPECT_EQ(cpufreq_set_tunable("conservative", "freq_step", 10), 0);
	EXPECT_EQ(cpufreq_get_tunable("conservative", "freq_step", &v), 0);
	EXPECT_EQ(v, 10ul);
	EXPECT_EQ(cpufreq_set_tunable("schedutil", "rate_limit_us", 2000), 0);
	EXPECT_EQ(cpufreq_get_tunable("schedutil", "rate_limit_us", &v), 0);
	EXPECT_EQ(v, 2000ul);
	cpufreq_reset_for_test();
	EXPECT_EQ(cpufreq_get_tunable("ondemand", "up_threshold", &v), 0);
	EXPECT_EQ(v, 80ul); // reset to upstream's default
}

// ==== the core on the machine ======================================================

struct LogNb {
	notifier_block nb;
	const char *name;
};
int log_notifier(notifier_block *nb, unsigned long val, void *data)
{
	auto *l = reinterpret_cast<LogNb *>(nb);
	auto *f = static_cast<cpufreq_freqs *>(data);
	g_log.push_back(std::string(l->name) + (val == CPUFREQ_PRECHANGE ? " pre " : " post ") +
			std::to_string(f->old_freq) + ">" + std::to_string(f->new_freq) +
			" cur=" + std::to_string(f->policy->cur));
	return 0;
}

} // namespace

namespace {

TEST(CpufreqCore, NotifiersRunInPriorityOrderAroundTheDriverAndCurChangesAtPost)
{
	FreqRig r(11);
	reset_fake_driver(500000);
	static LogNb hi{{log_notifier, nullptr, 10}, "hi"}, lo{{log_notifier, nullptr, 0}, "lo"};
	int reg = -1, ret_fail = 0;
	unsigned cur_after_fail = 0, failed = 0;
	auto reason = r.run([&] {
		cpufreq_register_notifier(&lo.nb, CPUFREQ_TRANSITION_NOTIFIER);
		cpufreq_register_notifier(&hi.nb, CPUFREQ_TRANSITION_NOTIFIER);
		reg = cpufreq_register_driver(&fake_driver); // performance: 500 -> 1200
		cpufreq_policy *p = cpufreq_cpu_get(0);
		g_log.push_back("--");
		fake_fail = true;
		ret_fail = cpufreq_driver_target(p, 800000, CPUFREQ_RELATION_L);
		cur_after_fail = p->cur;
		cpufreq_stats s;
		cpufreq_stats_snapshot(0, hw_now_ns(), &s);
		failed = s.failed_trans;
		fake_fail = false;
		r.cleanup = [] { cpufreq_unregister_driver(&fake_driver); };
	});
	ASSERT_TRUE(r.done) << reason << panic_msg();
	EXPECT_EQ(reg, 0);
	std::vector<std::string> want = {
		"hi pre 500000>1200000 cur=500000", "lo pre 500000>1200000 cur=500000",
		"driver 1200000",
		"hi post 500000>1200000 cur=500000", "lo post 500000>1200000 cur=500000",
		"--",
		"hi pre 1200000>800000 cur=1200000", "lo pre 1200000>800000 cur=1200000",
		"driver 800000",
		// failed: POSTCHANGE of the attempt, then the way back announced
		"hi post 1200000>800000 cur=1200000", "lo post 1200000>800000 cur=1200000",
		"hi pre 800000>1200000 cur=800000", "lo pre 800000>1200000 cur=800000",
		"hi post 800000>1200000 cur=800000", "lo post 800000>1200000 cur=800000",
	};
	EXPECT_EQ(g_log, want);
	EXPECT_EQ(ret_fail, -EIO);
	EXPECT_EQ(cur_after_fail, 1200000u);
	EXPECT_EQ(failed, 1u);
}

TEST(CpufreqCore, LimitsClampTheGovernorsChoice)
{
	FreqRig r(12);
	reset_fake_driver(700000);
	unsigned after_max = 0, after_unlimit = 0, ps = 0, ps_min = 0;
	int bad = 0;
	auto reason = r.run([&] {
		cpufreq_register_driver(&fake_driver);   // performance
		cpufreq_update_limits(0, 0, 900000);
		after_max = cpufreq_quick_get(0);
		cpufreq_update_limits(0, 0, 0);
		after_unlimit = cpufreq_quick_get(0);
		cpufreq_set_governor("powersave");
		ps = cpufreq_quick_get(0);
		cpufreq_update_limits(0, 650000, 0);   // rounds up to 700
		ps_min = cpufreq_quick_get(0);
		bad = cpufreq_update_limits(0, 900000, 800000);
		r.cleanup = [] { cpufreq_unregister_driver(&fake_driver); };
	});
	ASSERT_TRUE(r.done) << reason << panic_msg();
	EXPECT_EQ(after_max, 900000u);
	EXPECT_EQ(after_unlimit, 1200000u);
	EXPECT_EQ(ps, 500000u);
	EXPECT_EQ(ps_min, 700000u);
	EXPECT_EQ(bad, -EINVAL);
	EXPECT_EQ(fake_cur[0], 700000u); // the hardware agrees with policy->cur
}

TEST(CpufreqCore, StatsSumToTheElapsedTimeAndCountTransitions)
{
	FreqRig r(13);
	reset_fake_driver(500000);
	cpufreq_stats s{};
	uint64_t t_end = 0;
	int snap = -1;
	unsigned latency_calls = 0;
	static unsigned lat_count;
	lat_count = 0;
	cpufreq_set_governor("userspace");
	auto reason = r.run([&] {
		cpufreq_transition_trace = [](unsigned, unsigned, unsigned, u64 req, u64 done, int) {
			if (done > req)
				lat_count++;
		};
		cpufreq_register_driver(&fake_driver);
		hw_udelay(1000);
		cpufreq_userspace_set_speed(0, 800000);
		hw_udelay(3000);
		cpufreq_userspace_set_speed(0, 1200000);
		hw_udelay(2000);
		cpufreq_userspace_set_speed(0, 800000);
		hw_udelay(500);
		cpufreq_userspace_set_speed(0, 800000); // no change, not a transition
		t_end = hw_now_ns();
		snap = cpufreq_stats_snapshot(0, t_end, &s);
		latency_calls = lat_count;
		r.cleanup = [] { cpufreq_unregister_driver(&fake_driver); };
	});
	ASSERT_TRUE(r.done) << reason << panic_msg();
	ASSERT_EQ(snap, 0);
	ASSERT_EQ(s.state_num, 8u);
	uint64_t sum = 0;
	for (unsigned i = 0; i < s.state_num; i++)
		sum += s.time_in_state[i];
	EXPECT_EQ(sum, t_end - s.start_time);
	EXPECT_EQ(s.total_trans, 3u);
	EXPECT_EQ(s.trans_table[0][3], 1u); // 500 -> 800
	EXPECT_EQ(s.trans_table[3][7], 1u); // 800 -> 1200
	EXPECT_EQ(s.trans_table[7][3], 1u); // 1200 -> 800
	EXPECT_GE(s.time_in_state[7], 2000u * 1000);      // about 2 ms at 1200
	EXPECT_LT(s.time_in_state[7], 2600u * 1000);
	EXPECT_GE(s.time_in_state[0], 1000u * 1000);
	// Latency: at least the driver's 100 µs each, recorded per transition.
	EXPECT_EQ(s.latency_count, 3u);
	EXPECT_EQ(latency_calls, 3u);
	EXPECT_GE(s.latency_min, 100u * 1000);
	EXPECT_LT(s.latency_max, 400u * 1000);
}

// ==== governors driven by load on core 0 ================================================

// Busy from busy_from to busy_to (ns): a work item that runs in 1 ms chunks
// and re-queues itself, so the governor's work interleaves as with a kworker.
struct Load {
	static uint64_t from, to;
	static hrtimer start;
	static work_struct work;
	static void arm(uint64_t f, uint64_t t)
	{
		from = f;
		to = t;
		work.func = [](work_struct *w) {
			uint64_t end = hw_now_ns() + MS;
			while (hw_now_ns() < end && hw_now_ns() < to)
				hw_udelay(50); /* busy; see the report on hw_run */
			if (hw_now_ns() < to)
				schedule_work(w);
		};
		start.function = [](hrtimer *) { schedule_work(&work); };
		hrtimer_start(&start, from);
	}
};
uint64_t Load::from, Load::to;
hrtimer Load::start;
work_struct Load::work;

// The first trace event at or after t0 with khz (matching pred), or 0.
uint64_t first_time(uint64_t t0, std::function<bool(unsigned)> pred)
{
	for (auto &e : g_trace)
		if (e.t >= t0 && pred(e.khz))
			return e.t;
	return 0;
}

TEST(CpufreqGovernor, OndemandRisesWithinTwoPeriodsOfLoadAndFallsWhenIdle)
{
	FreqRig r(21);
	reset_fake_driver(500000);
	g_trace.clear();
	ASSERT_EQ(cpufreq_set_governor("ondemand"), 0);
	ASSERT_EQ(cpufreq_set_tunable_str("ondemand.sampling_rate=10000"), 0);
	static cpufreq_stats s;
	static uint64_t t_end;
	static unsigned samples;
	auto reason = r.run([&] {
		cpufreq_frequency_trace = trace_hook;
		cpufreq_register_driver(&fake_driver);
		Load::arm(50 * MS, 150 * MS);
		r.cleanup = [] {
			t_end = hw_now_ns();
			cpufreq_stats_snapshot(0, t_end, &s);
			samples = cpufreq_dbs_info(cpufreq_cpu_get(0)) ? 1 : 0;
			cpufreq_unregister_driver(&fake_driver);
		};
	}, 260 * MS);
	ASSERT_TRUE(r.done) << reason << panic_msg();
	EXPECT_EQ(samples, 1u);
	// Nothing above the minimum while idle before the load.
	EXPECT_EQ(first_time(0, [](unsigned k) { return k > 500000; }) >= 50 * MS, true);
	uint64_t up = first_time(50 * MS, [](unsigned k) { return k == 1200000; });
	ASSERT_NE(up, 0u) << "never reached the maximum under load";
	EXPECT_LE(up, 50 * MS + 2 * 10 * MS + MS) << "later than two sampling periods";
	// It stays at max while busy ...
	EXPECT_EQ(first_time(up, [](unsigned k) { return k < 1200000; }) >= 150 * MS, true);
	// ... and falls to the minimum once idle, within two periods.
	uint64_t down = first_time(150 * MS, [](unsigned k) { return k == 500000; });
	ASSERT_NE(down, 0u) << "never fell back when idle";
	EXPECT_LE(down, 150 * MS + 2 * 10 * MS + MS);
	EXPECT_EQ(fake_cur[0], 500000u);
	// time_in_state covers the whole life of the policy.
	uint64_t sum = 0;
	for (unsigned i = 0; i < s.state_num; i++)
		sum += s.time_in_state[i];
	EXPECT_EQ(sum, t_end - s.start_time);
	EXPECT_GE(s.time_in_state[7], 80 * MS); // most of the 100 ms busy phase
}

TEST(CpufreqGovernor, ConservativeStepsUpAndDownByFreqStep)
{
	FreqRig r(22);
	reset_fake_driver(500000);
	g_trace.clear();
	ASSERT_EQ(cpufreq_set_governor("conservative"), 0);
	ASSERT_EQ(cpufreq_set_tunable("conservative", "sampling_rate", 10000), 0);
	ASSERT_EQ(cpufreq_set_tunable("conservative", "freq_step", 10), 0); // 120 MHz of 1.2 GHz
	auto reason = r.run([&] {
		cpufreq_frequency_trace = trace_hook;
		cpufreq_register_driver(&fake_driver);
		Load::arm(20 * MS, 200 * MS);
		r.cleanup = [] { cpufreq_unregister_driver(&fake_driver); };
	}, 400 * MS);
	ASSERT_TRUE(r.done) << reason << panic_msg();
	std::vector<unsigned> upv, downv;
	for (auto &e : g_trace)
		(e.t < 200 * MS ? upv : downv).push_back(e.khz);
	// requested += 120 MHz, RELATION_H: 620->600, 740->700, 860->800,
	// 980->900, 1100, 1220->1200.
	EXPECT_EQ(upv, (std::vector<unsigned>{600000, 700000, 800000, 900000, 1100000, 1200000}));
	// requested -= 120 MHz, RELATION_L: 1080->1100, 960->1000, 840->900,
	// 720->800, 600, 480->500.
	EXPECT_EQ(downv, (std::vector<unsigned>{1100000, 1000000, 900000, 800000, 600000, 500000}));
	// One step per sampling period, not faster.
	for (size_t i = 1; i < g_trace.size() && g_trace[i].t < 200 * MS; i++)
		EXPECT_GE(g_trace[i].t - g_trace[i - 1].t, 9 * MS);
}

TEST(CpufreqGovernor, SchedutilFollowsTheSchedulersUtilisation)
{
	FreqRig r(23);
	reset_fake_driver(500000);
	g_trace.clear();
	static unsigned long util;
	util = 0;
	sched_cpu_util = [](unsigned) { return util; };
	ASSERT_EQ(cpufreq_set_governor("schedutil"), 0);
	ASSERT_EQ(cpufreq_set_tunable("schedutil", "rate_limit_us", 5000), 0);
	static unsigned f_low, f_mid, f_full;
	auto reason = r.run([&] {
		cpufreq_register_driver(&fake_driver);
		static hrtimer t1, t2, t3;
		t1.function = [](hrtimer *) { f_low = cpufreq_quick_get(0); util = 512; };
		t2.function = [](hrtimer *) { f_mid = cpufreq_quick_get(0); util = 1024; };
		t3.function = [](hrtimer *) { f_full = cpufreq_quick_get(0); };
		hrtimer_start(&t1, 30 * MS);
		hrtimer_start(&t2, 60 * MS);
		hrtimer_start(&t3, 90 * MS);
		r.cleanup = [] { cpufreq_unregister_driver(&fake_driver); };
	}, 100 * MS);
	sched_cpu_util = nullptr;
	ASSERT_TRUE(r.done) << reason << panic_msg();
	EXPECT_EQ(f_low, 500000u);
	EXPECT_EQ(f_mid, 800000u); // 1.25 * 1.2 GHz * 512/1024 = 750 MHz -> L -> 800
	EXPECT_EQ(f_full, 1200000u);
}

// ==== arm_big_little with a fake clock, TC2's OPPs ================================================

u32 g_clk[2];
std::vector<std::pair<unsigned, unsigned>> g_clk_sets;
int tc2_init_opp_table(u32 cluster, bL_opp *opps, unsigned max)
{
	for (unsigned i = 0; i < 8 && i < max; i++)
		opps[i] = {cpufreq_fake_spc_tc2_opps[cluster][i][0], cpufreq_fake_spc_tc2_opps[cluster][i][1]};
	return 8;
}
unsigned tc2_latency(u32) { return 1000000; }
int tc2_set(u32 cluster, u32 khz)
{
	g_clk_sets.push_back({cluster, khz});
	g_clk[cluster] = khz;
	return 0;
}
u32 tc2_get(u32 cluster) { return g_clk[cluster]; }
const cpufreq_arm_bL_ops tc2_fake_ops = {"tc2-fake", tc2_latency, tc2_init_opp_table, nullptr,
					 tc2_set, tc2_get};

TEST(CpufreqBigLittle, ClusterPoliciesShareTheClusterAndCountUsage)
{
	FreqRig r(31);
	g_clk[0] = 500000;
	g_clk[1] = 350000;
	g_clk_sets.clear();
	static unsigned nr, rel0, rel2, use0, use1, use_after0, use_after1;
	static u32 a15, a7;
	auto reason = r.run([&] {
		for (unsigned c = 1; c < 5; c++)
			set_cpu_online(c, true);
		bL_cpufreq_register(&tc2_fake_ops);
		nr = cpufreq_nr_policies();
		rel0 = cpufreq_cpu_get(0)->related_cpus;
		rel2 = cpufreq_cpu_get(2)->related_cpus;
		use0 = bL_cluster_usage(0);
		use1 = bL_cluster_usage(1);
		a15 = g_clk[0];
		a7 = g_clk[1];
		bL_cpufreq_unregister(&tc2_fake_ops);
		use_after0 = bL_cluster_usage(0);
		use_after1 = bL_cluster_usage(1);
	});
	ASSERT_TRUE(r.done) << reason << panic_msg();
	EXPECT_EQ(nr, 2u);
	EXPECT_EQ(rel0, 0x3u);  // both A15s
	EXPECT_EQ(rel2, 0x1cu); // the three A7s
	EXPECT_EQ(use0, 1u);
	EXPECT_EQ(use1, 1u);
	EXPECT_EQ(use_after0, 0u);
	EXPECT_EQ(use_after1, 0u);
	EXPECT_EQ(a15, 1200000u); // performance, real (not halved) frequencies
	EXPECT_EQ(a7, 1000000u);
	EXPECT_TRUE(g_switches.empty());
}

TEST(CpufreqBigLittle, IksMergedTableAndSwitchesAcrossTheBoundary)
{
	FreqRig r(32);
	g_clk[0] = 500000;
	g_clk[1] = 350000;
	g_clk_sets.clear();
	static std::vector<unsigned> merged;
	static unsigned nr_before, nr_after, big_min, little_max, use_virt;
	static std::vector<std::vector<SwitchReq>> sw;
	static std::vector<std::pair<u32, u32>> clk_at;
	merged.clear();
	sw.clear();
	clk_at.clear();
	auto reason = r.run([&] {
		set_cpu_online(1, true); // the switcher keeps one CPU per pair: the A15s
		bL_cpufreq_register(&tc2_fake_ops);
		nr_before = cpufreq_nr_policies();
		cpufreq_set_governor("userspace");
		bL_cpufreq_switcher_notify(true); // the switcher enabled: rebuild per CPU
		nr_after = cpufreq_nr_policies();
		use_virt = bL_cluster_usage(MAX_CLUSTERS);
		const cpufreq_frequency_table *t = bL_freq_table(MAX_CLUSTERS);
		for (; t && t->frequency != CPUFREQ_TABLE_END; t++)
			merged.push_back(t->frequency);
		big_min = bL_clk_big_min();
		little_max = bL_clk_little_max();
		auto step = [](unsigned cpu, unsigned khz) {
			g_switches.clear();
			cpufreq_userspace_set_speed(cpu, khz);
			sw.push_back(g_switches);
			clk_at.push_back({g_clk[0], g_clk[1]});
		};
		step(0, 300000);  // below the A15's 500: cpu0 to the A7 at 600 MHz
		step(1, 175000);  // cpu1 too; the A7 stays at the higher request
		step(1, 500000);  // 500 is the A7's top (1000/2): no switch
		step(0, 1000000); // above the A7's 500: cpu0 back to the A15
		step(0, 500000);  // on the A15, 500 is its own OPP: no switch
		r.cleanup = [] { bL_cpufreq_unregister(&tc2_fake_ops); };
	});
	ASSERT_TRUE(r.done) << reason << panic_msg();
	EXPECT_EQ(nr_before, 1u);
	EXPECT_EQ(nr_after, 2u);
	EXPECT_EQ(use_virt, 2u);
	EXPECT_EQ(merged, (std::vector<unsigned>{500000, 600000, 700000, 800000, 900000, 1000000,
						 1100000, 1200000, 175000, 200000, 250000, 300000,
						 350000, 400000, 450000, 500000}));
	EXPECT_EQ(big_min, 500000u);
	EXPECT_EQ(little_max, 500000u);
	ASSERT_EQ(sw.size(), 5u);
	ASSERT_EQ(sw[0].size(), 1u);
	EXPECT_EQ(sw[0][0].cpu, 0u);
	EXPECT_EQ(sw[0][0].cluster, 1u);
	EXPECT_EQ(clk_at[0].second, 600000u);  // ACTUAL_FREQ(A7, 300000)
	EXPECT_EQ(clk_at[0].first, 1200000u);  // cpu1 still asks 1.2 GHz of the A15
	ASSERT_EQ(sw[1].size(), 1u);
	EXPECT_EQ(sw[1][0].cpu, 1u);
	EXPECT_EQ(sw[1][0].cluster, 1u);
	EXPECT_EQ(clk_at[1].second, 600000u);  // max(300, 175) * 2
	EXPECT_TRUE(sw[2].empty());
	EXPECT_EQ(clk_at[2].second, 1000000u); // max(300, 500) * 2
	ASSERT_EQ(sw[3].size(), 1u);
	EXPECT_EQ(sw[3][0].cpu, 0u);
	EXPECT_EQ(sw[3][0].cluster, 0u);
	EXPECT_EQ(clk_at[3].first, 1000000u);
	EXPECT_EQ(clk_at[3].second, 1000000u); // cpu1 alone on the A7 at 500 virtual
	EXPECT_TRUE(sw[4].empty());
	EXPECT_EQ(clk_at[4].first, 500000u);
	EXPECT_EQ(bL_cpu_physical_cluster(0), 0u);
	EXPECT_EQ(bL_cpu_physical_cluster(1), 1u);
}

// ==== the TC2 SPC path: COMMS, PERF_LVL, the SPC interrupt ==========================================

TEST(CpufreqSpc, OppsFromCommsAndPerfLevelCompletesOnTheInterrupt)
{
	FreqRig r(41);
	cpufreq_fake_spc_install(4, 300); // A7 cpu2 plays the SPC's microcontroller
	static int clk_init, drv_init, timeout_ret;
	static unsigned n0, n1, comms;
	static u32 f0, v0, f7, f1_7;
	static uint32_t perf_a15;
	static cpufreq_stats s;
	static uint64_t timeout_took;
	static unsigned cur_after_timeout;
	auto reason = r.run([&] {
		ve_spc_init(FAKE_SPC_BASE, 0, FAKE_SCC_IRQ);
		clk_init = ve_spc_clk_init();
		n0 = ve_spc_num_opps(0);
		n1 = ve_spc_num_opps(1);
		comms = cpufreq_fake_spc_comms_requests();
		ve_spc_opp(0, 0, &f0, &v0);
		ve_spc_opp(0, 7, &f7, &v0);
		ve_spc_opp(1, 7, &f1_7, &v0);
		set_cpu_online(1, true);
		drv_init = ve_spc_cpufreq_init(); // performance: A15 to 1.2 GHz
		perf_a15 = fake_hw_spc_reg(PERF_LVL_A15);
		cpufreq_stats_snapshot(0, hw_now_ns(), &s);
		cpufreq_fake_spc_set_mute(true);
		uint64_t t0 = hw_now_ns();
		timeout_ret = cpufreq_driver_target(cpufreq_cpu_get(0), 500000, CPUFREQ_RELATION_L);
		timeout_took = hw_now_ns() - t0;
		cur_after_timeout = cpufreq_quick_get(0);
		r.cleanup = [] { ve_spc_cpufreq_exit(); };
	});
	ASSERT_TRUE(r.done) << reason << panic_msg();
	EXPECT_EQ(clk_init, 0);
	EXPECT_EQ(n0, 8u);
	EXPECT_EQ(n1, 8u);
	EXPECT_EQ(comms, 16u);
	EXPECT_EQ(f0, 500000u);
	EXPECT_EQ(f7, 1200000u);
	EXPECT_EQ(f1_7, 1000000u);
	EXPECT_EQ(drv_init, 0);
	EXPECT_EQ(perf_a15, 7u);
	EXPECT_EQ(cpufreq_fake_spc_perf_requests(0), 2u);
	// request -> POSTCHANGE: the SPC's 300 µs, within the declared 1 ms.
	EXPECT_EQ(s.latency_count, 1u);
	EXPECT_GE(s.latency_last, 300u * 1000);
	EXPECT_LT(s.latency_last, 1000u * 1000);
	// A mute SPC: the driver gives up after 20 ms; cur stays.
	EXPECT_EQ(timeout_ret, -ETIMEDOUT);
	EXPECT_GE(timeout_took, 20 * MS);
	EXPECT_LT(timeout_took, 22 * MS);
	EXPECT_EQ(cur_after_timeout, 1200000u);
}

// ==== the DT parser ====================================================================================

struct DtCpu {
	std::vector<uint32_t> opps;  // operating-points pairs
	int latency = -1;             // clock-latency, -1: none
	bool v2 = false;
	std::vector<std::pair<uint64_t, uint32_t>> v2opps;
	int v2_latency = -1;
	uint32_t reg_max = 0;         // cpu-supply regulator-max-microvolt
};

std::vector<char> build_dt(const DtCpu &big, const DtCpu &little)
{
	std::vector<char> b(8192);
	void *f = b.data();
	fdt_create(f, (int)b.size());
	fdt_finish_reservemap(f);
	fdt_begin_node(f, "");
	fdt_begin_node(f, "cpus");
	fdt_property_u32(f, "#address-cells", 1);
	fdt_property_u32(f, "#size-cells", 0);
	const DtCpu *cpus[2] = {&big, &little};
	for (int c = 0; c < 2; c++) {
		const DtCpu &d = *cpus[c];
		fdt_begin_node(f, c ? "cpu@100" : "cpu@0");
		fdt_property_string(f, "device_type", "cpu");
		fdt_property_u32(f, "reg", c ? 0x100 : 0);
		if (!d.opps.empty()) {
			std::vector<fdt32_t> cells;
			for (auto v : d.opps)
				cells.push_back(cpu_to_fdt32(v));
			fdt_property(f, "operating-points", cells.data(), (int)(cells.size() * 4));
		}
		if (d.v2)
			fdt_property_u32(f, "operating-points-v2", 10 + c);
		if (d.latency >= 0)
			fdt_property_u32(f, "clock-latency", (uint32_t)d.latency);
		if (d.reg_max)
			fdt_property_u32(f, "cpu-supply", 20 + c);
		fdt_end_node(f);
	}
	fdt_end_node(f);
	for (int c = 0; c < 2; c++) {
		const DtCpu &d = *cpus[c];
		if (d.v2) {
			fdt_begin_node(f, c ? "opp-table-1" : "opp-table-0");
			fdt_property_string(f, "compatible", "operating-points-v2");
			fdt_property(f, "opp-shared", nullptr, 0);
			fdt_property_u32(f, "phandle", 10 + c);
			for (auto &o : d.v2opps) {
				std::string n = "opp-" + std::to_string(o.first);
				fdt_begin_node(f, n.c_str());
				fdt_property_u64(f, "opp-hz", o.first);
				fdt_property_u32(f, "opp-microvolt", o.second);
				if (d.v2_latency >= 0)
					fdt_property_u32(f, "clock-latency-ns", (uint32_t)d.v2_latency);
				fdt_end_node(f);
			}
			fdt_end_node(f);
		}
		if (d.reg_max) {
			fdt_begin_node(f, c ? "regulator-1" : "regulator-0");
			fdt_property_u32(f, "regulator-min-microvolt", 800000);
			fdt_property_u32(f, "regulator-max-microvolt", d.reg_max);
			fdt_property_u32(f, "phandle", 20 + c);
			fdt_end_node(f);
		}
	}
	fdt_end_node(f);
	fdt_finish(f);
	return b;
}

int read0(const std::vector<char> &dt, bL_opp *o, unsigned *lat)
{
	return bL_dt_read_cluster_opps(dt.data(), 0, o, BL_MAX_OPPS, lat);
}

TEST(CpufreqDt, OperatingPointsAndClockLatencyAreRead)
{
	DtCpu big{{500000, 900000, 600000, 925000, 700000, 950000}, 140000};
	DtCpu little{{350000, 900000, 1000000, 1050000}, 140000};
	auto dt = build_dt(big, little);
	bL_opp o[BL_MAX_OPPS];
	unsigned lat = 0;
	ASSERT_EQ(read0(dt, o, &lat), 3);
	EXPECT_EQ(o[2].khz, 700000u);
	EXPECT_EQ(o[2].uv, 950000u);
	EXPECT_EQ(lat, 140000u);
	EXPECT_EQ(bL_dt_read_cluster_opps(dt.data(), 1, o, BL_MAX_OPPS, &lat), 2);
	EXPECT_EQ(o[1].khz, 1000000u);
}

TEST(CpufreqDt, OperatingPointsV2ExynosStyleLoads)
{
	DtCpu big;
	big.v2 = true;
	big.v2opps = {{200000000, 900000}, {1000000000, 1000000}, {2000000000ull, 1312500}};
	big.v2_latency = 140000;
	DtCpu little = big;
	auto dt = build_dt(big, little);
	bL_opp o[BL_MAX_OPPS];
	unsigned lat = 0;
	ASSERT_EQ(read0(dt, o, &lat), 3);
	EXPECT_EQ(o[0].khz, 200000u);
	EXPECT_EQ(o[2].khz, 2000000u);
	EXPECT_EQ(o[2].uv, 1312500u);
	EXPECT_EQ(lat, 140000u);
}

TEST(CpufreqDt, BadTablesAreRefusedWithAnErrorCode)
{
	bL_opp o[BL_MAX_OPPS];
	unsigned lat;
	DtCpu ok{{500000, 900000, 600000, 925000}, 140000};
	DtCpu unsorted{{600000, 925000, 500000, 900000}, 140000};
	EXPECT_EQ(read0(build_dt(unsorted, ok), o, &lat), -EINVAL);
	DtCpu dup{{500000, 900000, 500000, 925000}, 140000};
	EXPECT_EQ(read0(build_dt(dup, ok), o, &lat), -EEXIST);
	DtCpu zero_lat{{500000, 900000}, 0};
	EXPECT_EQ(read0(build_dt(zero_lat, ok), o, &lat), -EINVAL);
	DtCpu odd{{500000, 900000, 600000}, 140000};
	EXPECT_EQ(read0(build_dt(odd, ok), o, &lat), -EINVAL);
	DtCpu v2_high;
	v2_high.v2 = true;
	v2_high.v2opps = {{500000000, 1000000}, {1800000000, 1250000}};
	v2_high.v2_latency = 140000;
	v2_high.reg_max = 1200000;
	EXPECT_EQ(read0(build_dt(v2_high, ok), o, &lat), -EINVAL);
	v2_high.reg_max = 1300000; // within range: fine
	EXPECT_EQ(read0(build_dt(v2_high, ok), o, &lat), 2);
	DtCpu v2_zero = v2_high;
	v2_zero.v2_latency = 0;
	EXPECT_EQ(read0(build_dt(v2_zero, ok), o, &lat), -EINVAL);
	// The probe validates before registering anything.
	EXPECT_EQ(bL_dt_cpufreq_init(build_dt(ok, dup).data()), -EEXIST);
	DtCpu none;
	EXPECT_EQ(bL_dt_cpufreq_init(build_dt(none, none).data()), -ENODEV);
	// No clock-latency at all: upstream's CPUFREQ_ETERNAL, not an error.
	DtCpu no_lat{{500000, 900000}, -1};
	EXPECT_EQ(read0(build_dt(no_lat, ok), o, &lat), 1);
	EXPECT_EQ(lat, CPUFREQ_ETERNAL);
}

} // namespace

// dbs_update after a window much longer than the sampling period (the CPU
// sat idle, and something just woke it): the previous window's load is
// used once, then cleared, so the next long window is measured; windows of
// normal length are always measured.
TEST(CpufreqGovernor, DbsReusesThePreviousLoadOnceAfterALongWindow)
{
	FreqRig r(23);
	static unsigned loads[4], prev_after[4];
	auto reason = r.run([&] {
		static cpufreq_policy policy{};
		static unsigned rate_us = 10000;
		static dbs_governor gov{};
		static policy_dbs_info pd{};
		policy.related_cpus = 1u;
		gov.sampling_rate_us = &rate_us;
		pd.policy = &policy;
		pd.gov = &gov;
		pd.rate_mult = 1;
		auto window = [&](unsigned i, uint64_t ns) {
			// A busy window of ns: no idle time in it (the code runs).
			u64 wall;
			pd.prev_idle[0] = get_cpu_idle_time_ns(0, &wall);
			pd.prev_wall[0] = wall;
			hw_udelay(ns / 1000);
			loads[i] = dbs_update(&pd);
			prev_after[i] = pd.prev_load[0];
		};
		pd.prev_load[0] = 37;
		window(0, 60 * MS);  // long: 37 reused, then cleared
		window(1, 60 * MS);  // long again, nothing to reuse: measured
		window(2, 5 * MS);   // normal: measured
		pd.prev_load[0] = 37;
		window(3, 15 * MS);  // under two periods: measured
	});
	ASSERT_TRUE(r.done) << reason << panic_msg();
	EXPECT_EQ(loads[0], 37u);
	EXPECT_EQ(prev_after[0], 0u);
	EXPECT_EQ(loads[1], 100u);
	EXPECT_EQ(prev_after[1], 100u);
	EXPECT_EQ(loads[2], 100u);
	EXPECT_EQ(loads[3], 100u);
}
