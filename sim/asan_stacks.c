// SPDX-License-Identifier: GPL-2.0-only
/* sim/asan_stacks.h says why these exist; this file is empty without ASan. */
#include "sim/asan_stacks.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>

#include <stdlib.h>

struct stack_span {
	char *lo, *hi;
};

/* The stacks contexts were started on, newest last. A span overlapped by a
 * newer one is dropped: its memory was freed and is the newer stack now. */
static struct stack_span *known_stacks;
static size_t nr_known_stacks, known_stacks_cap;

void asan_stack_fresh(void *p, size_t n)
{
	char *lo = p, *hi = lo + n;
	size_t i, kept = 0;

	ASAN_UNPOISON_MEMORY_REGION(p, n);
	for (i = 0; i < nr_known_stacks; i++)
		if (known_stacks[i].hi <= lo || known_stacks[i].lo >= hi)
			known_stacks[kept++] = known_stacks[i];
	nr_known_stacks = kept;
	if (nr_known_stacks == known_stacks_cap) {
		known_stacks_cap = known_stacks_cap ? 2 * known_stacks_cap : 16;
		known_stacks = realloc(known_stacks, known_stacks_cap * sizeof(*known_stacks));
		if (!known_stacks)
			abort();
	}
	known_stacks[nr_known_stacks++] = (struct stack_span){ lo, hi };
}

/* This frame holds nothing ASan guards, so clearing up to its frame
 * address leaves every caller's redzones in place. */
__attribute__((noinline)) void asan_forget_dead_frames(void)
{
	char *here = __builtin_frame_address(0);
	size_t i;

	for (i = 0; i < nr_known_stacks; i++) {
		struct stack_span s = known_stacks[i];

		if (here > s.lo && here <= s.hi) {
			ASAN_UNPOISON_MEMORY_REGION(s.lo, (size_t)(here - s.lo));
			return;
		}
	}
}

void asan_forget_stacks(void)
{
	free(known_stacks);
	known_stacks = NULL;
	nr_known_stacks = known_stacks_cap = 0;
}
#endif
