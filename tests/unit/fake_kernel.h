/* SPDX-License-Identifier: GPL-2.0-only */
/* fake_kernel.h - weak stand-ins for smp.c/setup.c in unit tests. */
#ifndef BLSIM_FAKE_KERNEL_H
#define BLSIM_FAKE_KERNEL_H

#ifdef __cplusplus
extern "C" {
#endif

/* Logical CPU i = physical core i (DT order), none online. Call after
 * fake_hw_create(). */
void fake_kernel_init_identity(void);
/* Defined by arch/arm/kernel/smp.c when linked, else by fake_kernel.c. */
void smp_set_core_logical(unsigned int core, int cpu);

#ifdef __cplusplus
}
#endif

#endif
