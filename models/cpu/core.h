/* SPDX-License-Identifier: GPL-2.0-only */
// core.h - one Cortex-A15 or Cortex-A7 core: power state, timing, its thread.
//
// The core is an SC_THREAD that executes the kernel model's C code: the glue
// (sim/hw_glue.cc) installs the firmware the thread starts in after reset,
// and every hw.h call made from that code lands in one of the blocking
// primitives below. Simulated time passes only there.
//
// States (transitions only in enter()):
//
//     Off --cluster power on--> Reset --reset released--> Run <--> Wfi / Wfe
//      ^                          ^                        |
//      +------cluster off---------+-------reset held-------+
//
// A core whose reset is asserted (TC2's SPC does it to a core sitting in WFI
// with its wake-up interrupt enabled) loses its state; the primitive it was
// blocked in returns PowerLost and the glue restarts it in its firmware when
// the reset is released.
//
// Local time. A core that only spends cycles (cache hits, barriers, the
// latency of a device access it has made) runs ahead of SystemC's time
// instead of waiting, as long as nothing else in the simulation can happen
// meanwhile: no other process runnable, no timed notification, before the
// core's local time (advance()). Whatever the core does in that span touches
// only its own state and plain memory, and nothing could have observed it at
// an earlier instant, so the run is the one that waiting at every step would
// give (up to the order, which SystemC leaves open, of two cores acting in
// the same picosecond). The core waits its lead out (sync()) before anything
// another process can see: a state or work-kind change, an event, blocking.
// A bus transaction carries the lead to its target in the delay
// (InitiatorExt::lead), and a target that works at SystemC's time waits it
// out there (catch_up()). This is TLM-2.0's temporal decoupling with the
// quantum cut at the next activity, which makes it exact instead of
// approximate (docs/fidelity.md, "Transactions").
//
// The next activity is asked of SystemC once per stretch a core thread runs
// without doing anything another process could see, not at every step
// (pending_at_): only the running thread can add activity, and it can only
// do so by waiting, syncing, a state change, notifying another core or a
// transaction whose target notes a change (its ModelEvents and catch_up(),
// models/common/model_event.h), each of which forgets the answer
// (forget_pending()); a transaction its caller marks quiet (DRAM) adds
// nothing and keeps it.
#pragma once

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "models/clock/clock_domain.h"
#include "models/common/initiator.h"
#include "models/common/irq_wire.h"
#include "models/cpu/cache.h"

enum class WorkKind : unsigned { Kernel, Int, Fp, Mem, Count };
constexpr unsigned kWorkKinds = static_cast<unsigned>(WorkKind::Count);

struct CoreParams {
  unsigned index = 0;          // platform core number (DT order)
  uint32_t mpidr = 0;
  uint32_t part_number = 0;    // MIDR[15:4]: 0xC0F A15, 0xC07 A7
  std::string type;            // "cortex-a15" / "cortex-a7"
  unsigned gic_cpu = 0;        // GIC CPU interface this core is wired to
  std::array<double, kWorkKinds> ipc{};                // instructions per cycle
  std::array<double, kWorkKinds> dirty_lines_per_kinstr{};
  CacheParams l1d;
  uint32_t context_save_cycles = 0;
  uint32_t context_restore_cycles = 0;
  uint32_t barrier_cycles = 0;
  uint32_t irq_entry_cycles = 0;   // exception entry + vector + return
  // The lines the kernel's resume path misses once the core's caches come
  // back on after a power loss, each from L2 (l2_hit_cycles) or, when the
  // cluster's L2 lost power too, through the CCI from DRAM.
  uint32_t cold_resume_lines = 0;
  uint32_t l2_hit_cycles = 0;
};

class Core : public sc_core::sc_module {
 public:
  enum class State { Off, Reset, Run, Wfi, Wfe, Count };
  enum class Wake { Done, Irq, PowerLost };

