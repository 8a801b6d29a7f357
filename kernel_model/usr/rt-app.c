// SPDX-License-Identifier: GPL-2.0-only
/*
 * rt-app.c - rt-app's threads on the simulated kernel (rt-app src/rt-app.c:
 * thread_body() and run_event()), running a struct wl_program.
 *
 * Each rt-app thread is a task (linux/sched.h) whose body is this file's
 * interpreter: it walks loops, phases and events as thread_body() does and
 * carries out each event with what the syscall would do on the kernel: a
 * run is instructions on the core (hw_run), a sleep or timer arms an
 * hrtimer and blocks, a mutex or condition blocks on a wait queue and is
 * woken by try_to_wake_up. An event that blocks or is preempted resumes at
 * the same stage when the task runs again.
 *
 * Simplifications (docs/workloads.md): mutexes are priority-ordered
 * hand-off locks (rt-app's PTHREAD_PRIO_INHERIT without the boosting);
 * suspend/resume do not take their queue's internal mutex (held for a few
 * instructions only); the calibration is given by the simulator
 * (struct wl_setup) instead of timed; mem is streaming stores of HW_WORK_MEM,
 * 8 bytes per instruction, with their bytes sent to DRAM in page bursts.
 */
#include "blsim/workload.h"
#include "linux/kernel.h"
#include "linux/sched.h"
#include "linux/smp.h"
#include "linux/tick.h"
#include "trace/events.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Instructions of kernel code per syscall an event makes (futex, nanosleep,
 * clock_gettime...): an assumption, about 0.2 us on an A15. */
#define SYSCALL_COST 400
#define MEM_BYTES_PER_INSTR 8
#define MEM_CHUNK 4096          /* bytes per burst to DRAM: a page */

enum ev_result { EV_DONE, EV_BLOCKED, EV_PREEMPTED };

void rtapp_spawn(int task, int instance);

struct rtapp_thread;

/* A wait queue of threads, by task priority then arrival (futex order). */
struct waitq {
	struct rtapp_thread *head;
};

struct res_state {
	struct rtapp_thread *owner;   /* mutex */
	struct waitq waiters;         /* mutex: lockers; cond: waiters; barrier */
	int arrived;                  /* barrier */
	u64 t_next;                   /* shared timer */
	bool timer_init;
};

struct timer_state {
	u64 t_next;
	bool init;
};

struct rtapp_thread {
	const struct wl_task *task;
	int task_index, instance;
	char name[32];
	struct task_struct *p;
	/* Program counter. */
	bool delayed;                 /* the task's delay is done */
	int64_t loops_done;
	int phase;
	int64_t phase_loops;
	int ev;
	int stage;
	bool phase_entered;
	bool finished;
	/* Event state. */
	u64 work_left, bytes_left, ev_start, ev_end;
	/* The policy as the phases changed it. */
	struct wl_sched sched;
	struct timer_state *timers;   /* per resource: timers owned by this thread */
	struct rtapp_thread *wait_next;
	u64 loop_start;
	u64 t_first;                  /* when the thread started its first phase */
	u64 mark_run_ns, mark_wu_lat_ns;  /* st's sums at the loop's start (rtapp_stats) */
	s64 mark_slack_ns;
	struct wl_thread_stats st;
	struct rtapp_thread *next;
};

static const struct wl_setup *setup;
static struct res_state *res;
static struct rtapp_thread *threads, **threads_tail = &threads;
static int nthreads;
static int *spawned;          /* per task: threads created so far (the next instance number) */
static volatile bool continue_running = true;
static struct hrtimer duration_timer;

static const struct wl_program *prog(void)
{
	return setup->prog;
}

/* ---- wait queues ---------------------------------------------------------- */

static void waitq_add(struct waitq *q, struct rtapp_thread *t)
{
	struct rtapp_thread **pp = &q->head;

	while (*pp && (*pp)->p->prio <= t->p->prio)
		pp = &(*pp)->wait_next;
	t->wait_next = *pp;
	*pp = t;
}

static struct rtapp_thread *waitq_pop(struct waitq *q)
{
	struct rtapp_thread *t = q->head;

