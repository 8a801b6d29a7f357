/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * regs/blsim_event.h - the blsim event mailbox ("blsim,event-mailbox"):
 * its registers and command numbers, shared by the kernel driver
 * (drivers/misc/blsim_event.c) and the device (models/misc/event_mailbox.cc,
 * sim/events.h). Plain C data: why, see regs/tc2_scc.h.
 */
#ifndef BLSIM_REGS_BLSIM_EVENT_H
#define BLSIM_REGS_BLSIM_EVENT_H

#define EV_CMD 0x00	/* RO: command of the event presented, EV_NONE = none */
#define EV_ARG0 0x04	/* RO */
#define EV_ARG1 0x08	/* RO */
#define EV_SEQ 0x0c	/* RO: number of the event presented (1, 2, ...) */
#define EV_ACK 0x10	/* WO: the event's result, 0 or a negative errno */

/* EV_CMD values. */
#define EV_NONE 0
#define EV_CPU_DOWN 1
#define EV_CPU_UP 2
#define EV_SWITCH 3
#define EV_BUSY 4
#define EV_IPI 5
#define EV_SWITCHER 6

#endif
