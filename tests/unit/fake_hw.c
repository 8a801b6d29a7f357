// SPDX-License-Identifier: GPL-2.0-only
/*
 * fake_hw.c - the fake machine behind hw.h for unit and stress tests.
 * See fake_hw.h for what it models and how to drive it.
 */
#define _GNU_SOURCE
#include "fake_hw.h"
#include "blsim/workload.h"
#include "regs/cci400.h"
#include "regs/gic400.h"
#include "regs/tc2_scc.h"
#include "sim/asan_stacks.h"

#include <libfdt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

/* Under ASan the fake machine runs kernel code on stacks ASan does not
 * know as stacks; sim/asan_stacks.h tells it what it must know, as for
 * blsim's glue. Frames die here when a core is reset, panics or jumps to
 * an entry (the stack it was on is abandoned until a fresh context starts
 * on it), and when hw_ctx_resume jumps back into hw_ctx_suspend's
 * getcontext (the finisher's frames below it are dead, the stack above is
 * live). ASan's swapcontext interceptor clears the stack named in the
 * target context, which is not always the stack the context is on; it is
 * not relied on. */

#define PS_PER_NS 1000ull
#define ENTRY_STACK_SIZE (256 * 1024)
#define BOOT_STACK_SIZE (1024 * 1024)
#define L1_LINES 512u      /* 32 KB / 64 B */
#define L2_LINES_A15 16384u /* 1 MB */
#define L2_LINES_A7 8192u  /* 512 KB */
#define NEVER UINT64_MAX
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))

/* SPC offsets (spc.c) and SCC offsets (tc2_pm.c). */

struct hw_ctx {
	ucontext_t uc;
	void (*fn)(void *);
	void *arg;
	volatile int resumed;
};

struct call_info {
	int (*fn)(void *);
	void *arg;
	int ret;
	ucontext_t caller, callee;
};

struct core {
	unsigned int idx, cluster, cpu;
	uint32_t mpidr, part;
	enum fake_core_state state;
	bool in_reset;
	uint64_t t;            /* local clock, ps */
	uint64_t power_on_at;  /* pending SPC power-on, or NEVER */
	ucontext_t uc;         /* saved running context while switched out */
	ucontext_t jump_uc[2];
	char *entry_stack[2];
	char *boot_stack;      /* for fake_hw_start_core: never an entry stack */
	ucontext_t boot_uc;
	void (*start_fn)(void *);
	void *start_arg;
	uint32_t jump_phys;
	struct hw_ctx *loading; /* ctx being loaded (fresh ones read fn/arg) */
	struct call_info *call;
	bool event_reg, irq_masked, in_irq;
	bool dcache_on, smp_on;
	uint32_t l1_dirty, l2_prefetch;
	bool standbywfi;
	/* generic timer */
	uint64_t cval;
	uint32_t ctl;
	/* hw_run */
	bool in_run;
	/* GIC banked state */
	uint32_t sgi_ppi_pending, sgi_ppi_enabled;
	uint8_t sgi_src[16];
	uint8_t prio_local[32];
	uint32_t gicc_ctlr, pmr;
	uint32_t active[FAKE_NR_IRQS / 32];
	uint64_t dropped_irqs;
};

struct timed_cb {
	uint64_t when;
	void (*fn)(void *);
	void *arg;
};

struct device {
	uint32_t base, size;
	uint32_t (*read)(uint32_t off);
	void (*write)(uint32_t off, uint32_t val);
};

static struct machine {
	struct fake_hw_config cfg;
	unsigned int nr_cores;
	struct core cores[FAKE_MAX_CORES];
	bool cluster_powered[FAKE_MAX_CLUSTERS];
	uint32_t l2_dirty[FAKE_MAX_CLUSTERS];
	/* SPC */
	uint32_t spc_regs[SCC_SPC_SIZE / 4];
	/* CCI */
	uint32_t cci_port[5];
	uint64_t cci_pending_until;
	/* GIC distributor */
	uint32_t gicd_ctlr;
	uint32_t spi_pending[FAKE_NR_IRQS / 32], spi_enabled[FAKE_NR_IRQS / 32];
	uint8_t prio[FAKE_NR_IRQS];
	uint8_t targets[FAKE_NR_IRQS];
	uint32_t icfgr[FAKE_NR_IRQS / 16];
	/* scheduler */
	uint64_t rng;
	uint64_t now;          /* ps: the time of the latest event processed */
	struct core *cur;
	ucontext_t sched_uc;
	bool stop, panicked, running;
	char panic_msg[512];
	struct timed_cb cbs[64];
	unsigned int nr_cbs;
	void (*observer)(const struct fake_hw_event *, void *);
	void *observer_arg;
	struct fake_hw_stats stats;
	const void *fdt;
	char *own_fdt;
	bool created;
} m;

static void (*irq_handler)(void);

/* Synthetic physical addresses of entry functions (process-wide). */
#define MAX_ENTRIES 256
static void (*entry_fns[MAX_ENTRIES])(void);
static unsigned int nr_entries;

/* ---- small helpers -------------------------------------------------------- */