	if (t) {
		q->head = t->wait_next;
		t->wait_next = NULL;
	}
	return t;
}

/* The caller blocks until woken (futex_wait). */
static enum ev_result block(struct rtapp_thread *t, int next_stage)
{
	t->stage = next_stage;
	sched_block_current(TASK_INTERRUPTIBLE);
	return EV_BLOCKED;
}

/* ---- mutexes and conditions (pthread over futex) ------------------------ */

/* pthread_mutex_lock(): EV_DONE once owned. */
static enum ev_result mutex_lock(struct rtapp_thread *t, int m, int wait_stage)
{
	struct res_state *r = &res[m];

	if (!r->owner) {
		r->owner = t;
		return EV_DONE;
	}
	if (r->owner == t) {
		pr_warn("rt-app: %s: lock of mutex %s it already holds\n", t->name,
			prog()->resources[m].name);
		return EV_DONE;
	}
	waitq_add(&r->waiters, t);
	return block(t, wait_stage);
}

/* pthread_mutex_unlock(): hand the mutex to the first waiter. */
static void mutex_unlock(struct rtapp_thread *t, int m)
{
	struct res_state *r = &res[m];
	struct rtapp_thread *w;

	if (r->owner != t) {
		pr_warn("rt-app: %s: unlock of mutex %s it does not hold\n", t->name,
			prog()->resources[m].name);
		return;
	}
	w = waitq_pop(&r->waiters);
	r->owner = w;
	if (w)
		wake_up_process(w->p);
}

/* pthread_cond_signal() / _broadcast(). */
static void cond_wake(int c, bool all)
{
	struct rtapp_thread *w;

	while ((w = waitq_pop(&res[c].waiters))) {
		wake_up_process(w->p);
		if (!all)
			break;
	}
}

/* pthread_cond_wait(c, m): stage 0 releases m and waits; stage 1 (woken)
 * takes m back, maybe waiting for it (stage 2). */
static enum ev_result cond_wait(struct rtapp_thread *t, int c, int m, int base)
{
	switch (t->stage - base) {
	case 0:
		if (m >= 0)
			mutex_unlock(t, m);
		waitq_add(&res[c].waiters, t);
		return block(t, base + 1);
	case 1:
		if (m < 0)
			return EV_DONE;
		return mutex_lock(t, m, base + 2);
	default:
		return EV_DONE;   /* the unlocker handed m to us */
	}
}

/* ---- statistics ----------------------------------------------------------- */

static void record_slack(struct rtapp_thread *t, s64 slack)
{
	t->st.timer_n++;
	t->st.slack_sum_ns += slack;
	if (t->st.timer_n == 1 || slack < t->st.slack_min_ns)
		t->st.slack_min_ns = slack;
	if (slack <= 0)
		t->st.missed++;
}

static void record_wu_lat(struct rtapp_thread *t, u64 lat)
{
	t->st.wu_lat_n++;
	t->st.wu_lat_sum_ns += lat;
	if (lat > t->st.wu_lat_max_ns)
		t->st.wu_lat_max_ns = lat;
}

/* ---- events ----------------------------------------------------------------- */

static u64 run_instructions(u64 duration_ns)
{
	return (u64)((double)duration_ns * setup->run_instr_per_us / 1000.0 + 0.5);
}

/* A burst of work: hw_run until done, or until the CPU must reschedule. */
static enum ev_result do_work(struct rtapp_thread *t, enum hw_work_kind kind)
{
	while (t->work_left) {
		t->work_left = hw_run(t->work_left, kind);
		if (t->work_left && need_resched())
			return EV_PREEMPTED;
	}
	return EV_DONE;
}

static struct timer_state *timer_of(struct rtapp_thread *t, int r)
{
	static struct timer_state dummy;

	if (prog()->resources[r].owner_task >= 0)
		return &t->timers[r];
	dummy.t_next = res[r].t_next;
	dummy.init = res[r].timer_init;
	return &dummy;
}

static void timer_store(struct rtapp_thread *t, int r, const struct timer_state *ts)
{
	if (prog()->resources[r].owner_task >= 0) {
		t->timers[r] = *ts;
	} else {
		res[r].t_next = ts->t_next;
		res[r].timer_init = ts->init;
	}
}

