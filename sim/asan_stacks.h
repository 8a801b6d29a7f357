// SPDX-License-Identifier: GPL-2.0-only
// What AddressSanitizer must be told about the glue's own stacks.
//
// The glue runs kernel code on stacks ASan does not know as stacks: the
// init stack, kernel threads' stacks (hw_ctx_init), the cores' firmware
// stacks. Instrumented frames poison their redzones on entry and clear them
// on return. A frame that never returns leaves its redzones behind:
//  - cpu_suspend's finisher: the core powers off inside it, and the context
//    comes back by _longjmp to hw_ctx_suspend, over the dead frames below;
//  - a firmware stack the core leaves when it loses power mid-call.
// ASan clears such frames itself only on a stack it knows (its longjmp hook
// prints "ignoring requested __asan_handle_no_return" here), so a later,
// innocent frame laid over the stale redzones is reported as a stack buffer
// overflow (first seen as hw_printk's buffer after tc2_pm_init's loopback).
// These hooks do the clearing ASan cannot: a stack about to be started from
// its top is cleared whole, and a context resumed by _longjmp clears its
// stack below the resuming frame. In a build without ASan they are empty.
#pragma once

#include <cstddef>

namespace glue {

#if defined(__SANITIZE_ADDRESS__)
// `lo` .. `lo + size` holds no live frame any more: clear it, and remember
// it as a stack for asan_forget_dead_frames().
void asan_stack_fresh(void* lo, size_t size);
// Called on a resumed context's stack: nothing below the caller's frame is
// live. A stack never passed to asan_stack_fresh (a SystemC thread's) is left
// alone.
[[gnu::noinline]] void asan_forget_dead_frames();
#else
inline void asan_stack_fresh(void*, size_t) {}
inline void asan_forget_dead_frames() {}
#endif

}  // namespace glue
