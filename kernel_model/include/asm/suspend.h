/* SPDX-License-Identifier: GPL-2.0-only */
/* asm/suspend.h - cpu_suspend / cpu_resume (arch/arm/include/asm/suspend.h). */
#ifndef KM_ASM_SUSPEND_H
#define KM_ASM_SUSPEND_H

#ifdef __cplusplus
extern "C" {
#define KM_NORETURN [[noreturn]]
#else
#define KM_NORETURN _Noreturn
#endif

/*
 * Save this CPU's context and call fn(arg) ("the finisher", which normally
 * powers the CPU down and never returns). Returns 0 when the context is
 * resumed by cpu_resume() on the physical CPU that cpu_logical_map() named
 * for this logical CPU at the time of the call (the switcher flips the map
 * just before, so its inbound resumes the outbound's context); returns the
 * finisher's value (1 if it was 0) if the finisher returned (aborted).
 */
int cpu_suspend(unsigned long arg, int (*fn)(unsigned long));
/* The reset-path entry that resumes the context saved for this MPIDR. */
KM_NORETURN void cpu_resume(void);
#ifdef __cplusplus
}
#endif

#endif
