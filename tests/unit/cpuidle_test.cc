// SPDX-License-Identifier: GPL-2.0-only
// cpuidle_test.cc - the cpuidle core, menu and ladder, the big.LITTLE driver
// with DT idle states, cpu_pm notifiers, on the fake machine.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "mcpm_rig.h"

extern "C" {
#include <libfdt.h>

#include "linux/cpu_pm.h"
#include "linux/cpuidle.h"
#include "linux/tick.h"
}
#undef min
#undef max

using namespace mcpm_rig;

namespace {

void reset_cpuidle()
{
	cpuidle_reset_for_test();
	bl_idle_reset_for_test();
	cpu_pm_reset_for_test();
}

// ---- a TC2-like DT with idle states, built with libfdt -------------------

struct DtOpts {
	bool with_states = true;
	bool little_exit = true;        // exit-latency-us present
	bool little_min_res = true;     // min-residency-us present
	uint32_t little_exit_us = 500, little_min_us = 2500;
	const char *little_compat = "arm,idle-state";
};

void prop_u32(void *fdt, const char *name, uint32_t v)
{
	ASSERT_EQ(fdt_property_u32(fdt, name, v), 0);
}

std::vector<char> build_dt(const DtOpts &o)
{
	std::vector<char> buf(16384);
	void *fdt = buf.data();
	fdt_create(fdt, (int)buf.size());
	fdt_finish_reservemap(fdt);
	fdt_begin_node(fdt, "");
	fdt_property_string(fdt, "compatible", "arm,vexpress,v2p-ca15_a7");
	fdt_begin_node(fdt, "cpus");
	prop_u32(fdt, "#address-cells", 1);
	prop_u32(fdt, "#size-cells", 0);
	const uint32_t mpidr[5] = {0x000, 0x001, 0x100, 0x101, 0x102};
	for (int i = 0; i < 5; i++) {
		std::string name = "cpu@" + std::to_string(i);
		fdt_begin_node(fdt, name.c_str());
		fdt_property_string(fdt, "device_type", "cpu");
		fdt_property_string(fdt, "compatible", i < 2 ? "arm,cortex-a15" : "arm,cortex-a7");
		prop_u32(fdt, "reg", mpidr[i]);
		if (o.with_states)
			prop_u32(fdt, "cpu-idle-states", i < 2 ? 0x10 : 0x11);
		fdt_end_node(fdt);
	}
	if (o.with_states) {
		fdt_begin_node(fdt, "idle-states");
		fdt_begin_node(fdt, "cluster-sleep-big");
		fdt_property_string(fdt, "compatible", "arm,idle-state");
		fdt_property(fdt, "local-timer-stop", nullptr, 0);
		prop_u32(fdt, "entry-latency-us", 1000);
		prop_u32(fdt, "exit-latency-us", 700);
		prop_u32(fdt, "min-residency-us", 2000);
		prop_u32(fdt, "phandle", 0x10);
		fdt_end_node(fdt);
		fdt_begin_node(fdt, "cluster-sleep-little");
		fdt_property_string(fdt, "compatible", o.little_compat);
		fdt_property(fdt, "local-timer-stop", nullptr, 0);
		prop_u32(fdt, "entry-latency-us", 1000);
		if (o.little_exit)
			prop_u32(fdt, "exit-latency-us", o.little_exit_us);
		if (o.little_min_res)
			prop_u32(fdt, "min-residency-us", o.little_min_us);
		prop_u32(fdt, "phandle", 0x11);
		fdt_end_node(fdt);
		fdt_end_node(fdt);
	}
	fdt_end_node(fdt);
	fdt_end_node(fdt);
	fdt_finish(fdt);
	return buf;
}

// Nothing of cpuidle registered on any CPU.
void expect_nothing_registered()
{
	for (unsigned cpu = 0; cpu < NR_CPUS; cpu++) {
		EXPECT_EQ(cpuidle_driver_of_cpu(cpu), nullptr) << "cpu" << cpu;
		EXPECT_FALSE(cpuidle_device_of_cpu(cpu)->registered) << "cpu" << cpu;
	}
	EXPECT_EQ(bl_idle_big_driver_get(), nullptr);
	EXPECT_EQ(bl_idle_little_driver_get(), nullptr);
}

// ---- a test governor that picks a given state ----------------------------

volatile int forced_state = 0;
int fixed_select(cpuidle_driver *, cpuidle_device *, bool *stop_tick)
{
	*stop_tick = true;
	return forced_state;
}
cpuidle_governor fixed_gov = [] {
	cpuidle_governor g{};
	snprintf(g.name, sizeof(g.name), "fixed");
	g.rating = 1;
	g.select = fixed_select;
	return g;
}();

// ---- a test driver (WFI + a C1 like the A7's built-in one) ---------------

int fake_enter(cpuidle_device *, cpuidle_driver *, int index) { return index; }

cpuidle_driver make_test_driver(const char *name, uint32_t mask)
{
	cpuidle_driver d{};
	d.name = name;
	d.state_count = 2;
	snprintf(d.states[0].name, CPUIDLE_NAME_LEN, "WFI");
	d.states[0].exit_latency = 1;
	d.states[0].target_residency = 1;
	d.states[0].enter = fake_enter;
	snprintf(d.states[1].name, CPUIDLE_NAME_LEN, "C1");
	d.states[1].exit_latency = 700;
	d.states[1].target_residency = 2500;
	d.states[1].flags = CPUIDLE_FLAG_TIMER_STOP;
	d.states[1].enter = fake_enter;
	d.cpumask = mask;
	return d;
}

// Run fn on core 0 of a bare fake machine (no MCPM), IRQs masked.
void on_core0(std::function<void()> fn, uint64_t seed = 1)
{
	static std::function<void()> body;
	body = std::move(fn);
	reset_cpuidle();
	mcpm_reset_for_test();
	fake_hw_config cfg;
	fake_hw_default_config(&cfg);
	cfg.seed = seed;
	fake_hw_create(&cfg);
	fake_kernel_init_identity();
	fake_hw_start_core(0, [](void *) {
		arch_local_irq_disable();
		set_cpu_online(0, true);
		body();
	}, nullptr, true);
	fake_hw_run(60ull * 1000000000ull);
	ASSERT_EQ(fake_hw_panic_message(), nullptr) << fake_hw_panic_message();
	fake_hw_destroy();
}

// One governor round on cpu0: the next timer in next_us, then the idle
// period really lasted measured_us (reflected as WFI entered, so menu's
// exit-latency deduction is 1 us). Returns the state selected.
hrtimer g_timer;
int round_trip(cpuidle_driver *drv, unsigned next_us, int measured_us)
{
	cpuidle_device *dev = cpuidle_device_of_cpu(0);
	g_timer.function = [](hrtimer *) {};
	hrtimer_start(&g_timer, ktime_get_ns() + next_us * 1000ull);
	int idx = cpuidle_select(drv, dev, nullptr);
	hrtimer_cancel(&g_timer);
	dev->last_residency = measured_us;
	cpuidle_reflect(dev, 0);
	return idx;
}

// Select only (no reflect): what the governor would pick now.
int pick(cpuidle_driver *drv, unsigned next_us)
{
	cpuidle_device *dev = cpuidle_device_of_cpu(0);
	g_timer.function = [](hrtimer *) {};
	hrtimer_start(&g_timer, ktime_get_ns() + next_us * 1000ull);
	int idx = cpuidle_select(drv, dev, nullptr);
	hrtimer_cancel(&g_timer);
	return idx;
}

const char *panic_msg() { return fake_hw_panic_message() ? fake_hw_panic_message() : ""; }

} // namespace

