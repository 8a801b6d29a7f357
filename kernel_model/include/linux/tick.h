/* SPDX-License-Identifier: GPL-2.0-only */
/* linux/tick.h - per-CPU tick and one-shot timers (kernel/time/). */
#ifndef KM_LINUX_TICK_H
#define KM_LINUX_TICK_H

#include "linux/kernel.h"

#define HZ 100
#define TICK_NSEC (1000000000ull / HZ)

extern volatile u64 jiffies;

/* A one-shot timer on the CPU that starts it (hrtimer, simplified). */
struct hrtimer {
	u64 expires_ns;
	void (*function)(struct hrtimer *t);
	struct hrtimer *next;
	bool queued;
};
void hrtimer_start(struct hrtimer *t, u64 expires_ns);
void hrtimer_cancel(struct hrtimer *t);
/* Nanoseconds since boot, from the generic timer's counter. */
u64 ktime_get_ns(void);
/* Earliest timer event pending on this CPU, or U64_MAX. */
u64 tick_next_event_ns(void);

/* The clock event device of this CPU (drivers/clocksource/arm_arch_timer.c). */
void clockevents_program_event(u64 expires_ns);
void clockevents_shutdown(void);
/* Called by the clock event interrupt. */
void tick_handle_event(void);
void tick_init_cpu(void);
/* Reprogram this CPU's clock event device from its timer list: after the
 * logical CPU moved to another physical core (the switcher). */
void tick_resume_local(void);
/* Hotplug: move this (dying) CPU's timers, the tick excepted, to CPU to. */
void hrtimers_migrate_to(unsigned int to);
/* NO_HZ idle: stop the periodic tick on idle entry; restart it on exit
 * when the CPU has a task to run. */
void tick_nohz_idle_enter(void);
void tick_nohz_idle_stop_tick(void);
bool tick_nohz_tick_stopped(void);
void tick_nohz_idle_exit(void);

/* Idle time of a logical CPU so far, and the wall time sampled (ns). */
u64 get_cpu_idle_time_ns(unsigned int cpu, u64 *wall_ns);
/* The same at now_ns, with no hardware access (the simulator's stats). */
u64 get_cpu_idle_time_at(unsigned int cpu, u64 now_ns);

int arch_timer_of_init(const void *fdt);
void arch_timer_starting_cpu(void);
/* CLOCK_EVT_FEAT_C3STOP of the local timer: it stops in deep idle states
 * (the DT's timer node has no "always-on"). False until arch_timer_of_init. */
bool arch_timer_stops_in_deep_idle(void);

/* What the clock event device of a logical CPU holds (dev->next_event, ns;
 * U64_MAX: nothing). */
u64 tick_cpu_next_event(unsigned int cpu);

/*
 * A broadcast clock event device (include/linux/clockchips.h, in short):
 * the one device that keeps running when the CPUs' local timers stop.
 * set_next_event takes a delta in the device's cycles, as upstream.
 */
struct clock_event_device {
	const char *name;
	unsigned int irq;
	bool dynirq;                    /* CLOCK_EVT_FEAT_DYNIRQ: IRQ follows the CPU */
	u32 rate_hz;
	unsigned long min_delta_ticks, max_delta_ticks;
	int (*set_next_event)(unsigned long cycles, struct clock_event_device *evt);
	int (*set_state_shutdown)(struct clock_event_device *evt);
	void (*event_handler)(struct clock_event_device *evt);
	u64 next_event;                 /* ns; U64_MAX: none */
};
/* kernel/time/tick-broadcast.c: make bc the broadcast device (one-shot
 * mode); tick_broadcast_enter/exit (linux/cpuidle.h) then use it. */
void tick_install_broadcast_device(struct clock_event_device *bc);
struct clock_event_device *tick_get_broadcast_device(void);
/* The logical CPUs whose events the broadcast device holds (a bitmap). */
u32 tick_get_broadcast_oneshot_mask(void);
/* tick_offline_cpu()'s part: a CPU going offline leaves the broadcast
 * masks (the device keeps whatever it is programmed for). */
void tick_broadcast_offline(unsigned int cpu);
/* drivers/clocksource/timer-sp804.c: the first "arm,sp804" node at the DT
 * root as broadcast clock event device. 0, or -ENODEV (none: deep idle
 * states that stop the local timer are then refused). */
int sp804_timer_of_init(const void *fdt);

#define U64_MAX (~0ull)

#endif
