// SPDX-License-Identifier: GPL-2.0-only
#include "models/cpu/core.h"

#include <algorithm>
#include <cmath>

#include "models/common/initiator.h"
#include "models/common/report.h"
#include "models/common/sim_now.h"

using namespace sc_core;

sc_time Core::horizon_ = SC_ZERO_TIME;
sc_time Core::pending_at_ = SC_ZERO_TIME;
bool Core::pending_known_ = false;
bool Core::check_run_ahead_ = false;

Core::Core(sc_module_name name, const CoreParams& p, ClockDomain& clk, Cache& l2,
           bool initially_powered, bool initially_in_reset)
    : sc_module(name), to_cluster("to_cluster"), p_(p), clk_(clk), l1d_(p.l1d), l2_(l2),
      state_(!initially_powered ? State::Off
             : initially_in_reset ? State::Reset : State::Run),
      reset_held_(initially_in_reset), powered_(initially_powered),
      lost_(initially_in_reset) {
  wake_or_clock_ |= wake_;
  wake_or_clock_ |= clk_.changed_event();
  wake_or_event_ |= wake_;
  wake_or_event_ |= event_;
  initiator_.core = p_.index;
  initiator_.cluster = (p_.mpidr >> 8) & 0xff;
  initiator_.cpu = p_.mpidr & 0xff;
  initiator_.gic_cpu = p_.gic_cpu;
  // Set once: every transaction of this core carries it (transact()).
  gp_.set_extension(&initiator_);
  SC_THREAD(thread);
  // The C code and its IRQ nesting run on this stack until the glue moves
  // them to kernel-owned stacks; give it room.
  set_stack_size(256 * 1024);
}

// The payload would free its extensions; this one is a member.
Core::~Core() {
  gp_.clear_extension(&initiator_);
  if (last_core_payload.gp == &gp_) last_core_payload = {};
}

const char* Core::state_name(State s) {
  switch (s) {
    case State::Off: return "off";
    case State::Reset: return "reset";
    case State::Run: return "run";
    case State::Wfi: return "wfi";
    case State::Wfe: return "wfe";
    case State::Count: break;
  }
  return "?";
}

// ---- state machine: every transition goes through here -----------------------

void Core::update_residency() {
  const sc_time now = Core::now();
  residency_[static_cast<size_t>(state_)] += now - last_change_;
  last_change_ = now;
}

void Core::enter(State s) {
  if (s == state_) return;
  update_residency();
  state_ = s;
  standbywfi.set(s == State::Wfi);
  for (auto& l : listeners_) l(s);
  forget_pending();
}

sc_time Core::residency(State s) const {
  sc_time r = residency_[static_cast<size_t>(s)];
  if (s == state_) r += sc_time_stamp() - last_change_;
  return r;
}

// ---- wires ---------------------------------------------------------------------

void Core::set_nirq(bool level) {
  nirq_ = level;
  if (level) {
    wake_.notify();
    forget_pending();
  }
}

void Core::set_reset(bool held) {
  if (held == reset_held_) return;
  reset_held_ = held;
  if (held) {
    // Reset wipes the core's architectural state: whatever it was doing is
    // gone. Its L1 is lost too; the PM code must have cleaned it before.
    lost_ = true;
    l1d_.power_off();
    if (powered_) enter(State::Reset);
  }
  // A release without power frees nothing: the power-on will wake the core.
  if (held || powered_) wake_.notify();
  forget_pending();
}

void Core::set_cluster_power(bool on) {
  if (on == powered_) return;
  powered_ = on;
  if (!on) {
    if (!reset_held_)
      model_error(name(), "cluster power removed while the core is out of reset");
    enter(State::Off);
  } else {
    enter(reset_held_ ? State::Reset : State::Run);
  }
  // Under a held reset the thread waits on wake_ only in
  // wait_reset_release(), which power alone cannot end (every other wait on
  // wake_ ends on lost_, set by the reset). Waking it there would only
  // switch to it and back: in IKS that is two of every three wake-ups of a
  // parked core (a cluster goes off and on under its cores' resets).
  if (!reset_held_) wake_.notify();
  forget_pending();
}

