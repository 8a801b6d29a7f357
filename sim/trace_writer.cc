#include "sim/trace_writer.h"

#include <systemc>

#include <algorithm>
#include <cstdio>
#include <set>

#include "sim/platform.h"

namespace {

uint64_t now_ns() { return sc_core::sc_time_stamp().value() / 1000; }

// irq-info flags are not modelled: the events raised on the idle and
// power-management paths (cpu_idle, power_domain_target) run with IRQs off
// at preempt depth 1 in the kernel, so they print d..1; the rest print ....
const char* flags_for(const std::string& event) {
  if (event == "cpu_idle" || event == "power_domain_target") return "d..1";
  return "....";
}

}  // namespace

void TraceWriter::add(const TraceRecord& r) { entries_.push_back({r, false, -1}); }

void TraceWriter::attach(Platform& p) {
  const auto& cpus = p.config().cpus;
  cluster_of_core_.clear();
  for (auto& c : cpus) cluster_of_core_.push_back(static_cast<int>(c.cluster));
  for (unsigned i = 0; i < p.nr_cores(); ++i) {
    p.core(i).add_state_listener([this, i](Core::State s) {
      char f[96];
      snprintf(f, sizeof f, "name=core%u state=%u cpu_id=%u", i, static_cast<unsigned>(s), i);
      entries_.push_back({TraceRecord{now_ns(), i, i, "<idle>", 0, "power_domain_target", f},
                          false, -1});
    });
  }
  for (auto& cl : p.clusters()) {
    const unsigned id = cl.cluster->params().id;
    std::vector<unsigned> cores;
    for (unsigned i = 0; i < cpus.size(); ++i)
      if (cpus[i].cluster == id) cores.push_back(i);
    const unsigned first = cores.empty() ? 0 : cores.front();
    cl.power->add_listener([this, id, first](PowerDomain::State s) {
      char f[96];
      snprintf(f, sizeof f, "name=cluster%u state=%u cpu_id=%u", id, static_cast<unsigned>(s), first);
      entries_.push_back({TraceRecord{now_ns(), first, first, "<idle>", 0, "power_domain_target", f},
                          false, -1});
    });
    cl.clock->add_listener([this, id, cores](uint64_t, uint64_t hz) {
      for (unsigned c : cores) {
        char f[96];
        snprintf(f, sizeof f, "state=%llu cpu_id=%u", static_cast<unsigned long long>(hz / 1000), c);
        entries_.push_back({TraceRecord{now_ns(), c, c, "<idle>", 0, "cpu_frequency", f}, true,
                            static_cast<int>(id)});
      }
    });
  }
}

std::string TraceWriter::format_line(const TraceRecord& r, const char* flags) {
  // kernel/trace/trace_output.c: "%16s-%-5d [%03d] " then the lat flags,
  // then " %5lu.%06lu: " with the time rounded to microseconds (ns2usecs).
  const uint64_t us = (r.ns + 500) / 1000;
  char head[96];
  snprintf(head, sizeof head, "%16s-%-5d [%03u] %s %5llu.%06llu: ", r.comm.c_str(), r.pid, r.cpu,
           flags, static_cast<unsigned long long>(us / 1000000),
           static_cast<unsigned long long>(us % 1000000));
  return std::string(head) + r.event + ": " + r.fields;
}

std::string TraceWriter::text(unsigned nr_cpus) const {
  // Clusters whose frequency the kernel reported itself.
  std::set<int> kernel_freq;
  for (const Entry& e : entries_)
    if (!e.model_freq && e.r.event == "cpu_frequency" && e.r.core < cluster_of_core_.size())
      kernel_freq.insert(cluster_of_core_[e.r.core]);
  std::vector<const Entry*> out;
  for (const Entry& e : entries_)
    if (!e.model_freq || !kernel_freq.count(e.cluster)) out.push_back(&e);
  std::stable_sort(out.begin(), out.end(),
                   [](const Entry* a, const Entry* b) { return a->r.ns < b->r.ns; });

  std::string s;
  char buf[128];
  s += "# tracer: nop\n#\n";
  snprintf(buf, sizeof buf, "# entries-in-buffer/entries-written: %zu/%zu   #P:%u\n#\n", out.size(),
           out.size(), nr_cpus);
  s += buf;
  s +=
      "#                              _-----=> irqs-off\n"
      "#                             / _----=> need-resched\n"
      "#                            | / _---=> hardirq/softirq\n"
      "#                            || / _--=> preempt-depth\n"
      "#                            ||| /     delay\n"
      "#           TASK-PID   CPU#  ||||    TIMESTAMP  FUNCTION\n"
      "#              | |       |   ||||       |         |\n";
  for (const Entry* e : out) {
    s += format_line(e->r, flags_for(e->r.event));
    s += '\n';
  }
  return s;
}
