/* SPDX-License-Identifier: GPL-2.0-only */
// events.h - scripted events: "--event TIME:ACTION[:ARG...]".
//
// One syntax for every event a run can script, so that a regression
// benchmark needs no governor to hotplug or (later) switch a CPU:
//
//   --event 50ms:cpu_down:2     take logical CPU 2 offline (kernel cpu_down)
//   --event 80ms:cpu_up:2       bring it back (kernel cpu_up)
//
// Events reach the simulated kernel as a device interrupt from the
// blsim event mailbox (models/misc/event_mailbox.h); the kernel carries them out in
// process context and reports the result, as a sysfs write would.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "models/misc/event_mailbox.h"
#include "models/regs/blsim_event.h"

// The event mailbox's CMD values (models/regs/blsim_event.h, the driver's).
enum EventCommand : uint32_t {
  kEventNone = EV_NONE, kEventCpuDown = EV_CPU_DOWN, kEventCpuUp = EV_CPU_UP, kEventSwitch = EV_SWITCH,
  kEventBusy = EV_BUSY, kEventIpi = EV_IPI, kEventSwitcher = EV_SWITCHER
};

// The longest time blsim can simulate, in ns: SystemC's time is 64-bit
// picoseconds (sc_max_time(), 2^64-1 ps, about 18446744 s).
constexpr uint64_t kMaxTimeNs = UINT64_MAX / 1000;

// Parses a time as --duration and --event take it, exactly (no floating
// point): decimal digits, optionally '.' and more digits, then a unit (ns,
// us, ms, s), nothing else: "100ms", "0.5ms", "33.3ms", "2s". Not ".5ms",
// "5.ms", "+5ms", "0x10ms", " 5ms" or "5 ms". The value must be a whole
// number of ns, above 0 and at most kMaxTimeNs. On error returns false and
// sets *why (if not null) to the reason, naming the text.
bool parse_time(const std::string& s, uint64_t* ns, std::string* why);

// An unsigned 64-bit number written as digits of `base` (10, or 16 after
// the caller has taken off a 0x): no sign, space or other prefix; false on
// an empty text or overflow.
bool parse_u64(const std::string& s, int base, uint64_t* v);

// Parses one --event value; on error returns false and sets *why.
bool parse_event(const std::string& s, ScriptedEvent* e, std::string* why);
// The actions --help lists.
const char* event_help();
