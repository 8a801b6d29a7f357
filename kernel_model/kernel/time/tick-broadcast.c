// SPDX-License-Identifier: GPL-2.0-only
/*
 * tick-broadcast.c - the tick broadcast device in one-shot mode
 * (kernel/time/tick-broadcast.c, CONFIG_GENERIC_CLOCKEVENTS_BROADCAST and
 * TICK_ONESHOT, in short).
 *
 * A CPU entering an idle state whose local timer stops (CPUIDLE_FLAG_TIMER_STOP:
 * cluster-sleep on TC2) hands its next event to the broadcast device (the
 * motherboard's SP804): it is marked in the one-shot mask, its local timer
 * is shut down and the broadcast device is programmed for the earliest
 * event of all masked CPUs. When the broadcast device fires, every masked
 * CPU whose event has expired is woken with IPI_TIMER (smp.c then runs
 * tick_handle_event() there), or runs its handler directly if it is the
 * CPU that took the interrupt; the device is reprogrammed for the rest.
 *
 * As upstream: -EBUSY without a broadcast device (the deep state is not
 * used), and for a CPU in the force mask (its event is already due: it is
 * about to get the IPI). No broadcast is needed when the local timer does
 * not stop (no CLOCK_EVT_FEAT_C3STOP: the DT timer node is "always-on").
 * The hrtimer-based broadcast (a CPU that must keep its timer because it
 * owns the broadcast hrtimer: broadcast_needs_cpu()) is not modelled: TC2
 * has a real broadcast device. Periodic broadcast mode is not modelled (the
 * model's tick is NO_HZ one-shot). A spinlock stands for tick_broadcast_lock.
 */
#include "asm/spinlock.h"
#include "linux/cpuidle.h"
#include "linux/interrupt.h"
#include "linux/smp.h"
#include "linux/tick.h"

static struct clock_event_device *bc_dev;
static u32 oneshot_mask, pending_mask, force_mask;
static arch_spinlock_t bc_lock = __ARCH_SPIN_LOCK_UNLOCKED;

struct clock_event_device *tick_get_broadcast_device(void)
{
	return bc_dev;
}

u32 tick_get_broadcast_oneshot_mask(void)
{
	return oneshot_mask;
}

/* Models clockevents_program_event(bc, expires, force): absolute ns to a
 * delta in the device's cycles, clamped to its min/max delta. */
static void bc_program(struct clock_event_device *bc, u64 expires)
{
	u64 now = ktime_get_ns();
	u64 delta = expires > now ? expires - now : 0;
	u64 cycles = (u64)(((unsigned __int128)delta * bc->rate_hz + 999999999u) / 1000000000u);

	if (cycles < bc->min_delta_ticks)
		cycles = bc->min_delta_ticks;
	if (cycles > bc->max_delta_ticks)
		cycles = bc->max_delta_ticks;
	bc->next_event = expires;
	bc->set_next_event((unsigned long)cycles, bc);
}

/* Models tick_broadcast_set_affinity() and tick_broadcast_set_event(). */
static void tick_broadcast_set_event(struct clock_event_device *bc,
				     unsigned int cpu, u64 expires)
{
	if (bc->dynirq)
		irq_set_affinity(bc->irq, 1u << cpu);
	bc_program(bc, expires);
}

/* Models tick_do_broadcast(): IPI_TIMER to the CPUs of mask, except this
 * one, which is told to run its handler itself. */
static bool tick_do_broadcast(u32 mask)
{
	unsigned int cpu = smp_processor_id(), c;
	bool local = false;

	if (mask & (1u << cpu)) {
		mask &= ~(1u << cpu);
		local = true;
	}
	for (c = 0; c < NR_CPUS; c++)
		if (mask & (1u << c))
			smp_send_ipi(c, IPI_TIMER);
	return local;
}

