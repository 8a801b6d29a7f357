/* SPDX-License-Identifier: GPL-2.0-only */
/* spc.h - Versatile Express Serial Power Controller driver (mach-vexpress/spc.h). */
#ifndef KM_VEXPRESS_SPC_H
#define KM_VEXPRESS_SPC_H

#include "linux/interrupt.h"
#include "linux/kernel.h"
#include "regs/tc2_scc.h" /* the SCC/SPC register map */

int ve_spc_init(phys_addr_t base, u32 big_cluster_id, int irq);
/* Power helpers for the MCPM backend; no locking (the caller holds MCPM's). */
void ve_spc_powerdown(u32 cl, bool enable);
void ve_spc_global_wakeup_irq(bool set);
void ve_spc_cpu_wakeup_irq(u32 cl, u32 core, bool set);
void ve_spc_set_resume_addr(u32 cl, u32 core, u32 addr);
int ve_spc_cpu_in_wfi(u32 core, u32 cl);
/* The raw performance level index of a cluster (PERF_LVL_*). */
u32 ve_spc_get_perf_level(u32 cluster);

/* ---- DVFS (the other half of upstream spc.c) --------------------------------
 * Every SPC operation (a PERF_LVL write, a COMMS system-config read) is
 * serialised by the driver's semaphore, started by one register write, and
 * completed by the SPC interrupt, whose handler reads PWC_STATUS and
 * completes the waiter; the waiter gives up after TIMEOUT_US (20 ms).
 */
#define SPC_TIMEOUT_US 20000

/* Models ve_spc_clk_init() (device_initcall), with the request_irq that
 * upstream does in ve_spc_init: request the SPC interrupt and read both
 * clusters' OPP tables from the SPC over COMMS. Needs ve_spc_init() done,
 * the GIC up and IRQs enabled on the calling CPU. 0, or -ENODEV / -errno. */
int ve_spc_clk_init(void);
/* Models ve_spc_populate_opps(): read up to 8 OPP words of a cluster via
 * COMMS/SYSCFG_RDATA. 0 when the table ends with an SPC error (upstream's
 * way of finding its length) after at least one OPP; -errno otherwise. */
int ve_spc_populate_opps(u32 cluster);
/* The OPPs read from the SPC (what ve_init_opp_table hands to the OPP
 * library): the count, and entry idx in kHz / µV. */
unsigned int ve_spc_num_opps(u32 cluster);
int ve_spc_opp(u32 cluster, unsigned int idx, u32 *khz, u32 *uv);
/* Models ve_spc_set_performance(): PERF_LVL <- index of the OPP with this
 * frequency (kHz), wait for the SPC interrupt. 0, -EINVAL (no such OPP),
 * -ETIMEDOUT, or -EIO (the SPC reported an error). Process context. */
int ve_spc_set_performance(u32 cluster, u32 freq_khz);
/* Models ve_spc_get_performance(): the frequency (kHz) of the level in
 * force. 0 or -EINVAL. */
int ve_spc_get_performance(u32 cluster, u32 *freq_khz);
/* Models ve_spc_irq_handler(). */
irqreturn_t ve_spc_irq_handler(int irq, void *data);
/* Test support: how many SPC interrupts found no operation waiting. */
unsigned int ve_spc_spurious_irqs(void);

#endif
