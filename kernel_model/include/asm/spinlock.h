/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * asm/spinlock.h - the ARM ticket lock (arch/arm/include/asm/spinlock.h).
 *
 * Every access goes through hw.h, so taking and releasing the lock costs
 * simulated time and two cores really can contend for it. The lock word is
 * next (high half) : owner (low half), as upstream. The lock only works
 * between CPUs that are coherent (caches on, SMP bit set), as upstream:
 * MCPM never takes it from a CPU whose caches are off.
 */
#ifndef KM_ASM_SPINLOCK_H
#define KM_ASM_SPINLOCK_H

#include "hw.h"

typedef struct {
	volatile uint32_t slock;
} arch_spinlock_t;

#define __ARCH_SPIN_LOCK_UNLOCKED { 0 }
#define TICKET_SHIFT 16

/* Models arch_spin_lock(): ldrex/strex take a ticket, then wfe until served. */
static inline void arch_spin_lock(arch_spinlock_t *lock)
{
	uint32_t old, ticket;

	do {
		old = hw_load32(&lock->slock);
	} while (hw_cmpxchg32(&lock->slock, old, old + (1u << TICKET_SHIFT)) != old);
	ticket = old >> TICKET_SHIFT;
	/*
	 * Lost-wake-up race: the owner may release between our load and our
	 * wfe; its sev() sets our event register, so wfe() returns at once.
	 */
	while ((hw_load32(&lock->slock) & 0xffffu) != ticket)
		wfe();
	dmb();
}

/* Models arch_spin_trylock(): take a ticket only if the lock is free. */
static inline int arch_spin_trylock(arch_spinlock_t *lock)
{
	uint32_t old = hw_load32(&lock->slock);

	if ((old >> TICKET_SHIFT) != (old & 0xffffu))
		return 0;
	if (hw_cmpxchg32(&lock->slock, old, old + (1u << TICKET_SHIFT)) != old)
		return 0;
	dmb();
	return 1;
}

/* Models arch_spin_unlock(): owner++ then dsb_sev(). */
static inline void arch_spin_unlock(arch_spinlock_t *lock)
{
	uint32_t old, newv;

	dmb();
	/*
	 * Upstream stores the owner halfword alone; here the word is
	 * replaced with cmpxchg so that a concurrent ticket grab (which
	 * changes the high half between our load and store) is not lost.
	 */
	do {
		old = hw_load32(&lock->slock);
		newv = (old & 0xffff0000u) | ((old + 1u) & 0xffffu);
	} while (hw_cmpxchg32(&lock->slock, old, newv) != old);
	dsb();
	sev();
}

/* Models arch_spin_is_locked(). */
static inline int arch_spin_is_locked(arch_spinlock_t *lock)
{
	uint32_t v = hw_load32(&lock->slock);

	return (v >> TICKET_SHIFT) != (v & 0xffffu);
}

#endif
