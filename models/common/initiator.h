/* SPDX-License-Identifier: GPL-2.0-only */
// initiator.h - which core issued a TLM transaction, and how.
//
// Banked registers (the GIC CPU interface, GICD's SGI/PPI banks) and the
// SPC's per-CPU views answer according to the requesting CPU, as the AXI
// master ID tells real hardware. Every transaction a core issues carries this
// extension; models that bank registers read it (absent = not from a core).
// It also carries the core's lead (catch_up() below) and whether the data
// matters (timing_only).
#pragma once

#include <systemc>
#include <tlm>

#include "models/common/model_event.h"

struct InitiatorExt : tlm::tlm_extension<InitiatorExt> {
  unsigned core = 0;     // platform core index (DT order of /cpus)
  unsigned cluster = 0;  // MPIDR Aff1
  unsigned cpu = 0;      // MPIDR Aff0
  unsigned gic_cpu = 0;  // GIC CPU interface number this core is wired to
  // The part of the transaction's delay that is the core's lead over
  // SystemC's time (models/cpu/core.h): the access happens at
  // sc_time_stamp() + lead, and only the rest of the delay is latency.
  sc_core::sc_time lead;
  // The data carries no information: a cache write-back or line fill whose
  // contents blsim does not model. Targets charge its time (latency,
  // bandwidth) but need not store or produce the bytes. (A field of the
  // extension every core transaction carries, not one of its own: setting
  // and clearing an extension per transaction cost ~1% of a run.)
  bool timing_only = false;
  // A chain (Core::transact_chain): the transaction stands for `chain`
  // timing-only accesses of its length at consecutive addresses, each issued
  // when the one before has completed (dependent loads), all on the core's
  // lead. Every hop adds the same delay to each access, so the target that
  // takes a chain (Memory) makes the accesses one after another itself,
  // adding, between two of them, what the hops above it added to the first
  // (its delay on arrival less the lead). It stops after the first access
  // that completes at or past chain_limit, where the core must wait (its
  // next activity or the horizon), and sets chain_done to the accesses it
  // made; hops above it count those. A hop that cannot treat the accesses
  // alike (a shareable access to the CCI, a span crossing a bus region's
  // end) sets chain to 1, and any other target takes only the first, so a
  // chain ends as single transactions where it cannot be taken whole.
  uint32_t chain = 1;
  uint32_t chain_done = 1;
  sc_core::sc_time chain_limit;

  tlm::tlm_extension_base* clone() const override { return new InitiatorExt(*this); }
  void copy_from(const tlm::tlm_extension_base& e) override {
    *this = static_cast<const InitiatorExt&>(e);
  }
};

// The payload of the core whose transaction went out last, and its
// extension (Core::transact() sets both). Every hop on a core's path asks for
// the extension, four times per DRAM access, and TLM's get_extension() is a
// call into the library each time (1.4% of the instructions of 5 s of
// mp3-short). A core's payload carries its extension from the core's
// construction to its destruction, which clears this if it is still its own;
// a payload the comparison misses (another core's, while this one's target
// waits; a test's) is asked the library's way.
struct LastCorePayload {
  const tlm::tlm_generic_payload* gp = nullptr;
  InitiatorExt* ext = nullptr;
};
inline LastCorePayload last_core_payload;

// The requesting core of a transaction, or nullptr. Writable, as TLM's
// get_extension() gives it: catch_up() takes the lead out of it, and the
// hops of a chain set its chain fields.
inline InitiatorExt* initiator_of(const tlm::tlm_generic_payload& gp) {
  if (&gp == last_core_payload.gp) return last_core_payload.ext;
  InitiatorExt* e = nullptr;
  gp.get_extension(e);
  return e;
}

// Time-annotated transactions, as TLM-2.0's loosely timed targets take them:
// a core that has run ahead passes its lead in the delay (InitiatorExt::lead).
// A target that computes with sc_time_stamp() + delay, and whose access
// reaches no other process, uses the lead as it is. One that works at
// SystemC's time (a counter, a wire, a notified process, or a wait() of its
// own) calls catch_up() first: the initiator's thread waits the lead out
// here, so the target runs at the instant of the access and the delay keeps
// only the latency.
// Waits made on core threads (Core::block, catch_up()), for bench/sc_limit.cc's
// count of process switches: every wait, and the delta cycles in which one
// ended (SystemC itself counts neither).
struct CoreWaitCount {
  uint64_t waits = 0, deltas = 0, last_delta = ~uint64_t(0);
  void count() {
    ++waits;
    const uint64_t d = sc_core::sc_delta_count();
    if (d != last_delta) last_delta = d, ++deltas;
  }
};
inline CoreWaitCount core_wait_count;

inline void catch_up(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
  InitiatorExt* e = initiator_of(gp);
  if (!e || e->lead == sc_core::SC_ZERO_TIME) return;
  const sc_core::sc_time lead = e->lead;
  e->lead = sc_core::SC_ZERO_TIME;
  delay -= lead;
  sc_core::wait(lead);
  core_wait_count.count();
  run_ahead::note_activity();  // others ran meanwhile
}

// InitiatorExt::timing_only of the transaction (false without the extension).
inline bool is_timing_only(const tlm::tlm_generic_payload& gp) {
  const InitiatorExt* e = initiator_of(gp);
  return e && e->timing_only;
}
