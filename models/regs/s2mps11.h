/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * regs/s2mps11.h - the S2MPS11 PMIC's registers that blsim models, shared
 * by the kernel driver (drivers/regulator/s2mps11.c) and the model
 * (models/power/s2mps11.cc). The I2C link is an MMIO window here: register
 * r is the 32-bit word at S2MPS11_REG_STRIDE * r. Plain C data: why, see
 * regs/tc2_scc.h.
 */
#ifndef BLSIM_REGS_S2MPS11_H
#define BLSIM_REGS_S2MPS11_H

#define S2MPS11_REG_ID 0x00
#define S2MPS11_REG_B1CTRL2 0x26	/* BUCKn's voltage selector */
#define S2MPS11_REG_B2CTRL2 0x28
#define S2MPS11_REG_B3CTRL2 0x2a
#define S2MPS11_REG_B4CTRL2 0x2c
#define S2MPS11_REG_B6CTRL2 0x34
#define S2MPS11_NR_REGS 0x100	/* 8-bit register addresses */
#define S2MPS11_REG_STRIDE 4

/* A buck's voltage: S2MPS11_BUCK_MIN1 + S2MPS11_BUCK_STEP1 * selector uV. */
#define S2MPS11_BUCK_MIN1 600000
#define S2MPS11_BUCK_STEP1 6250
#define S2MPS11_BUCK_N_VOLTAGES 256

#endif
