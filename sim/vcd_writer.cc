#include "sim/vcd_writer.h"

#include <systemc>

#include <algorithm>
#include <map>

#include "sim/platform.h"

namespace {

// VCD identifier codes: printable ASCII 33..126, shortest first.
std::string code_for(int n) {
  std::string s;
  do {
    s += static_cast<char>(33 + n % 94);
    n /= 94;
  } while (n > 0);
  return s;
}

std::string value_text(unsigned width, uint64_t v, const std::string& code) {
  if (width == 1) return std::string(1, v ? '1' : '0') + code;
  std::string bits;
  for (int b = static_cast<int>(width) - 1; b >= 0; --b) bits += ((v >> b) & 1) ? '1' : '0';
  const size_t first = bits.find('1');
  bits = first == std::string::npos ? "0" : bits.substr(first);  // leading zeros may go
  return "b" + bits + " " + code;
}

}  // namespace

int VcdWriter::add_signal(const std::string& scope, const std::string& name, unsigned width,
                          uint64_t initial) {
  const int id = static_cast<int>(signals_.size());
  signals_.push_back({scope, name, code_for(id), width, initial});
  return id;
}

void VcdWriter::change(int id, uint64_t ps, uint64_t v) { changes_.push_back({ps, id, v}); }

void VcdWriter::change_now(int id, uint64_t v) { change(id, sc_core::sc_time_stamp().value(), v); }

std::string VcdWriter::text(uint64_t end_ps) const {
  std::string s;
  s += "$date\n  blsim run\n$end\n";
  s += "$version\n  blsim waves.vcd\n$end\n";
  s += "$timescale 1 ps $end\n";
  // Scopes in first-declared order, signals in declaration order within each.
  std::vector<std::string> scopes;
  for (auto& sg : signals_)
    if (std::find(scopes.begin(), scopes.end(), sg.scope) == scopes.end()) scopes.push_back(sg.scope);
  s += "$scope module tc2 $end\n";
  for (auto& sc : scopes) {
    s += "$scope module " + sc + " $end\n";
    for (auto& sg : signals_)
      if (sg.scope == sc)
        s += "$var wire " + std::to_string(sg.width) + " " + sg.code + " " + sg.name +
             (sg.width > 1 ? " [" + std::to_string(sg.width - 1) + ":0]" : "") + " $end\n";
    s += "$upscope $end\n";
  }
  s += "$upscope $end\n$enddefinitions $end\n";
  std::vector<uint64_t> cur;
  s += "#0\n$dumpvars\n";
  for (auto& sg : signals_) {
    s += value_text(sg.width, sg.initial, sg.code) + "\n";
    cur.push_back(sg.initial);
  }
  s += "$end\n";
  std::vector<Change> ch = changes_;
  std::stable_sort(ch.begin(), ch.end(), [](const Change& a, const Change& b) { return a.ps < b.ps; });
  // Within one timestamp the last change of a signal wins; unchanged values
  // are not dumped.
  size_t i = 0;
  uint64_t last_ts = 0;
  while (i < ch.size()) {
    const uint64_t t = ch[i].ps;
    std::map<int, uint64_t> final_v;
    std::vector<int> order;
    for (; i < ch.size() && ch[i].ps == t; ++i) {
      if (!final_v.count(ch[i].id)) order.push_back(ch[i].id);
      final_v[ch[i].id] = ch[i].v;
    }
    std::string block;
    for (int id : order) {
      if (final_v[id] == cur[id]) continue;
      cur[id] = final_v[id];
      block += value_text(signals_[id].width, cur[id], signals_[id].code) + "\n";
    }
    if (block.empty()) continue;
    if (t != 0) s += "#" + std::to_string(t) + "\n";
    s += block;
    last_ts = t;
  }
  if (end_ps > last_ts) s += "#" + std::to_string(end_ps) + "\n";
  return s;
}

void attach_platform_vcd(VcdWriter& w, Platform& p) {
  const auto& cc = p.config().clusters;
  for (size_t k = 0; k < p.clusters().size(); ++k) {
    const ClusterModels& m = p.clusters()[k];
    const std::string sc = "cluster" + std::to_string(m.cluster->params().id);
    const int f = w.add_signal(sc, "freq_khz", 32, m.clock->freq_hz() / 1000);
    m.clock->add_listener([&w, f](uint64_t, uint64_t hz) { w.change_now(f, hz / 1000); });
    const int v = w.add_signal(sc, "voltage_uv", 32, m.rail->voltage_uv());
    m.rail->add_listener([&w, v](const Regulator::Change& c) { w.change_now(v, c.uv); });
    const int ps = w.add_signal(sc, "power_state", 2, static_cast<uint64_t>(m.power->state()));
    m.power->add_listener([&w, ps](PowerDomain::State s) { w.change_now(ps, static_cast<uint64_t>(s)); });
  }
  std::vector<int> snoop_sig(p.cci().num_slave_ifs(), -1);
  for (auto& c : cc) {
    const unsigned port = static_cast<unsigned>(c.cci_slave_if);
    if (port < snoop_sig.size())
      snoop_sig[port] = w.add_signal("cluster" + std::to_string(c.id), "cci_snoop", 1,
                                     p.cci().snoops_enabled(port));
  }
  p.cci().on_port_change([&w, snoop_sig](unsigned port, bool on) {
    if (port < snoop_sig.size() && snoop_sig[port] >= 0) w.change_now(snoop_sig[port], on);
  });
  for (unsigned i = 0; i < p.nr_cores(); ++i) {
    const int s = w.add_signal("core" + std::to_string(i), "state", 3,
                               static_cast<uint64_t>(p.core(i).state()));
    p.core(i).add_state_listener([&w, s](Core::State st) { w.change_now(s, static_cast<uint64_t>(st)); });
  }
}
