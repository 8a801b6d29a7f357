/* SPDX-License-Identifier: GPL-2.0-only */
// irq_wire.h - a level-sensitive interrupt (or status) wire between models.
//
// The source drives the level; every sink bound to the wire is told of each
// change, in the same delta, in binding order. Models use it for interrupt
// lines (peripheral -> GIC, GIC -> core nIRQ, GIC -> SPC wake-up) and for
// hardware status outputs such as a core's STANDBYWFI. It is a plain C++
// object rather than an sc_signal so that a GIC with hundreds of SPI inputs
// need not bind hundreds of ports; changes still happen at exact SystemC times
// because only SystemC processes drive them.
#pragma once

#include <functional>
#include <utility>
#include <vector>

class IrqWire {
 public:
  using Sink = std::function<void(bool level)>;

  void bind(Sink sink) { sinks_.push_back(std::move(sink)); }
  void set(bool level) {
    if (level == level_) return;
    level_ = level;
    for (auto& s : sinks_) s(level);
  }
  void raise() { set(true); }
  void lower() { set(false); }
  bool level() const { return level_; }

 private:
  bool level_ = false;
  std::vector<Sink> sinks_;
};
