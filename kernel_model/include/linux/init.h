/* SPDX-License-Identifier: GPL-2.0-only */
/* linux/init.h - boot entry points of the kernel model. */
#ifndef KM_LINUX_INIT_H
#define KM_LINUX_INIT_H

/* The kernel image's entry (what the boot loader jumps to): sets up the
 * init stack and calls start_kernel. */
void stext(void);
void start_kernel(void);
/* Per-CPU entry after power-up, via the MCPM entry vector. */
void secondary_startup(void);
/* The idle loop: never returns. */
void cpu_startup_entry(void);
/* Architecture set-up from the device tree (arch/arm/kernel/setup.c). */
void setup_arch(const void *fdt);
/* Bring up every possible secondary CPU (kernel/smp.c smp_init). */
void smp_init(void);
/* Hotplug (kernel/cpu.c). */
int cpu_up(unsigned int cpu);
int cpu_down(unsigned int cpu);

#endif
