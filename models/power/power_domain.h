/* SPDX-License-Identifier: GPL-2.0-only */
// power_domain.h - a switchable power domain (a core, or a cluster's L2/SCU).
//
// The power switch takes time: a request moves the domain through PoweringUp
// or PoweringDown and it reaches On or Off after the latency from the DT
// (blsim,power-up-latency-ns / blsim,power-down-latency-ns on the owning
// node). A domain can have a parent (a core's domain inside its cluster's):
// powering a child up while the parent is not On, or the parent down while a
// child is not Off, is a hardware sequencing error, reported as such.
#pragma once

#include <systemc>

#include <functional>
#include <string>
#include <vector>

#include "models/common/model_event.h"

struct PowerDomainParams {
  sc_core::sc_time power_up_latency;
  sc_core::sc_time power_down_latency;
};

class PowerDomain : public sc_core::sc_module {
 public:
  enum class State { Off, PoweringUp, On, PoweringDown };
  using Listener = std::function<void(State)>;

  SC_HAS_PROCESS(PowerDomain);
  PowerDomain(sc_core::sc_module_name name, const PowerDomainParams& p,
              PowerDomain* parent = nullptr, bool initially_on = false);

  State state() const { return state_; }
  bool is_on() const { return state_ == State::On; }
  bool is_off() const { return state_ == State::Off; }
  PowerDomain* parent() const { return parent_; }

  // Start the power switch; completes after the configured latency. A request
  // in the direction already under way (or already reached) is ignored; a
  // request against one under way reverses it from the current time.
  void request_on();
  void request_off();

  const sc_core::sc_event& changed_event() const { return changed_; }
  // Called on every state change, after the state is updated.
  void add_listener(Listener l) { listeners_.push_back(std::move(l)); }

  unsigned power_ups() const { return power_ups_; }
  unsigned power_downs() const { return power_downs_; }

  static const char* name_of(State s);

 private:
  void enter(State s);
  void start(State transition, const sc_core::sc_time& latency);
  [[noreturn]] void refuse(const char* what, const char* relation, const PowerDomain* other) const;
  void complete();  // method process: end of a transition

  PowerDomainParams p_;
  PowerDomain* parent_;
  std::vector<PowerDomain*> children_;
  State state_;
  unsigned power_ups_ = 0, power_downs_ = 0;
  ModelEvent changed_, done_;
  std::vector<Listener> listeners_;
};
