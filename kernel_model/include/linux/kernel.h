/* SPDX-License-Identifier: GPL-2.0-only */
/* linux/kernel.h - the few kernel-wide helpers the model uses. */
#ifndef KM_LINUX_KERNEL_H
#define KM_LINUX_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw.h"

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int32_t s32;
typedef int64_t s64;

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define BIT(n) (1u << (n))
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

#define KERN_ERR 3
#define KERN_WARNING 4
#define KERN_INFO 6
#define KERN_DEBUG 7
#define pr_err(...) hw_printk(KERN_ERR, __VA_ARGS__)
#define pr_warn(...) hw_printk(KERN_WARNING, __VA_ARGS__)
#define pr_info(...) hw_printk(KERN_INFO, __VA_ARGS__)
#define pr_debug(...) hw_printk(KERN_DEBUG, __VA_ARGS__)

#define BUG() hw_panic("BUG at %s:%d (%s)", __FILE__, __LINE__, __func__)
#define BUG_ON(c) do { if (c) BUG(); } while (0)
static inline bool __warn_on(bool cond, const char *file, int line, const char *func)
{
	if (cond)
		pr_warn("WARNING at %s:%d (%s)\n", file, line, func);
	return cond;
}
#define WARN_ON(c) __warn_on(!!(c), __FILE__, __LINE__, __func__)

/* Upstream error codes, for return values that tests assert. */
#define EPERM 1
#define ENOENT 2
#define EINTR 4
#define ESRCH 3
#define EIO 5
#define ENXIO 6
#define EAGAIN 11
#define ENOMEM 12
#define EBUSY 16
#define EEXIST 17
#define ENODEV 19
#define EINVAL 22
#define ENOSPC 28
#define ENOSYS 38
#define ETIMEDOUT 110
#define ETIME 62

#define MPIDR_AFFINITY_LEVEL(mpidr, level) (((mpidr) >> ((level) * 8)) & 0xff)
#define MPIDR_HWID_BITMASK 0xFFFFFFu

#endif
