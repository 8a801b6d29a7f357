#include "sim/trace_writer.h"

#include <systemc>

#include <cstdio>
#include <cstring>

#include "sim/platform.h"

namespace {

uint64_t now_ns() { return sc_core::sc_time_stamp().value() / 1000; }

// irq-info flags are not modelled: the events raised on the idle and
// power-management paths (cpu_idle, power_domain_target) run with IRQs off
// at preempt depth 1 in the kernel, so they print d..1; the rest print ....
const char* flags_for(const char* event) {
  if (!strcmp(event, "cpu_idle") || !strcmp(event, "power_domain_target")) return "d..1";
  return "....";
}

// kernel/trace/trace_output.c: "%16s-%-5d [%03d] " then the lat flags,
// then " %5lu.%06lu: " with the time rounded to microseconds (ns2usecs).
void format_head(char (&head)[96], uint64_t ns, unsigned cpu, const char* comm, int pid,
                 const char* flags) {
  const uint64_t us = (ns + 500) / 1000;
  snprintf(head, sizeof head, "%16s-%-5d [%03u] %s %5llu.%06llu: ", comm, pid, cpu, flags,
           static_cast<unsigned long long>(us / 1000000),
           static_cast<unsigned long long>(us % 1000000));
}

}  // namespace

bool TraceWriter::open(const std::string& dir) { return out_.open(dir, "trace.txt"); }

void TraceWriter::add(const TraceRecord& r) {
  if (!out_.is_open()) return;
  // Clusters whose frequency the kernel reports itself.
  if (r.event == "cpu_frequency" && r.core < cluster_of_core_.size()) {
    const unsigned cl = static_cast<unsigned>(cluster_of_core_[r.core]);
    if (cl >= kernel_freq_.size()) kernel_freq_.resize(cl + 1, false);
    kernel_freq_[cl] = true;
  }
  line(r.ns, r.cpu, r.comm.c_str(), r.pid, r.event.c_str(), r.fields.c_str());
}

void TraceWriter::line(uint64_t ns, unsigned cpu, const char* comm, int pid, const char* event,
                       const char* fields) {
  char head[96];
  format_head(head, ns, cpu, comm, pid, flags_for(event));
  out_.write(head, strlen(head));
  out_.write(event, strlen(event));
  out_.write(": ", 2);
  out_.write(fields, strlen(fields));
  out_.write("\n", 1);
  ++lines_;
}

void TraceWriter::model_freq(uint64_t ns, unsigned core, unsigned cluster, const char* fields) {
  if (kernel_freq(cluster)) return;
  const uint64_t start = out_.size();
  line(ns, core, "<idle>", 0, "cpu_frequency", fields);
  held_.push_back({start, out_.size() - start, cluster});
}

void TraceWriter::attach(Platform& p) {
  const auto& cpus = p.config().cpus;
  cluster_of_core_.clear();
  for (auto& c : cpus) cluster_of_core_.push_back(static_cast<int>(c.cluster));
  for (unsigned i = 0; i < p.nr_cores(); ++i) {
    p.core(i).add_state_listener([this, i](Core::State s) {
      char f[96];
      snprintf(f, sizeof f, "name=core%u state=%u cpu_id=%u", i, static_cast<unsigned>(s), i);
      line(now_ns(), i, "<idle>", 0, "power_domain_target", f);
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
      line(now_ns(), first, "<idle>", 0, "power_domain_target", f);
    });
    cl.clock->add_listener([this, id, cores](uint64_t, uint64_t hz) {
      for (unsigned c : cores) {
        char f[96];
        snprintf(f, sizeof f, "state=%llu cpu_id=%u", static_cast<unsigned long long>(hz / 1000), c);
        model_freq(now_ns(), c, id, f);
      }
    });
  }
}

std::string TraceWriter::format_line(const TraceRecord& r, const char* flags) {
  char head[96];
  format_head(head, r.ns, r.cpu, r.comm.c_str(), r.pid, flags);
  return std::string(head) + r.event + ": " + r.fields;
}

bool TraceWriter::commit(unsigned nr_cpus) {
  std::vector<std::pair<uint64_t, uint64_t>> skip;
  for (const Held& h : held_)
    if (kernel_freq(h.cluster)) skip.push_back({h.offset, h.length});
  const uint64_t n = lines_ - skip.size();
  std::string s;
  char buf[128];
  s += "# tracer: nop\n#\n";
  snprintf(buf, sizeof buf, "# entries-in-buffer/entries-written: %llu/%llu   #P:%u\n#\n",
           static_cast<unsigned long long>(n), static_cast<unsigned long long>(n), nr_cpus);
  s += buf;
  s +=
      "#                              _-----=> irqs-off\n"
      "#                             / _----=> need-resched\n"
      "#                            | / _---=> hardirq/softirq\n"
      "#                            || / _--=> preempt-depth\n"
      "#                            ||| /     delay\n"
      "#           TASK-PID   CPU#  ||||    TIMESTAMP  FUNCTION\n"
      "#              | |       |   ||||       |         |\n";
  return out_.commit(s, skip);
}