/* Models run_event()'s rtapp_timer case: sleep to the next period of the
 * timer; late, a relative timer restarts from now, an absolute one keeps
 * its grid. */
static enum ev_result do_timer(struct rtapp_thread *t, const struct wl_event *e)
{
	struct timer_state ts;
	u64 now = ktime_get_ns();

	if (t->stage == 1) {
		ts = *timer_of(t, e->res);
		record_wu_lat(t, now > ts.t_next ? now - ts.t_next : 0);
		return EV_DONE;
	}
	hw_run(SYSCALL_COST, HW_WORK_KERNEL);      /* clock_gettime */
	now = ktime_get_ns();
	ts = *timer_of(t, e->res);
	if (!ts.init) {
		/* rt-app: a timer's grid starts at the thread's first phase. */
		ts.t_next = t->t_first;
		ts.init = true;
	}
	ts.t_next += (u64)e->duration_ns;
	record_slack(t, (s64)(ts.t_next - now));
	if (now < ts.t_next) {
		timer_store(t, e->res, &ts);
		t->stage = 1;
		sched_sleep_until(ts.t_next);          /* clock_nanosleep(TIMER_ABSTIME) */
		return EV_BLOCKED;
	}
	if (!prog()->resources[e->res].absolute)
		ts.t_next = now;
	timer_store(t, e->res, &ts);
	record_wu_lat(t, 0);
	return EV_DONE;
}

/* Models run_event(): one event, from its current stage. */
static enum ev_result do_event(struct rtapp_thread *t, const struct wl_event *e)
{
	u64 now;

