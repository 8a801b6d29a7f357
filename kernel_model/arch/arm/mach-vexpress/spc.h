/* SPDX-License-Identifier: GPL-2.0-only */
/* spc.h - Versatile Express Serial Power Controller driver (mach-vexpress/spc.h). */
#ifndef KM_VEXPRESS_SPC_H
#define KM_VEXPRESS_SPC_H

#include "linux/interrupt.h"
#include "linux/kernel.h"

/* Register offsets from the SPC base (SCC + 0xB00), as upstream spc.c. */
#define PERF_LVL_A15 0x00
#define PERF_REQ_A15 0x04
#define PERF_LVL_A7 0x08
#define PERF_REQ_A7 0x0c
#define COMMS 0x10
#define COMMS_REQ 0x14
#define PWC_STATUS 0x18
#define PWC_FLAG 0x1c
#define WAKE_INT_MASK 0x24
#define WAKE_INT_RAW 0x28
#define WAKE_INT_STAT 0x2c
#define A15_PWRDN_EN 0x30
#define A7_PWRDN_EN 0x34
#define STANDBYWFI_STAT 0x3c
#define STANDBYWFI_STAT_A15_CPU_MASK(cpu) (1u << (cpu))
#define STANDBYWFI_STAT_A7_CPU_MASK(cpu) (1u << (3 + (cpu)))
#define A15_BX_ADDR0 0x68
#define SYSCFG_WDATA 0x70
#define SYSCFG_RDATA 0x74
#define A7_BX_ADDR0 0x78
#define GBL_WAKEUP_INT_MSK (0x3u << 10)

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
#define SPC_MAX_OPPS 8
#define SPC_A15_PERFVAL_BASE 0xC10
#define SPC_A7_PERFVAL_BASE 0xC30
#define SPC_SYSCFG_START (1u << 31)
#define SPC_SYSCFG_SCC (6u << 20)
#define SPC_MULT_FACTOR 20
#define SPC_VOLT_SHIFT 20
#define SPC_FREQ_MASK 0xfffffu
#define SPC_CA15_DVFS 0
#define SPC_CA7_DVFS 1
#define SPC_SYS_CFG 2
#define SPC_STAT_COMPLETE(type) (1u << ((type) << 2))
#define SPC_STAT_ERR(type) (2u << ((type) << 2))
#define SPC_RESPONSE_MASK(type) (SPC_STAT_COMPLETE(type) | SPC_STAT_ERR(type))

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
void ve_spc_free_irq_for_test(void);

#endif
