/* SPDX-License-Identifier: GPL-2.0-only */
/* asm/bL_switcher.h - the in-kernel big.LITTLE switcher's interface
 * (arch/arm/include/asm/bL_switcher.h). */
#ifndef KM_ASM_BL_SWITCHER_H
#define KM_ASM_BL_SWITCHER_H

#include "linux/kernel.h"

typedef void (*bL_switch_completion_handler)(void *arg);

/* Ask logical CPU cpu to move to cluster new_cluster_id; the completer (if
 * any) is called once the switch is done. 0, -EINVAL (no such CPU, no
 * counterpart), -ESRCH (switcher off), -EBUSY (a request with a completer
 * is still pending). */
int bL_switch_request_cb(unsigned int lcpu, unsigned int to_cluster,
			 bL_switch_completion_handler completer, void *arg);
int bL_switch_request(unsigned int lcpu, unsigned int to_cluster);
/* The same, asked by a scripted event (recorded as the switch's cause). */
int bL_switch_request_event(unsigned int lcpu, unsigned int to_cluster);

/* Notifier events around enable/disable (cpufreq listens). */
enum { BL_NOTIFY_PRE_ENABLE, BL_NOTIFY_POST_ENABLE,
       BL_NOTIFY_PRE_DISABLE, BL_NOTIFY_POST_DISABLE };
struct bL_notifier_block {
	int (*notifier_call)(struct bL_notifier_block *nb, unsigned long action);
	struct bL_notifier_block *next;
};
int bL_switcher_register_notifier(struct bL_notifier_block *blk);
int bL_switcher_unregister_notifier(struct bL_notifier_block *blk);

/* Hold the switcher's enabled state stable (against a concurrent
 * enable/disable) while using it. */
bool bL_switcher_get_enabled(void);
void bL_switcher_put_enabled(void);

/* The run-time "active" switch (/sys/kernel/bL_switcher/active). */
int bL_switcher_enable(void);
void bL_switcher_disable(void);
/* Probe at late_initcall: enabled unless the command line says
 * no_bL_switcher; "bL_switcher.early_poke=0" turns the early poke off. */
int bL_switcher_init(const char *bootargs);

/* Logical CPU whose counterpart CPU is `cpu` (-1: none). */
int bL_switcher_counterpart(unsigned int lcpu);

#endif