	switch (e->kind) {
	case WL_EV_RUN:
		if (t->stage == 0) {
			t->work_left = run_instructions((u64)e->duration_ns);
			t->ev_start = ktime_get_ns();
			t->stage = 1;
		}
		if (do_work(t, HW_WORK_INT) == EV_PREEMPTED)
			return EV_PREEMPTED;
		t->st.run_ns += ktime_get_ns() - t->ev_start;
		t->st.run_events++;
		return EV_DONE;
	case WL_EV_RUNTIME:
		if (t->stage == 0) {
			t->ev_start = ktime_get_ns();
			t->ev_end = t->ev_start + (u64)e->duration_ns;
			t->stage = 1;
		}
		for (;;) {
			now = ktime_get_ns();
			if (now >= t->ev_end)
				break;
			if (hw_run_ns(t->ev_end - now, HW_WORK_INT) && need_resched())
				return EV_PREEMPTED;
		}
		t->st.run_ns += now - t->ev_start;
		t->st.run_events++;
		return EV_DONE;
	case WL_EV_SLEEP:
		if (t->stage == 1)
			return EV_DONE;
		hw_run(SYSCALL_COST, HW_WORK_KERNEL);
		if (e->duration_ns == 0)
			return EV_DONE;   /* nanosleep(0): returns at once, no block */
		t->stage = 1;
		sched_sleep_until(ktime_get_ns() + (u64)e->duration_ns);
		return EV_BLOCKED;
	case WL_EV_TIMER:
		return do_timer(t, e);
	case WL_EV_LOCK:
		if (t->stage == 1)
			return EV_DONE;    /* handed over by the unlocker */
		hw_run(SYSCALL_COST / 4, HW_WORK_KERNEL);
		return mutex_lock(t, e->res, 1);
	case WL_EV_UNLOCK:
		hw_run(SYSCALL_COST / 4, HW_WORK_KERNEL);
		mutex_unlock(t, e->res);
		return EV_DONE;
	case WL_EV_WAIT:
		if (t->stage == 0)
			hw_run(SYSCALL_COST, HW_WORK_KERNEL);
		return cond_wait(t, e->res, e->dep, 0);
	case WL_EV_SIGNAL:
	case WL_EV_BROADCAST:
		hw_run(SYSCALL_COST, HW_WORK_KERNEL);
		cond_wake(e->res, e->kind == WL_EV_BROADCAST);
		return EV_DONE;
	case WL_EV_SYNC:
		if (t->stage == 0) {
			hw_run(SYSCALL_COST, HW_WORK_KERNEL);
			cond_wake(e->res, false);
		}
		return cond_wait(t, e->res, e->dep, 0);
	case WL_EV_SUSPEND:
		if (t->stage == 1)
			return EV_DONE;
		hw_run(SYSCALL_COST, HW_WORK_KERNEL);
		return cond_wait(t, e->res, -1, 0);
	case WL_EV_RESUME:
		hw_run(SYSCALL_COST, HW_WORK_KERNEL);
		cond_wake(e->res, true);
		return EV_DONE;
	case WL_EV_BARRIER: {
		struct res_state *r = &res[e->res];

		if (t->stage == 1)
			return EV_DONE;
		hw_run(SYSCALL_COST, HW_WORK_KERNEL);
		if (++r->arrived >= prog()->resources[e->res].barrier_users) {
			r->arrived = 0;
			cond_wake(e->res, true);
			return EV_DONE;
		}
		waitq_add(&r->waiters, t);
		return block(t, 1);
	}
	case WL_EV_MEM:
		/* memset of the thread's buffer, MEM_CHUNK bytes at a time: the
		 * stores' instructions and their traffic to DRAM through the CCI. */
		if (t->stage == 0) {
			t->bytes_left = (u64)e->bytes;
			t->work_left = 0;
			t->stage = 1;
		}
		while (t->bytes_left || t->work_left) {
			if (!t->work_left) {
				u64 chunk = t->bytes_left < MEM_CHUNK ? t->bytes_left : MEM_CHUNK;

				hw_stream_to_memory(chunk);
				t->bytes_left -= chunk;
				t->work_left = chunk / MEM_BYTES_PER_INSTR + 1;
			}
			if (do_work(t, HW_WORK_MEM) == EV_PREEMPTED)
				return EV_PREEMPTED;
		}
		return EV_DONE;
	case WL_EV_IORUN:
		/* write() of the buffer to the I/O device (rt-app's default is
		 * /dev/null: the kernel reads nothing): the syscall and a pass over
		 * the buffer. */
		if (t->stage == 0) {
			hw_run(SYSCALL_COST, HW_WORK_KERNEL);
			t->work_left = (u64)e->bytes / MEM_BYTES_PER_INSTR;
			t->stage = 1;
		}
		return do_work(t, HW_WORK_MEM);
	case WL_EV_YIELD:
		if (t->stage == 1)
			return EV_DONE;
		t->stage = 1;
		sched_block_current(TASK_RUNNING);
		return EV_PREEMPTED;
	case WL_EV_FORK:
		hw_run(SYSCALL_COST * 10, HW_WORK_KERNEL);      /* clone() */
		if (e->task >= 0) {
			if (nthreads >= WL_MAX_THREADS)
				hw_panic("rt-app: %s: fork of \"%s\": %d threads already, blsim's limit "
					 "(WL_MAX_THREADS, docs/workloads.md)", t->name,
					 prog()->tasks[e->task].name, nthreads);
			rtapp_spawn(e->task, spawned[e->task]);
		}
		return EV_DONE;
	default:
		return EV_DONE;
	}
}

/* ---- scheduling parameters -------------------------------------------------- */

static unsigned int policy_of(enum wl_policy p)
{
	switch (p) {
	case WL_SCHED_FIFO: return SCHED_FIFO;
	case WL_SCHED_RR: return SCHED_RR;
	case WL_SCHED_DEADLINE: return SCHED_DEADLINE;
	case WL_SCHED_IDLE: return SCHED_IDLE;
	default: return SCHED_NORMAL;
	}
}

static int prio_arg(const struct wl_sched *s)
{
	return (s->policy == WL_SCHED_FIFO || s->policy == WL_SCHED_RR) ? s->priority : s->nice;
}

static u32 cpu_mask(int n, const int *cpus)
{
	u32 m = 0;
	int i;

	for (i = 0; i < n; i++)
		if (cpus[i] >= 0 && cpus[i] < NR_CPUS)
			m |= 1u << cpus[i];
	return m;
}

