// SPDX-License-Identifier: GPL-2.0-only
#include "models/misc/event_mailbox.h"

#include <algorithm>
#include <cstring>

#include "models/common/initiator.h"
#include "models/regs/blsim_event.h"

using namespace sc_core;

EventDevice::EventDevice(sc_module_name name, std::vector<ScriptedEvent> events,
                         sc_time access_latency)
    : sc_module(name), regs("regs"), latency_(access_latency) {
  std::stable_sort(events.begin(), events.end(),
                   [](const ScriptedEvent& a, const ScriptedEvent& b) { return a.at_ns < b.at_ns; });
  for (auto& e : events) outcomes_.push_back({e});
  regs.register_b_transport(this, &EventDevice::b_transport);
  SC_THREAD(sequencer);
}

const EventDevice::Outcome* EventDevice::refused() const {
  for (auto& o : outcomes_)
    if (o.done && o.result != 0) return &o;
  return nullptr;
}

// One event at a time, in time order: an event due while the previous one is
// still being carried out waits for its ACK, as writes to sysfs serialise.
void EventDevice::sequencer() {
  for (current_ = 0; current_ < outcomes_.size(); ++current_) {
    Outcome& o = outcomes_[current_];
    const sc_time at(static_cast<double>(o.event.at_ns), SC_NS);
    if (at > sc_time_stamp()) wait(at - sc_time_stamp());
    o.posted_ns = sc_time_stamp().value() / 1000;
    presented_ = true;
    irq.raise();
    wait(acked_);
    if (o.result != 0) {
      sc_stop();  // a refused event ends the run: what follows assumed it worked
      return;
    }
  }
}

void EventDevice::b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
  catch_up(gp, delay);  // works at SystemC's time (models/common/initiator.h)
  delay += latency_;
  if (gp.get_data_length() != 4) {
    gp.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
    return;
  }
  const uint64_t off = gp.get_address() & 0xfff;
  uint32_t v = 0;
  Outcome* o = presented_ ? &outcomes_[current_] : nullptr;
  if (gp.is_read()) {
    switch (off) {
      case EV_CMD: v = o ? o->event.command : 0; break;
      case EV_ARG0: v = o && o->event.args.size() > 0 ? o->event.args[0] : 0; break;
      case EV_ARG1: v = o && o->event.args.size() > 1 ? o->event.args[1] : 0; break;
      case EV_SEQ: v = o ? static_cast<uint32_t>(current_ + 1) : 0; break;
      default: v = 0; break;
    }
    std::memcpy(gp.get_data_ptr(), &v, 4);
  } else if (off == EV_ACK && o) {
    std::memcpy(&v, gp.get_data_ptr(), 4);
    o->result = static_cast<int32_t>(v);
    o->done = true;
    o->done_ns = sc_time_stamp().value() / 1000;
    presented_ = false;
    irq.lower();
    acked_.notify(SC_ZERO_TIME);
  }
  gp.set_response_status(tlm::TLM_OK_RESPONSE);
}
