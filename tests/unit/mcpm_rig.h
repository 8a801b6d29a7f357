/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mcpm_rig.h - test rig for MCPM on the fake machine (unit and stress
 * tests): creates the machine, boots core 0 into tc2_pm_init, and gives
 * secondaries a small command loop (die / suspend / work) on idle stacks.
 * Include from C++ after <gtest/gtest.h>.
 */
#ifndef BLSIM_MCPM_RIG_H
#define BLSIM_MCPM_RIG_H

#include <cstdint>
#include <cstdlib>
#include <functional>

extern "C" {
#include "fake_hw.h"
#include "fake_kernel.h"
#include "mcpm_checker.h"
#include "asm/mcpm.h"
#include "asm/smp_ops.h"
#include "asm/suspend.h"
#include "asm/tc2_pm.h"
#include "linux/arm-cci.h"
#include "linux/smp.h"
}
#undef min
#undef max

namespace mcpm_rig {

/* CMD_DIE: hotplug cpu_die (vector gated). CMD_POWER_DOWN: power down with
 * the vector left at secondary_entry, so a power_up may race it (the
 * switcher's pattern). */
enum Cmd { CMD_NONE, CMD_DIE, CMD_POWER_DOWN, CMD_SUSPEND, CMD_WORK };

struct CoreSlot {
	volatile int cmd = CMD_NONE;
	volatile bool online = false;
	volatile uint64_t boots = 0, resumes = 0, aborts = 0, entries = 0;
	hw_ctx *ctx = nullptr;
	void *stack = nullptr;
};

constexpr size_t kStack = 128 * 1024;

struct Rig {
	fake_hw_config cfg{};
	mcpm_checker ck{};
	CoreSlot slot[FAKE_MAX_CORES];
	std::function<void()> scenario;
	int init_ret = -999;
	bool done = false;

	static Rig *&cur() { static Rig *r; return r; }

	explicit Rig(uint64_t seed, bool in_firmware = true)
	{
		mcpm_reset_for_test();
		cci_reset_for_test();
		tc2_pm_reset_for_test();
		cpu_suspend_reset_for_test();
		fake_hw_default_config(&cfg);
		cfg.seed = seed;
		cfg.secondaries_in_firmware = in_firmware;
		const char *v = getenv("FAKE_HW_LOG");
		if (v)
			cfg.log_level = atoi(v);
		fake_hw_create(&cfg);
		fake_kernel_init_identity();
		mcpm_checker_init(&ck);
		fake_hw_set_observer(mcpm_checker_observe, &ck);
		for (auto &s : slot) {
			s.ctx = hw_ctx_alloc();
			s.stack = malloc(kStack);
		}
		cur() = this;
	}
	~Rig()
	{
		fake_hw_destroy();
		for (auto &s : slot) {
			hw_ctx_free(s.ctx);
			free(s.stack);
		}
		cur() = nullptr;
	}

	static unsigned cl(unsigned core) { return fake_hw_cluster_of(core); }
	static unsigned cpu(unsigned core) { return fake_hw_cpu_of(core); }

	/* Boot core 0 (tc2_pm_init), then run the scenario on it. */
	fake_hw_stop_reason run(std::function<void()> fn, uint64_t limit_ns = 60ull * 1000000000ull)
	{
		scenario = std::move(fn);
		fake_hw_start_core(0, [](void *) {
			Rig *r = cur();
			set_cpu_online(0, true);
			r->slot[0].online = true;
			r->init_ret = tc2_pm_init(hw_fdt());
			if (r->init_ret == 0 && r->scenario)
				r->scenario();
			r->done = true;
		}, nullptr, true);
		return fake_hw_run(limit_ns);
	}

	/* ---- on a core ---- */