/* Models set_thread_param() at a phase's start: what the phase names. */
static void enter_phase(struct rtapp_thread *t, const struct wl_phase *ph)
{
	if (ph->sched_set) {
		struct wl_sched *s = &t->sched;

		if (ph->sched_set & WL_SCHED_SET_POLICY) {
			s->policy = ph->sched.policy;
			s->priority = ph->sched.priority;
			s->nice = ph->sched.nice;
		}
		if (ph->sched_set & WL_SCHED_SET_PRIO) {
			s->priority = ph->sched.priority;
			s->nice = ph->sched.nice;
		}
		if (ph->sched_set & WL_SCHED_SET_UTIL_MIN)
			s->util_min = ph->sched.util_min;
		if (ph->sched_set & WL_SCHED_SET_UTIL_MAX)
			s->util_max = ph->sched.util_max;
		if ((ph->sched_set & (WL_SCHED_SET_UTIL_MIN | WL_SCHED_SET_UTIL_MAX)) &&
		    sched_set_uclamp(t->p, s->util_min, s->util_max))
			pr_warn("rt-app: %s: phase %s: util_min above util_max, clamps unchanged\n",
				t->name, ph->name);
		if (ph->sched_set & WL_SCHED_SET_DL) {
			s->dl_runtime_ns = ph->sched.dl_runtime_ns;
			s->dl_period_ns = ph->sched.dl_period_ns;
			s->dl_deadline_ns = ph->sched.dl_deadline_ns;
		}
		hw_run(SYSCALL_COST, HW_WORK_KERNEL);
		if (sched_setattr_nocheck(t->p, policy_of(s->policy), prio_arg(s),
				       (u64)s->dl_runtime_ns, (u64)s->dl_deadline_ns,
				       (u64)s->dl_period_ns))
			pr_warn("rt-app: %s: sched_setscheduler refused in phase %s\n", t->name, ph->name);
	}
	if (ph->ncpus) {
		u32 m = cpu_mask(ph->ncpus, ph->cpus);

		hw_run(SYSCALL_COST, HW_WORK_KERNEL);
		if (set_cpus_allowed_ptr(t->p, m))
			pr_warn("rt-app: %s: phase %s: no CPU of its affinity exists\n", t->name, ph->name);
	}
}

/* ---- rt-app's trace_marker lines ---------------------------------------------- */

/* rt-app writes these to trace_marker when its ftrace log is on; the trace
 * shows them as ftrace print events (tracing_mark_write: ...), which LISA's
 * rt-app analyses read. Written here always, in rt-app's own wording, from
 * the thread's context; --trace-events leaves them out as ftrace:print.
 * The per-event lines (rtapp_event) are not written. rtapp_stats, after
 * each loop's end, in us as rt-app: period (the loop's wall time), run
 * (wall time in its run events), wu_lat (summed over its timers), slack
 * (summed over its timers: rt-app's cumulative_slack; without it rt-app
 * gives the last timer's, the same with one timer per loop), c_period and
 * c_run (the phase's timer periods and run durations as written). */
#define rtapp_marker(...) trace_event("tracing_mark_write", __VA_ARGS__)

static int nrunning;  /* threads not yet ended: rtapp_main's end after the last */

static void marker_loop(struct rtapp_thread *t, const char *what)
{
	const struct wl_phase *ph = &t->task->phases[t->phase];
	s64 c_period = 0, c_run = 0;
	int i;

	rtapp_marker("rtapp_loop: event=%s thread_loop=%d phase=%d phase_loop=%d", what,
		     (int)t->loops_done, t->phase, (int)t->phase_loops);
	if (what[0] == 's') {
		t->mark_run_ns = t->st.run_ns;
		t->mark_wu_lat_ns = t->st.wu_lat_sum_ns;
		t->mark_slack_ns = t->st.slack_sum_ns;
		return;
	}
	for (i = 0; i < ph->nevents; i++) {
		if (ph->events[i].kind == WL_EV_TIMER)
			c_period += ph->events[i].duration_ns;
		else if (ph->events[i].kind == WL_EV_RUN || ph->events[i].kind == WL_EV_RUNTIME)
			c_run += ph->events[i].duration_ns;
	}
	rtapp_marker("rtapp_stats: period=%d run=%d wu_lat=%d slack=%d c_period=%d c_run=%d",
		     (int)((ktime_get_ns() - t->loop_start) / 1000),
		     (int)((t->st.run_ns - t->mark_run_ns) / 1000),
		     (int)((t->st.wu_lat_sum_ns - t->mark_wu_lat_ns) / 1000),
		     (int)((t->st.slack_sum_ns - t->mark_slack_ns) / 1000),
		     (int)(c_period / 1000), (int)(c_run / 1000));
}

