// SPDX-License-Identifier: GPL-2.0-only
#include "sim/events.h"

#include <algorithm>
#include <charconv>
#include <iterator>
#include <sstream>

namespace {

struct Action {
  const char* name;
  EventCommand command;
  unsigned nargs;
  const char* args_help;
};

const Action kActions[] = {
    {"cpu_down", kEventCpuDown, 1, "CPU"},
    {"cpu_up", kEventCpuUp, 1, "CPU"},
    {"switch", kEventSwitch, 2, "CPU:CLUSTER"},
    {"busy", kEventBusy, 2, "CPU:MILLISECONDS"},
    {"ipi", kEventIpi, 1, "CPU"},
    {"switcher", kEventSwitcher, 1, "0|1"},
};

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string part;
  std::istringstream in(s);
  while (std::getline(in, part, sep)) out.push_back(part);
  return out;
}

}  // namespace

bool parse_time(const std::string& s, uint64_t* ns, std::string* why) {
  static const struct { const char* unit; size_t exp10; } kUnits[] = {
      {"ns", 0}, {"us", 3}, {"ms", 6}, {"s", 9}};
  auto fail = [&](const std::string& r) {
    if (why) *why = "'" + s + "' " + r;
    return false;
  };
  const char* kGrammar = "is not a time: want digits, an optional fraction and a unit (ns, us, "
                         "ms, s), e.g. 100ms or 0.5ms";
  // The number: digits [. digits]; the unit: what follows.
  size_t i = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
  const std::string whole = s.substr(0, i);
  std::string frac;
  if (i < s.size() && s[i] == '.') {
    const size_t b = ++i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    frac = s.substr(b, i - b);
    if (whole.empty() || frac.empty())
      return fail("is not a time: a '.' needs digits on both sides (0.5ms, 5.0ms)");
  }
  if (whole.empty()) return fail(kGrammar);
  const std::string unit = s.substr(i);
  const auto* u = std::find_if(std::begin(kUnits), std::end(kUnits),
                               [&](const auto& k) { return unit == k.unit; });
  if (u == std::end(kUnits))
    return fail(unit.empty() ? "has no unit (ns, us, ms, s)"
                             : std::string(kGrammar) + " ('" + unit + "' is not a unit)");
  // The value in ns as decimal text: the fraction's first exp10 digits join
  // the whole part (padded with zeros); any digits after them must be 0.
  std::string digits = whole + frac.substr(0, std::min(frac.size(), u->exp10));
  if (frac.size() < u->exp10) digits.append(u->exp10 - frac.size(), '0');
  if (frac.size() > u->exp10 && frac.find_first_not_of('0', u->exp10) != std::string::npos)
    return fail("is not a whole number of nanoseconds");
  digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size()));
  if (digits.empty()) return fail("is not a positive time");
  uint64_t v = 0;
  if (!parse_u64(digits, 10, &v) || v > kMaxTimeNs)
    return fail("is longer than SystemC can simulate (its time is 64-bit picoseconds): at most " +
                std::to_string(kMaxTimeNs) + "ns, about " + std::to_string(kMaxTimeNs / 1000000000) +
                "s");
  *ns = v;
  return true;
}

bool parse_u64(const std::string& s, int base, uint64_t* v) {
  if (s.empty()) return false;
  const char* end = s.data() + s.size();
  const auto r = std::from_chars(s.data(), end, *v, base);
  return r.ec == std::errc() && r.ptr == end;
}

bool parse_event(const std::string& s, ScriptedEvent* e, std::string* why) {
  const std::vector<std::string> f = split(s, ':');
  if (f.size() < 2) {
    *why = "expected TIME:ACTION[:ARG...], got '" + s + "'";
    return false;
  }
  if (!parse_time(f[0], &e->at_ns, why)) {
    *why += " (in '" + s + "')";
    return false;
  }
  for (const Action& a : kActions) {
    if (f[1] != a.name) continue;
    if (f.size() - 2 != a.nargs) {
      *why = std::string(a.name) + " takes " + a.args_help + " (" + s + ")";
      return false;
    }
    for (size_t i = 2; i < f.size(); ++i) {
      uint64_t v = 0;  // decimal digits only
      if (!parse_u64(f[i], 10, &v) || v > 0xfffff) {
        *why = "'" + f[i] + "' is not a number (" + s + ")";
        return false;
      }
      e->args.push_back(static_cast<uint32_t>(v));
    }
    // switcher:N is the sysfs 'active' switch: 0 or 1, nothing else.
    if (a.command == kEventSwitcher && e->args[0] > 1) {
      *why = "switcher takes 0 or 1, got '" + f[2] + "' (" + s + ")";
      return false;
    }
    e->command = a.command;
    e->text = s;
    return true;
  }
  *why = "unknown action '" + f[1] + "' (known: cpu_down, cpu_up, switch, busy, ipi, switcher)";
  return false;
}

const char* event_help() {
  return "  --event TIME:ACTION[:ARG]  a scripted event (repeatable), e.g. 50ms:cpu_down:2;\n"
         "                     TIME as for --duration, before the end of the run\n"
         "                     actions: cpu_down:CPU, cpu_up:CPU (logical CPU hotplug\n"
         "                     through MCPM), switch:CPU:CLUSTER (bL_switch_request,\n"
         "                     with --switcher iks or cluster), busy:CPU:MS (a kernel hog\n"
         "                     keeps logical CPU busy for MS ms of wall time: load for the\n"
         "                     governors),\n"
         "                     ipi:CPU (an IPI to logical CPU, counted in stats.json),\n"
         "                     switcher:0|1 (the switcher's run-time active switch);\n"
         "                     a refused event stops the run (exit 5)\n";
}
