// SPDX-License-Identifier: GPL-2.0-only
/*
 * head.c - the kernel image's entry (arch/arm/kernel/head.S stext): the boot
 * loader jumps here on the boot CPU, with the boot firmware's stack.
 *
 * As head.S sets sp to init_thread_union before calling start_kernel, the
 * boot CPU's kernel runs on a stack of its own. It matters: that context is
 * later saved and resumed on other cores (cpu_suspend, the switcher), while
 * the boot core's firmware stack is rebuilt at every reset of that core.
 */
#include "linux/init.h"
#include "linux/kernel.h"

#define INIT_STACK_SIZE (128 * 1024)

static char init_stack[INIT_STACK_SIZE] __attribute__((aligned(64)));

static void start_kernel_on_init_stack(void *arg)
{
	start_kernel();
}

/* Models stext / __mmap_switched: set up the init stack, start_kernel. */
void stext(void)
{
	struct hw_ctx *init_ctx = hw_ctx_alloc();

	hw_ctx_init(init_ctx, init_stack, INIT_STACK_SIZE, start_kernel_on_init_stack, NULL);
	hw_ctx_load(init_ctx);
}
