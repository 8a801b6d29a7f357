/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * asan_stacks.h - what AddressSanitizer must be told about stacks it does
 * not know as stacks. Plain C: blsim's glue (sim/hw_glue.cc) and the unit
 * tests' fake machine (tests/unit/fake_hw.c) both run kernel code on such
 * stacks (the init stack, kernel threads' stacks, the cores' firmware and
 * boot stacks) and share this one implementation.
 *
 * Instrumented frames poison their redzones on entry and clear them on
 * return. A frame that never returns leaves them behind:
 *  - cpu_suspend's finisher: the core powers off inside it, and the context
 *    comes back by a jump into hw_ctx_suspend, over the dead frames below;
 *  - a stack a core leaves when it is reset or loses power mid-call.
 * ASan clears such frames itself only on a stack it knows (its longjmp
 * hook prints "ignoring requested __asan_handle_no_return" here), so a
 * later, innocent frame laid over the stale redzones is reported as a
 * stack buffer overflow (first seen as hw_printk's buffer after
 * tc2_pm_init's loopback). These hooks do the clearing ASan cannot: a
 * stack about to be started from its top is cleared whole, and a context
 * resumed by a jump clears its stack below the resuming frame. In a build
 * without ASan they are empty.
 */
#ifndef BLSIM_ASAN_STACKS_H
#define BLSIM_ASAN_STACKS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__SANITIZE_ADDRESS__)
/* lo .. lo + size holds no live frame any more: clear it, and remember it
 * as a stack for asan_forget_dead_frames(). */
void asan_stack_fresh(void *lo, size_t size);
/* Called on a resumed context's stack: nothing below the caller's frame is
 * live. A stack never passed to asan_stack_fresh (a SystemC thread's) is
 * left alone. */
__attribute__((noinline)) void asan_forget_dead_frames(void);
/* Forgets every stack (their memory is about to be freed). */
void asan_forget_stacks(void);
#else
static inline void asan_stack_fresh(void *lo, size_t size) { (void)lo; (void)size; }
static inline void asan_forget_dead_frames(void) {}
static inline void asan_forget_stacks(void) {}
#endif

#ifdef __cplusplus
}
#endif

#endif