static uint64_t rnd(void)
{
	/* splitmix64 */
	uint64_t z = (m.rng += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static double rnd01(void)
{
	return (double)(rnd() >> 11) / (double)(1ull << 53);
}

static void emit(enum fake_hw_event_kind kind, int core, int cluster, uint32_t a, uint32_t b)
{
	struct fake_hw_event ev = { kind, core, cluster, a, b, NULL, HW_TEST_EVENT_NR, NULL,
				    (m.cur ? m.cur->t : m.now) / PS_PER_NS };

	if (m.observer)
		m.observer(&ev, m.observer_arg);
}

static struct core *self(const char *what)
{
	if (!m.cur) {
		fprintf(stderr, "fake_hw: %s called outside a simulated core\n", what);
		abort();
	}
	return m.cur;
}

static uint64_t now_ps(void)
{
	return m.cur ? m.cur->t : m.now;
}

static uint32_t l2_lines(unsigned int cluster)
{
	return m.cfg.part[cluster] == ARM_CPU_PART_CORTEX_A15 ? L2_LINES_A15 : L2_LINES_A7;
}

/* ---- the scheduler ---------------------------------------------------------- */

static bool timer_armed(const struct core *c)
{
	return (c->ctl & CNTP_CTL_ENABLE) && !(c->ctl & CNTP_CTL_IMASK);
}

static uint64_t timer_fire_ps(const struct core *c)
{
	if (c->cval > 10000000000000ull) /* ~5 days: never */
		return NEVER;
	return (c->cval * 1000000ull + 23) / 24;
}

static uint64_t cnt_at(uint64_t ps)
{
	return ps / 1000000ull * 24 + (ps % 1000000ull) * 24 / 1000000ull;
}

static bool gic_signalled(struct core *c);
static bool gic_wake_request(struct core *c);

/* When a blocked / running-work core would be woken by its timer. */
static uint64_t core_timer_wake(struct core *c)
{
	if (c->state == FAKE_CORE_OFF || (c->state == FAKE_CORE_RUN && !c->in_run))
		return NEVER;
	if (!timer_armed(c) || !(c->sgi_ppi_enabled & (1u << 30)) || !(c->gicc_ctlr & 1) ||
	    !(m.gicd_ctlr & 1) || (c->active[0] & (1u << 30)))
		return NEVER;
	if (c->state == FAKE_CORE_WFE && c->irq_masked)
		return NEVER;
	if (c->in_run && c->irq_masked)
		return NEVER;
	return timer_fire_ps(c);
}

/* The time at which core c next needs the scheduler, or NEVER. */
static uint64_t core_next(struct core *c)
{
	uint64_t tw;

	if (c->state == FAKE_CORE_OFF)
		return c->power_on_at;
	if (c->state == FAKE_CORE_RUN) {
		if (!c->in_run)
			return c->t;
		tw = core_timer_wake(c);
		return tw < c->t ? max(tw, m.now) : c->t;
	}
	tw = core_timer_wake(c);
	return tw == NEVER ? NEVER : max(tw, c->t);
}

/* Is there anything other than core `me` that is due at or before t? */
static bool other_due(struct core *me, uint64_t t)
{
	unsigned int i;

	if (m.stop || m.panicked)
		return true;
	for (i = 0; i < m.nr_cores; i++)
		if (&m.cores[i] != me && core_next(&m.cores[i]) <= t)
			return true;
	for (i = 0; i < m.nr_cbs; i++)
		if (m.cbs[i].when <= t)
			return true;
	return false;
}

/* Give the scheduler control; returns when this core is chosen again. */
static void yield_to_scheduler(void)
{
	struct core *c = m.cur;

	m.stats.switches++;
	swapcontext(&c->uc, &m.sched_uc);
}

/* Charge a cost to the calling core and let earlier cores run first. */
static void charge_ps(uint64_t ps)
{
	struct core *c = self("hw.h");

	m.stats.hw_calls++;
	c->t += ps;
	if (other_due(c, c->t))
		yield_to_scheduler();
	if (c->t > m.now)
		m.now = c->t;
}

static uint64_t jittered(uint32_t ns)
{
	double f = 1.0 + m.cfg.jitter * (2.0 * rnd01() - 1.0);
	uint64_t ps = (uint64_t)((double)ns * PS_PER_NS * f);

	if (m.cfg.stall_prob > 0 && rnd01() < m.cfg.stall_prob)
		ps += (uint64_t)(rnd01() * m.cfg.stall_max_ns * PS_PER_NS);
	return ps ? ps : 1;
}

static void charge(uint32_t ns)
{
	charge_ps(jittered(ns));
}

static void wake(struct core *c)
{
	if (c->state == FAKE_CORE_WFI || c->state == FAKE_CORE_WFE) {
		c->state = FAKE_CORE_RUN;
		if (c->t < now_ps())
			c->t = now_ps();
	}
}

static void take_irq(void);

/* Block the calling core in state s until wake() picks it up. */
static void block(enum fake_core_state s)
{
	struct core *c = m.cur;

	c->state = s;
	yield_to_scheduler();
	if (c->t > m.now)
		m.now = c->t;
}

/* Re-evaluate every core after a change of interrupt or event state. */
static void spc_wake_check(struct core *c);
static void update_cores(void)
{
	unsigned int i;

	for (i = 0; i < m.nr_cores; i++) {
		struct core *c = &m.cores[i];

		switch (c->state) {
		case FAKE_CORE_OFF:
			spc_wake_check(c);
			break;
		case FAKE_CORE_WFI:
			if (gic_signalled(c))
				wake(c);
			break;
		case FAKE_CORE_WFE:
			if (c->event_reg || (!c->irq_masked && gic_signalled(c)))
				wake(c);
			break;
		case FAKE_CORE_RUN:
			if (c->in_run && !c->irq_masked && gic_signalled(c) && c != m.cur &&
			    c->t > now_ps())
				c->t = now_ps(); /* the interrupt cuts the work here */
			break;
		}
	}
}

/* ---- core power ------------------------------------------------------------ */

static void firmware_main(void);
static void core_trampoline(void);

static void fresh_context(struct core *c, int stack, void (*fn)(void))
{
	ucontext_t *uc = &c->jump_uc[stack];

	getcontext(uc);
	uc->uc_stack.ss_sp = c->entry_stack[stack];
	uc->uc_stack.ss_size = ENTRY_STACK_SIZE;
	uc->uc_link = NULL;
	asan_stack_fresh(c->entry_stack[stack], ENTRY_STACK_SIZE);
	makecontext(uc, fn, 0);
}

static int current_entry_stack(struct core *c)
{
	char here;
	int i;

	for (i = 0; i < 2; i++)
		if (&here >= c->entry_stack[i] && &here < c->entry_stack[i] + ENTRY_STACK_SIZE)
			return i;
	return -1;
}

static void cluster_power(unsigned int cl, bool on)
{
	if (m.cluster_powered[cl] == on)
		return;
	if (on) {
		m.cluster_powered[cl] = true;
		m.l2_dirty[cl] = 0;
		m.stats.cluster_power_ups[cl]++;
		emit(FAKE_EV_CLUSTER_POWER_ON, -1, (int)cl, 0, 0);
	} else {
		emit(FAKE_EV_CLUSTER_POWER_OFF, -1, (int)cl, m.l2_dirty[cl], 0);
		m.cluster_powered[cl] = false;
		m.l2_dirty[cl] = 0; /* whatever was dirty is lost */
		m.stats.cluster_power_downs[cl]++;
	}
}

static uint32_t spc(uint32_t off)
{
	return m.spc_regs[off / 4];
}

static uint32_t wake_mask_bit(const struct core *c)
{
	return c->cluster == 0 ? 1u << c->cpu : 1u << (c->cpu + SPC_WAKE_INT_A7_SHIFT);
}

static uint32_t standbywfi_bit(const struct core *c)
{
	return c->cluster == 0 ? STANDBYWFI_STAT_A15_CPU_MASK(c->cpu)
			       : STANDBYWFI_STAT_A7_CPU_MASK(c->cpu);
}

static void power_on_core(struct core *c)
{
	if (!m.cluster_powered[c->cluster])
		cluster_power(c->cluster, true);
	c->power_on_at = NEVER;
	c->in_reset = false;
	c->state = FAKE_CORE_RUN;
	c->t = max(c->t, m.now);
	c->dcache_on = c->smp_on = false;
	c->irq_masked = true;
	c->in_irq = false;
	c->in_run = false;
	c->event_reg = false;
	c->l1_dirty = 0;
	c->ctl = 0;
	c->standbywfi = false;
	c->call = NULL;
	m.stats.core_power_ons[c->idx]++;
	c->start_fn = NULL;
	fresh_context(c, 0, firmware_main);
	c->uc = c->jump_uc[0];
	emit(FAKE_EV_CORE_POWER_ON, (int)c->idx, (int)c->cluster, 0, 0);
}

static void maybe_cluster_off(unsigned int cl)
{
	uint32_t en = spc(cl == 0 ? A15_PWRDN_EN : A7_PWRDN_EN);
	unsigned int i;

	if (!m.cluster_powered[cl] || !(en & 1))
		return;
	for (i = 0; i < m.nr_cores; i++)
		if (m.cores[i].cluster == cl && !m.cores[i].in_reset)
			return;
	cluster_power(cl, false);
}

/* The SPC resets (powers off) a core: its running context is abandoned. */
static void reset_core(struct core *c)
{
	c->in_reset = true;
	c->state = FAKE_CORE_OFF;
	c->standbywfi = false;
	c->in_run = false;
	c->start_fn = NULL;
	m.stats.core_resets[c->idx]++;
	emit(FAKE_EV_CORE_RESET, (int)c->idx, (int)c->cluster, c->l1_dirty, 0);
	c->dcache_on = c->smp_on = false;
	c->l1_dirty = 0;
	maybe_cluster_off(c->cluster);
	spc_wake_check(c);
}

/* SPC: wake a core in reset whose wake-up is enabled and has an IRQ. */
static void spc_wake_check(struct core *c)
{
	uint64_t lat;

	if (!c->in_reset || c->power_on_at != NEVER)
		return;
	if (!(spc(WAKE_INT_MASK) & wake_mask_bit(c)) || !gic_wake_request(c))
		return;
	lat = jittered(m.cfg.core_powerup_ns);
	if (!m.cluster_powered[c->cluster])
		lat += jittered(m.cfg.cluster_powerup_ns);
	c->power_on_at = now_ps() + lat;
}

/* ---- GIC ---------------------------------------------------------------------- */

static bool irq_enabled(struct core *c, unsigned int irq)
{
	if (irq < 16)
		return true; /* GIC-400: SGIs always enabled */
	if (irq < 32)
		return (c->sgi_ppi_enabled >> irq) & 1;
	return (m.spi_enabled[irq / 32] >> (irq % 32)) & 1;
}

static bool timer_asserted(struct core *c)
{
	return (c->ctl & CNTP_CTL_ENABLE) && !(c->ctl & CNTP_CTL_IMASK) &&
	       cnt_at(now_ps()) >= c->cval;
}

static bool irq_pending_for(struct core *c, unsigned int irq)
{
	if (irq < 32) {
		if (irq == 30 && timer_asserted(c))
			return true;
		return (c->sgi_ppi_pending >> irq) & 1;
	}
	return ((m.spi_pending[irq / 32] >> (irq % 32)) & 1) &&
	       (m.targets[irq] & (1u << c->idx));
}

static uint8_t irq_prio(struct core *c, unsigned int irq)
{
	return irq < 32 ? c->prio_local[irq] : m.prio[irq];
}

/* Highest-priority pending, enabled, inactive interrupt for c, or -1. */
static int gic_best(struct core *c, bool check_pmr)
{
	int best = -1;
	unsigned int irq;

	if (!(m.gicd_ctlr & 1))
		return -1;
	for (irq = 0; irq < FAKE_NR_IRQS; irq++) {
		if (!irq_pending_for(c, irq) || !irq_enabled(c, irq))
			continue;
		if ((c->active[irq / 32] >> (irq % 32)) & 1)
			continue;
		if (check_pmr && irq_prio(c, irq) >= c->pmr)
			continue;
		if (best < 0 || irq_prio(c, irq) < irq_prio(c, (unsigned)best))
			best = (int)irq;
	}
	return best;
}

/* nIRQ to the core: needs the CPU interface enabled. */
static bool gic_signalled(struct core *c)
{
	return (c->gicc_ctlr & 1) && gic_best(c, true) >= 0;
}

/* Wake-up request to the power controller: regardless of GICC_CTLR. */
static bool gic_wake_request(struct core *c)
{
	return gic_best(c, false) >= 0;
}

static uint32_t gic_ack(struct core *c)
{
	int irq = gic_signalled(c) ? gic_best(c, true) : -1;
	uint32_t ret;

	if (irq < 0)
		return 1023;
	ret = (uint32_t)irq;
	if (irq < 16) {
		ret |= (uint32_t)c->sgi_src[irq] << 10;
		c->sgi_ppi_pending &= ~(1u << irq);
	} else if (irq < 32) {
		c->sgi_ppi_pending &= ~(1u << irq);
	} else {
		m.spi_pending[irq / 32] &= ~(1u << (irq % 32));
	}
	c->active[irq / 32] |= 1u << (irq % 32);
	return ret;
}

static void gic_eoi(struct core *c, uint32_t v)
{
	unsigned int irq = v & 0x3ff;

	if (irq < FAKE_NR_IRQS)
		c->active[irq / 32] &= ~(1u << (irq % 32));
	update_cores();
}

void fake_hw_post_irq(unsigned int core, unsigned int irq, unsigned int src)
{
	if (irq >= FAKE_NR_IRQS || core >= m.nr_cores)
		return;
	if (irq < 32) {
		m.cores[core].sgi_ppi_pending |= 1u << irq;
		if (irq < 16)
			m.cores[core].sgi_src[irq] = (uint8_t)src;
	} else {
		m.spi_pending[irq / 32] |= 1u << (irq % 32);
	}
	update_cores();
}

bool fake_hw_irq_pending(unsigned int core, unsigned int irq)
{
	return core < m.nr_cores && irq < FAKE_NR_IRQS && irq_pending_for(&m.cores[core], irq);
}

uint64_t fake_hw_dropped_irqs(unsigned int core)
{
	return core < m.nr_cores ? m.cores[core].dropped_irqs : 0;
}

static uint32_t bits_read(const uint32_t *arr, uint32_t word)
{
	return word < FAKE_NR_IRQS / 32 ? arr[word] : 0;
}

static uint32_t gicd_read(uint32_t off)
{
	struct core *c = m.cur;
	uint32_t w = (off & 0x7f) / 4, v = 0;
	unsigned int i;

	if (off == GIC_DIST_CTRL)
		return m.gicd_ctlr;
	if (off == GIC_DIST_CTR)
		return (FAKE_NR_IRQS / 32 - 1) | ((m.nr_cores - 1) << 5);
	if (off == GIC_DIST_IIDR)
		return GICD_IIDR_GIC400;
	if (off >= GIC_DIST_ENABLE_SET && off < GIC_DIST_PENDING_SET) { /* ISENABLER / ICENABLER */
		return w == 0 ? (c->sgi_ppi_enabled | 0xffff) : bits_read(m.spi_enabled, w);
	}
	if (off >= GIC_DIST_PENDING_SET && off < GIC_DIST_ACTIVE_SET) {
		for (i = 0; i < 32; i++)
			if (irq_pending_for(c, w * 32 + i))
				v |= 1u << i;
		return v;
	}
	if (off >= GIC_DIST_ACTIVE_SET && off < GIC_DIST_PRI)
		return c->active[w < FAKE_NR_IRQS / 32 ? w : 0];
	if (off >= GIC_DIST_PRI && off < GIC_DIST_PRI + FAKE_NR_IRQS) {
		for (i = 0; i < 4; i++) {
			uint32_t irq = off - GIC_DIST_PRI + i;
			v |= (uint32_t)irq_prio(c, irq) << (8 * i);
		}
		return v;
	}
	if (off >= GIC_DIST_TARGET && off < GIC_DIST_TARGET + FAKE_NR_IRQS) {
		for (i = 0; i < 4; i++) {
			uint32_t irq = off - GIC_DIST_TARGET + i;
			v |= (uint32_t)(irq < 32 ? (1u << c->idx) : m.targets[irq]) << (8 * i);
		}
		return v;
	}
	if (off >= GIC_DIST_CONFIG && off < GIC_DIST_CONFIG + FAKE_NR_IRQS / 4)
		return m.icfgr[(off - GIC_DIST_CONFIG) / 4];
	return 0;
}

static void gicd_write(uint32_t off, uint32_t val)
{
	struct core *c = m.cur;
	uint32_t w = (off & 0x7f) / 4;
	unsigned int i;

	if (off == GIC_DIST_CTRL) {
		m.gicd_ctlr = val & 1;
	} else if (off >= GIC_DIST_ENABLE_SET && off < GIC_DIST_ENABLE_CLEAR) {
		if (w == 0)
			c->sgi_ppi_enabled |= val & 0xffff0000u;
		else if (w < FAKE_NR_IRQS / 32)
			m.spi_enabled[w] |= val;
	} else if (off >= GIC_DIST_ENABLE_CLEAR && off < GIC_DIST_PENDING_SET) {
		if (w == 0)
			c->sgi_ppi_enabled &= ~(val & 0xffff0000u);
		else if (w < FAKE_NR_IRQS / 32)
			m.spi_enabled[w] &= ~val;
	} else if (off >= GIC_DIST_PENDING_SET && off < GIC_DIST_PENDING_CLEAR) {
		if (w == 0)
			c->sgi_ppi_pending |= val & 0xffff0000u;
		else if (w < FAKE_NR_IRQS / 32)
			m.spi_pending[w] |= val;
	} else if (off >= GIC_DIST_PENDING_CLEAR && off < GIC_DIST_ACTIVE_SET) {
		if (w == 0)
			c->sgi_ppi_pending &= ~val;
		else if (w < FAKE_NR_IRQS / 32)
			m.spi_pending[w] &= ~val;
	} else if (off >= GIC_DIST_ACTIVE_CLEAR && off < GIC_DIST_PRI) {
		if (w < FAKE_NR_IRQS / 32)
			c->active[w] &= ~val;
	} else if (off >= GIC_DIST_PRI && off < GIC_DIST_PRI + FAKE_NR_IRQS) {
		for (i = 0; i < 4; i++) {
			uint32_t irq = off - GIC_DIST_PRI + i;
			uint8_t p = (uint8_t)(val >> (8 * i));
			if (irq < 32)
				c->prio_local[irq] = p;
			else
				m.prio[irq] = p;
		}
	} else if (off >= GIC_DIST_TARGET && off < GIC_DIST_TARGET + FAKE_NR_IRQS) {
		for (i = 0; i < 4; i++) {
			uint32_t irq = off - GIC_DIST_TARGET + i;
			if (irq >= 32)
				m.targets[irq] = (uint8_t)(val >> (8 * i));
		}
	} else if (off >= GIC_DIST_CONFIG && off < GIC_DIST_CONFIG + FAKE_NR_IRQS / 4) {
		m.icfgr[(off - GIC_DIST_CONFIG) / 4] = val;
	} else if (off == GIC_DIST_SOFTINT) {
		uint32_t filter = (val >> 24) & 3, list = (val >> 16) & 0xff;
		unsigned int sgi = val & 0xf;

		if (filter == 1)
			list = ((1u << m.nr_cores) - 1) & ~(1u << c->idx);
		else if (filter == 2)
			list = 1u << c->idx;
		for (i = 0; i < m.nr_cores; i++)
			if (list & (1u << i)) {
				m.cores[i].sgi_ppi_pending |= 1u << sgi;
				m.cores[i].sgi_src[sgi] = (uint8_t)c->idx;
			}
	}
	update_cores();
}

static uint32_t gicc_read(uint32_t off)
{
	struct core *c = m.cur;
	int best;

	switch (off) {
	case GIC_CPU_CTRL: return c->gicc_ctlr;
	case GIC_CPU_PRIMASK: return c->pmr;
	case GIC_CPU_INTACK: return gic_ack(c);
	case GIC_CPU_HIGHPRI:
		best = gic_best(c, true);
		return best < 0 ? GICC_INT_SPURIOUS : (uint32_t)best;
	case GIC_CPU_IDENT: return GICC_IIDR_GIC400;
	default: return 0;
	}
}

static void gicc_write(uint32_t off, uint32_t val)
{
	struct core *c = m.cur;

	switch (off) {
	case GIC_CPU_CTRL: c->gicc_ctlr = val & 0x3; break;
	case GIC_CPU_PRIMASK: c->pmr = val & 0xff; break;
	case GIC_CPU_EOI: gic_eoi(c, val); break;
	case GIC_CPU_DEACTIVATE: gic_eoi(c, val); break;
	default: break;
	}
	update_cores();
}

/* ---- SCC / SPC -------------------------------------------------------------- */

static uint32_t scc_read(uint32_t off)
{
	unsigned int i;
	uint32_t v = 0;

	if (off == SCC_RESET_CTRL) {
		for (i = 0; i < m.nr_cores; i++)
			if (!m.cores[i].in_reset)
				v |= m.cores[i].cluster == 0 ? SCC_RESET_A15_CPU(m.cores[i].cpu)
							     : SCC_RESET_A7_CPU(m.cores[i].cpu);
		return v;
	}
	if (off == SCC_A15_CONF)
		return 0;
	if (off == SCC_A7_CONF)
		return 1;
	if (off == SCC_SYS_INFO)
		return (m.cfg.cpus_per_cluster[0] << SCC_SYS_INFO_A15_SHIFT) |
		       ((m.cfg.nr_clusters > 1 ? m.cfg.cpus_per_cluster[1] : 0) << SCC_SYS_INFO_A7_SHIFT);
	if (off >= SCC_SPC_OFFSET && off < SCC_SPC_OFFSET + SCC_SPC_SIZE) {
		uint32_t o = off - SCC_SPC_OFFSET;

		if (o == STANDBYWFI_STAT) {
			for (i = 0; i < m.nr_cores; i++)
				if (m.cores[i].standbywfi)
					v |= standbywfi_bit(&m.cores[i]);
			return v;
		}
		if (o == WAKE_INT_RAW || o == WAKE_INT_STAT) {
			for (i = 0; i < m.nr_cores; i++)
				if (gic_wake_request(&m.cores[i]))
					v |= wake_mask_bit(&m.cores[i]);
			return o == WAKE_INT_STAT ? v & spc(WAKE_INT_MASK) : v;
		}
		return spc(o);
	}
	return 0;
}

static void scc_write(uint32_t off, uint32_t val)
{
	unsigned int i;

	if (off < SCC_SPC_OFFSET || off >= SCC_SPC_OFFSET + SCC_SPC_SIZE)
		return; /* the SCC configuration registers are read-only here */
	off -= SCC_SPC_OFFSET;
	if (off == STANDBYWFI_STAT || off == WAKE_INT_RAW || off == WAKE_INT_STAT)
		return;
	m.spc_regs[off / 4] = val;
	emit(FAKE_EV_SPC_WRITE, -1, -1, off, val);
	if (off == WAKE_INT_MASK) {
		/* A core already in WFI whose wake-up is now enabled is reset
		 * by the SPC, as if it had entered WFI after the write. */
		for (i = 0; i < m.nr_cores; i++) {
			struct core *c = &m.cores[i];

			if (c->state == FAKE_CORE_WFI && c != m.cur && (val & wake_mask_bit(c)))
				reset_core(c);
		}
	}
	if (off == A15_PWRDN_EN)
		maybe_cluster_off(0);
	if (off == A7_PWRDN_EN && m.cfg.nr_clusters > 1)
		maybe_cluster_off(1);
	update_cores();
}

/* ---- CCI-400 ---------------------------------------------------------------- */

/* The fake's CCI has slave interface n's window at (n + 1) * 4 KiB. */
static bool is_cci_port_ctrl(uint32_t off)
{
	return off >= CCI_SLAVE_IF_WINDOW &&
	       off < CCI_SLAVE_IF_WINDOW * (CCI_MAX_SLAVE_IFS + 1) &&
	       off % CCI_SLAVE_IF_WINDOW == CCI_PORT_CTRL;
}

static uint32_t cci_read(uint32_t off)
{
	if (off == CCI_CTRL_STATUS)
		return now_ps() < m.cci_pending_until ? CCI_STATUS_CHANGE_PENDING : 0;
	if (is_cci_port_ctrl(off))
		return m.cci_port[off / CCI_SLAVE_IF_WINDOW - 1];
	return 0;
}

static void cci_write(uint32_t off, uint32_t val)
{
	unsigned int cl;

	if (is_cci_port_ctrl(off)) {
		unsigned int port = off / CCI_SLAVE_IF_WINDOW - 1;
		int cluster = -1;

		m.cci_port[port] = val & CCI_ENABLE_REQ;
		m.cci_pending_until = now_ps() + jittered(m.cfg.cci_change_ns);
		for (cl = 0; cl < m.cfg.nr_clusters; cl++)
			if (m.cfg.cci_port_of_cluster[cl] == port)
				cluster = (int)cl;
		emit(FAKE_EV_CCI_PORT, m.cur ? (int)m.cur->idx : -1, cluster, val & CCI_ENABLE_REQ, port);
	}
}

static const struct device devices[] = {
	{ FAKE_SCC_BASE, SCC_SIZE, scc_read, scc_write },
	{ FAKE_CCI_BASE, CCI_SIZE, cci_read, cci_write },
	{ FAKE_GICD_BASE, GIC_DIST_SIZE, gicd_read, gicd_write },
	{ FAKE_GICC_BASE, GIC_CPU_SIZE, gicc_read, gicc_write },
};

static const struct device *find_device(phys_addr_t addr)
{
	unsigned int i;

	for (i = 0; i < sizeof(devices) / sizeof(devices[0]); i++)
		if (addr >= devices[i].base && addr < (phys_addr_t)devices[i].base + devices[i].size)
			return &devices[i];
	hw_panic("fake_hw: MMIO access to unmapped address %#llx", (unsigned long long)addr);
}

/* ---- hw.h: identity --------------------------------------------------------- */

uint32_t read_cpuid_mpidr(void)
{
	charge(1);
	return m.cur->mpidr | 0x80000000u;
}

uint32_t read_cpuid_part_number(void)
{
	charge(1);
	return m.cur->part;
}

unsigned int hw_core_index(void)
{
	return self("hw_core_index")->idx;
}

unsigned int hw_nr_cores(void)
{
	return m.nr_cores;
}

const void *hw_fdt(void)
{
	return m.fdt;
}

/* ---- hw.h: MMIO --------------------------------------------------------------- */

uint32_t readl_relaxed(phys_addr_t addr)
{
	const struct device *d;
	uint32_t v;

	charge(m.cfg.mmio_ns);
	d = find_device(addr);
	v = d->read((uint32_t)(addr - d->base));
	take_irq();
	return v;
}

void writel_relaxed(uint32_t val, phys_addr_t addr)
{
	const struct device *d;

	charge(m.cfg.mmio_ns);
	d = find_device(addr);
	d->write((uint32_t)(addr - d->base), val);
	take_irq();
}

uint32_t readl(phys_addr_t addr)
{
	uint32_t v = readl_relaxed(addr);

	dmb();
	return v;
}

void writel(uint32_t val, phys_addr_t addr)
{
	dmb();
	writel_relaxed(val, addr);
}

/* ---- hw.h: shared memory ---------------------------------------------------- */

static uint32_t mem_cost(void)
{
	return m.cur->dcache_on ? m.cfg.mem_cached_ns : m.cfg.mem_uncached_ns;
}

static void note_store(const volatile void *p)
{
	struct core *c = m.cur;
	struct fake_hw_event ev = { FAKE_EV_STORE, (int)c->idx, (int)c->cluster, 0, 0, p,
				    HW_TEST_EVENT_NR, NULL, c->t / PS_PER_NS };

	if (c->dcache_on && c->l1_dirty < L1_LINES)
		c->l1_dirty++;
	if (m.observer)
		m.observer(&ev, m.observer_arg);
}

uint8_t hw_load8(const volatile uint8_t *p)
{
	uint8_t v;

	charge(mem_cost());
	v = *p;
	take_irq();
	return v;
}

void hw_store8(volatile uint8_t *p, uint8_t v)
{
	charge(mem_cost());
	*p = v;
	note_store(p);
	take_irq();
}

uint32_t hw_load32(const volatile uint32_t *p)
{
	uint32_t v;

	charge(mem_cost());
	v = *p;
	take_irq();
	return v;
}

void hw_store32(volatile uint32_t *p, uint32_t v)
{
	charge(mem_cost());
	*p = v;
	note_store(p);
	take_irq();
}

uint32_t hw_cmpxchg32(volatile uint32_t *p, uint32_t old, uint32_t newv)
{
	uint32_t v;

	charge(mem_cost() * 2 + m.cfg.barrier_ns);
	v = *p;
	if (v == old) {
		*p = newv;
		note_store(p);
	}
	take_irq();
	return v;
}

void hw_cache_clean_range(const volatile void *p, size_t len)
{
	(void)p;
	charge((uint32_t)(m.cfg.barrier_ns + (len + 63) / 64 * 10));
}

void hw_cache_inv_range(const volatile void *p, size_t len)
{
	(void)p;
	charge((uint32_t)(m.cfg.barrier_ns + (len + 63) / 64 * 5));
}

/* ---- hw.h: barriers and events ---------------------------------------------- */

void dmb(void) { charge(m.cfg.barrier_ns); take_irq(); }
void dsb(void) { charge(m.cfg.barrier_ns * 2); take_irq(); }
void isb(void) { charge(m.cfg.barrier_ns); take_irq(); }

void wfi(void)
{
	struct core *c;

	charge(m.cfg.barrier_ns);
	c = m.cur;
	c->standbywfi = true;
	emit(FAKE_EV_WFI_ENTER, (int)c->idx, (int)c->cluster, 0, 0);
	if (spc(WAKE_INT_MASK) & wake_mask_bit(c)) {
		/* STANDBYWFI with wake-up enabled: the SPC powers the core off. */
		reset_core(c);
		m.cur = NULL;
		setcontext(&m.sched_uc);
	}
	while (!gic_signalled(c))
		block(FAKE_CORE_WFI);
	c->standbywfi = false;
	emit(FAKE_EV_WFI_EXIT, (int)c->idx, (int)c->cluster, 0, 0);
	charge(m.cfg.barrier_ns);
	take_irq();
}

void wfe(void)
{
	struct core *c;

	charge(m.cfg.barrier_ns);
	c = m.cur;
	while (!c->event_reg && !(!c->irq_masked && gic_signalled(c)))
		block(FAKE_CORE_WFE);
	c->event_reg = false;
	take_irq();
}

void sev(void)
{
	unsigned int i;

	charge(m.cfg.barrier_ns);
	for (i = 0; i < m.nr_cores; i++)
		m.cores[i].event_reg = true;
	update_cores();
	take_irq();
}

/* ---- hw.h: exceptions --------------------------------------------------------- */

/* Take a pending unmasked interrupt at the end of a call. */
static void take_irq(void)
{
	struct core *c = m.cur;

	if (!c || c->irq_masked || c->in_irq || !gic_signalled(c))
		return;
	c->in_irq = true;
	c->irq_masked = true;
	c->event_reg = true; /* an exception entry sets the event register */
	if (irq_handler) {
		irq_handler();
	} else {
		uint32_t iar = gic_ack(c);

		if ((iar & 0x3ff) != 1023) {
			c->dropped_irqs++;
			gic_eoi(c, iar);
		}
	}
	c = m.cur; /* the handler may have switched contexts; same core */
	c->irq_masked = false;
	c->in_irq = false;
}

void arch_local_irq_disable(void) { charge(1); m.cur->irq_masked = true; }
void arch_local_irq_enable(void) { charge(1); m.cur->irq_masked = false; update_cores(); take_irq(); }

unsigned long arch_local_irq_save(void)
{
	unsigned long f;

	charge(1);
	f = m.cur->irq_masked;
	m.cur->irq_masked = true;
	return f;
}

void arch_local_irq_restore(unsigned long flags)
{
	charge(1);
	m.cur->irq_masked = flags != 0;
	if (!flags)
		take_irq();
}

bool arch_irqs_disabled(void)
{
	return self("arch_irqs_disabled")->irq_masked;
}

void hw_set_irq_handler(void (*handler)(void))
{
	irq_handler = handler;
}

/* ---- hw.h: entry points ------------------------------------------------------- */

uint32_t hw_entry_address(void (*fn)(void))
{
	unsigned int i;

	for (i = 0; i < nr_entries; i++)
		if (entry_fns[i] == fn)
			return 0x80000000u + 0x100u * (i + 1);
	if (nr_entries == MAX_ENTRIES)
		hw_panic("fake_hw: too many entry addresses");
	entry_fns[nr_entries++] = fn;
	return 0x80000000u + 0x100u * nr_entries;
}

static void entry_trampoline(void)
{
	struct core *c = m.cur;
	uint32_t idx = (c->jump_phys - 0x80000000u) / 0x100u - 1;

	entry_fns[idx]();
	hw_panic("fake_hw: entry function at %#x returned", c->jump_phys);
}

_Noreturn void hw_jump_to_entry(uint32_t phys)
{
	struct core *c;
	int s;

	charge(m.cfg.barrier_ns);
	c = m.cur;
	if (phys < 0x80000100u || (phys & 0xff) || (phys - 0x80000000u) / 0x100u > nr_entries)
		hw_panic("fake_hw: jump to bad entry address %#x", phys);
	c->jump_phys = phys;
	emit(FAKE_EV_ENTRY_JUMP, (int)c->idx, (int)c->cluster, phys, 0);
	/* Entry code runs on the entry stack the core is not on now, so a
	 * jump never grows a stack and never clobbers the caller's frames. */
	s = current_entry_stack(c) == 0 ? 1 : 0;
	fresh_context(c, s, entry_trampoline);
	setcontext(&c->jump_uc[s]);
	abort();
}

/* The fake firmware: holding pen on the SPC mailbox. */
static void firmware_main(void)
{
	struct core *c = m.cur;
	phys_addr_t bx = FAKE_SPC_BASE +
			 (c->cluster == 0 ? A15_BX_ADDR0 : A7_BX_ADDR0) + 4u * c->cpu;

	/* The boot monitor enables its CPU interface for the wake-up IPI. */
	c->gicc_ctlr = 1;
	c->pmr = 0xff;
	for (;;) {
		uint32_t a = readl_relaxed(bx);

		if (a)
			hw_jump_to_entry(a);
		/* Nothing to do: drop what woke us (nobody else will take it),
		 * then look again, so a mailbox written before the IPI that we
		 * just dropped is not missed. */
		for (;;) {
			uint32_t iar = readl_relaxed(FAKE_GICC_BASE + GIC_CPU_INTACK);

			if ((iar & 0x3ff) == 1023)
				break;
			c->dropped_irqs++;
			writel_relaxed(iar, FAKE_GICC_BASE + GIC_CPU_EOI);
		}
		a = readl_relaxed(bx);
		if (a)
			hw_jump_to_entry(a);
		wfi();
	}
}

static void core_trampoline(void)
{
	struct core *c = m.cur;
	void (*fn)(void *) = c->start_fn;

	c->start_fn = NULL;
	fn(c->start_arg);
	/* Returning from a start function ends the run; the core stays
	 * parked here (woken by interrupts, it just parks again). */
	m.stop = true;
	for (;;)
		block(FAKE_CORE_WFI);
}

/* ---- hw.h: contexts --------------------------------------------------------- */

struct hw_ctx *hw_ctx_alloc(void)
{
	struct hw_ctx *ctx = calloc(1, sizeof(*ctx));

	if (!ctx)
		abort();
	return ctx;
}

void hw_ctx_free(struct hw_ctx *ctx)
{
	free(ctx);
}

static void ctx_trampoline(void)
{
	struct core *c = m.cur;
	struct hw_ctx *ctx = c->loading;

	ctx->fn(ctx->arg);
	hw_panic("fake_hw: context function returned");
}

void hw_ctx_init(struct hw_ctx *ctx, void *stack, size_t stack_size,
		 void (*fn)(void *arg), void *arg)
{
	getcontext(&ctx->uc);
	ctx->uc.uc_stack.ss_sp = stack;
	ctx->uc.uc_stack.ss_size = stack_size;
	ctx->uc.uc_link = NULL;
	asan_stack_fresh(stack, stack_size);
	ctx->fn = fn;
	ctx->arg = arg;
	ctx->resumed = 0;
	makecontext(&ctx->uc, ctx_trampoline, 0);
}

void hw_ctx_switch(struct hw_ctx *save, struct hw_ctx *load)
{
	charge(m.cfg.ctx_save_ns);
	m.cur->loading = load;
	swapcontext(&save->uc, &load->uc);
}

_Noreturn void hw_ctx_load(struct hw_ctx *ctx)
{
	charge(m.cfg.ctx_save_ns / 2);
	m.cur->loading = ctx;
	setcontext(&ctx->uc);
	abort();
}

int hw_ctx_suspend(struct hw_ctx *ctx, int (*finisher)(unsigned long), unsigned long arg)
{
	int ret;

	charge(m.cfg.ctx_save_ns);
	ctx->resumed = 0;
	getcontext(&ctx->uc);
	if (ctx->resumed) {
		asan_forget_dead_frames(); /* the finisher's frames below are dead */
		charge(m.cfg.ctx_save_ns);
		return 0;
	}
	ret = finisher(arg);
	return ret ? ret : 1;
}

_Noreturn void hw_ctx_resume(struct hw_ctx *ctx)
{
	charge(m.cfg.barrier_ns);
	ctx->resumed = 1;
	m.cur->loading = ctx;
	setcontext(&ctx->uc);
	abort();
}

static void call_trampoline(void)
{
	struct call_info *ci = m.cur->call;

	ci->ret = ci->fn(ci->arg);
	m.cur->call = NULL;
	setcontext(&ci->caller);
}

int hw_call_with_stack(int (*fn)(void *arg), void *arg, void *stack, size_t stack_size)
{
	struct call_info ci;

	charge(m.cfg.barrier_ns);
	ci.fn = fn;
	ci.arg = arg;
	ci.ret = 0;
	getcontext(&ci.callee);
	ci.callee.uc_stack.ss_sp = stack;
	ci.callee.uc_stack.ss_size = stack_size;
	ci.callee.uc_link = NULL;
	asan_stack_fresh(stack, stack_size);
	makecontext(&ci.callee, call_trampoline, 0);
	m.cur->call = &ci;
	swapcontext(&ci.caller, &ci.callee);
	return ci.ret;
}

/* ---- hw.h: generic timer ------------------------------------------------------ */

uint64_t read_cntpct(void) { charge(2); return cnt_at(now_ps()); }
uint32_t read_cntfrq(void) { charge(1); return 24000000u; }
void write_cntp_cval(uint64_t cval) { charge(2); m.cur->cval = cval; update_cores(); take_irq(); }
uint64_t read_cntp_cval(void) { charge(1); return m.cur->cval; }
void write_cntp_ctl(uint32_t ctl) { charge(2); m.cur->ctl = ctl & 3; update_cores(); take_irq(); }

uint32_t read_cntp_ctl(void)
{
	struct core *c;

	charge(1);
	c = m.cur;
	return c->ctl | ((c->ctl & CNTP_CTL_ENABLE) && cnt_at(now_ps()) >= c->cval ? CNTP_CTL_ISTATUS : 0);
}

/* ---- hw.h: caches --------------------------------------------------------------- */

void hw_set_dcache_enabled(bool on)
{
	charge(m.cfg.barrier_ns);
	m.cur->dcache_on = on;
	emit(FAKE_EV_CACHE_CTRL, (int)m.cur->idx, (int)m.cur->cluster, on, m.cur->smp_on);
}

bool hw_dcache_enabled(void)
{
	return self("hw_dcache_enabled")->dcache_on;
}

void hw_set_smp_coherent(bool on)
{
	charge(m.cfg.barrier_ns);
	m.cur->smp_on = on;
	emit(FAKE_EV_CACHE_CTRL, (int)m.cur->idx, (int)m.cur->cluster, m.cur->dcache_on, on);
}

void hw_flush_cache_louis(void)
{
	struct core *c = self("hw_flush_cache_louis");
	uint32_t dirty = c->l1_dirty;

	/* Set/way walk of L1 plus the write-back of each dirty line to L2. */
	charge((uint32_t)(L1_LINES / 2 + dirty * 8));
	c = m.cur;
	c->l1_dirty = 0;
	m.l2_dirty[c->cluster] = min(m.l2_dirty[c->cluster] + dirty, l2_lines(c->cluster));
	take_irq();
}

void hw_flush_cache_all(void)
{
	struct core *c = self("hw_flush_cache_all");
	uint32_t dirty = c->l1_dirty + m.l2_dirty[c->cluster];

	/* Walks L1 and L2; each dirty line goes to memory over the CCI. */
	charge((uint32_t)(L1_LINES / 2 + l2_lines(c->cluster) / 4 + dirty * 20));
	c = m.cur;
	c->l1_dirty = 0;
	m.l2_dirty[c->cluster] = 0;
	take_irq();
}

void hw_write_l2_prefetch_ctl(uint32_t val)
{
	charge(m.cfg.barrier_ns);
	m.cur->l2_prefetch = val;
}

/* ---- hw.h: costed work ------------------------------------------------------ */

uint64_t hw_run(uint64_t instructions, enum hw_work_kind kind)
{
	struct core *c = self("hw_run");
	bool a15 = c->part == ARM_CPU_PART_CORTEX_A15;
	/* ps per instruction: A15 1.2 GHz IPC ~1.5, A7 1.0 GHz IPC ~0.8. */
	uint64_t ps_per = a15 ? 555 : 1250, start, done;

	if (kind == HW_WORK_MEM)
		ps_per *= 4;
	m.stats.hw_calls++;
	start = c->t;
	c->in_run = true;
	c->t = start + instructions * ps_per;
	if (!c->irq_masked && gic_signalled(c))
		c->t = start; /* pending already: cut at once */
	if (other_due(c, c->t))
		yield_to_scheduler();
	c = m.cur;
	c->in_run = false;
	/* A timer interrupt that fired inside the run cut it there. */
	if (!c->irq_masked && timer_armed(c) && (c->sgi_ppi_enabled & (1u << 30)) &&
	    timer_fire_ps(c) > start && timer_fire_ps(c) < c->t)
		c->t = timer_fire_ps(c);
	if (c->t > m.now)
		m.now = c->t;
	done = (c->t - start) / ps_per;
	if (done > instructions)
		done = instructions;
	if (c->dcache_on) {
		uint64_t d = done / (kind == HW_WORK_MEM ? 16 : 256);
		c->l1_dirty = (uint32_t)min((uint64_t)L1_LINES, c->l1_dirty + d);
	}
	take_irq();
	return instructions - done;
}

uint64_t hw_run_ns(uint64_t ns, enum hw_work_kind kind)
{
	(void)kind;
	charge_ps(ns * 1000ull);
	take_irq();
	return 0;
}

void hw_stream_to_memory(uint64_t bytes)
{
	charge_ps(bytes * 1000ull);   /* 1 byte per ns */
}

void hw_write_contextidr(uint32_t pid)
{
	(void)pid;
}

/* The fake machine runs no workload. */
const struct wl_setup *hw_workload(void)
{
	return NULL;
}

void hw_context_save(void) { charge(m.cfg.ctx_save_ns); }
void hw_context_restore(void) { charge(m.cfg.ctx_save_ns); }

void hw_udelay(uint32_t us)
{
	charge_ps((uint64_t)us * 1000000ull);
	take_irq();
}

/* ---- hw.h: simulator services ------------------------------------------------- */

uint64_t hw_now_ns(void)
{
	return now_ps() / PS_PER_NS;
}

void hw_printk(int level, const char *fmt, ...)
{
	va_list ap;

	if (level > m.cfg.log_level)
		return;
	fprintf(stderr, "[%12.6f] core%d: ", (double)now_ps() / 1e12, m.cur ? (int)m.cur->idx : -1);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

_Noreturn void hw_panic(const char *fmt, ...)
{
	va_list ap;
	int n;

	n = snprintf(m.panic_msg, sizeof(m.panic_msg), "core%d @%llu ns: ",
		     m.cur ? (int)m.cur->idx : -1, (unsigned long long)(now_ps() / PS_PER_NS));
	va_start(ap, fmt);
	vsnprintf(m.panic_msg + n, sizeof(m.panic_msg) - (size_t)n, fmt, ap);
	va_end(ap);
	m.panicked = true;
	if (!m.cur || !m.running) {
		fprintf(stderr, "fake_hw panic outside a core: %s\n", m.panic_msg);
		abort();
	}
	m.cur->state = FAKE_CORE_OFF; /* this core's context is dead */
	m.cur = NULL;
	setcontext(&m.sched_uc);
	abort();
}

void hw_mark(const char *event)
{
	struct fake_hw_event ev = { FAKE_EV_MARK, m.cur ? (int)m.cur->idx : -1, -1, 0, 0, NULL,
				    HW_TEST_EVENT_NR, event, now_ps() / PS_PER_NS };

	if (m.observer)
		m.observer(&ev, m.observer_arg);
}

/* Trace lines are not kept by the fake machine. */
void hw_trace_event(unsigned int cpu, const char *comm, int pid, const char *event,
		    const char *fmt, ...)
{
	(void)cpu; (void)comm; (void)pid; (void)event; (void)fmt;
}

/* Strong definition of the kernel model's observation hook. */
void hw_test_hook(enum hw_test_event hook, unsigned int cpu, unsigned int cluster)
{
	struct fake_hw_event ev = { FAKE_EV_KERNEL_HOOK, m.cur ? (int)m.cur->idx : -1,
				    (int)cluster, cpu, 0, NULL, hook, NULL, now_ps() / PS_PER_NS };

	if (m.observer)
		m.observer(&ev, m.observer_arg);
}

/* ---- the fake DT ------------------------------------------------------------------ */

#define FDT_CHECK(x) do { if ((x) < 0) { fprintf(stderr, "fake_hw: fdt: %s\n", #x); abort(); } } while (0)

static void prop_cells(void *fdt, const char *name, const uint32_t *cells, int n)
{
	fdt32_t buf[16];
	int i;

	for (i = 0; i < n; i++)
		buf[i] = cpu_to_fdt32(cells[i]);
	FDT_CHECK(fdt_property(fdt, name, buf, n * (int)sizeof(fdt32_t)));
}

static char *build_fdt(void)
{
	size_t size = 16384;
	char *fdt = malloc(size);
	unsigned int cl, i;
	char name[64];

	FDT_CHECK(fdt_create(fdt, (int)size));
	FDT_CHECK(fdt_finish_reservemap(fdt));
	FDT_CHECK(fdt_begin_node(fdt, ""));
	FDT_CHECK(fdt_property_string(fdt, "compatible", "arm,vexpress,v2p-ca15_a7"));
	FDT_CHECK(fdt_property_u32(fdt, "#address-cells", 2));
	FDT_CHECK(fdt_property_u32(fdt, "#size-cells", 2));
	FDT_CHECK(fdt_property_u32(fdt, "interrupt-parent", 3));

	FDT_CHECK(fdt_begin_node(fdt, "cpus"));
	FDT_CHECK(fdt_property_u32(fdt, "#address-cells", 1));
	FDT_CHECK(fdt_property_u32(fdt, "#size-cells", 0));
	for (cl = 0; cl < m.cfg.nr_clusters; cl++)
		for (i = 0; i < m.cfg.cpus_per_cluster[cl]; i++) {
			uint32_t mpidr = (cl << 8) | i;

			snprintf(name, sizeof(name), "cpu@%x", mpidr);
			FDT_CHECK(fdt_begin_node(fdt, name));
			FDT_CHECK(fdt_property_string(fdt, "device_type", "cpu"));
			FDT_CHECK(fdt_property_string(fdt, "compatible",
				m.cfg.part[cl] == ARM_CPU_PART_CORTEX_A15 ? "arm,cortex-a15"
									  : "arm,cortex-a7"));
			FDT_CHECK(fdt_property_u32(fdt, "reg", mpidr));
			FDT_CHECK(fdt_property_u32(fdt, "cci-control-port", 1 + cl));
			FDT_CHECK(fdt_end_node(fdt));
		}
	FDT_CHECK(fdt_end_node(fdt));

	FDT_CHECK(fdt_begin_node(fdt, "memory@80000000"));
	FDT_CHECK(fdt_property_string(fdt, "device_type", "memory"));
	{ uint32_t r[] = { 0, 0x80000000u, 0, 0x40000000u }; prop_cells(fdt, "reg", r, 4); }
	FDT_CHECK(fdt_end_node(fdt));

	FDT_CHECK(fdt_begin_node(fdt, "cci@2c090000"));
	FDT_CHECK(fdt_property_string(fdt, "compatible", "arm,cci-400"));
	FDT_CHECK(fdt_property_u32(fdt, "#address-cells", 1));
	FDT_CHECK(fdt_property_u32(fdt, "#size-cells", 1));
	{ uint32_t r[] = { 0, FAKE_CCI_BASE, 0, 0x1000 }; prop_cells(fdt, "reg", r, 4); }
	{ uint32_t r[] = { 0, 0, FAKE_CCI_BASE, 0x10000 }; prop_cells(fdt, "ranges", r, 4); }
	for (cl = 0; cl < m.cfg.nr_clusters; cl++) {
		uint32_t off = 0x1000u * (m.cfg.cci_port_of_cluster[cl] + 1);
		uint32_t r[] = { off, 0x1000 };

		snprintf(name, sizeof(name), "slave-if@%x", off);
		FDT_CHECK(fdt_begin_node(fdt, name));
		FDT_CHECK(fdt_property_string(fdt, "compatible", "arm,cci-400-ctrl-if"));
		FDT_CHECK(fdt_property_string(fdt, "interface-type", "ace"));
		prop_cells(fdt, "reg", r, 2);
		FDT_CHECK(fdt_property_u32(fdt, "phandle", 1 + cl));
		FDT_CHECK(fdt_end_node(fdt));
	}
	FDT_CHECK(fdt_end_node(fdt));

	FDT_CHECK(fdt_begin_node(fdt, "interrupt-controller@2c001000"));
	FDT_CHECK(fdt_property_string(fdt, "compatible", "arm,cortex-a15-gic"));
	FDT_CHECK(fdt_property_u32(fdt, "#interrupt-cells", 3));
	FDT_CHECK(fdt_property_u32(fdt, "#address-cells", 0));
	FDT_CHECK(fdt_property(fdt, "interrupt-controller", NULL, 0));
	{ uint32_t r[] = { 0, FAKE_GICD_BASE, 0, 0x1000, 0, FAKE_GICC_BASE, 0, 0x2000 };
	  prop_cells(fdt, "reg", r, 8); }
	FDT_CHECK(fdt_property_u32(fdt, "phandle", 3));
	FDT_CHECK(fdt_end_node(fdt));

	FDT_CHECK(fdt_begin_node(fdt, "timer"));
	FDT_CHECK(fdt_property_string(fdt, "compatible", "arm,armv7-timer"));
	{ uint32_t r[] = { 1, 13, 0xf08, 1, 14, 0xf08, 1, 11, 0xf08, 1, 10, 0xf08 };
	  prop_cells(fdt, "interrupts", r, 12); }
	FDT_CHECK(fdt_end_node(fdt));

	FDT_CHECK(fdt_begin_node(fdt, "scc@7fff0000"));
	{ const char c[] = "arm,vexpress-scc,v2p-ca15_a7\0arm,vexpress-scc";
	  FDT_CHECK(fdt_property(fdt, "compatible", c, sizeof(c))); }
	{ uint32_t r[] = { 0, FAKE_SCC_BASE, 0, 0x1000 }; prop_cells(fdt, "reg", r, 4); }
	{ uint32_t r[] = { 0, FAKE_SCC_IRQ - 32, 4 }; prop_cells(fdt, "interrupts", r, 3); }
	FDT_CHECK(fdt_end_node(fdt));

	FDT_CHECK(fdt_end_node(fdt));
	FDT_CHECK(fdt_finish(fdt));
	return fdt;
}

/* ---- machine lifetime and the scheduler loop ------------------------------------ */

void fake_hw_default_config(struct fake_hw_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->seed = 1;
	cfg->nr_clusters = 2;
	cfg->cpus_per_cluster[0] = 2;
	cfg->cpus_per_cluster[1] = 3;
	cfg->part[0] = ARM_CPU_PART_CORTEX_A15;
	cfg->part[1] = ARM_CPU_PART_CORTEX_A7;
	cfg->cci_port_of_cluster[0] = 3;
	cfg->cci_port_of_cluster[1] = 4;
	cfg->secondaries_in_firmware = true;
	cfg->jitter = 0.5;
	cfg->stall_prob = 0.02;
	cfg->stall_max_ns = 3000;
	cfg->mmio_ns = 200;
	cfg->mem_cached_ns = 3;
	cfg->mem_uncached_ns = 100;
	cfg->barrier_ns = 10;
	cfg->core_powerup_ns = 10000;
	cfg->cluster_powerup_ns = 100000;
	cfg->cci_change_ns = 1000;
	cfg->ctx_save_ns = 400;
	cfg->log_level = 4;
}

void fake_hw_destroy(void)
{
	unsigned int i;

	if (!m.created)
		return;
	for (i = 0; i < m.nr_cores; i++) {
		free(m.cores[i].entry_stack[0]);
		free(m.cores[i].entry_stack[1]);
		free(m.cores[i].boot_stack);
	}
	free(m.own_fdt);
	asan_forget_stacks();
	memset(&m, 0, sizeof(m));
	irq_handler = NULL;
}

void fake_hw_create(const struct fake_hw_config *cfg)
{
	unsigned int cl, i, n = 0;

	fake_hw_destroy();
	m.cfg = *cfg;
	if (m.cfg.nr_clusters < 1 || m.cfg.nr_clusters > FAKE_MAX_CLUSTERS)
		abort();
	m.rng = cfg->seed * 0x2545f4914f6cdd1dull + 1;
	for (cl = 0; cl < m.cfg.nr_clusters; cl++) {
		if (m.cfg.cpus_per_cluster[cl] < 1 || m.cfg.cpus_per_cluster[cl] > FAKE_MAX_CPUS_PER_CLUSTER)
			abort();
		for (i = 0; i < m.cfg.cpus_per_cluster[cl]; i++, n++) {
			struct core *c = &m.cores[n];

			c->idx = n;
			c->cluster = cl;
			c->cpu = i;
			c->mpidr = (cl << 8) | i;
			c->part = m.cfg.part[cl];
			c->entry_stack[0] = malloc(ENTRY_STACK_SIZE);
			c->entry_stack[1] = malloc(ENTRY_STACK_SIZE);
			c->power_on_at = NEVER;
			c->in_reset = true;
			c->state = FAKE_CORE_OFF;
			c->pmr = 0;
			c->cval = UINT64_MAX;
		}
	}
	m.nr_cores = n;
	for (i = 32; i < FAKE_NR_IRQS; i++)
		m.targets[i] = 1;
	m.gicd_ctlr = 1; /* firmware leaves the distributor on */
	m.own_fdt = build_fdt();
	m.fdt = m.own_fdt;
	m.created = true;
	for (i = 0; i < m.nr_cores; i++) {
		struct core *c = &m.cores[i];

		if (i == 0 || m.cfg.secondaries_in_firmware) {
			power_on_core(c);
			m.stats.core_power_ons[i] = 0;
		}
	}
	for (cl = 0; cl < m.cfg.nr_clusters; cl++) {
		m.stats.cluster_power_ups[cl] = 0;
		if (m.cluster_powered[cl])
			m.cci_port[m.cfg.cci_port_of_cluster[cl]] = 3; /* firmware set snoops */
	}
}

void fake_hw_set_fdt(const void *fdt)
{
	m.fdt = fdt;
}

void fake_hw_start_core(unsigned int core, void (*fn)(void *), void *arg, bool caches_on)
{
	struct core *c = &m.cores[core];

	if (c->in_reset)
		power_on_core(c);
	c->start_fn = fn;
	c->start_arg = arg;
	if (!c->boot_stack)
		c->boot_stack = malloc(BOOT_STACK_SIZE);
	getcontext(&c->boot_uc);
	c->boot_uc.uc_stack.ss_sp = c->boot_stack;
	c->boot_uc.uc_stack.ss_size = BOOT_STACK_SIZE;
	c->boot_uc.uc_link = NULL;
	asan_stack_fresh(c->boot_stack, BOOT_STACK_SIZE);
	makecontext(&c->boot_uc, core_trampoline, 0);
	c->uc = c->boot_uc;
	c->state = FAKE_CORE_RUN;
	c->dcache_on = c->smp_on = caches_on;
	c->irq_masked = true;
}

void fake_hw_at(uint64_t when_ns, void (*fn)(void *), void *arg)
{
	if (m.nr_cbs == sizeof(m.cbs) / sizeof(m.cbs[0]))
		abort();
	m.cbs[m.nr_cbs].when = max(when_ns * PS_PER_NS, now_ps());
	m.cbs[m.nr_cbs].fn = fn;
	m.cbs[m.nr_cbs].arg = arg;
	m.nr_cbs++;
}

void fake_hw_send_event(void)
{
	unsigned int i;

	for (i = 0; i < m.nr_cores; i++)
		m.cores[i].event_reg = true;
	update_cores();
}

void fake_hw_stop(void)
{
	m.stop = true;
}

const char *fake_hw_panic_message(void)
{
	return m.panicked ? m.panic_msg : NULL;
}

enum fake_hw_stop_reason fake_hw_run(uint64_t until_ns)
{
	uint64_t until = until_ns > UINT64_MAX / PS_PER_NS ? NEVER : until_ns * PS_PER_NS;

	m.stop = false;
	m.running = true;
	for (;;) {
		uint64_t best_t = NEVER;
		int best = -1, ties = 0;
		unsigned int i;

		if (m.panicked) {
			m.running = false;
			return FAKE_HW_PANIC;
		}
		if (m.stop) {
			m.running = false;
			return FAKE_HW_STOPPED;
		}
		/* Candidates: cores 0..n-1, callbacks n.. (n + i). */
		for (i = 0; i < m.nr_cores + m.nr_cbs; i++) {
			uint64_t t = i < m.nr_cores ? core_next(&m.cores[i]) : m.cbs[i - m.nr_cores].when;

			if (t == NEVER || t > best_t)
				continue;
			if (t < best_t) {
				best_t = t;
				best = (int)i;
				ties = 1;
			} else if (rnd() % (uint64_t)++ties == 0) {
				best = (int)i;
			}
		}
		if (best < 0) {
			m.running = false;
			return FAKE_HW_IDLE;
		}
		if (best_t > until) {
			m.now = max(m.now, until);
			m.running = false;
			return FAKE_HW_TIME_LIMIT;
		}
		if (best_t > m.now)
			m.now = best_t;
		if ((unsigned)best >= m.nr_cores) {
			struct timed_cb cb = m.cbs[best - (int)m.nr_cores];

			m.cbs[best - (int)m.nr_cores] = m.cbs[--m.nr_cbs];
			cb.fn(cb.arg);
			continue;
		}
		{
			struct core *c = &m.cores[best];

			if (c->state == FAKE_CORE_OFF) {
				power_on_core(c);
				continue;
			}
			if (c->state != FAKE_CORE_RUN) {
				/* Timer wake-up. */
				c->state = FAKE_CORE_RUN;
				c->t = max(c->t, best_t);
			} else if (c->in_run && best_t < c->t) {
				c->t = best_t; /* timer cuts the work */
			}
			m.cur = c;
			m.stats.switches++;
			swapcontext(&m.sched_uc, &c->uc);
			m.cur = NULL;
		}
	}
}

/* ---- observation ------------------------------------------------------------------ */

void fake_hw_set_observer(void (*fn)(const struct fake_hw_event *, void *), void *arg)
{
	m.observer = fn;
	m.observer_arg = arg;
}

unsigned int fake_hw_nr_clusters(void) { return m.cfg.nr_clusters; }
unsigned int fake_hw_cluster_of(unsigned int core) { return m.cores[core].cluster; }
unsigned int fake_hw_cpu_of(unsigned int core) { return m.cores[core].cpu; }
uint32_t fake_hw_mpidr(unsigned int core) { return m.cores[core].mpidr; }
int fake_hw_current_core(void) { return m.cur ? (int)m.cur->idx : -1; }

int fake_hw_core_of(unsigned int cluster, unsigned int cpu)
{
	unsigned int i;

	for (i = 0; i < m.nr_cores; i++)
		if (m.cores[i].cluster == cluster && m.cores[i].cpu == cpu)
			return (int)i;
	return -1;
}

enum fake_core_state fake_hw_core_state(unsigned int core) { return m.cores[core].state; }
bool fake_hw_core_in_reset(unsigned int core) { return m.cores[core].in_reset; }
bool fake_hw_core_dcache_on(unsigned int core) { return m.cores[core].dcache_on; }
bool fake_hw_core_smp_on(unsigned int core) { return m.cores[core].smp_on; }
bool fake_hw_core_irqs_masked(unsigned int core) { return m.cores[core].irq_masked; }
uint32_t fake_hw_l1_dirty_lines(unsigned int core) { return m.cores[core].l1_dirty; }
uint32_t fake_hw_l2_dirty_lines(unsigned int cluster) { return m.l2_dirty[cluster]; }
uint32_t fake_hw_l2_prefetch_ctl(unsigned int core) { return m.cores[core].l2_prefetch; }
bool fake_hw_cluster_powered(unsigned int cluster) { return m.cluster_powered[cluster]; }
uint32_t fake_hw_cci_port_ctrl(unsigned int cluster)
{
	return m.cci_port[m.cfg.cci_port_of_cluster[cluster]];
}
bool fake_hw_cci_snoops_on(unsigned int cluster) { return fake_hw_cci_port_ctrl(cluster) & 1; }
uint32_t fake_hw_spc_reg(uint32_t offset) { return offset < SCC_SPC_SIZE ? spc(offset) : 0; }
uint32_t fake_hw_gicc_ctlr(unsigned int core) { return m.cores[core].gicc_ctlr; }
const struct fake_hw_stats *fake_hw_stats(void) { return &m.stats; }
uint64_t fake_hw_now(void) { return now_ps() / PS_PER_NS; }
