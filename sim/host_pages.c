/* SPDX-License-Identifier: GPL-2.0-only */
#define _GNU_SOURCE
#include "sim/host_pages.h"

#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

/* C library headers older than the call: the kernel's number for it. */
#if defined(__linux__) && !defined(MADV_POPULATE_WRITE)
#define MADV_POPULATE_WRITE 23
#endif

bool populate_pages(void *p, size_t n)
{
#ifdef MADV_POPULATE_WRITE
	if (!p || n == 0)
		return true;
	/*
	 * madvise() takes whole pages. The pages at either end may hold other
	 * allocations too: they are mapped already or harmlessly mapped now,
	 * since populating writes nothing.
	 */
	const uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	const uintptr_t start = (uintptr_t)p & ~(page - 1);
	const uintptr_t end = ((uintptr_t)p + n + page - 1) & ~(page - 1);
	return madvise((void *)start, end - start, MADV_POPULATE_WRITE) == 0;
#else
	(void)p;
	(void)n;
	return false;
#endif
}
