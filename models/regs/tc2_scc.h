/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * regs/tc2_scc.h - the register map of TC2's Serial Configuration Controller
 * and of the Serial Power Controller inside it (4 KiB, "arm,vexpress-scc,
 * v2p-ca15_a7"), shared by the kernel driver (mach-vexpress/spc.c, tc2_pm.c),
 * the hardware model (models/power/tc2_scc.cc) and the unit tests' fakes.
 *
 * Why a header of its own under models/regs/: the three sides must agree on
 * every offset and bit, and each used to carry its own copy. The layering
 * forbids the obvious homes: kernel_model/ is C11 and reaches hardware only
 * through hw.h, and models/ may not include sim/ or kernel_model/. So the
 * register maps are plain C data, in the manner of Linux's
 * include/dt-bindings/ that both device trees and drivers include: only
 * #defines, no types, no functions, no includes, valid C11 and C++17. The
 * kernel model reaches them as "regs/<device>.h" (kmodel's include path has
 * models/ for this folder alone), C++ as "models/regs/<device>.h". The
 * names are the kernel driver's (upstream Linux's where it has them), so a
 * driver reads as before; a model that also had its own names now uses these.
 */
#ifndef BLSIM_REGS_TC2_SCC_H
#define BLSIM_REGS_TC2_SCC_H

/* SCC registers, offsets in the 4 KiB block. */
#define SCC_RESET_CTRL 0x018	/* nCORERESET, 1 = out of reset */
#define SCC_A15_CONF 0x400	/* bits 3:0: cluster id of the A15s */
#define SCC_A7_CONF 0x500	/* bits 3:0: cluster id of the A7s */
#define SCC_SYS_INFO 0x700	/* bits 19:16 A15 cores, 23:20 A7 cores */
#define SCC_SPC_OFFSET 0xb00	/* the SPC's registers start here */
#define SCC_SPC_SIZE 0x100	/* ... and end here */
#define SCC_SIZE 0x1000
/* SCC_RESET_CTRL: the bit of A15 core n and of A7 core n. */
#define SCC_RESET_A15_CPU(n) (1u << (2 + (n)))
#define SCC_RESET_A7_CPU(n) (1u << (16 + (n)))
#define SCC_SYS_INFO_A15_SHIFT 16
#define SCC_SYS_INFO_A7_SHIFT 20

/* SPC registers, offsets from SCC_SPC_OFFSET. */
#define PERF_LVL_A15 0x00	/* write: start DVFS to OPP index; read: level */
#define PERF_REQ_A15 0x04	/* 1 while a DVFS operation is queued/running */
#define PERF_LVL_A7 0x08
#define PERF_REQ_A7 0x0c
#define COMMS 0x10		/* system configuration request */
#define COMMS_REQ 0x14		/* 1 while a COMMS operation runs */
#define PWC_STATUS 0x18		/* completions, clear on read */
#define PWC_FLAG 0x1c
#define WAKE_INT_MASK 0x24
#define WAKE_INT_RAW 0x28
#define WAKE_INT_STAT 0x2c
#define A15_PWRDN_EN 0x30	/* bit 0: the cluster may power off */
#define A7_PWRDN_EN 0x34
#define STANDBYWFI_STAT 0x3c
#define A15_BX_ADDR0 0x68	/* resume mailbox of A15 core n at + 4n */
#define SYSCFG_WDATA 0x70
#define SYSCFG_RDATA 0x74	/* result of a COMMS read */
#define A7_BX_ADDR0 0x78	/* resume mailbox of A7 core n at + 4n */

/* STANDBYWFI_STAT bits. */
#define STANDBYWFI_STAT_A15_CPU_MASK(cpu) (1u << (cpu))
#define STANDBYWFI_STAT_A7_CPU_MASK(cpu) (1u << (3 + (cpu)))
/* WAKE_INT_MASK / RAW / STAT: A15 core n bit n, A7 core n bit 4 + n; the
 * two global wake-up bits, 10 for the A15 cluster, 11 for the A7 one. */
#define SPC_WAKE_INT_A7_SHIFT 4
#define SPC_WAKE_INT_CPU_BITS 0x7fu
#define GBL_WAKEUP_INT_MSK (0x3u << 10)

/* COMMS and the OPP words it reads (SYSCFG_SCC function). */
#define SPC_A15_PERFVAL_BASE 0xC10	/* OPP word i at + 4i */
#define SPC_A7_PERFVAL_BASE 0xC30
#define SPC_MAX_OPPS 8
#define SPC_SYSCFG_START (1u << 31)
#define SPC_SYSCFG_SCC (6u << 20)
#define SPC_SYSCFG_FUNC_MASK (0x3fu << 20)
#define SPC_SYSCFG_OFFSET_MASK 0xfffffu	/* byte offset >> 2 */
/* An OPP word: bits 31:20 mV, 19:0 kHz / SPC_MULT_FACTOR. */
#define SPC_MULT_FACTOR 20
#define SPC_VOLT_SHIFT 20
#define SPC_FREQ_MASK 0xfffffu

/* PWC_STATUS: completion and error bits per operation type. */
#define SPC_CA15_DVFS 0
#define SPC_CA7_DVFS 1
#define SPC_SYS_CFG 2
#define SPC_STAT_COMPLETE(type) (1u << ((type) << 2))
#define SPC_STAT_ERR(type) (2u << ((type) << 2))
#define SPC_RESPONSE_MASK(type) (SPC_STAT_COMPLETE(type) | SPC_STAT_ERR(type))

#endif
