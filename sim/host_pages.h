/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * host_pages.h - map a fresh buffer's pages before it is written.
 *
 * A page of new memory is mapped on its first write, by a page fault. On a
 * virtual machine each fault is a trip out of the guest: ~10 us a page on
 * the 2-vCPU development VM, against ~0.2 us on bare metal. Asking the
 * kernel to map a whole range at once (MADV_POPULATE_WRITE, Linux 5.14)
 * cost ~0.7 us a page there (4 MiB buffers, 2026-12-05). The outputs'
 * buffers (a writer thread's 260 KiB chunks, a spool's 1.06 MiB of text) are
 * written page after page as the run goes, some by the simulation thread:
 * they are mapped this way when made.
 *
 * That halves the price, not more: the first write to each page mapped so
 * still costs ~5 us there (a 3 MiB memset: 4.2 ms after the populate,
 * 0.05 ms the second time), the host's own mapping of the guest's page
 * made then. A 2 MiB huge page is one such mapping for 512 pages: 3 MiB
 * on huge pages, mapped at once and then written, took 0.35 ms, against
 * ~5 ms on small pages mapped at once and ~11 ms faulted page by page.
 */
#ifndef BLSIM_HOST_PAGES_H
#define BLSIM_HOST_PAGES_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Maps the pages holding [p, p + n), writable, without changing a byte.
 * False if the kernel cannot (older than 5.14, or not Linux): the pages
 * are then mapped on first write, as without the call.
 */
bool populate_pages(void *p, size_t n);

/*
 * A fresh, zeroed block of n bytes on transparent huge pages where the
 * kernel has them (2 MiB each: n rounded up, the rest unused), mapped at
 * once; null if it cannot map one (the caller allocates as usual). Where
 * it has none, the block's small pages are mapped at once instead. Unmap
 * it with unmap_huge_block(p, n).
 */
void *map_huge_block(size_t n);
void unmap_huge_block(void *p, size_t n);

#ifdef __cplusplus
}
#endif

#endif