// ---- registration ---------------------------------------------------------

TEST(CpuidleDriver, BigLittleDriversPerCpuFromTheDt)
{
	reset_cpuidle();
	Rig r(11);
	auto dt = build_dt(DtOpts{});
	int ret = -1;
	std::string dump;
	r.run([&] {
		init_ladder();
		init_menu();
		ret = bl_idle_init(dt.data());
		char buf[8192];
		cpuidle_sysfs_dump(buf, sizeof(buf));
		dump = buf;
	});
	ASSERT_EQ(ret, 0) << panic_msg();
	ASSERT_NE(cpuidle_driver_of_cpu(0), nullptr);
	ASSERT_NE(cpuidle_driver_of_cpu(2), nullptr);
	EXPECT_STREQ(cpuidle_driver_of_cpu(0)->name, "big_idle");
	EXPECT_STREQ(cpuidle_driver_of_cpu(1)->name, "big_idle");
	EXPECT_STREQ(cpuidle_driver_of_cpu(2)->name, "little_idle");
	EXPECT_STREQ(cpuidle_driver_of_cpu(4)->name, "little_idle");
	EXPECT_EQ(cpuidle_driver_of_cpu(5), nullptr);
	EXPECT_EQ(bl_idle_big_driver_get()->cpumask, 0x03u);
	EXPECT_EQ(bl_idle_little_driver_get()->cpumask, 0x1cu);
	// DT states: no wakeup-latency-us, so exit latency = entry + exit.
	const cpuidle_driver *little = bl_idle_little_driver_get();
	ASSERT_EQ(little->state_count, 2);
	EXPECT_STREQ(little->states[0].name, "WFI");
	// CPUIDLE_NAME_LEN is 16 as upstream: the node name is cut, desc keeps it.
	EXPECT_STREQ(little->states[1].name, "cluster-sleep-l");
	EXPECT_STREQ(little->states[1].desc, "cluster-sleep-little");
	EXPECT_EQ(little->states[1].exit_latency, 1500u);
	EXPECT_EQ(little->states[1].target_residency, 2500u);
	EXPECT_TRUE(little->states[1].flags & CPUIDLE_FLAG_TIMER_STOP);
	EXPECT_EQ(bl_idle_big_driver_get()->states[1].exit_latency, 1700u);
	EXPECT_EQ(bl_idle_big_driver_get()->states[1].target_residency, 2000u);
	// Each registered device holds a reference on its driver.
	EXPECT_EQ(little->refcnt, 3u);
	EXPECT_EQ(bl_idle_big_driver_get()->refcnt, 2u);
	EXPECT_NE(dump.find("cpuidle/current_governor = menu\n"), std::string::npos) << dump;
	EXPECT_NE(dump.find("cpu0/cpuidle/driver/name = big_idle\n"), std::string::npos) << dump;
	EXPECT_NE(dump.find("cpu2/cpuidle/driver/name = little_idle\n"), std::string::npos) << dump;
	EXPECT_NE(dump.find("cpu2/cpuidle/state1/desc = cluster-sleep-little\n"), std::string::npos);
	EXPECT_NE(dump.find("cpu2/cpuidle/state1/latency = 1500\n"), std::string::npos);
	EXPECT_NE(dump.find("cpu0/cpuidle/state1/residency = 2000\n"), std::string::npos);
	EXPECT_NE(dump.find("cpu4/cpuidle/state0/usage = 0\n"), std::string::npos);
	EXPECT_EQ(dump.find("cpu5/"), std::string::npos);
	cpuidle_cpu_stats st;
	ASSERT_EQ(cpuidle_get_cpu_stats(3, &st), 0);
	EXPECT_STREQ(st.driver, "little_idle");
	EXPECT_EQ(st.states[1].residency_us, 2500u);
	EXPECT_EQ(cpuidle_get_cpu_stats(5, &st), -ENODEV);
}

