// SPDX-License-Identifier: GPL-2.0-only
#include "sim/vcd_writer.h"

#include <systemc>

#include <algorithm>
#include <cassert>
#include <charconv>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "models/common/sim_now.h"
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

// "0!" for one bit, "b101 !" wider, and the line's end, at p: the value
// in binary, leading zeros dropped (a lone 0 stays), bits above the width
// ignored. Returns the end. At most kValueLineMax bytes and the code's.
constexpr size_t kValueLineMax = 1 + 64 + 1 + 1;  // 'b', 64 bits, ' ', '\n'
char* put_value_line(char* p, unsigned width, uint64_t v, const std::string& code) {
  if (width == 1) {
    *p++ = v ? '1' : '0';
  } else {
    // Four bits at a time below the first 1 (a rail's power is ~20 bits,
    // written at every change the energy model sees).
    static const char kNibble[16][4] = {
        {'0', '0', '0', '0'}, {'0', '0', '0', '1'}, {'0', '0', '1', '0'}, {'0', '0', '1', '1'},
        {'0', '1', '0', '0'}, {'0', '1', '0', '1'}, {'0', '1', '1', '0'}, {'0', '1', '1', '1'},
        {'1', '0', '0', '0'}, {'1', '0', '0', '1'}, {'1', '0', '1', '0'}, {'1', '0', '1', '1'},
        {'1', '1', '0', '0'}, {'1', '1', '0', '1'}, {'1', '1', '1', '0'}, {'1', '1', '1', '1'}};
    if (width < 64) v &= (uint64_t(1) << width) - 1;
    *p++ = 'b';
    int b = v ? 63 - __builtin_clzll(v) : 0;  // the first 1, or a lone 0
    for (; b >= 0 && (b + 1) % 4; --b) *p++ = ((v >> b) & 1) ? '1' : '0';
    for (; b >= 0; b -= 4, p += 4) std::memcpy(p, kNibble[(v >> (b - 3)) & 15], 4);
    *p++ = ' ';
  }
  std::memcpy(p, code.data(), code.size());
  p += code.size();
  *p++ = '\n';
  return p;
}

// The same, appended to s (the head's $dumpvars).
void append_value_line(std::string& s, unsigned width, uint64_t v, const std::string& code) {
  const size_t at = s.size();
  s.resize(at + kValueLineMax + code.size());
  s.resize(static_cast<size_t>(put_value_line(&s[at], width, v, code) - s.data()));
}

}  // namespace

bool VcdWriter::open(const std::string& dir) { return open_ = out_.open(dir, "waves.vcd"); }

int VcdWriter::add_signal(const std::string& scope, const std::string& name, unsigned width,
                          uint64_t initial) {
  if (width == 0) throw std::logic_error("VcdWriter: signal " + name + " has no bits");
  const int id = static_cast<int>(signals_.size());
  signals_.push_back({scope, name, code_for(id), width, initial});
  cur_.push_back(initial);
  slot_.push_back(-1);
  return id;
}

// A change record: signal id takes value v at ps.
struct VcdWriter::Change {
  uint64_t ps, v;
  int64_t id;
};

void VcdWriter::ride_on(WriterThread& host, char tag) {
  static_assert(sizeof(Change) == kRecordBytes, "a change in kRecordBytes");
  if (started_) throw std::logic_error("VcdWriter: rides on another thread only from the start");
  host_ = &host;
  tag_ = tag;
  // Started now, not at the first change: values worked out on the host's
  // thread (set_at()) may come first, and go_direct() must come before
  // anything is written to the spool.
  if (open_) start();
}

// Every signal is declared by now: the header's length is known, and the
// body can go straight after it (sim/spool_file.h; if this fails the
// spool goes on and stage() copies).
void VcdWriter::start() {
  started_ = true;
  out_.go_direct(head().size());
  if (!host_) writer_.start([this](std::string_view c) { write_chunk(c); });
}

