// SPDX-License-Identifier: GPL-2.0-only
#include "models/power/power_domain.h"

#include "models/common/report.h"

using namespace sc_core;

PowerDomain::PowerDomain(sc_module_name name, const PowerDomainParams& p,
                         PowerDomain* parent, bool initially_on)
    : sc_module(name), p_(p), parent_(parent),
      state_(initially_on ? State::On : State::Off) {
  if (parent_) parent_->children_.push_back(this);
  SC_METHOD(complete);
  sensitive << done_;
  dont_initialize();
}

const char* PowerDomain::name_of(State s) {
  switch (s) {
    case State::Off: return "off";
    case State::PoweringUp: return "powering-up";
    case State::On: return "on";
    case State::PoweringDown: return "powering-down";
  }
  return "?";
}

void PowerDomain::request_on() {
  if (state_ == State::On || state_ == State::PoweringUp) return;
  // Race avoided in hardware: a child switched on inside a dead parent would
  // come up without supply. Real power controllers sequence this; a model
  // that asks for it is wrong, so say so loudly.
  if (parent_ && !parent_->is_on()) refuse("power-up", "parent", parent_);
  start(State::PoweringUp, p_.power_up_latency);
}

void PowerDomain::request_off() {
  if (state_ == State::Off || state_ == State::PoweringDown) return;
  for (auto* c : children_)
    if (!c->is_off()) refuse("power-down", "child", c);
  start(State::PoweringDown, p_.power_down_latency);
}

void PowerDomain::refuse(const char* what, const char* relation, const PowerDomain* other) const {
  model_error(name(), "%s requested while %s domain %s is %s", what, relation, other->name(),
              name_of(other->state()));
}

// A request against a transition under way reverses it from now.
void PowerDomain::start(State transition, const sc_time& latency) {
  enter(transition);
  done_.cancel();
  done_.notify(latency);
}

void PowerDomain::complete() {
  if (state_ == State::PoweringUp) {
    ++power_ups_;
    enter(State::On);
  } else if (state_ == State::PoweringDown) {
    ++power_downs_;
    enter(State::Off);
  }
}

void PowerDomain::enter(State s) {
  state_ = s;
  for (auto& l : listeners_) l(s);
  // Immediate notification is illegal during elaboration (a request made
  // before sc_start): use a delta then.
  if (sc_is_running())
    changed_.notify();
  else
    changed_.notify(SC_ZERO_TIME);
}
