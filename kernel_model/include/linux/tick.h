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
/* NO_HZ idle: stop the periodic tick on idle entry. It is not restarted on
 * exit: no task runs yet that would need it (the scheduler model will). */
void tick_nohz_idle_enter(void);
void tick_nohz_idle_exit(void);

/* Idle time of a logical CPU so far, and the wall time sampled (ns). */
u64 get_cpu_idle_time_ns(unsigned int cpu, u64 *wall_ns);

int arch_timer_of_init(const void *fdt);
void arch_timer_starting_cpu(void);

#define U64_MAX (~0ull)

#endif