TEST(CpuidleDriver, BuiltInTableWithAWarningWhenTheDtHasNoStates)
{
	reset_cpuidle();
	Rig r(12);
	DtOpts o;
	o.with_states = false;
	auto dt = build_dt(o);
	int ret = -1;
	testing::internal::CaptureStderr();
	r.run([&] { init_menu(); ret = bl_idle_init(dt.data()); });
	std::string err = testing::internal::GetCapturedStderr();
	ASSERT_EQ(ret, 0) << panic_msg();
	const cpuidle_driver *big = bl_idle_big_driver_get(), *little = bl_idle_little_driver_get();
	EXPECT_STREQ(big->states[1].name, "C1");
	EXPECT_EQ(big->states[1].exit_latency, 500u);
	EXPECT_EQ(big->states[1].target_residency, 2000u);
	EXPECT_EQ(little->states[1].exit_latency, 700u);
	EXPECT_EQ(little->states[1].target_residency, 2500u);
	EXPECT_NE(err.find("little_idle: no DT idle states"), std::string::npos) << err;
	EXPECT_NE(err.find("big_idle: no DT idle states"), std::string::npos) << err;
}

TEST(CpuidleDriver, SecondDriverOnACpuIsBusyAndChangesNothing)
{
	reset_cpuidle();
	Rig r(13);
	auto dt = build_dt(DtOpts{});
	cpuidle_driver other = make_test_driver("other", 0x04); // cpu2: little's
	cpuidle_driver spare = make_test_driver("spare", 0);
	int init = -1, reg = 0, reg_cpu = 0, reg_free = -1, reg_free_again = -1;
	r.run([&] {
		init_menu();
		init = bl_idle_init(dt.data());
		reg = cpuidle_register_driver(&other);
		reg_cpu = cpuidle_register_cpu_driver(&spare, 3);
		other.cpumask = 0x24; // cpu2 busy, cpu5 free: all or nothing
		reg_free = cpuidle_register_driver(&other);
		reg_free_again = cpuidle_register(&spare, nullptr); // all possible CPUs: busy
	});
	ASSERT_EQ(init, 0) << panic_msg();
	EXPECT_EQ(reg, -EBUSY);
	EXPECT_EQ(reg_cpu, -EBUSY);
	EXPECT_EQ(reg_free, -EBUSY);
	EXPECT_EQ(reg_free_again, -EBUSY);
	EXPECT_EQ(cpuidle_driver_of_cpu(5), nullptr); // not half-registered
	EXPECT_STREQ(cpuidle_driver_of_cpu(2)->name, "little_idle");
	EXPECT_STREQ(cpuidle_driver_of_cpu(3)->name, "little_idle");
	EXPECT_EQ(spare.cpumask, 0u);
}