/* Models tick_handle_oneshot_broadcast(): the broadcast device fired. */
static void tick_handle_oneshot_broadcast(struct clock_event_device *bc)
{
	u64 now, next_event = U64_MAX;
	unsigned int cpu, next_cpu = 0, self = smp_processor_id();
	u32 tmpmask = 0;
	bool bc_local;

	arch_spin_lock(&bc_lock);
	bc->next_event = U64_MAX;
	now = ktime_get_ns();
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		u64 ev;

		if (!(oneshot_mask & (1u << cpu)))
			continue;
		ev = tick_cpu_next_event(cpu);
		if (ev <= now) {
			tmpmask |= 1u << cpu;
			pending_mask |= 1u << cpu;
		} else if (ev < next_event) {
			next_event = ev;
			next_cpu = cpu;
		}
	}
	pending_mask &= ~(1u << self);
	tmpmask |= force_mask;
	force_mask = 0;
	tmpmask &= cpu_online_bits;
	bc_local = tick_do_broadcast(tmpmask);
	if (next_event != U64_MAX)
		tick_broadcast_set_event(bc, next_cpu, next_event);
	arch_spin_unlock(&bc_lock);
	if (bc_local)
		tick_handle_event();
}

/* Models tick_broadcast_offline() -> tick_broadcast_oneshot_offline(): the
 * CPU drops out of the three masks. The device stays armed for the others;
 * should it fire for the gone CPU's event, the handler, on the CPU its
 * interrupt moved to, finds no one to wake. */
void tick_broadcast_offline(unsigned int cpu)
{
	const u32 bit = 1u << cpu;

	arch_spin_lock(&bc_lock);
	oneshot_mask &= ~bit;
	pending_mask &= ~bit;
	force_mask &= ~bit;
	arch_spin_unlock(&bc_lock);
}

/* Models tick_install_broadcast_device() + tick_broadcast_switch_to_oneshot(). */
void tick_install_broadcast_device(struct clock_event_device *bc)
{
	bc->event_handler = tick_handle_oneshot_broadcast;
	bc->next_event = U64_MAX;
	oneshot_mask = pending_mask = force_mask = 0;
	bc_dev = bc;
	pr_info("Clockevents: %s as tick broadcast device (oneshot)\n", bc->name);
}

/* Models tick_broadcast_enter() = __tick_broadcast_oneshot_control(ENTER). */
int tick_broadcast_enter(void)
{
	unsigned int cpu = smp_processor_id();
	struct clock_event_device *bc = bc_dev;
	u64 next;
	int ret = 0;

	if (!arch_timer_stops_in_deep_idle())
		return 0;       /* tick_broadcast_oneshot_control: no C3STOP */
	if (!bc)
		return -EBUSY;  /* no broadcast device: don't go deep */
	arch_spin_lock(&bc_lock);
	if (!(oneshot_mask & (1u << cpu))) {
		oneshot_mask |= 1u << cpu;
		WARN_ON(pending_mask & (1u << cpu));
		clockevents_shutdown();     /* broadcast_shutdown_local */
		next = tick_cpu_next_event(cpu);
		if (force_mask & (1u << cpu)) {
			/* Its event is due: upstream leaves it masked for the
			 * IPI; the model takes it out and lets the local timer
			 * fire at once (same outcome, one path fewer). */
			oneshot_mask &= ~(1u << cpu);
			force_mask &= ~(1u << cpu);
			tick_resume_local();
			ret = -EBUSY;
		} else if (next < bc->next_event)
			tick_broadcast_set_event(bc, cpu, next);
	}
	arch_spin_unlock(&bc_lock);
	return ret;
}

/* Models tick_broadcast_exit() = __tick_broadcast_oneshot_control(EXIT). */
void tick_broadcast_exit(void)
{
	unsigned int cpu = smp_processor_id();
	u64 next;

	if (!bc_dev)
		return;
	arch_spin_lock(&bc_lock);
	if (oneshot_mask & (1u << cpu)) {
		oneshot_mask &= ~(1u << cpu);
		next = tick_cpu_next_event(cpu);
		if (pending_mask & (1u << cpu)) {
			/* The broadcast IPI is on its way and runs the event. */
			pending_mask &= ~(1u << cpu);
		} else if (next != U64_MAX) {
			if (next <= ktime_get_ns())
				force_mask |= 1u << cpu;  /* the broadcast handles it */
			else
				tick_resume_local();      /* woken by something else */
		}
	}
	arch_spin_unlock(&bc_lock);
}
