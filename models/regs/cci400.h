/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * regs/cci400.h - the CCI-400 programmer's model (64 KiB), shared by the
 * kernel driver (drivers/bus/arm-cci.c), the model (models/interconnect/
 * cci400.cc) and the unit tests' fake. Plain C data: why, see regs/tc2_scc.h.
 */
#ifndef BLSIM_REGS_CCI400_H
#define BLSIM_REGS_CCI400_H

/* Control block, offsets from the CCI base. */
#define CCI_CTRL_OVERRIDE 0x0000
#define CCI_SPEC_CTRL 0x0004
#define CCI_SECURE_ACCESS 0x0008
#define CCI_CTRL_STATUS 0x000c
#define CCI_IMPRECISE_ERR 0x0010
#define CCI_PMCR 0x0100
#define CCI_PID4 0x0fd0
#define CCI_PID0 0x0fe0
#define CCI_PID1 0x0fe4
#define CCI_PID2 0x0fe8
#define CCI_PID3 0x0fec
#define CCI_CID0 0x0ff0
#define CCI_CID1 0x0ff4
#define CCI_CID2 0x0ff8
#define CCI_CID3 0x0ffc
#define CCI_SIZE 0x10000

/* Slave interface n's 4 KiB window (its offset is in the DT). */
#define CCI_SLAVE_IF_WINDOW 0x1000
#define CCI_MAX_SLAVE_IFS 5	/* S0..S4 */
#define CCI_PORT_CTRL 0x0	/* Snoop Control */
#define CCI_PORT_SHAREABLE_OVERRIDE 0x4

/* Bits. */
#define CCI_CTRL_OVERRIDE_SNOOP_DISABLE 0x1
#define CCI_STATUS_CHANGE_PENDING 0x1
#define CCI_ENABLE_SNOOP_REQ 0x1
#define CCI_ENABLE_DVM_REQ 0x2
#define CCI_ENABLE_REQ (CCI_ENABLE_SNOOP_REQ | CCI_ENABLE_DVM_REQ)
#define CCI_SNOOP_SUPPORT (1u << 30)	/* Snoop Control, read-only */
#define CCI_DVM_SUPPORT (1u << 31)
#define CCI_PID2_REV_SHIFT 4

#endif