TEST(CpuidleDriver, UnregisterInUseIsBusyUntilTheDevicesAreGone)
{
	reset_cpuidle();
	Rig r(14);
	auto dt = build_dt(DtOpts{});
	int init = -1, busy = 0, after_ref = 0, gone = -1, per_cpu_busy = 0;
	bool still_there = false;
	r.run([&] {
		init_menu();
		init = bl_idle_init(dt.data());
		cpuidle_driver *little = bl_idle_little_driver_get();
		busy = cpuidle_unregister_driver(little);
		still_there = cpuidle_driver_of_cpu(2) == little;
		per_cpu_busy = cpuidle_unregister_cpu_driver(little, 2);
		// cpuidle_driver_ref() on cpu0 (big) keeps big in use without devices.
		cpuidle_driver *big = cpuidle_driver_ref();
		for (unsigned c = 0; c < 2; c++)
			cpuidle_unregister_device(cpuidle_device_of_cpu(c));
		after_ref = cpuidle_unregister_driver(big);
		cpuidle_driver_unref();
		gone = cpuidle_unregister_driver(big);
	});
	ASSERT_EQ(init, 0) << panic_msg();
	EXPECT_EQ(busy, -EBUSY);
	EXPECT_TRUE(still_there);
	EXPECT_EQ(per_cpu_busy, -EBUSY);
	EXPECT_EQ(after_ref, -EBUSY);
	EXPECT_EQ(gone, 0);
	EXPECT_EQ(cpuidle_driver_of_cpu(0), nullptr);
	EXPECT_STREQ(cpuidle_driver_of_cpu(2)->name, "little_idle");
}

TEST(CpuidleDriver, PerCpuRegistrationApi)
{
	on_core0([] {
		cpuidle_driver a = make_test_driver("a", 0);
		cpuidle_driver empty = make_test_driver("empty", 0);
		empty.state_count = 0;
		EXPECT_EQ(cpuidle_register_cpu_driver(&a, 1), 0);
		EXPECT_EQ(cpuidle_register_cpu_driver(&a, 3), 0);
		EXPECT_EQ(a.cpumask, 0x0au);
		EXPECT_EQ(cpuidle_driver_of_cpu(3), &a);
		EXPECT_EQ(cpuidle_register_cpu_driver(&empty, 0), -EINVAL);
		EXPECT_EQ(cpuidle_register_driver(&empty), -EINVAL);
		EXPECT_EQ(cpuidle_unregister_cpu_driver(&a, 1), 0);
		EXPECT_EQ(cpuidle_driver_of_cpu(1), nullptr);
		EXPECT_EQ(cpuidle_unregister_cpu_driver(&a, 1), -EINVAL);
		EXPECT_EQ(a.cpumask, 0x08u);
	});
}

// ---- DT errors: the upstream code, a message naming node and property, and
// nothing registered ---------------------------------------------------------

struct DtErrCase {
	const char *what;
	DtOpts opts;
	const char *message;
};

static void run_dt_error(const DtErrCase &c, uint64_t seed)
{
	reset_cpuidle();
	Rig r(seed);
	auto dt = build_dt(c.opts);
	int ret = 0;
	testing::internal::CaptureStderr();
	r.run([&] { init_menu(); ret = bl_idle_init(dt.data()); });
	std::string err = testing::internal::GetCapturedStderr();
	EXPECT_EQ(ret, -EINVAL) << c.what << " " << panic_msg();
	EXPECT_NE(err.find(c.message), std::string::npos) << c.what << ": " << err;
	expect_nothing_registered();
}

TEST(CpuidleDt, MissingExitLatencyIsEinvalAndNothingRegistered)
{
	DtErrCase c{"no exit-latency-us", {}, "/cpus/idle-states/cluster-sleep-little: missing property exit-latency-us"};
	c.opts.little_exit = false;
	run_dt_error(c, 21);
}

TEST(CpuidleDt, MissingMinResidencyIsEinvalAndNothingRegistered)
{
	DtErrCase c{"no min-residency-us", {}, "/cpus/idle-states/cluster-sleep-little: missing property min-residency-us"};
	c.opts.little_min_res = false;
	run_dt_error(c, 22);
}

TEST(CpuidleDt, ExitLatencyAboveMinResidencyIsEinval)
{
	DtErrCase c{"exit > residency", {},
		    "cluster-sleep-little: property exit-latency-us (3000) is above min-residency-us (2500)"};
	c.opts.little_exit_us = 3000;
	run_dt_error(c, 23);
}

TEST(CpuidleDt, UnknownCompatibleIsEinval)
{
	DtErrCase c{"compatible", {},
		    "cluster-sleep-little: property compatible = \"acme,nap-state\" is not a known idle state"};
	c.opts.little_compat = "acme,nap-state";
	run_dt_error(c, 24);
}

