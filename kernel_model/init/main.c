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
int blsim_event_init(const void *fdt);

#include <libfdt.h>

#include "asm/bL_switcher.h"

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
	smp_prepare_boot_cpu();
	ret = gic_irqchip_init(fdt);          /* init_IRQ */
	if (ret)
		hw_panic("no usable interrupt controller (%d)", ret);
	arch_timer_of_init(fdt);              /* time_init */
	arch_timer_starting_cpu();
	arch_local_irq_enable();

	ret = tc2_pm_init(fdt);               /* early_initcall: MCPM backend */
	if (ret)
		pr_err("TC2 power management unavailable (%d): secondaries stay off\n", ret);
	else
		smp_set_ops(&mcpm_smp_ops);   /* mcpm_smp_set_ops */
	smp_init();
	hw_mark("smp-done");
	ret = blsim_event_init(fdt);          /* device_initcall */
	if (ret)
		pr_warn("blsim-event: no event mailbox (%d): scripted events are ignored\n", ret);
	/* late_initcall: the switcher, unless the command line says no. */
	{
		int chosen = fdt_path_offset(fdt, "/chosen");
		const char *bootargs = chosen >= 0 ? fdt_getprop(fdt, chosen, "bootargs", NULL) : NULL;

		bL_switcher_init(bootargs);
	}
	cpu_startup_entry();
}
