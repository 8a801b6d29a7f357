/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cpu_pm_notifiers.c - the ARMv7 CPU PM notifiers a TC2 kernel registers
 * besides the GIC's: VFP (arch/arm/vfp/vfpmodule.c, vfp_cpu_pm_notifier),
 * the architected timer (drivers/clocksource/arm_arch_timer.c,
 * arch_timer_cpu_pm_notify) and the debug registers
 * (arch/arm/kernel/hw_breakpoint.c, dbg_cpu_pm_notify).
 *
 * None of them changes what the model's hardware does (the model keeps no
 * VFP registers, the timer's CNTKCTL or breakpoints); each charges the
 * kernel instructions its upstream path executes, so cpu_pm_enter/exit
 * (in the switch's blackout and in cluster-sleep) cost what they do on a
 * real kernel. The counts are assumptions read off the upstream code
 * (docs/fidelity.md, "Inside the blackout"): a notifier call and its
 * switch on the event about 20 instructions; VFP's save of 32 double
 * registers with FPSCR/FPEXC about 60 (two VSTMIA of 16 registers and
 * the bookkeeping), its resume about 10 (VFP is left off, the context is
 * reloaded lazily on the next VFP instruction, outside the blackout);
 * CNTKCTL saved or restored, about 5; reset_ctrl_regs() at exit clearing
 * the OS lock, vector catch and the 6 breakpoint and 4 watchpoint
 * value/control pairs of a Cortex-A15/A7, about 40 CP14 accesses that
 * serialise: charged as 200 instructions.
 */
#include "linux/cpu_pm.h"

#define PM_NOTIFIER_CALL_INSTR   20
#define VFP_SAVE_INSTR           60
#define VFP_RESUME_INSTR         10
#define ARCH_TIMER_CNTKCTL_INSTR  5
#define DBG_RESET_CTRL_INSTR    200

static void charge(unsigned long instr)
{
	hw_run(PM_NOTIFIER_CALL_INSTR + instr, HW_WORK_KERNEL);
}

/* vfp_cpu_pm_notifier: save the live VFP state on the way down; on the way
 * up only VFP is disabled (the state comes back on the next VFP use). */
static int vfp_pm_notify(struct notifier_block *nb, unsigned long action, void *data)
{
	if (action == CPU_PM_ENTER)
		charge(VFP_SAVE_INSTR);
	else if (action == CPU_PM_EXIT || action == CPU_PM_ENTER_FAILED)
		charge(VFP_RESUME_INSTR);
	return NOTIFY_OK;
}

/* arch_timer_cpu_pm_notify: CNTKCTL saved, then restored. */
static int arch_timer_pm_notify(struct notifier_block *nb, unsigned long action, void *data)
{
	if (action == CPU_PM_ENTER || action == CPU_PM_EXIT || action == CPU_PM_ENTER_FAILED)
		charge(ARCH_TIMER_CNTKCTL_INSTR);
	return NOTIFY_OK;
}

/* dbg_cpu_pm_notify: the debug registers are reset at exit only. */
static int dbg_pm_notify(struct notifier_block *nb, unsigned long action, void *data)
{
	if (action == CPU_PM_EXIT)
		charge(DBG_RESET_CTRL_INSTR);
	return NOTIFY_OK;
}

static struct notifier_block vfp_pm_nb = {.notifier_call = vfp_pm_notify};
static struct notifier_block arch_timer_pm_nb = {.notifier_call = arch_timer_pm_notify};
static struct notifier_block dbg_pm_nb = {.notifier_call = dbg_pm_notify};

/* vfp_init, arch_timer_cpu_pm_init and arch_hw_breakpoint_init's
 * registrations, at boot. */
void arm_cpu_pm_notifiers_init(void)
{
	cpu_pm_register_notifier(&arch_timer_pm_nb);
	cpu_pm_register_notifier(&dbg_pm_nb);
	cpu_pm_register_notifier(&vfp_pm_nb);
}
