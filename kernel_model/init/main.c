// SPDX-License-Identifier: GPL-2.0-only
/*
 * main.c - the boot CPU's path from the boot loader to the idle loop
 * (init/main.c start_kernel, with the arch and driver initcalls it reaches
 * on TC2, in their upstream order).
 */
#include "asm/smp_ops.h"
#include "linux/init.h"
#include "linux/irqchip/arm-gic.h"
#include "linux/smp.h"
#include "linux/tick.h"

void smp_prepare_boot_cpu(void);
void smp_set_ops(const struct smp_operations *ops);
int tc2_pm_init(const void *fdt);
void arm_cpu_pm_notifiers_init(void);
int blsim_event_init(const void *fdt);

#include <libfdt.h>
#include <string.h>

#include "asm/bL_switcher.h"
#include "asm/mcpm_exynos.h"
#include "drivers/cpufreq/arm_big_little.h"
#include "linux/clk.h"
#include "linux/cpufreq.h"
#include "linux/cpuidle.h"
#include "linux/regulator/consumer.h"
#include "linux/sched.h"
#include "trace/events.h"
#include "arch/arm/mach-vexpress/spc.h"

/* The kernel command line (/chosen/bootargs), or NULL. */
static const char *bootargs_of(const void *fdt)
{
	int chosen = fdt_path_offset(fdt, "/chosen");

	return chosen >= 0 ? fdt_getprop(fdt, chosen, "bootargs", NULL) : NULL;
}

/* Models parse_args() for cpuidle.off=1 (core_param(off, off, int, 0444) in
 * drivers/cpuidle/cpuidle.c): parsed before any initcall, so the governors'
 * registration, the driver's and the sysfs interface all see it. */
static void cpuidle_parse_off(const char *bootargs)
{
	if (bootargs && strstr(bootargs, "cpuidle.off=1")) {
		cpuidle_off = true;
		pr_info("cpuidle: disabled on the command line\n");
	}
}

/* The cpuidle.governor=NAME switch upstream has; then the big.LITTLE
 * driver's initcall. */
static void cpuidle_init(const void *fdt, const char *bootargs)
{
	const char *g = bootargs ? strstr(bootargs, "cpuidle.governor=") : NULL;
	int ret;

	if (cpuidle_off)
		return;
	if (g) {
		char name[16] = {0};
		size_t n = strcspn(g + 17, " ");

		memcpy(name, g + 17, n < sizeof(name) - 1 ? n : sizeof(name) - 1);
		if (cpuidle_switch_governor_by_name(name))
			hw_panic("cpuidle.governor=%s: no such governor", name);
	}
	ret = bl_idle_init(fdt);
	if (ret)
		pr_warn("cpuidle: big.LITTLE driver not registered (%d): idle is WFI only\n", ret);
}

/* arm_big_little's switcher notifier (bL_switcher_notifier upstream): the
 * cpufreq policies follow the switcher's enable state. */
static int bL_cpufreq_switcher_notifier(struct bL_notifier_block *nb, unsigned long action)
{
	if (action == BL_NOTIFY_POST_ENABLE)
		bL_cpufreq_switcher_notify(true);
	else if (action == BL_NOTIFY_POST_DISABLE)
		bL_cpufreq_switcher_notify(false);
	return 0;
}

static struct bL_notifier_block bL_cpufreq_nb = {
	.notifier_call = bL_cpufreq_switcher_notifier,
};

/* device_initcall: on TC2 the SPC clocks and OPPs, then the TC2 cpufreq
 * driver (vexpress-spc-cpufreq); without the SPC, the generic DT glue
 * (arm_big_little_dt) on the cpu nodes' operating-points(-v2), clocks and
 * cpu-supply. */
static void cpufreq_init(const void *fdt)
{
	int ret;

	if (fdt_node_offset_by_compatible(fdt, -1, "arm,vexpress-scc,v2p-ca15_a7") < 0) {
		ret = bL_dt_cpufreq_init(fdt);
		if (ret) {
			pr_err("cpufreq: big.LITTLE DT driver not registered (%d): clocks stay at "
			       "boot OPPs\n", ret);
			return;
		}
	} else {
		ret = ve_spc_clk_init();
		if (!ret)
			ret = ve_spc_cpufreq_init();
		if (ret) {
			pr_err("cpufreq: TC2 driver not registered (%d): clocks stay at boot "
			       "OPPs\n", ret);
			return;
		}
	}
	bL_switcher_register_notifier(&bL_cpufreq_nb);
	cpufreq_frequency_trace = trace_cpufreq_frequency;
}

