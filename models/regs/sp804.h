/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * regs/sp804.h - the ARM SP804 dual timer's register map (4 KiB), shared by
 * the kernel driver (drivers/clocksource/timer-sp804.c) and the model
 * (models/timer/sp804.cc). Plain C data: why, see regs/tc2_scc.h.
 */
#ifndef BLSIM_REGS_SP804_H
#define BLSIM_REGS_SP804_H

/* Timer 1's registers; timer 2's are at + TIMER_2_BASE. */
#define TIMER_LOAD 0x00
#define TIMER_VALUE 0x04
#define TIMER_CTRL 0x08
#define TIMER_INTCLR 0x0c
#define TIMER_RIS 0x10
#define TIMER_MIS 0x14
#define TIMER_BGLOAD 0x18
#define TIMER_2_BASE 0x20
#define SP804_ITCR 0xf00
#define SP804_ITOP 0xf04
#define SP804_PERIPHID0 0xfe0	/* PeriphID0..3, one byte a word */
#define SP804_PCELLID0 0xff0	/* PCellID0..3 */
#define SP804_SIZE 0x1000

/* TimerXControl. */
#define TIMER_CTRL_ONESHOT (1u << 0)
#define TIMER_CTRL_32BIT (1u << 1)
#define TIMER_CTRL_PRESCALE_SHIFT 2
#define TIMER_CTRL_PRESCALE_MASK (3u << 2)	/* 00 /1, 01 /16, 10 /256 */
#define TIMER_CTRL_IE (1u << 5)
#define TIMER_CTRL_PERIODIC (1u << 6)
#define TIMER_CTRL_ENABLE (1u << 7)

#endif