// ---- the thread ------------------------------------------------------------------

void Core::thread() {
  last_change_ = sc_time_stamp();
  if (!firmware_) {
    model_error(name(), "no firmware installed");
  }
  firmware_();  // never returns: the firmware loops or jumps into the kernel
  model_error(name(), "firmware returned");
}

void Core::wait_reset_release() {
  sync();
  while (reset_held_ || !powered_) block(wake_);
  check_release_livelock();
  lost_ = false;
  event_reg_ = false;
  enter(State::Run);
}

// A release takes no simulated time, and neither need the firmware's way
// back to WFI nor the power controller's reset of a core that enters it
// with its wake-up armed. So a wake-up the core can never take (an
// interrupt pending at its switched-off CPU interface: TC2's GIC keeps the
// wake-up request raised) cycles release, WFI and reset at one instant,
// forever: SystemC's time stands still while the trace grows without end.
// A real board would spin the same way, only slower. Stop instead, naming
// the core; a real boot from reset releases a core a few times at most.
void Core::check_release_livelock() {
  constexpr unsigned kReleasesAtOneInstant = 1000;
  if (now() != last_release_) {
    last_release_ = now();
    releases_at_last_ = 0;
  }
  if (++releases_at_last_ == kReleasesAtOneInstant)
    model_error(name(), "released from reset %u times without simulated time passing: "
                "something keeps waking it that it cannot take (an interrupt routed to a "
                "CPU that is down?); the run cannot go on", kReleasesAtOneInstant);
}

// ---- local time ------------------------------------------------------------------

// Take t on the lead if the core's local time after it still comes before
// anything else in the simulation: another process runnable now, a timed
// notification (a timer, another core's access completing, a PLL locking, a
// regulator settling, an interrupt on its way), or the horizon. Strictly
// before: at an instant where something else happens too, the core waits, so
// that the order of the two is SystemC's, as if it had waited all along.
// Inlined into its two callers here (run_cycles, transact): it is the step
// a core takes ~600k times in 5 s of mp3-short, and the call cost a tenth of it.
[[gnu::always_inline]] inline bool Core::advance(const sc_time& t) {
  // Once the run is stopping (a failure, a refused event) nothing more is
  // taken on the lead: the run's end time is SystemC's.
  if (sc_get_simulator_status() != SC_SIM_OK) return false;
  const uint64_t at = now().value() + lead_.value() + t.value();
  if (at >= horizon_.value()) return false;
  if (!pending_known_ || check_run_ahead_) check_pending();
  if (at >= pending_at_.value()) return false;
  lead_ += t;
  return true;
}

sc_time Core::lead_limit() {
  if (sc_get_simulator_status() != SC_SIM_OK || horizon_ <= now()) return SC_ZERO_TIME;
  if (!pending_known_ || check_run_ahead_) check_pending();
  return std::min(horizon_, pending_at_);
}

// pending_at_ from SystemC if not known; in the developers' check, whether
// the known one is still right.
void Core::check_pending() {
  if (!pending_known_) {
    pending_at_ = now() + sc_time_to_pending_activity();
    pending_known_ = true;
  } else if (check_run_ahead_ && now() + sc_time_to_pending_activity() < pending_at_) {
    model_error(name(), "run-ahead: activity was added at %s without forget_pending()",
                (now() + sc_time_to_pending_activity()).to_string().c_str());
  }
}

void Core::sync() {
  forget_pending();  // what follows may be seen by others: a notification
  if (lead_ == SC_ZERO_TIME) return;
  // Nothing can wake the core inside its lead (advance() made sure), so a
  // plain wait lands exactly at its local time.
  const sc_time lead = lead_;
  lead_ = SC_ZERO_TIME;
  block(lead);
}

Core::Wake Core::run_cycles(uint64_t n, bool irq_cuts, uint64_t* done) {
  // Cycles that end before anything else happens are taken on the lead: no
  // interrupt, reset or frequency change can cut them.
  if (!lost_ && !(irq_cuts && nirq_) && clk_.running() && advance(clk_.cycles(n))) {
    if (done) *done = n;
    return Wake::Done;
  }
  return run_cycles_waiting(n, irq_cuts, done);
}