	/* The secondary's kernel entry (stands in for secondary_startup). */
	static void secondary_entry()
	{
		Rig *r = cur();
		unsigned core = hw_core_index();

		hw_set_smp_coherent(true);
		hw_set_dcache_enabled(true);
		r->slot[core].entries++;
		hw_ctx_init(r->slot[core].ctx, r->slot[core].stack, kStack,
			    [](void *) { cur()->secondary_main(); }, nullptr);
		hw_ctx_load(r->slot[core].ctx);
	}

	static int suspend_finisher(unsigned long)
	{
		unsigned mpidr = read_cpuid_mpidr();
		mcpm_set_entry_vector(MPIDR_AFFINITY_LEVEL(mpidr, 0), MPIDR_AFFINITY_LEVEL(mpidr, 1),
				      cpu_resume);
		mcpm_cpu_suspend();
		return 1;
	}

	void secondary_main()
	{
		unsigned core = hw_core_index();
		CoreSlot &s = slot[core];

		mcpm_smp_ops.smp_secondary_init(core);
		set_cpu_online(core, true);
		s.boots++;
		s.online = true;
		arch_local_irq_enable(); /* as secondary_start_kernel: takes the wake-up IPI */
		for (;;) {
			while (s.cmd == CMD_NONE)
				wfe();
			int c = s.cmd;
			s.cmd = CMD_NONE;
			if (c == CMD_DIE) {
				arch_local_irq_disable();
				s.online = false;
				set_cpu_online(core, false);
				mcpm_smp_ops.cpu_die(core); /* never returns */
				hw_panic("cpu_die returned");
			} else if (c == CMD_POWER_DOWN) {
				arch_local_irq_disable();
				s.online = false;
				set_cpu_online(core, false);
				mcpm_set_entry_vector(cpu(core), cl(core), secondary_entry);
				mcpm_cpu_power_down(); /* never returns */
				hw_panic("mcpm_cpu_power_down returned");
			} else if (c == CMD_SUSPEND) {
				arch_local_irq_disable();
				int ret = cpu_suspend(0, suspend_finisher);
				if (ret == 0) {
					s.resumes++;
					mcpm_cpu_powered_up();
				} else {
					s.aborts++;
				}
				arch_local_irq_enable();
			} else if (c == CMD_WORK) {
				hw_run(1000, HW_WORK_INT);
			}
		}
	}

	/* Power up a CPU whose vector is already set, and wake it. */
	static int power_up_and_kick(unsigned core)
	{
		int ret = mcpm_cpu_power_up(cpu(core), cl(core));
		if (ret)
			return ret;
		send_ipi(core);
		dsb();
		sev();
		return 0;
	}

	/* mcpm_boot_secondary, with this rig's entry (see smp_ops.h). */
	static int boot_secondary(unsigned core, void (*entry)(void) = secondary_entry)
	{
		unsigned pcpu = cpu(core), pcl = cl(core);

		mcpm_set_entry_vector(pcpu, pcl, nullptr);
		int ret = mcpm_cpu_power_up(pcpu, pcl);
		if (ret)
			return ret;
		mcpm_set_entry_vector(pcpu, pcl, entry);
		send_ipi(core);
		dsb();
		sev();
		return 0;
	}

	static void send_ipi(unsigned core, unsigned sgi = 0)
	{
		writel_relaxed((1u << (16 + core)) | sgi, FAKE_GICD_BASE + 0xf00);
	}

	void command(unsigned core, int c)
	{
		slot[core].cmd = c;
		dsb();
		sev();
	}

	/* Wait (on a core) until pred() holds, up to timeout of sim time. */
	template <class P> bool wait_until(P pred, uint64_t timeout_ns = 100000000ull)
	{
		uint64_t end = hw_now_ns() + timeout_ns;
		while (!pred()) {
			if (hw_now_ns() > end)
				return false;
			hw_udelay(5);
		}
		return true;
	}

	bool boot_and_wait(unsigned core)
	{
		uint64_t b = slot[core].boots;
		if (boot_secondary(core))
			return false;
		return wait_until([&] { return slot[core].boots > b && slot[core].online; });
	}
};

} // namespace mcpm_rig

#endif