  tlm_utils::simple_initiator_socket<Core> to_cluster;  // to the cluster's port
  IrqWire standbywfi;                            // to the power controller

  SC_HAS_PROCESS(Core);
  Core(sc_core::sc_module_name name, const CoreParams& p, ClockDomain& clk,
       Cache& l2, bool initially_powered, bool initially_in_reset);
  ~Core() override;

  const CoreParams& params() const { return p_; }
  ClockDomain& clock() { return clk_; }
  Cache& l1d() { return l1d_; }
  Cache& l2() { return l2_; }
  State state() const { return state_; }
  static const char* state_name(State s);

  // ---- wires in -------------------------------------------------------------
  void set_nirq(bool level);         // from the GIC CPU interface
  void set_reset(bool held);         // from the power controller
  void set_cluster_power(bool on);   // the cluster's power domain

  // ---- the software's view (called on this core's own thread) -------------
  // The firmware entry the thread runs after every reset release.
  void set_firmware(std::function<void()> fw) { firmware_ = std::move(fw); }
  // Block until the core is powered and out of reset.
  void wait_reset_release();
  bool power_lost() const { return lost_; }
  bool irq_pending() const { return nirq_; }
  // Execute n cycles of the clock (stopped clocks stall). If irq_cuts, an
  // interrupt ends it early at the cycle it arrives. *done gets the cycles run.
  Wake run_cycles(uint64_t n, bool irq_cuts, uint64_t* done);
  Wake run_instructions(uint64_t n, WorkKind k, bool irq_cuts, uint64_t* done);
  // Work of kind k for a span of wall time (a loop polling the counter);
  // cut like run_cycles. *ran gets the time run.
  Wake run_wall(const sc_core::sc_time& t, WorkKind k, bool irq_cuts, sc_core::sc_time* ran);
  // Busy for a span of wall time whatever the clock does (a udelay on the
  // generic timer); ends early only on a reset.
  Wake run_for(const sc_core::sc_time& t);
  Wake wait_for_interrupt();
  // WFE: an event, a reset, or an interrupt when irq_wakes (ARMv7: an IRQ
  // masked by CPSR.I is not a WFE wake-up event).
  Wake wait_for_event(bool irq_wakes);
  // Only a core in WFE waits on event_; the others read the register when
  // they next execute WFE. (An immediate notification that reaches no
  // process is no activity, so skipping it changes nothing but host time.)
  void signal_event() {
    event_reg_ = true;
    if (state_ == State::Wfe) {
      event_.notify();
      forget_pending();
    }
  }
  // A bus transaction from this core; blocks for its annotated delay.
  // timing_only: the bytes carry no information (InitiatorExt::timing_only).
  // quiet: the caller knows the target neither waits nor notifies anything
  // (DRAM through the cluster port, CCI and bus), so what SystemC has
  // pending is still what it was (pending_at_ stays valid); another
  // transaction keeps it too unless its target noted a change.
  tlm::tlm_response_status transact(tlm::tlm_command cmd, uint64_t addr,
                                    uint8_t* data, unsigned len, bool timing_only = false,
                                    bool quiet = false);
  // n timing-only, quiet accesses of len bytes at addr, addr + len, ...,
  // each issued when the one before has completed (the dependent line fills
  // of a cold cache): the same as n transact() calls, and as many of them as
  // complete on the lead go down the path as one transaction
  // (InitiatorExt::chain), which DRAM makes one after another.
  void transact_chain(tlm::tlm_command cmd, uint64_t addr, uint8_t* data, unsigned len,
                      uint32_t n);

  // ---- local time (see the head of this file) ---------------------------------
  // This core's own time: SystemC's plus the lead it has not waited out yet.
  sc_core::sc_time local_time() const { return now() + lead_; }
  // Wait out the lead: from here on local time is SystemC's.
  void sync();
  // No core runs ahead to or past t: the end of the current sc_start(), whose
  // caller reads the state of the simulation then. Zero (the default): no
  // core ever runs ahead.
  static void set_horizon(const sc_core::sc_time& t) { horizon_ = t; }
  // Developers' check of the cached next activity (pending_at_): ask SystemC
  // at every step anyway and stop with a model error where the cache would
  // have let a core run past something (BLSIM_CHECK_RUN_AHEAD=1, sim/run.cc).
  static void set_check_run_ahead(bool on) { check_run_ahead_ = on; }