Core::Wake Core::run_cycles_waiting(uint64_t n, bool irq_cuts, uint64_t* done) {
  // The lead is waited out with the first wait below: nothing can wake the
  // core inside it (advance()), so the cycles start at its local time.
  sc_time lead = lead_;
  lead_ = SC_ZERO_TIME;
  uint64_t ran = 0;
  Wake w = Wake::Done;
  while (ran < n) {
    if (lost_) { w = Wake::PowerLost; break; }
    if (irq_cuts && nirq_) { w = Wake::Irq; break; }
    if (!clk_.running()) {  // PLL relocking: the core stalls
      if (lead != SC_ZERO_TIME) block(lead);  // stopped now, stopped then
      lead = SC_ZERO_TIME;
      block(wake_or_clock_);
      continue;
    }
    // Run until done, an interrupt, a reset or a frequency change; count the
    // cycles the elapsed time holds at the frequency that was in force.
    const uint64_t left = n - ran;
    const sc_time want = clk_.cycles(left);
    const sc_time start = now() + lead;
    const uint64_t hz = clk_.freq_hz();
    block(lead + want, wake_or_clock_);
    lead = SC_ZERO_TIME;
    const sc_time elapsed = now() - start;
    if (elapsed >= want) {
      ran = n;
    } else {
      const uint64_t c = static_cast<uint64_t>(
          static_cast<unsigned __int128>(elapsed.value()) * hz / 1000000000000ull);
      ran += c < left ? c : left;
    }
  }
  lead_ = lead;  // left before any wait: still the core's
  if (done) *done = ran;
  return w;
}

void Core::set_kind(WorkKind k) {
  if (k == kind_) return;
  sync();  // the energy model sees the change at its local time
  kind_ = k;
  for (auto& l : work_listeners_) l(k);
}

// Stores of the work leave lines dirty in L1 (write-back, write-allocate);
// evictions from L1 land in L2 of the cluster.
void Core::dirty_caches(WorkKind k, uint64_t instr) {
  const double lines = p_.dirty_lines_per_kinstr[static_cast<unsigned>(k)] *
                       static_cast<double>(instr) / 1000.0;
  if (l1d_.enabled()) {
    const uint64_t before = l1d_.dirty_lines();
    l1d_.dirty(static_cast<uint64_t>(lines));
    const uint64_t overflow = before + static_cast<uint64_t>(lines) - l1d_.dirty_lines();
    if (l2_.enabled()) l2_.dirty(overflow);
  }
}

Core::Wake Core::run_instructions(uint64_t n, WorkKind k, bool irq_cuts, uint64_t* done) {
  const double ipc = p_.ipc[static_cast<unsigned>(k)];
  set_kind(k);
  const uint64_t cycles = static_cast<uint64_t>(std::ceil(static_cast<double>(n) / ipc));
  uint64_t ran_cycles = 0;
  const Wake w = run_cycles(cycles, irq_cuts, &ran_cycles);
  uint64_t instr = ran_cycles >= cycles ? n
                   : static_cast<uint64_t>(static_cast<double>(ran_cycles) * ipc);
  if (instr > n) instr = n;
  dirty_caches(k, instr);
  if (done) *done = instr;
  return w;
}

Core::Wake Core::run_wall(const sc_time& t, WorkKind k, bool irq_cuts, sc_time* ran) {
  sync();
  set_kind(k);
  const sc_time start = sc_time_stamp(), end = start + t;
  Wake w = Wake::Done;
  while (sc_time_stamp() < end) {
    if (lost_) { w = Wake::PowerLost; break; }
    if (irq_cuts && nirq_) { w = Wake::Irq; break; }
    block(end - sc_time_stamp(), wake_);
  }
  const sc_time elapsed = sc_time_stamp() - start;
  // The instructions that time held at the clock now in force (a frequency
  // change inside the span only shifts the dirty-line count).
  const double cycles = static_cast<double>(elapsed.value()) * static_cast<double>(clk_.freq_hz()) / 1e12;
  dirty_caches(k, static_cast<uint64_t>(cycles * p_.ipc[static_cast<unsigned>(k)]));
  if (ran) *ran = elapsed;
  return w;
}