static void marker_task_end(struct rtapp_thread *t)
{
	rtapp_marker("rtapp_task: event=end");
	if (--nrunning == 0)
		rtapp_marker("rtapp_main: event=end");
	(void)t;
}

/* ---- the thread body ---------------------------------------------------------- */

/* Next event; returns false when the thread has run all its loops. */
static bool advance(struct rtapp_thread *t)
{
	const struct wl_task *task = t->task;
	const struct wl_phase *ph = &task->phases[t->phase];

	t->stage = 0;
	if (++t->ev < ph->nevents)
		return true;
	/* One loop of the phase done: rt-app logs a line here. */
	marker_loop(t, "end");
	t->ev = 0;
	t->phase_entered = false;
	t->st.activations++;
	if (++t->phase_loops < ph->loop || ph->loop < 0)
		return true;
	t->phase_loops = 0;
	if (++t->phase < task->nphases)
		return true;
	t->phase = 0;
	/* Counted for endless tasks too: rtapp_loop's thread_loop, as rt-app. */
	if (++t->loops_done < task->loop || task->loop < 0)
		return true;
	return false;
}

static void loop_started(struct rtapp_thread *t)
{
	u64 now = ktime_get_ns();

	if (!t->t_first)
		t->t_first = now;
	if (t->loop_start) {
		u64 d = now - t->loop_start;

		t->st.period_n++;
		t->st.period_sum_ns += d;
		if (t->st.period_n == 1 || d < t->st.period_min_ns)
			t->st.period_min_ns = d;
		if (d > t->st.period_max_ns)
			t->st.period_max_ns = d;
	}
	t->loop_start = now;
}

/* Models thread_body(): run events until the task blocks, is preempted,
 * or ends. */
static void rtapp_thread_run(struct task_struct *p)
{
	struct rtapp_thread *t = p->user;

	for (;;) {
		const struct wl_phase *ph;
		enum ev_result r;

		if (t->finished || !continue_running) {
			if (!t->finished)
				marker_task_end(t);
			t->finished = true;
			sched_exit_current();
			return;
		}
		if (!t->delayed) {
			t->delayed = true;
			rtapp_marker("rtapp_task: event=start");
			if (t->task->delay_ns > 0) {
				sched_sleep_until(ktime_get_ns() + (u64)t->task->delay_ns);
				return;
			}
		}
		ph = &t->task->phases[t->phase];
		if (!t->phase_entered) {
			t->phase_entered = true;
			marker_loop(t, "start");
			loop_started(t);
			enter_phase(t, ph);
			if (need_resched())
				return;
		}
		r = do_event(t, &ph->events[t->ev]);
		if (r != EV_DONE)
			return;
		if (!advance(t)) {
			t->finished = true;
			marker_task_end(t);
			sched_exit_current();
			return;
		}
		if (need_resched())
			return;
	}
}

static const struct task_ops rtapp_ops = {
	.run = rtapp_thread_run,
};

