/* SPDX-License-Identifier: GPL-2.0-only */
// event_mailbox.h - the blsim event mailbox: scripted events into the kernel.
//
// A small simulator-only device (like gem5's m5ops), "blsim,event-mailbox"
// in the DT. At each scripted event's time it presents the command in its
// registers and raises its interrupt; the kernel driver reads it, carries it
// out and writes the result to ACK, which lowers the interrupt and moves to
// the next event. A non-zero result (a refused hotplug, say) stops the run.
//
// Registers (32-bit, models/regs/blsim_event.h, shared with the driver):
// CMD, ARG0, ARG1, SEQ (read-only), ACK (write-only).
#pragma once

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <string>
#include <vector>

#include "models/common/irq_wire.h"
#include "models/common/model_event.h"

// One event the mailbox presents (sim/events.cc parses them from --event).
struct ScriptedEvent {
  uint64_t at_ns = 0;
  uint32_t command = 0;          // EventCommand (sim/events.h)
  std::vector<uint32_t> args;
  std::string text;              // as the user wrote it, for messages
};

class EventDevice : public sc_core::sc_module {
 public:
  struct Outcome {
    ScriptedEvent event;
    uint64_t posted_ns = 0, done_ns = 0;
    int32_t result = 0;
    bool done = false;
  };

  tlm_utils::simple_target_socket<EventDevice> regs;
  IrqWire irq;

  SC_HAS_PROCESS(EventDevice);
  EventDevice(sc_core::sc_module_name name, std::vector<ScriptedEvent> events,
              sc_core::sc_time access_latency);

  const std::vector<Outcome>& outcomes() const { return outcomes_; }
  // The first refused event, or nullptr.
  const Outcome* refused() const;

 private:
  void sequencer();
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);

  std::vector<Outcome> outcomes_;  // sorted by time
  size_t current_ = 0;
  bool presented_ = false;
  ModelEvent acked_;
  sc_core::sc_time latency_;
};