Core::Wake Core::run_for(const sc_time& t) {
  sync();
  const sc_time end = sc_time_stamp() + t;
  while (sc_time_stamp() < end) {
    if (lost_) return Wake::PowerLost;
    block(end - sc_time_stamp(), wake_);
  }
  return lost_ ? Wake::PowerLost : Wake::Done;
}

Core::Wake Core::wait_for_interrupt() {
  if (lost_) return Wake::PowerLost;
  sync();
  // WFI completes on a pending interrupt even when the core masks it.
  enter(State::Wfi);
  while (!nirq_ && !lost_) block(wake_);
  if (lost_) return Wake::PowerLost;
  enter(State::Run);
  return Wake::Irq;
}

Core::Wake Core::wait_for_event(bool irq_wakes) {
  if (lost_) return Wake::PowerLost;
  if (event_reg_) {  // an event already latched: WFE falls through, clearing it
    event_reg_ = false;
    return Wake::Done;
  }
  sync();
  enter(State::Wfe);
  while (!event_reg_ && !(irq_wakes && nirq_) && !lost_) block(wake_or_event_);
  if (lost_) return Wake::PowerLost;
  event_reg_ = false;
  enter(State::Run);
  return irq_wakes && nirq_ ? Wake::Irq : Wake::Done;
}

tlm::tlm_response_status Core::transact(tlm::tlm_command cmd, uint64_t addr,
                                        uint8_t* data, unsigned len, bool timing_only,
                                        bool quiet) {
  // One payload per core, reused: a target that waits inside b_transport
  // blocks this core's only thread, which alone issues its transactions.
  if (gp_busy_) model_error(name(), "a transaction issued inside another one");
  gp_busy_ = true;
  tlm::tlm_generic_payload& gp = gp_;
  initiator_.timing_only = timing_only;
  gp.set_command(cmd);
  gp.set_address(addr);
  gp.set_data_ptr(data);
  gp.set_data_length(len);
  gp.set_streaming_width(len);
  gp.set_byte_enable_ptr(nullptr);
  gp.set_byte_enable_length(0);
  gp.set_dmi_allowed(false);
  gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  // The access happens at this core's local time: the lead goes out as the
  // start of the delay, and a target that cannot take it waits it out
  // (catch_up(), models/common/initiator.h).
  sc_time delay = lead_;
  initiator_.lead = lead_;
  lead_ = SC_ZERO_TIME;
  run_ahead::activity_noted = false;
  last_core_payload = {&gp, &initiator_};
  to_cluster->b_transport(gp, delay);
  // The target notified, cancelled or waited (catch_up()): SystemC's next
  // activity is asked again (models/common/model_event.h).
  if (!quiet && run_ahead::activity_noted) forget_pending();
  const tlm::tlm_response_status status = gp.get_response_status();
  gp_busy_ = false;
  // The access has had its effect at the target; what is left of the lead
  // and the latency go on the lead again when nothing else happens before
  // they end (advance()), so every interleaving between cores still happens
  // at its real time.
  if (delay > SC_ZERO_TIME && !advance(delay)) block(delay);
  return status;
}

void Core::transact_chain(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, unsigned len,
                          uint32_t n) {
  while (n) {
    // The accesses go as one transaction as far as they complete before
    // lead_limit(): up to there each single transact() would have taken its
    // delay on the lead, so nothing else ran between two of them and each
    // hop treated them alike. The one that completes at or past the limit
    // ends the transaction, and transact() waits, as it would have after it.
    initiator_.chain = n;
    initiator_.chain_done = 1;
    initiator_.chain_limit = lead_limit();
    // The next plain transaction must not inherit the chain, even if this
    // one ends in a model error.
    struct Plain {
      InitiatorExt& e;
      ~Plain() { e.chain = e.chain_done = 1; }
    };
    uint32_t done;
    {
      Plain plain{initiator_};
      transact(cmd, addr, data, len, true, true);
      done = initiator_.chain_done;
    }
    n -= done;
    addr += uint64_t(done) * len;
  }
}
