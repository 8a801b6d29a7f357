/* SPDX-License-Identifier: GPL-2.0-only */
/* linux/workqueue.h - deferred work in process context (kernel/workqueue.c). */
#ifndef KM_LINUX_WORKQUEUE_H
#define KM_LINUX_WORKQUEUE_H

#include "linux/kernel.h"

struct work_struct {
	void (*func)(struct work_struct *work);
	struct work_struct *next;
	bool pending;
};

/* Queue work on the system workqueue of the calling CPU; false if it was
 * already pending. */
bool schedule_work(struct work_struct *work);
/* Queue work on another CPU's workqueue and wake that CPU (queue_work_on). */
bool queue_work_on(unsigned int cpu, struct work_struct *work);
/* Run the calling CPU's pending work (the kworker's loop), IRQs enabled. */
void run_pending_work(void);
bool work_pending_here(void);

#endif