  // ---- statistics --------------------------------------------------------------
  sc_core::sc_time residency(State s) const;  // up to now
  // Told of every state change, after it happened.
  void add_state_listener(std::function<void(State)> l) { listeners_.push_back(std::move(l)); }
  // The kind of the work the core last ran (run_instructions); it stays in
  // force until work of another kind starts (the energy model's activity).
  WorkKind work_kind() const { return kind_; }
  // Told when run_instructions starts work of a kind other than the last.
  void add_work_listener(std::function<void(WorkKind)> l) { work_listeners_.push_back(std::move(l)); }

 private:
  // Inline, and defined in core.cc only: its two callers are there.
  inline bool advance(const sc_core::sc_time& t);
  // The instant at or past which advance() takes nothing on the lead:
  // advance()'s tests, as a time. (It asks SystemC for the next activity
  // also where a chain's first access will end past the horizon and
  // advance() would not have asked. Runs with BLSIM_CHECK_RUN_AHEAD=1,
  // which asks at every step, give the same outputs.)
  sc_core::sc_time lead_limit();
  void check_pending();
  // run_cycles() when the cycles cannot go on the lead: it waits.
  Wake run_cycles_waiting(uint64_t n, bool irq_cuts, uint64_t* done);
  // The thread may have changed what SystemC has pending (advance()).
  static void forget_pending() { pending_known_ = false; }
  // Every wait of a core thread: other processes run meanwhile.
  template <typename... A>
  void block(const A&... a) {
    wait(a...);
    core_wait_count.count();
    forget_pending();
  }
  // sc_time_stamp() without the call into the library (it is asked at every
  // step a core takes), nor sc_get_curr_simcontext()'s test for a context
  // yet to be made (a core exists, so it is made).
  static const sc_core::sc_time& now() { return sc_core::sc_curr_simcontext->time_stamp(); }
  void set_kind(WorkKind k);
  void dirty_caches(WorkKind k, uint64_t instr);
  void thread();
  void check_release_livelock();
  void enter(State s);
  void update_residency();

  CoreParams p_;
  ClockDomain& clk_;
  Cache l1d_;
  Cache& l2_;
  State state_;
  // lost_: the core's state is gone (a reset since it last left one);
  // every wait but wait_reset_release()'s ends on it.
  bool nirq_ = false, reset_held_, powered_, lost_, event_reg_ = false;
  sc_core::sc_event wake_, event_;
  std::function<void()> firmware_;
  std::vector<std::function<void(State)>> listeners_;
  WorkKind kind_ = WorkKind::Kernel;
  std::vector<std::function<void(WorkKind)>> work_listeners_;
  std::array<sc_core::sc_time, static_cast<size_t>(State::Count)> residency_{};
  sc_core::sc_time last_change_;
  sc_core::sc_time last_release_;  // check_release_livelock()
  unsigned releases_at_last_ = 0;
  // Built once, not per wait or per access (each would allocate): the
  // events run_cycles waits on, and the payload and extensions of transact().
  sc_core::sc_event_or_list wake_or_clock_, wake_or_event_;
  tlm::tlm_generic_payload gp_;
  InitiatorExt initiator_;
  bool gp_busy_ = false;
  sc_core::sc_time lead_;  // non-zero only while this core's thread runs
  static sc_core::sc_time horizon_;
  // When SystemC next has something to do (sc_time_to_pending_activity(),
  // absolute), as last asked by the running core thread; valid while
  // pending_known_.
  static sc_core::sc_time pending_at_;
  static bool pending_known_;
  static bool check_run_ahead_;
};
