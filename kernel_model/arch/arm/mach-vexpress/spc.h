/* spc.h - Versatile Express Serial Power Controller driver (mach-vexpress/spc.h). */
#ifndef KM_VEXPRESS_SPC_H
#define KM_VEXPRESS_SPC_H

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

int ve_spc_init(phys_addr_t baseaddr, u32 a15_clusid, int irq);
void ve_spc_global_wakeup_irq(bool set);
void ve_spc_cpu_wakeup_irq(u32 cluster, u32 cpu, bool set);
void ve_spc_set_resume_addr(u32 cluster, u32 cpu, u32 addr);
void ve_spc_powerdown(u32 cluster, bool enable);
int ve_spc_cpu_in_wfi(u32 cpu, u32 cluster);
/* The raw performance level index of a cluster (PERF_LVL_*); DVFS proper
 * (OPP table, PERF_REQ handshake) is another issue's. */
u32 ve_spc_get_perf_level(u32 cluster);

#endif
