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
  if (parent_ && !parent_->is_on())
    model_error(name(), "power-up requested while parent domain %s is %s",
                parent_->name(), name_of(parent_->state()));
  enter(State::PoweringUp);
  done_.cancel();
  done_.notify(p_.power_up_latency);
}

void PowerDomain::request_off() {
  if (state_ == State::Off || state_ == State::PoweringDown) return;
  for (auto* c : children_)
    if (!c->is_off())
      model_error(name(), "power-down requested while child domain %s is %s",
                  c->name(), name_of(c->state()));
  enter(State::PoweringDown);
  done_.cancel();
  done_.notify(p_.power_down_latency);
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
