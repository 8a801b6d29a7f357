/* SPDX-License-Identifier: GPL-2.0-only */
// model_event.h - an sc_event that tells a core running ahead of SystemC's
// time when it changes what SystemC has to do.
//
// A core takes cycles on its lead only until the next activity SystemC has
// pending, which it asks once and then keeps (models/cpu/core.h). During
// one of its bus transactions only the target can change that answer: by
// notifying or cancelling an event, or by waiting (catch_up(),
// models/common/initiator.h). The models' events are ModelEvents, which note
// every such change here, and Core::transact asks SystemC again only after
// a transaction that noted one: for mp3-short under IKS, nine transactions
// in ten to the GIC, the SCC or a timer change nothing SystemC has pending,
// and asking after each of them was ~3% of the run's instructions.
// BLSIM_CHECK_RUN_AHEAD=1 (run_ahead_test) stops a run whose target added
// activity without noting it.
#pragma once

#include <systemc>

namespace run_ahead {
// Set by every change below; Core::transact clears it before a transaction
// and reads it after. Only the running thread touches it.
inline bool activity_noted = false;
inline void note_activity() { activity_noted = true; }
}  // namespace run_ahead

// What notify() and cancel() change is SystemC's pending activity: each
// notes it. (sc_event's other overloads are hidden, so a model cannot reach
// one that would not note.)
class ModelEvent : public sc_core::sc_event {
 public:
  ModelEvent() = default;
  void notify() {
    run_ahead::note_activity();
    sc_event::notify();
  }
  void notify(const sc_core::sc_time& t) {
    run_ahead::note_activity();
    sc_event::notify(t);
  }
  void cancel() {
    run_ahead::note_activity();
    sc_event::cancel();
  }
};
