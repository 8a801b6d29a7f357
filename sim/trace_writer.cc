#include "sim/trace_writer.h"

#include <systemc>

#include <algorithm>
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

// Decimal digits of v at p, in at least `width` characters padded on the
// left with `pad` ('0' or ' '), as printf's %0Nu / %Nu. Returns the end.
char* put_u(char* p, uint64_t v, int width = 0, char pad = ' ') {
  char d[24];
  int n = 0;
  do {
    d[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v);
  for (int i = n; i < width; ++i) *p++ = pad;
  while (n) *p++ = d[--n];
  return p;
}

void put_u(std::string& s, uint64_t v) {
  char d[24];
  s.append(d, static_cast<size_t>(put_u(d, v) - d));
}

// kernel/trace/trace_output.c: "%16s-%-5d [%03d] " then the lat flags,
// then " %5lu.%06lu: " with the time rounded to microseconds (ns2usecs).
// Appended to s as snprintf into a 96-byte buffer would have it (so at most
// 95 characters; only a comm of ~50 characters would reach that).
void put_head(std::string& s, uint64_t ns, unsigned cpu, const char* comm, int pid,
              const char* flags) {
  const uint64_t us = (ns + 500) / 1000;
  const size_t comm_len = strnlen(comm, 95);
  char buf[192];  // the comm (<= 95), and at most 90 more
  char* p = buf;
  for (size_t i = comm_len; i < 16; ++i) *p++ = ' ';
  std::memcpy(p, comm, comm_len);
  p += comm_len;
  *p++ = '-';
  char* const pid_at = p;
  if (pid < 0) {
    *p++ = '-';
    p = put_u(p, static_cast<uint64_t>(-static_cast<int64_t>(pid)));
  } else {
    p = put_u(p, static_cast<uint64_t>(pid));
  }
  while (p - pid_at < 5) *p++ = ' ';
  *p++ = ' ';
  *p++ = '[';
  p = put_u(p, cpu, 3, '0');
  *p++ = ']';
  *p++ = ' ';
  const size_t flags_len = strnlen(flags, 8);
  std::memcpy(p, flags, flags_len);
  p += flags_len;
  *p++ = ' ';
  p = put_u(p, us / 1000000, 5, ' ');
  *p++ = '.';
  p = put_u(p, us % 1000000, 6, '0');
  *p++ = ':';
  *p++ = ' ';
  s.append(buf, std::min<size_t>(static_cast<size_t>(p - buf), 95));
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
  line_.clear();
  put_head(line_, ns, cpu, comm, pid, flags_for(event));
  line_ += event;
  line_ += ": ";
  line_ += fields;
  line_ += '\n';
  out_.write(line_);
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
      fields_.assign("name=core");
      put_u(fields_, i);
      fields_ += " state=";
      put_u(fields_, static_cast<unsigned>(s));
      fields_ += " cpu_id=";
      put_u(fields_, i);
      line(now_ns(), i, "<idle>", 0, "power_domain_target", fields_.c_str());
    });
  }
  for (auto& cl : p.clusters()) {
    const unsigned id = cl.cluster->params().id;
    std::vector<unsigned> cores;
    for (unsigned i = 0; i < cpus.size(); ++i)
      if (cpus[i].cluster == id) cores.push_back(i);
    const unsigned first = cores.empty() ? 0 : cores.front();
    cl.power->add_listener([this, id, first](PowerDomain::State s) {
      fields_.assign("name=cluster");
      put_u(fields_, id);
      fields_ += " state=";
      put_u(fields_, static_cast<unsigned>(s));
      fields_ += " cpu_id=";
      put_u(fields_, first);
      line(now_ns(), first, "<idle>", 0, "power_domain_target", fields_.c_str());
    });
    cl.clock->add_listener([this, id, cores](uint64_t, uint64_t hz) {
      for (unsigned c : cores) {
        fields_.assign("state=");
        put_u(fields_, hz / 1000);
        fields_ += " cpu_id=";
        put_u(fields_, c);
        model_freq(now_ns(), c, id, fields_.c_str());
      }
    });
  }
}

std::string TraceWriter::format_line(const TraceRecord& r, const char* flags) {
  std::string s;
  put_head(s, r.ns, r.cpu, r.comm.c_str(), r.pid, flags);
  return s + r.event + ": " + r.fields;
}

bool TraceWriter::stage(unsigned nr_cpus) {
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
  return out_.stage(s, skip);
}
