/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vlock.h - voting lock for first-man election (arch/arm/common/vlock.h).
 *
 * Works without coherency: a CPU whose caches and MMU are off can take part.
 * Upstream keeps it in strongly-ordered memory; in the model every access is
 * an hw_load/hw_store, which goes to memory when the caller's caches are off.
 */
#ifndef KM_VLOCK_H
#define KM_VLOCK_H

#include "asm/mcpm.h"

#define VLOCK_OWNER_NONE 0
#define VLOCK_VOTING_OFFSET 4

struct vlock {
	volatile u8 owner;       /* VLOCK_OWNER_NONE, or winner + VLOCK_VOTING_OFFSET */
	u8 pad[VLOCK_VOTING_OFFSET - 1];
	union {                  /* one voting flag per CPU; read as one word */
		volatile u32 word;
		volatile u8 cpu[MAX_CPUS_PER_CLUSTER];
	} voting;
} __attribute__((aligned(__CACHE_WRITEBACK_GRANULE)));

#ifndef __cplusplus
_Static_assert(MAX_CPUS_PER_CLUSTER <= 4, "voting flags must fit in one word");
#endif

/* 0 if this CPU won the lock, non-zero if it lost. */
int vlock_trylock(struct vlock *lock, unsigned int cpu);
void vlock_unlock(struct vlock *lock);
void vlock_init(struct vlock *lock);

#endif