TEST(CpuidleDt, NotThisMachineOrNoMcpm)
{
	int ret = 0;
	on_core0([&] {
		auto dt = build_dt(DtOpts{});
		ret = bl_idle_init(dt.data()); // MCPM is not registered on this machine
	});
	EXPECT_EQ(ret, -49); // -EUNATCH
	expect_nothing_registered();
	reset_cpuidle();
	Rig r(25);
	std::vector<char> dt = build_dt(DtOpts{});
	fdt_open_into(dt.data(), dt.data(), (int)dt.size());
	fdt_setprop_string(dt.data(), 0, "compatible", "acme,board");
	r.run([&] { ret = bl_idle_init(dt.data()); });
	EXPECT_EQ(ret, -ENODEV);
	expect_nothing_registered();
}

// ---- governors --------------------------------------------------------------

TEST(CpuidleGovernor, MenuIsDefaultAndSwitchByName)
{
	on_core0([] {
		cpuidle_driver d = make_test_driver("t", 0x1);
		ASSERT_EQ(cpuidle_register(&d, nullptr), 0);
		EXPECT_EQ(init_ladder(), 0);
		EXPECT_STREQ(cpuidle_curr_governor->name, "ladder");
		EXPECT_EQ(init_menu(), 0);
		EXPECT_STREQ(cpuidle_curr_governor->name, "menu"); // rating 20 > 10
		EXPECT_EQ(init_menu(), -EEXIST);
		EXPECT_EQ(cpuidle_switch_governor_by_name("ladder"), 0);
		EXPECT_STREQ(cpuidle_curr_governor->name, "ladder");
		EXPECT_EQ(cpuidle_switch_governor_by_name("teo"), -EINVAL);
		EXPECT_STREQ(cpuidle_curr_governor->name, "ladder");
		EXPECT_TRUE(cpuidle_device_of_cpu(0)->enabled);
	});
}

TEST(CpuidleMenu, WfiForShortSleepsClusterSleepForLongOnes)
{
	on_core0([] {
		cpuidle_driver d = make_test_driver("t", 0x1);
		ASSERT_EQ(cpuidle_register(&d, nullptr), 0);
		init_menu();
		// No history yet: the interval detector sees 8 zero intervals and
		// predicts 0, so menu starts in WFI whatever the timer says.
		EXPECT_EQ(round_trip(&d, 50000, 20000), 0);
		for (int i = 0; i < 8; i++)
			round_trip(&d, 20000, 20000);
		EXPECT_EQ(pick(&d, 50000), 1);  // long sleep: cluster-sleep
		EXPECT_EQ(pick(&d, 2400), 0);   // sooner than the 2500 us target residency
		EXPECT_EQ(pick(&d, 1000), 0);
		EXPECT_EQ(pick(&d, 2700), 1);
	});
}

TEST(CpuidleMenu, LatencyRequirementForbidsTheDeepState)
{
	on_core0([] {
		cpuidle_driver d = make_test_driver("t", 0x1);
		ASSERT_EQ(cpuidle_register(&d, nullptr), 0);
		init_menu();
		for (int i = 0; i < 8; i++)
			round_trip(&d, 20000, 20000);
		EXPECT_EQ(pick(&d, 50000), 1);
		pm_qos_set_cpu_dma_latency(699); // below C1's 700 us exit latency
		EXPECT_EQ(pick(&d, 50000), 0);
		pm_qos_cpu_dma_latency_us = 700;
		EXPECT_EQ(pick(&d, 50000), 1);
		pm_qos_cpu_dma_latency_us = 0;
		EXPECT_EQ(pick(&d, 50000), 0);
		pm_qos_set_cpu_dma_latency(-1); // back to the default: no limit
		EXPECT_EQ(pick(&d, 50000), 1);
	});
}

TEST(CpuidleMenu, RepeatingIntervalOverridesAFarTimer)
{
	on_core0([] {
		cpuidle_driver d = make_test_driver("t", 0x1);
		ASSERT_EQ(cpuidle_register(&d, nullptr), 0);
		init_menu();
		// Woken every ~800 us by something other than the timer.
		for (int i = 0; i < 8; i++)
			round_trip(&d, 100000, 800 + (i % 2) * 10);
		EXPECT_EQ(pick(&d, 100000), 0);
		// The pattern breaks (long, spread-out sleeps): back to the timer.
		const unsigned v[8] = {3000, 9000, 27000, 45000, 6000, 15000, 36000, 60000};
		for (unsigned x : v)
			round_trip(&d, x, (int)x);
		EXPECT_EQ(pick(&d, 100000), 1);
	});
}

