// SPDX-License-Identifier: GPL-2.0-only
/*
 * vlock.c - voting lock (the algorithm of arch/arm/common/vlock.S and
 * Documentation/arm/vlocks.rst), written in C on hw.h accesses.
 *
 * Each access is one hw_load8/hw_store8/hw_load32, so it takes simulated time
 * and other CPUs can run between any two of them: the races the algorithm
 * exists for can really happen.
 */
#include "vlock.h"
#include "blsim/test_hooks.h"

/* Models the voting_begin macro: raise my flag before looking at the owner. */
static void voting_begin(struct vlock *lock, unsigned int cpu)
{
	hw_store8(&lock->voting.cpu[cpu], 1);
	dmb();
}

/* Models the voting_end macro: lower my flag and wake the waiters. */
static void voting_end(struct vlock *lock, unsigned int cpu)
{
	dmb();
	hw_store8(&lock->voting.cpu[cpu], 0);
	dsb();
	sev();
}

/* Models vlock_trylock. */
int vlock_trylock(struct vlock *lock, unsigned int cpu)
{
	u8 me = (u8)(cpu + VLOCK_VOTING_OFFSET);

	voting_begin(lock, cpu);

	if (hw_load8(&lock->owner) != VLOCK_OWNER_NONE) {
		/* Someone already holds it (or voted and won): give up. */
		voting_end(lock, cpu);
		return 1;
	}

	/*
	 * Submit my vote. Several CPUs may get here, each having seen the
	 * lock free: the last vote written wins. The control dependency on
	 * the owner load orders this store after it, as upstream.
	 */
	hw_store8(&lock->owner, me);
	voting_end(lock, cpu);

	if (mcpm_fault_inject == MCPM_FAULT_VLOCK_TWO_WINNERS)
		return 0; /* TEST ONLY: skip the round, so every voter "wins" */

	/*
	 * Race avoided: a CPU that saw the owner free but has not yet written
	 * its vote would overwrite ours after we decided. Wait until every
	 * voting flag is down: from then on nobody can still be between its
	 * owner check and its vote, so the owner byte is final.
	 */
	while (hw_load32(&lock->voting.word) != 0)
		wfe();

	dmb();
	return hw_load8(&lock->owner) != me;
}

/* Models vlock_unlock. */
void vlock_unlock(struct vlock *lock)
{
	dmb();
	hw_store8(&lock->owner, VLOCK_OWNER_NONE);
	dsb();
	sev();
}

/* Models vlock_init (vlock.h): an unowned lock with no votes. */
void vlock_init(struct vlock *lock)
{
	lock->owner = VLOCK_OWNER_NONE;
	lock->voting.word = 0;
}
