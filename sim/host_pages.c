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

/* Transparent huge pages are 2 MiB on x86-64 and on arm64 with 4 KiB pages. */
#define HUGE_PAGE ((size_t)2 << 20)

static size_t huge_block_bytes(size_t n)
{
	return (n + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
}

void *map_huge_block(size_t n)
{
	const size_t len = huge_block_bytes(n);
	if (n == 0 || len < n)
		return NULL;
	/* A huge page must start on a 2 MiB boundary: the slack either side goes. */
	char *const raw = mmap(NULL, len + HUGE_PAGE, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (raw == MAP_FAILED)
		return NULL;
	char *const p = (char *)(((uintptr_t)raw + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
	if (p > raw)
		munmap(raw, (size_t)(p - raw));
	munmap(p + len, (size_t)(raw + HUGE_PAGE - p));
#ifdef MADV_HUGEPAGE
	madvise(p, len, MADV_HUGEPAGE); /* refused (THP off): small pages */
#endif
	populate_pages(p, n); /* on huge pages, both of n's; else n's small ones */
	return p;
}

void unmap_huge_block(void *p, size_t n)
{
	if (p)
		munmap(p, huge_block_bytes(n));
}