/* Models create_thread(): one thread of task `task`. */
void rtapp_spawn(int task, int instance)
{
	const struct wl_task *wt = &prog()->tasks[task];
	struct rtapp_thread *t = calloc(1, sizeof(*t));

	if (!t)
		hw_panic("rt-app: out of memory");
	t->task = wt;
	t->task_index = task;
	t->instance = instance;
	spawned[task]++;
	if (wt->instances > 1 || instance > 0)
		snprintf(t->name, sizeof(t->name), "%s-%d", wt->name, instance);
	else
		snprintf(t->name, sizeof(t->name), "%s", wt->name);
	t->sched = wt->sched;
	t->timers = calloc((size_t)(prog()->nresources ? prog()->nresources : 1), sizeof(*t->timers));
	t->st.name = t->name;
	t->st.task = task;
	*threads_tail = t;
	threads_tail = &t->next;
	nthreads++;
	nrunning++;
	t->p = sched_create_task(t->name, &rtapp_ops, t, policy_of(wt->sched.policy),
				 prio_arg(&wt->sched), (u64)wt->sched.dl_runtime_ns,
				 (u64)wt->sched.dl_deadline_ns, (u64)wt->sched.dl_period_ns,
				 cpu_mask(wt->ncpus, wt->cpus));
	t->st.pid = t->p->pid;
	if ((wt->sched.util_min >= 0 || wt->sched.util_max >= 0) &&
	    sched_set_uclamp(t->p, wt->sched.util_min, wt->sched.util_max))
		pr_warn("rt-app: %s: util_min above util_max, clamps not set\n", t->name);
}

/* global.duration: models rt-app's shutdown() -> wakeup_all_threads():
 * threads stop at their next event; those waiting on a condition or a
 * barrier are woken so that they can. */
static void duration_fn(struct hrtimer *timer)
{
	int r;

	(void)timer;
	continue_running = false;
	for (r = 0; r < prog()->nresources; r++)
		if (prog()->resources[r].kind == WL_RES_COND || prog()->resources[r].kind == WL_RES_BARRIER)
			cond_wake(r, true);
	pr_info("rt-app: duration elapsed, threads stop\n");
}

/* Models rt-app's main(): create every thread, then let them run. */
int rtapp_start(void)
{
	int i, k;

	setup = hw_workload();
	if (!setup || !setup->prog)
		return 0;
	res = calloc((size_t)(prog()->nresources ? prog()->nresources : 1), sizeof(*res));
	spawned = calloc((size_t)(prog()->ntasks ? prog()->ntasks : 1), sizeof(*spawned));
	if (!res || !spawned)
		hw_panic("rt-app: out of memory");
	pr_info("rt-app: %s: %d tasks, %.1f instructions per us of run\n", prog()->source,
		prog()->ntasks, setup->run_instr_per_us);
	hw_mark("workload");
	rtapp_marker("rtapp_main: event=start");
	rtapp_marker("rtapp_main: event=clock_ref data=%llu", (unsigned long long)(ktime_get_ns() / 1000));
	for (i = 0; i < prog()->ntasks; i++)
		for (k = 0; k < prog()->tasks[i].instances; k++)
			rtapp_spawn(i, k);
	if (prog()->duration_ns > 0) {
		duration_timer.function = duration_fn;
		hrtimer_start(&duration_timer, ktime_get_ns() + (u64)prog()->duration_ns);
	}
	return nthreads;
}

int rtapp_nr_threads(void)
{
	return nthreads;
}

int rtapp_thread_stats(int i, struct wl_thread_stats *out)
{
	struct rtapp_thread *t = threads;
	struct task_struct *p;

	if (i < 0)
		return -1;
	while (t && i-- > 0)
		t = t->next;
	if (!t)
		return -1;
	*out = t->st;
	p = t->p;
	out->cpu_ns = p->se.sum_exec_runtime;
	out->wakeups = p->stats.wakeups;
	out->wakeup_lat_n = p->stats.wakeup_lat_n;
	out->wakeup_lat_sum_ns = p->stats.wakeup_lat_sum;
	out->wakeup_lat_min_ns = p->stats.wakeup_lat_min == U64_MAX ? 0 : p->stats.wakeup_lat_min;
	out->wakeup_lat_max_ns = p->stats.wakeup_lat_max;
	out->wakeup_lat_ns = p->stats.wakeup_lat;
	out->wakeup_lat_kept = p->stats.wakeup_lat_kept;
	out->nvcsw = p->stats.nvcsw;
	out->nivcsw = p->stats.nivcsw;
	out->migrations = p->stats.migrations;
	out->up_migrations = p->stats.up_migrations;
	memcpy(out->placements, p->stats.placements, sizeof(out->placements));
	out->down_migrations = p->stats.down_migrations;
	out->finished = t->finished;
	return 0;
}