// Same next timer, different history: the correction factor of the bucket
// learns that idle periods end long before the timer.
TEST(CpuidleMenu, CorrectionFactorLearnsEarlyWakeups)
{
	const unsigned v[8] = {3000, 9000, 27000, 45000, 6000, 15000, 36000, 60000};
	int perfect = -1, early = -1;
	on_core0([&] {
		cpuidle_driver d = make_test_driver("t", 0x1);
		ASSERT_EQ(cpuidle_register(&d, nullptr), 0);
		init_menu();
		for (int pass = 0; pass < 6; pass++)
			for (unsigned x : v)
				round_trip(&d, x, (int)x);
		perfect = pick(&d, 20000);
	});
	on_core0([&] {
		cpuidle_driver d = make_test_driver("t", 0x1);
		ASSERT_EQ(cpuidle_register(&d, nullptr), 0);
		init_menu();
		for (int pass = 0; pass < 6; pass++)
			for (unsigned x : v)
				round_trip(&d, x, (int)(x / 20));
		early = pick(&d, 20000);
	});
	EXPECT_EQ(perfect, 1);
	EXPECT_EQ(early, 0);
}

TEST(CpuidleLadder, PromotesAfterFourLongResidenciesDemotesAfterOneShort)
{
	on_core0([] {
		cpuidle_driver d = make_test_driver("t", 0x1);
		ASSERT_EQ(cpuidle_register(&d, nullptr), 0);
		init_ladder();
		cpuidle_device *dev = cpuidle_device_of_cpu(0);
		auto step = [&](int residency_us) {
			dev->last_residency = residency_us;
			int idx = cpuidle_select(&d, dev, nullptr);
			cpuidle_reflect(dev, idx);
			return idx;
		};
		// Promotion threshold of WFI: residency - 1 us > 1 us, 4 times.
		EXPECT_EQ(step(100), 0);
		EXPECT_EQ(step(100), 0);
		EXPECT_EQ(step(1), 0);   // short: no count, but no reset either
		EXPECT_EQ(step(100), 0);
		EXPECT_EQ(step(100), 1); // the 4th long one
		EXPECT_EQ(step(5000), 1); // 5000 - 700 >= 700: stays
		EXPECT_EQ(step(1300), 0); // 1300 - 700 < 700: demoted at once
		EXPECT_EQ(step(100), 0);  // counts restart from zero
		EXPECT_EQ(step(100), 0);
		EXPECT_EQ(step(100), 0);
		EXPECT_EQ(step(100), 1);
		// A latency limit below C1's exit latency demotes at once and
		// blocks promotion.
		pm_qos_set_cpu_dma_latency(500);
		EXPECT_EQ(step(5000), 0);
		for (int i = 0; i < 8; i++)
			EXPECT_EQ(step(5000), 0);
	});
}

// ---- cpu_pm notifiers -------------------------------------------------------

namespace {
struct PmLog {
	notifier_block nb{};
	int refuse_on = -1; // event to refuse
	std::vector<unsigned long> events;
};
int pm_cb(notifier_block *nb, unsigned long ev, void *)
{
	PmLog *l = reinterpret_cast<PmLog *>(nb); // nb is the first member
	l->events.push_back(ev);
	return (int)ev == l->refuse_on ? notifier_from_errno(-EBUSY) : NOTIFY_OK;
}
} // namespace

TEST(CpuidleCpuPm, NotifiersInPriorityOrderAndEnterFailedOnRefusal)
{
	cpu_pm_reset_for_test();
	PmLog a, b, c;
	for (PmLog *l : {&a, &b, &c})
		l->nb.notifier_call = pm_cb;
	a.nb.priority = 10;
	b.nb.priority = 5;
	c.nb.priority = 0;
	ASSERT_EQ(cpu_pm_register_notifier(&c.nb), 0);
	ASSERT_EQ(cpu_pm_register_notifier(&a.nb), 0);
	ASSERT_EQ(cpu_pm_register_notifier(&b.nb), 0);
	EXPECT_EQ(cpu_pm_register_notifier(&b.nb), -EEXIST);
	EXPECT_EQ(cpu_pm_enter(), 0);
	EXPECT_EQ(cpu_pm_exit(), 0);
	EXPECT_EQ(a.events, (std::vector<unsigned long>{CPU_PM_ENTER, CPU_PM_EXIT}));
	EXPECT_EQ(c.events, (std::vector<unsigned long>{CPU_PM_ENTER, CPU_PM_EXIT}));
	for (PmLog *l : {&a, &b, &c})
		l->events.clear();
	b.refuse_on = CPU_CLUSTER_PM_ENTER;
	EXPECT_EQ(cpu_cluster_pm_enter(), -EBUSY);
	EXPECT_EQ(a.events, (std::vector<unsigned long>{CPU_CLUSTER_PM_ENTER, CPU_CLUSTER_PM_ENTER_FAILED}));
	EXPECT_EQ(b.events, (std::vector<unsigned long>{CPU_CLUSTER_PM_ENTER}));
	EXPECT_TRUE(c.events.empty());
	EXPECT_EQ(cpu_pm_unregister_notifier(&b.nb), 0);
	EXPECT_EQ(cpu_pm_unregister_notifier(&b.nb), -ENOENT);
	EXPECT_EQ(cpu_cluster_pm_enter(), 0);
	EXPECT_EQ(cpu_cluster_pm_exit(), 0);
	cpu_pm_reset_for_test();
}

