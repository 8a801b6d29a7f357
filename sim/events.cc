#include "sim/events.h"

#include <cstdlib>
#include <sstream>

#include "sim/run.h"

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

bool parse_event(const std::string& s, ScriptedEvent* e, std::string* why) {
  const std::vector<std::string> f = split(s, ':');
  if (f.size() < 2) {
    *why = "expected TIME:ACTION[:ARG...], got '" + s + "'";
    return false;
  }
  if (!parse_duration(f[0], &e->at_ns)) {
    *why = "'" + f[0] + "' is not a time with a unit (ns, us, ms, s)";
    return false;
  }
  for (const Action& a : kActions) {
    if (f[1] != a.name) continue;
    if (f.size() - 2 != a.nargs) {
      *why = std::string(a.name) + " takes " + a.args_help + " (" + s + ")";
      return false;
    }
    for (size_t i = 2; i < f.size(); ++i) {
      char* end = nullptr;
      const unsigned long v = std::strtoul(f[i].c_str(), &end, 10);
      if (f[i].empty() || *end || v > 0xfffff) {
        *why = "'" + f[i] + "' is not a number (" + s + ")";
        return false;
      }
      e->args.push_back(static_cast<uint32_t>(v));
    }
    e->command = a.command;
    e->text = s;
    return true;
  }
  *why = "unknown action '" + f[1] + "' (known: cpu_down, cpu_up, switch, busy, ipi, switcher)";
  return false;
}

const char* event_help() {
  return "  --event TIME:ACTION[:ARG]  a scripted event (repeatable), e.g. 50ms:cpu_down:2\n"
         "                     actions: cpu_down:CPU, cpu_up:CPU (logical CPU hotplug\n"
         "                     through MCPM), switch:CPU:CLUSTER (bL_switch_request,\n"
         "                     with --switcher iks or cluster), busy:CPU:MS (a kernel hog\n"
         "                     keeps logical CPU busy for MS ms of wall time: load for the\n"
         "                     governors),\n"
         "                     ipi:CPU (an IPI to logical CPU, counted in stats.json),\n"
         "                     switcher:0|1 (the switcher's run-time active switch);\n"
         "                     a refused event stops the run (exit 5)\n";
}