void VcdWriter::change(int id, uint64_t ps, uint64_t v) {
  if (!open_) return;
  if (ps < last_ps_) throw std::logic_error("VcdWriter: a change back in time");
  last_ps_ = ps;
  if (!started_) start();
  const Change c = {ps, v, id};
  if (host_) {
    // Whole before the commit: the host's records are handed over whole.
    char* p = host_->claim(1 + sizeof c);
    *p = tag_;
    std::memcpy(p + 1, &c, sizeof c);
    host_->commit();
    return;
  }
  writer_.append(&c, sizeof c);
  writer_.commit();
}

void VcdWriter::take(const char* p) {
  Change c;
  std::memcpy(&c, p, sizeof c);
  apply(static_cast<int>(c.id), c.ps, c.v);
}

void VcdWriter::write_chunk(std::string_view chunk) {
  for (size_t p = 0; p + sizeof(Change) <= chunk.size(); p += sizeof(Change)) take(chunk.data() + p);
}

// Within one timestamp the last change of a signal wins.
void VcdWriter::apply(int id, uint64_t ps, uint64_t v) {
  assert(ps >= t_);  // the records' order is their times' (set_at()'s too)
  if (ps > t_) {
    flush_block();
    t_ = ps;
  }
  int& slot = slot_[id];
  if (slot < 0) {
    slot = static_cast<int>(pending_.size());
    pending_.push_back({id, v});
  } else {
    pending_[slot].second = v;
  }
}

void VcdWriter::change_now(int id, uint64_t v) { change(id, sim_now().value(), v); }

// Unchanged values are not dumped; a timestamp with nothing to dump is
// left out. Made in place at the end of the spool (SpoolFile::room():
// made in a string of its own and copied, a block cost ~780 instructions,
// 28k of them per 5 s of mp3-short), kept only if a value changed.
void VcdWriter::flush_block() {
  size_t most = 24;  // "#t\n"
  for (const auto& [id, v] : pending_) most += kValueLineMax + signals_[id].code.size();
  std::string big;  // a block past the spool's room: never, but whole
  char* const start = most <= SpoolFile::kRoomBytes ? out_.room() : (big.resize(most), &big[0]);
  char* p = start;
  if (t_ != 0) {  // "#t": written only with a change under it
    *p++ = '#';
    p = std::to_chars(p, p + 20, t_).ptr;
    *p++ = '\n';
  }
  const char* const head = p;
  for (auto& [id, v] : pending_) {
    slot_[id] = -1;
    if (v == cur_[id]) continue;
    cur_[id] = v;
    p = put_value_line(p, signals_[id].width, v, signals_[id].code);
  }
  pending_.clear();
  if (p == head) return;
  if (big.empty()) out_.wrote(static_cast<size_t>(p - start));
  else out_.write(start, static_cast<size_t>(p - start));
  last_ts_ = t_;
}

bool VcdWriter::stage(uint64_t end_ps) {
  assert(!host_ || !host_->running());  // the host's thread is done with the changes
  writer_.finish();
  flush_block();
  if (end_ps > last_ts_) out_.write("#" + std::to_string(end_ps) + "\n");
  return out_.stage(head());
}

// The declarations and the initial values ($dumpvars) of every signal.
std::string VcdWriter::head() const {
  std::string s;
  s += "$date\n  blsim run\n$end\n";
  s += "$version\n  blsim waves.vcd\n$end\n";
  s += "$timescale 1 ps $end\n";
  // Scopes in first-declared order, signals in declaration order within each.
  std::vector<std::string> scopes;
  for (auto& sg : signals_)
    if (std::find(scopes.begin(), scopes.end(), sg.scope) == scopes.end()) scopes.push_back(sg.scope);
  s += "$scope module " + top_ + " $end\n";
  for (auto& sc : scopes) {
    s += "$scope module " + sc + " $end\n";
    for (auto& sg : signals_)
      if (sg.scope == sc)
        s += "$var wire " + std::to_string(sg.width) + " " + sg.code + " " + sg.name +
             (sg.width > 1 ? " [" + std::to_string(sg.width - 1) + ":0]" : "") + " $end\n";
    s += "$upscope $end\n";
  }
  s += "$upscope $end\n$enddefinitions $end\n";
  s += "#0\n$dumpvars\n";
  for (auto& sg : signals_) append_value_line(s, sg.width, sg.initial, sg.code);
  s += "$end\n";
  return s;
}

