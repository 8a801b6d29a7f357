/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hw.h - the only door from the kernel model to the hardware.
 *
 * kernel_model/ is plain C11 and knows nothing of SystemC. Everything it does
 * to the machine goes through the functions below, the way kernel code reaches
 * hardware through a handful of accessors. blsim's sim/hw_glue.cc implements
 * them on the SystemC models; tests/unit/fake_hw.c implements them on a fake
 * machine for unit tests.
 *
 * Rules of the boundary:
 *  - Simulated time passes only inside these calls. Between two calls C code
 *    runs in zero simulated time, so a sequence of plain C statements is atomic
 *    with respect to the other cores. Every access whose interleaving matters
 *    (MCPM's state bytes, vlocks, spinlocks) therefore goes through
 *    hw_load*()/hw_store*() or an MMIO accessor, each of which takes its time.
 *  - The calling core is implicit: it is the one whose thread is running.
 *  - An interrupt that is pending and unmasked is taken at the end of a call,
 *    by calling the handler registered with hw_set_irq_handler(), with IRQs
 *    masked, on the current stack, as the CPU takes an exception between two
 *    instructions.
 *  - A core that the power controller switches off inside wfi() never returns
 *    from it; when it is powered on again, it starts at its reset vector.
 */
#ifndef BLSIM_HW_H
#define BLSIM_HW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "blsim/switch_steps.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint64_t phys_addr_t;

#ifdef __cplusplus
#define HW_NORETURN [[noreturn]]
#else
#define HW_NORETURN _Noreturn
#endif

/* ---- identity ----------------------------------------------------------- */

/* MPIDR of the calling core (Aff1 = cluster, Aff0 = cpu within it). */
uint32_t read_cpuid_mpidr(void);
/* MIDR part number of the calling core: 0xC0F (A15) or 0xC07 (A7). */
uint32_t read_cpuid_part_number(void);
#define ARM_CPU_PART_CORTEX_A15 0xC0Fu
#define ARM_CPU_PART_CORTEX_A7  0xC07u
/* Physical core index in the platform's DT order (0 .. hw_nr_cores()-1). */
unsigned int hw_core_index(void);
unsigned int hw_nr_cores(void);

/* The flattened device tree the "boot loader" handed over (as in r2). */
const void *hw_fdt(void);

/* ---- MMIO: device memory, one TLM transaction from this core ------------ */

uint32_t readl_relaxed(phys_addr_t addr);
void writel_relaxed(uint32_t val, phys_addr_t addr);
/* Ordered variants: a barrier around the access, as on ARM. */
uint32_t readl(phys_addr_t addr);
void writel(uint32_t val, phys_addr_t addr);

/* ---- normal memory shared between cores --------------------------------
 * The value lives in the C object; the call charges the access's cost on the
 * path it takes in the models: through this core's caches when they are on,
 * straight to memory through the CCI when they are off (MCPM's non-coherent
 * window). The value is read / written when the access completes.
 */
uint8_t hw_load8(const volatile uint8_t *p);
void hw_store8(volatile uint8_t *p, uint8_t v);
uint32_t hw_load32(const volatile uint32_t *p);
void hw_store32(volatile uint32_t *p, uint32_t v);
/* An exclusive-monitor read-modify-write (ldrex/strex loop that succeeds):
 * atomically replace *p by newv if it equals old; returns the old value. */
uint32_t hw_cmpxchg32(volatile uint32_t *p, uint32_t old, uint32_t newv);
/* Clean (write back) / invalidate a range to the point of coherency, for data
 * read by CPUs whose caches are off (__sync_cache_range_w / _r). */
void hw_cache_clean_range(const volatile void *p, size_t len);
void hw_cache_inv_range(const volatile void *p, size_t len);

/* ---- barriers and events ------------------------------------------------- */

void dmb(void);
void dsb(void);
void isb(void);
/* Wait for interrupt: returns when an interrupt is pending at this core
 * (masked or not). Never returns if the power controller cuts power. */
void wfi(void);
/* Wait for event: returns when the event register is set (sev, interrupt). */
void wfe(void);
/* Set the event register of every core. */
void sev(void);

/* ---- exceptions ---------------------------------------------------------- */

void arch_local_irq_disable(void);
void arch_local_irq_enable(void);
unsigned long arch_local_irq_save(void);
void arch_local_irq_restore(unsigned long flags);
bool arch_irqs_disabled(void);
/* The IRQ vector of every core: called with IRQs masked. */
void hw_set_irq_handler(void (*handler)(void));

/* ---- reset and entry points -----------------------------------------------
 * Kernel code is not at physical addresses, so an entry function is given a
 * synthetic physical address that can be written into a hardware register
 * (the SPC's BX_ADDR mailboxes) and jumped to by a core coming out of reset.
 * A core leaving reset runs the board's boot firmware on a firmware stack of
 * its own: it reads its mailbox and jumps there (0: it waits in WFI and reads
 * again on each wake-up, like the TC2 boot monitor's holding pen).
 */
uint32_t hw_entry_address(void (*fn)(void));
/* Jump to the entry at a synthetic physical address (what "bx rN" does). */
HW_NORETURN void hw_jump_to_entry(uint32_t phys);

/* ---- execution contexts: stacks and saved registers ------------------------
 * Stacks belong to the kernel (tasks, idle threads, the switcher's borrowed
 * stacks), not to physical cores, because a context saved on one core can be
 * resumed on another (the in-kernel switcher resumes the outbound's context
 * on the inbound). An hw_ctx is one saved register set; its storage is opaque
 * and owned by the caller (allocate with hw_ctx_alloc()).
 */
struct hw_ctx;
struct hw_ctx *hw_ctx_alloc(void);
void hw_ctx_free(struct hw_ctx *ctx);
/* Prepare ctx to start fn(arg) on the given stack when first loaded. */
void hw_ctx_init(struct hw_ctx *ctx, void *stack, size_t stack_size,
		 void (*fn)(void *arg), void *arg);
/* Save the running context into `save` and load `load` (cpu_switch_to).
 * Returns when some core loads `save` again. */
void hw_ctx_switch(struct hw_ctx *save, struct hw_ctx *load);
/* Load ctx, abandoning the running context (a fresh start, or cpu_resume). */
HW_NORETURN void hw_ctx_load(struct hw_ctx *ctx);
/* cpu_suspend's core: save the context (registers, cost of the save) into
 * ctx, then call finisher(arg) deeper on the same stack. If the finisher
 * returns, the suspend was aborted: returns its value, or 1 if that was 0.
 * If the context is later loaded with hw_ctx_resume() (on any core), this
 * returns 0 there, after the cost of the restore. */
int hw_ctx_suspend(struct hw_ctx *ctx, int (*finisher)(unsigned long),
		   unsigned long arg);
HW_NORETURN void hw_ctx_resume(struct hw_ctx *ctx);
/* Run fn(arg) on another stack and return its value (call_with_stack). */
int hw_call_with_stack(int (*fn)(void *arg), void *arg, void *stack,
		       size_t stack_size);

/* ---- generic timer (CP15 CNTP*) ------------------------------------------ */

uint64_t read_cntpct(void);
uint32_t read_cntfrq(void);
void write_cntp_cval(uint64_t cval);
uint64_t read_cntp_cval(void);
void write_cntp_ctl(uint32_t ctl);
uint32_t read_cntp_ctl(void);
#define CNTP_CTL_ENABLE  (1u << 0)
#define CNTP_CTL_IMASK   (1u << 1)
#define CNTP_CTL_ISTATUS (1u << 2)

/* ---- caches and coherency (SCTLR.C, ACTLR.SMP, set/way maintenance) ----- */

void hw_set_dcache_enabled(bool on);        /* SCTLR.C */
bool hw_dcache_enabled(void);
void hw_set_smp_coherent(bool on);          /* ACTLR.SMP: take part in snoops */
/* Clean+invalidate by set/way to the Level of Unification Inner Shareable (L1)
 * or to all levels (L1 and the cluster's L2). The cost is the write-back of
 * the lines the cache model holds dirty, plus the set/way walk. */
void hw_flush_cache_louis(void);
void hw_flush_cache_all(void);
/* A15 L2 prefetch control (the mcr p15,1,r,c15,c0,3 of tc2_pm). */
void hw_write_l2_prefetch_ctl(uint32_t val);

/* ---- costed work ---------------------------------------------------------- */

enum hw_work_kind {
	HW_WORK_KERNEL,   /* kernel code: branchy integer, mostly L1-resident */
	HW_WORK_INT,      /* user integer work */
	HW_WORK_FP,       /* user floating point / NEON */
	HW_WORK_MEM,      /* user memory streaming: misses the caches */
	HW_WORK_NR
};
/* Run N instructions of the given kind on this core at its current clock.
 * An interrupt cuts the run at the exact cycle; the call then takes the
 * interrupt (if unmasked) and returns the number of instructions NOT run, so
 * the caller may resume. Returns 0 when all were run. */
uint64_t hw_run(uint64_t instructions, enum hw_work_kind kind);
/* Run work of the given kind for `ns` of wall time, whatever the clock (a
 * loop polling the counter: rt-app's "runtime"). Cut by an interrupt like
 * hw_run; returns the nanoseconds NOT run. */
uint64_t hw_run_ns(uint64_t ns, enum hw_work_kind kind);
/* Streaming stores of `bytes` that miss the caches (memset of a buffer
 * larger than L2): one burst through the CCI to DRAM, charged by the bus
 * and memory models' bandwidth. Not cut by interrupts: callers chunk it. */
void hw_stream_to_memory(uint64_t bytes);
/* CONTEXTIDR (CP15 c13): the kernel writes the PID of the task it switches
 * to (CONFIG_PID_IN_CONTEXTIDR); trace tools and blsim's per-task energy
 * meters attribute the core's activity by it. */
void hw_write_contextidr(uint32_t pid);
/* Save / restore the CPU context (registers, VFP, CP15) to memory. */
void hw_context_save(void);
void hw_context_restore(void);
/* Busy-wait for a simulated duration (udelay on the generic timer). */
void hw_udelay(uint32_t us);

/* ---- simulator services (not hardware) ----------------------------------- */

/* Simulated time, ns, for statistics only: code must not branch on it. */
uint64_t hw_now_ns(void);
/* Log a message from the kernel model (printk); level as in KERN_*. */
void hw_printk(int level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A fatal kernel error (BUG, panic): stops the simulation with a message. */
HW_NORETURN void hw_panic(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
/* Report a boot milestone of this core ("online", "idle", ...) to the stats. */
void hw_mark(const char *event);
/* An ftrace event (trace.txt): the kernel's event name and its fields as
 * the kernel prints them ("state=1 cpu_id=0"), on logical CPU cpu, in the
 * context of task comm/pid (the idle task is "<idle>"/0). event and fmt
 * must be string literals, as a tracepoint's name and TP_printk are: like
 * ftrace, the platform may keep the arguments and print them later,
 * naming the format by its address. */
void hw_trace_event(unsigned int cpu, const char *comm, int pid, const char *event,
		    const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* A step of a cluster switch of logical CPU `cpu` begins (end = false) or
 * ends (end = true) now, on the calling core: stats.json's switches[]
 * (the steps: blsim/switch_steps.h). */
void hw_switch_step(unsigned int cpu, enum switch_step step, bool end);
/* A switch of logical CPU `cpu` was requested now; cause says who asked
 * ("cpufreq", "event", "callback", "disable"). */
void hw_switch_request(unsigned int cpu, const char *cause);
/* A run of logical CPU cpu's switcher thread made a runnable task wait
 * wait_ns: the latest switch of that CPU keeps the longest (task_wait_ns). */
void hw_switch_task_wait(unsigned int cpu, uint64_t wait_ns);

#ifdef __cplusplus
}
#endif

#endif /* BLSIM_HW_H */