// ---- the idle path on the fake machine --------------------------------------

namespace {
// Secondaries run this idle loop (instead of the rig's command loop).
struct IdleSlot {
	volatile uint64_t returns = 0;
	volatile int last_ret = -100;
	volatile bool irqs_on_after = false;
	volatile bool park = false;   // after the next wake-up, stay running
	volatile bool parked = false;
};
IdleSlot idle_slot[FAKE_MAX_CORES];
unsigned pm_enter_count[FAKE_MAX_CORES], pm_exit_count[FAKE_MAX_CORES];

int count_pm(notifier_block *, unsigned long ev, void *)
{
	unsigned core = hw_core_index();
	if (ev == CPU_PM_ENTER)
		pm_enter_count[core]++;
	if (ev == CPU_PM_EXIT)
		pm_exit_count[core]++;
	return NOTIFY_OK;
}
notifier_block count_pm_nb = {count_pm, nullptr, 0};

void idle_main(void *)
{
	unsigned core = hw_core_index();
	Rig *r = Rig::cur();
	mcpm_smp_ops.smp_secondary_init(core);
	set_cpu_online(core, true);
	r->slot[core].boots++;
	r->slot[core].online = true;
	arch_local_irq_enable();
	for (;;) {
		arch_local_irq_disable();
		int ret = cpuidle_idle_call();
		idle_slot[core].irqs_on_after = !arch_irqs_disabled();
		idle_slot[core].last_ret = ret;
		idle_slot[core].returns = idle_slot[core].returns + 1;
		if (idle_slot[core].park) {
			idle_slot[core].parked = true;
			for (;;)
				wfe();
		}
	}
}

void idle_entry()
{
	Rig *r = Rig::cur();
	unsigned core = hw_core_index();
	hw_set_smp_coherent(true);
	hw_set_dcache_enabled(true);
	hw_ctx_init(r->slot[core].ctx, r->slot[core].stack, kStack, idle_main, nullptr);
	hw_ctx_load(r->slot[core].ctx);
}

bool boot_idle(Rig &r, unsigned core)
{
	unsigned pcpu = Rig::cpu(core), pcl = Rig::cl(core);
	uint64_t b = r.slot[core].boots;
	mcpm_set_entry_vector(pcpu, pcl, nullptr);
	if (mcpm_cpu_power_up(pcpu, pcl))
		return false;
	mcpm_set_entry_vector(pcpu, pcl, idle_entry);
	Rig::send_ipi(core);
	dsb();
	sev();
	return r.wait_until([&] { return r.slot[core].boots > b && r.slot[core].online; });
}

void reset_idle_slots()
{
	for (auto &s : idle_slot)
		s = IdleSlot{};
	for (unsigned i = 0; i < FAKE_MAX_CORES; i++)
		pm_enter_count[i] = pm_exit_count[i] = 0;
}
} // namespace

// WFI on the boot CPU: each wake-up by an interrupt is one use of state 0,
// and the time counted is the time spent idle.
TEST(CpuidleIdle, WfiUsageAndTimeAddUp)
{
	reset_cpuidle();
	Rig r(31);
	int init = -1;
	std::vector<int> rets;
	std::vector<bool> irqs_on;
	uint64_t measured_ns = 0;
	cpuidle_cpu_stats st{};
	auto reason = r.run([&] {
		init_menu();
		init = bl_idle_init(hw_fdt());
		cpuidle_register_governor(&fixed_gov);
		cpuidle_switch_governor(&fixed_gov);
		forced_state = 0;
		// What gic_cpu_init would do: distributor and CPU interface on,
		// so an SGI is signalled to the core (and ends its WFI).
		writel_relaxed(1, FAKE_GICD_BASE);
		writel_relaxed(0xf0, FAKE_GICC_BASE + 0x4);
		writel_relaxed(1, FAKE_GICC_BASE);
		for (int i = 0; i < 5; i++) {
			uint64_t sleep = 20000 + 10000ull * i;
			fake_hw_at(hw_now_ns() + sleep, [](void *) { fake_hw_post_irq(0, 1, 0); }, nullptr);
			uint64_t t0 = hw_now_ns();
			arch_local_irq_disable();
			rets.push_back(cpuidle_idle_call());
			irqs_on.push_back(!arch_irqs_disabled());
			measured_ns += hw_now_ns() - t0;
		}
		cpuidle_get_cpu_stats(0, &st);
	});
	ASSERT_EQ(init, 0) << panic_msg();
	EXPECT_EQ(reason, FAKE_HW_STOPPED) << panic_msg();
	EXPECT_EQ(rets, (std::vector<int>{0, 0, 0, 0, 0}));
	EXPECT_EQ(irqs_on, (std::vector<bool>(5, true)));
	EXPECT_EQ(st.states[0].usage, 5u);
	EXPECT_EQ(st.states[1].usage, 0u);
	// 20+30+40+50+60 = 200 us of sleep; cpuidle's time excludes only the
	// few calls around the enter.
	EXPECT_GE(st.states[0].time_ns, 195000u);
	EXPECT_LE(st.states[0].time_ns, measured_ns);
	EXPECT_GE(st.states[0].time_ns + 5 * 5000, measured_ns);
	EXPECT_EQ(st.states[0].time_us, st.states[0].time_ns / 1000);
}