// A core's state as a change tells it, if the model has not heard it yet;
// else -1 (a change of the core's work alone, or not a core's change). A
// core's change comes compact, or whole when its record cannot hold the
// compact one (StatsCollector's EnergyTap): the same either way.
namespace {
int new_core_state(const ClusterEnergy& model, unsigned core, Core::State s) {
  return s == model.core_activity(core).state ? -1 : static_cast<int>(s);
}
int new_core_state(const ClusterEnergy& model, const ClusterEnergy::Change& c) {
  return c.kind == ClusterEnergy::Change::Kind::Core ? new_core_state(model, c.core, c.activity.state) : -1;
}
int new_core_state(const ClusterEnergy& model, const ClusterEnergy::CoreChange& c) {
  return new_core_state(model, c.core, c.activity().state);
}
// clusterN_power_uw's value for the model's rail power now.
uint64_t power_value(const ClusterEnergy& model) {
  return static_cast<uint64_t>(std::llround(model.rail_power_uw()));
}
}  // namespace

// The rail's power after the change; then, after a core's change of
// state, the core's new state: in the order the two listeners of the
// simulation thread once recorded them (the energy model hears a core's
// change before the waves' own listener would).
template <typename C>
void VcdEnergy::apply(const Cluster& cl, ClusterEnergy& model, const C& ch) {
  const int new_state = new_core_state(model, ch);  // before the model hears it
  model.apply(ch);
  w_.set_at(cl.power, ch.at_ps, power_value(model));
  if (new_state >= 0) {
    assert(ch.core < cl.state.size());
    w_.set_at(cl.state[ch.core], ch.at_ps, static_cast<uint64_t>(new_state));
  }
}

void VcdEnergy::changed(size_t c, ClusterEnergy& model, const ClusterEnergy::Change& ch) {
  apply(clusters_.at(c), model, ch);
}

void VcdEnergy::changed(size_t c, ClusterEnergy& model, const ClusterEnergy::CoreChange& ch) {
  apply(clusters_.at(c), model, ch);
}

bool VcdEnergy::starts_as(size_t c, const ClusterEnergy& model) const {
  const Cluster& cl = clusters_.at(c);
  if (w_.initial(cl.power) != power_value(model)) return false;
  for (size_t i = 0; i < cl.state.size(); ++i)
    if (w_.initial(cl.state[i]) != static_cast<uint64_t>(model.core_activity(static_cast<unsigned>(i)).state))
      return false;
  return true;
}