/* Both core types are online: the scheduler sees a big.LITTLE system. */
static bool clusters_differ(void)
{
	unsigned int cpu;

	for (cpu = 1; cpu < nr_cpu_ids; cpu++)
		if (cpu_online(cpu) && topology_core_dmips(cpu) != topology_core_dmips(0))
			return true;
	return false;
}

int rtapp_start(void);

/* Models start_kernel(). */
void start_kernel(void)
{
	const void *fdt = hw_fdt();
	int ret;

	/* head.S: __v7_setup turns on SMP coherency, then the MMU and caches. */
	hw_set_smp_coherent(true);
	hw_set_dcache_enabled(true);
	hw_mark("kernel");

	setup_arch(fdt);
	sched_init();
	smp_prepare_boot_cpu();
	cpuidle_parse_off(bootargs_of(fdt));  /* parse_args */
	init_ladder();                        /* postcore_initcall: governors */
	init_menu();
	ret = gic_irqchip_init(fdt);          /* init_IRQ */
	if (ret)
		hw_panic("no usable interrupt controller (%d)", ret);
	gic_cpu_pm_init();
	arm_cpu_pm_notifiers_init();          /* VFP, arch timer, debug: their cpu_pm costs */
	arch_timer_of_init(fdt);              /* time_init */
	exynos5420_clk_init(fdt);             /* of_clk_init: CLK_OF_DECLARE (not on TC2) */
	sp804_timer_of_init(fdt);             /* TIMER_OF_DECLARE: the broadcast device */
	arch_timer_starting_cpu();
	arch_local_irq_enable();

	if (fdt_node_offset_by_compatible(fdt, -1, "arm,vexpress-scc,v2p-ca15_a7") >= 0) {
		ret = tc2_pm_init(fdt);       /* early_initcall: MCPM backend */
		if (ret)
			pr_err("TC2 power management unavailable (%d): secondaries stay off\n", ret);
		else
			smp_set_ops(&mcpm_smp_ops);   /* mcpm_smp_set_ops */
	} else {
		ret = exynos_mcpm_init(fdt);  /* early_initcall: MCPM backend */
		if (ret)
			pr_err("MCPM: no backend for this machine (%d): secondaries stay off\n", ret);
		else
			smp_set_ops(&mcpm_smp_ops);   /* mcpm_smp_set_ops */
	}
	smp_init();
	hw_mark("smp-done");
	ret = blsim_event_init(fdt);          /* device_initcall */
	if (ret)
		pr_warn("blsim-event: no event mailbox (%d): scripted events are ignored\n", ret);
	{
		const char *bootargs = bootargs_of(fdt);

		cpuidle_init(fdt, bootargs);  /* device_initcall: cpuidle-big_little */
		s2mps11_pmic_probe(fdt);      /* i2c driver probe (not on TC2) */
		cpufreq_init(fdt);            /* device_initcall: vexpress-spc-cpufreq / arm_big_little_dt */
		bL_switcher_init(bootargs);   /* late_initcall: unless no_bL_switcher */
	}
	topology_init_cpu_capacity(fdt);
	{
		bool switcher = bL_switcher_get_enabled();

		const char *bootargs = bootargs_of(fdt);
		/* blsim.sched=eas: a mainline kernel's scheduler (EAS) instead of
		 * the HMP patch set's; blsim's switch, as the two are different
		 * kernels upstream. */
		bool eas = bootargs && strstr(bootargs, "blsim.sched=eas");

		bL_switcher_put_enabled();
		sched_init_smp(!switcher && !eas && clusters_differ());
		if (eas && (switcher || sched_energy_init()))
			hw_panic("blsim.sched=eas: EAS cannot start%s (see the log above)",
				 switcher ? " with the switcher on" : "");
	}
	rtapp_start();                        /* run_init_process: the workload */
	cpu_startup_entry();
}