// All three A7s in cluster-sleep: the last man powers the A7 cluster off;
// an interrupt to one brings the cluster back and that CPU resumes from
// cpuidle_idle_call through cpu_pm_exit, the other two staying off.
TEST(CpuidleIdle, ClusterSleepOnAllA7sPowersTheClusterOffAndAnIrqBringsItBack)
{
	reset_cpuidle();
	reset_idle_slots();
	Rig r(32);
	int init = -1;
	bool booted = true, off = false, back = false, still_off_2_4 = false;
	uint64_t downs_before = 0;
	r.run([&] {
		init_menu();
		init = bl_idle_init(hw_fdt());
		cpu_pm_register_notifier(&count_pm_nb);
		cpuidle_register_governor(&fixed_gov);
		cpuidle_switch_governor(&fixed_gov);
		forced_state = 0; // boot into WFI first
		for (unsigned c = 2; c <= 4; c++)
			booted = boot_idle(r, c) && booted;
		downs_before = fake_hw_stats()->cluster_power_downs[1];
		forced_state = 1; // now cluster-sleep: kick them out of WFI
		for (unsigned c = 2; c <= 4; c++)
			Rig::send_ipi(c);
		off = r.wait_until([] { return !fake_hw_cluster_powered(1); });
		idle_slot[3].park = true;
		uint64_t before = idle_slot[3].returns;
		fake_hw_post_irq(3, 1, 0);
		back = r.wait_until([&] { return idle_slot[3].parked && idle_slot[3].returns > before; });
		still_off_2_4 = fake_hw_core_in_reset(2) && fake_hw_core_in_reset(4);
	});
	ASSERT_EQ(init, 0) << panic_msg();
	ASSERT_TRUE(booted) << panic_msg();
	EXPECT_TRUE(off);
	EXPECT_TRUE(back) << panic_msg();
	EXPECT_TRUE(fake_hw_cluster_powered(1));
	EXPECT_TRUE(fake_hw_cci_snoops_on(1));
	EXPECT_TRUE(still_off_2_4);
	EXPECT_EQ(fake_hw_stats()->cluster_power_downs[1], downs_before + 1);
	EXPECT_EQ(idle_slot[3].last_ret, 1);
	EXPECT_TRUE(idle_slot[3].irqs_on_after);
	EXPECT_EQ(cpuidle_device_of_cpu(3)->states_usage[1].usage, 1u);
	EXPECT_GT(cpuidle_device_of_cpu(3)->states_usage[1].time_ns, 0u);
	EXPECT_EQ(cpuidle_device_of_cpu(2)->states_usage[1].usage, 0u); // still in it
	EXPECT_EQ(pm_enter_count[3], 1u);
	EXPECT_EQ(pm_exit_count[3], 1u);
	EXPECT_EQ(pm_enter_count[2], 1u);
	EXPECT_EQ(pm_exit_count[2], 0u);
	EXPECT_EQ(mcpm_cpu_use_count[1][1], 1u);
	EXPECT_EQ(mcpm_cpu_use_count[1][0], 0u);
	EXPECT_EQ(r.ck.violations, 0u) << r.ck.first_violation;
}

// Under IKS the switcher moves a logical CPU to its counterpart core, and
// the logical CPU keeps the driver it was registered with (as upstream,
// where cpuidle-big_little knows nothing of the switcher).
TEST(CpuidleIks, LogicalCpuKeepsItsDriverAcrossACoreChange)
{
	reset_cpuidle();
	Rig r(33);
	auto dt = build_dt(DtOpts{});
	int init = -1;
	r.run([&] {
		init_menu();
		init = bl_idle_init(dt.data());
	});
	ASSERT_EQ(init, 0) << panic_msg();
	uint32_t saved0 = __cpu_logical_map[0], saved4 = __cpu_logical_map[4];
	// The switcher's flip of cpu_logical_map for the pair (cpu0, cpu4).
	__cpu_logical_map[0] = saved4;
	__cpu_logical_map[4] = saved0;
	EXPECT_STREQ(cpuidle_get_cpu_driver(cpuidle_device_of_cpu(0))->name, "big_idle");
	EXPECT_EQ(cpuidle_driver_of_cpu(0)->states[1].target_residency, 2000u);
	__cpu_logical_map[0] = saved0;
	__cpu_logical_map[4] = saved4;
}