// One scope per cluster, named clusterN, holding the cluster's signals and
// its cores' states; every signal name says whose it is (cluster0_freq_khz,
// core3_state), so that GTKWave's wave list, which shows names without
// their scope, has no two rows alike.
std::unique_ptr<VcdEnergy> attach_platform_vcd(VcdWriter& w, Platform& p) {
  std::unique_ptr<VcdEnergy> energy(new VcdEnergy(w));
  w.set_top(p.config().board);
  const auto& cc = p.config().clusters;
  std::vector<int> snoop_sig(p.cci().num_slave_ifs(), -1);
  for (size_t k = 0; k < p.clusters().size(); ++k) {
    const ClusterModels& m = p.clusters()[k];
    const unsigned id = m.cluster->params().id;
    const std::string sc = "cluster" + std::to_string(id);
    const int f = w.add_signal(sc, sc + "_freq_khz", 32, m.clock->freq_hz() / 1000);
    m.clock->add_listener([&w, f](uint64_t, uint64_t hz) { w.change_now(f, hz / 1000); });
    const int v = w.add_signal(sc, sc + "_voltage_uv", 32, m.rail->voltage_uv());
    m.rail->add_listener([&w, v](const Regulator::Change& c) { w.change_now(v, c.uv); });
    const int ps = w.add_signal(sc, sc + "_power_state", 2, static_cast<uint64_t>(m.power->state()));
    m.power->add_listener([&w, ps](PowerDomain::State s) { w.change_now(ps, static_cast<uint64_t>(s)); });
    // The rail's power (cores + uncore) after every change the energy model
    // sees; during a voltage ramp it steps at the ramp's start and end.
    // Summed on the thread the VCD rides on, by the model's follower there
    // (VcdEnergy).
    VcdEnergy::Cluster& ec = energy->clusters_.emplace_back();
    ec.power = w.add_signal(sc, sc + "_power_uw", 32, power_value(*m.energy));
    for (auto& c : cc) {
      const unsigned port = static_cast<unsigned>(c.cci_slave_if);
      if (c.id == id && port < snoop_sig.size())
        snoop_sig[port] = w.add_signal(sc, sc + "_cci_snoop", 1, p.cci().snoops_enabled(port));
    }
    // In the model's core order (m.cores), which is the platform's.
    for (unsigned i : m.cores)
      ec.state.push_back(w.add_signal(sc, "core" + std::to_string(i) + "_state", 3,
                                      static_cast<uint64_t>(p.core(i).state())));
  }
  p.cci().on_port_change([&w, snoop_sig](unsigned port, bool on) {
    if (port < snoop_sig.size() && snoop_sig[port] >= 0) w.change_now(snoop_sig[port], on);
  });
  return energy;
}

// GTKWave's save file: the tree opened on the clusters, and every signal
// shown, a comment row naming each cluster first. Frequency, voltage and
// power as analog steps (the value as a height, 4 rows tall), the states
// in decimal, single bits in binary. Flags are GTKWave's trace flags in
// hex: 0x4 decimal, 0x8 binary, 0x20 right-justified, 0x8000 analog step; 0x20000 rows stretch the analog row
// above them; 0x200 a blank row (a "-" line carries a comment).
std::string VcdWriter::gtkw(const std::map<std::string, std::string>& labels, uint64_t end_ps) const {
  std::string s;
  s += "[*] blsim waves.gtkw: open with  gtkwave waves.vcd waves.gtkw\n";
  s += "[timestart] 0\n";
  s += "[size] 1400 900\n";
  s += "[signals_width] 260\n";
  // The zoom that fits the whole run in the wave pane (~850 pixels wide at
  // this size; 800 leaves a margin): GTKWave 3.3 shows 2^-z / 200 time
  // units per pixel at zoom z (measured: z = -30 shows 4.6 ms of a 1 ps
  // dump in 850 pixels). Then the primary marker (none) and the 26 named
  // markers (none).
  char zoom[48];
  snprintf(zoom, sizeof zoom, "*%.6f -1",
           -std::log2(std::max<double>(static_cast<double>(end_ps), 4.0) * 200.0 / 800.0));
  s += zoom;
  for (int i = 0; i < 26; ++i) s += " -1";
  s += "\n";
  s += "[sst_expanded] 1\n";
  s += "[treeopen] " + top_ + ".\n";
  std::string last_scope;
  for (const Signal& sg : signals_) {
    if (sg.scope != last_scope) {
      s += "[treeopen] " + top_ + "." + sg.scope + ".\n";
      last_scope = sg.scope;
    }
  }
  last_scope.clear();
  for (const Signal& sg : signals_) {
    if (sg.scope != last_scope) {
      const auto l = labels.find(sg.scope);
      s += "@200\n-" + (l != labels.end() ? l->second : sg.scope) + "\n";
      last_scope = sg.scope;
    }
    const bool analog = sg.width >= 32;
    s += analog ? "@8024\n" : sg.width == 1 ? "@28\n" : "@24\n";
    s += top_ + "." + sg.scope + "." + sg.name;
    if (sg.width > 1) s += "[" + std::to_string(sg.width - 1) + ":0]";
    s += "\n";
    if (analog) s += "@20000\n-\n-\n-\n";
  }
  return s;
}
