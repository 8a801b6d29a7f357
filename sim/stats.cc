// SPDX-License-Identifier: GPL-2.0-only
#include "sim/stats.h"

#include "sim/task_energy.h"

#include <systemc>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>

#include "models/common/report.h"
#include "models/common/sim_now.h"
#include "models/power/energy_model.h"
#include "sim/hw_glue.h"
#include "sim/json_writer.h"
#include "sim/platform.h"
#include "sim/switch_log.h"
#include "sim/vcd_writer.h"

extern "C" {
#include "blsim/kreport.h"
#include "blsim/workload.h"
}

using namespace sc_core;

FreqResidency::FreqResidency(uint64_t initial_hz) : hz_(initial_hz) {}

void FreqResidency::change(uint64_t new_hz) {
  const uint64_t now = sc_time_stamp().value();
  ps_[hz_] += now - since_ps_;
  since_ps_ = now;
  hz_ = new_hz;
}

std::map<uint64_t, uint64_t> FreqResidency::ps_by_khz() const {
  std::map<uint64_t, uint64_t> out;
  auto ps = ps_;
  ps[hz_] += sc_time_stamp().value() - since_ps_;
  for (auto& [hz, t] : ps) out[hz / 1000] += t;
  return out;
}

StatsCollector::StatsCollector(Platform& p, SwitchLog& switches, int schema)
    : p_(p), switches_(switches), schema_(schema) {
  for (auto& cl : p_.clusters()) {
    freq_.push_back(std::make_unique<FreqResidency>(cl.clock->freq_hz()));
    FreqResidency* f = freq_.back().get();
    cl.clock->add_listener([f](uint64_t, uint64_t hz) { f->change(hz); });
  }
  follow_energy();
}

StatsCollector::~StatsCollector() = default;

// ---- what the simulation thread tells the stats thread --------------------------

namespace {
// Each record starts with its kind; follow() takes them in order.
enum class Rec : uint8_t { Change, Core, Task, Take, Forget, Hand, Prune, Vcd };
// A change a cluster's energy model noted (ClusterEnergy::forward_only()).
struct ChangeRec {
  Rec kind;
  uint32_t cluster;
  ClusterEnergy::Change change;
};
// The same for a core's change (most of them): 16 bytes, not 64.
struct CoreRec {
  Rec kind;
  uint8_t cluster, state, work;  // CoreChange's state and kind
  uint32_t core;
  uint64_t at_ps;
};
// A CONTEXTIDR write (TaskEnergy).
struct TaskRec {
  Rec kind;
  uint32_t core, pid;
  uint64_t at_ps;
};
// collect(): a cluster's energy of a switch, [t0, t1] (the ns are its key,
// the ps the sc_time the simulation thread made of them).
struct TakeRec {
  Rec kind;
  uint32_t cluster;
  uint64_t t0_ns, t1_ns, t0_ps, t1_ps;
};
// collect(): the cluster's history before horizon_ps may go.
struct ForgetRec {
  Rec kind;
  uint32_t cluster;
  uint64_t horizon_ps;
};
// hand_ahead(): a switch to render, the kind and its size, then the
// switch as SwitchLog::pack() lays it out. The stats thread keeps no
// pointer into the log, and the simulation thread frees nothing it
// allocated on another thread.
struct HandRec {
  Rec kind;
  uint32_t bytes;  // the packed switch's
};

// A VCD change (carry()): the kind, then the VcdWriter's record
// (VcdWriter::kRecordBytes).

// hand_ahead(): no switch requested before keep_from_ns will be asked
// about again (switch_energy_'s entries before it may go).
struct PruneRec {
  Rec kind;
  uint64_t keep_from_ns;
};

template <typename R>
R read_rec(const char* at) {
  R r;
  std::memcpy(&r, at, sizeof r);
  return r;
}

uint64_t ns_to_ps(uint64_t ns) { return sc_time(static_cast<double>(ns), SC_NS).value(); }
}  // namespace

// On the simulation thread: a cluster's change as a record. A core's in
// 16 bytes, unless the cluster's index does not fit them (a 257th
// cluster: none today, kept so that it would be followed, not misread).
class StatsCollector::EnergyTap final : public ClusterEnergy::Forward {
 public:
  EnergyTap(StatsCollector& s, uint32_t cluster) : s_(s), cluster_(cluster) {}
  void core_changed(const ClusterEnergy::CoreChange& c) override {
    if (cluster_ <= UINT8_MAX) {
      s_.tell(CoreRec{Rec::Core, static_cast<uint8_t>(cluster_), c.state, c.kind, c.core, c.at_ps});
      return;
    }
    changed(ClusterEnergy::whole(c));
  }
  void changed(const ClusterEnergy::Change& c) override {
    ChangeRec r{};
    r.kind = Rec::Change;
    r.cluster = cluster_;
    r.change = c;
    s_.tell(r);
  }

 private:
  StatsCollector& s_;
  const uint32_t cluster_;
};

// Every change of an energy model goes to its follower on the stats thread
// (~8k a simulated second of mp3-short; a core's in 16 bytes, another in
// 64), where integrating it and keeping the history cost ~200
// instructions a change on this thread; and the VCD reads the rail's
// power from the follower after it (carry()).
void StatsCollector::follow_energy() {
  std::vector<ClusterEnergy*> followers;
  for (size_t c = 0; c < p_.clusters().size(); ++c) {
    ClusterEnergy& e = *p_.clusters()[c].energy;
    energy_.push_back(e.follower_copy());
    followers.push_back(energy_.back().get());
    taps_.push_back(std::make_unique<EnergyTap>(*this, static_cast<uint32_t>(c)));
    e.forward_only(*taps_.back());
  }
  task_energy_ = std::make_unique<TaskEnergy>(p_, followers);
  forgot_ns_.assign(p_.clusters().size(), 0);
  ahead_thread_.start([this](std::string_view chunk) { follow(chunk); });
}

void StatsCollector::carry(VcdWriter& vcd, std::unique_ptr<VcdEnergy> energy) {
  // The VCD's initial values were read from the models, and the followers
  // copied, before the run: no change may have come in between.
  if (sc_time_stamp() != SC_ZERO_TIME) throw std::logic_error("StatsCollector: carry() after the start");
  for (size_t c = 0; c < energy_.size(); ++c)
    if (!energy->starts_as(c, *energy_[c]))
      throw std::logic_error("StatsCollector: carry(): the waves start from another state than the energy followers");
  vcd.ride_on(ahead_thread_, static_cast<char>(Rec::Vcd));
  vcd_ = &vcd;
  vcd_energy_ = std::move(energy);
}

void StatsCollector::task_switch(unsigned core, uint32_t pid) {
  TaskRec r{};
  r.kind = Rec::Task;
  r.core = core;
  r.pid = pid;
  r.at_ps = sim_now().value();
  tell(r);
}

// On the stats thread: what the models, the task meters and collect() did
// on the simulation thread before, in the same order. A model error here
// (a question about a time the history no longer holds) is a fault of
// blsim's: it is kept for the simulation thread to raise (collect(),
// finish()), and the records after it are skipped.
void StatsCollector::follow(std::string_view chunk) {
  for (size_t at = 0; at < chunk.size(); at += record_size(chunk.data() + at)) {
    const char* const p = chunk.data() + at;
    if (failure_) continue;
    try {
      follow_one(p);
    } catch (...) {
      failure_ = std::current_exception();
      failed_.store(true, std::memory_order_release);
    }
  }
}

size_t StatsCollector::record_size(const char* record) {
  switch (static_cast<Rec>(*record)) {
    case Rec::Change: return sizeof(ChangeRec);
    case Rec::Core: return sizeof(CoreRec);
    case Rec::Task: return sizeof(TaskRec);
    case Rec::Take: return sizeof(TakeRec);
    case Rec::Forget: return sizeof(ForgetRec);
    case Rec::Hand: return sizeof(HandRec) + read_rec<HandRec>(record).bytes;
    case Rec::Prune: return sizeof(PruneRec);
    case Rec::Vcd: return 1 + VcdWriter::kRecordBytes;
  }
  std::abort();  // only tell() writes them
}

void StatsCollector::follow_one(const char* p) {
  switch (static_cast<Rec>(*p)) {
    case Rec::Change: {
      const auto r = read_rec<ChangeRec>(p);
      follow_change(r.cluster, r.change);
      break;
    }
    case Rec::Core: {
      const auto r = read_rec<CoreRec>(p);
      follow_change(r.cluster, ClusterEnergy::CoreChange{r.at_ps, r.core, r.state, r.work});
      break;
    }
    case Rec::Task: {
      const auto r = read_rec<TaskRec>(p);
      task_energy_->switch_to(r.core, r.pid, r.at_ps);
      break;
    }
    case Rec::Take: {
      const auto r = read_rec<TakeRec>(p);
      const size_t n = energy_.size();
      SwitchEnergy& se = switch_energy_[{r.t0_ns, r.t1_ns}];
      se.j.resize(n, 0.0);
      se.have.resize(n, 0);
      se.j[r.cluster] = energy_[r.cluster]->energy_between_ps(-1, r.t0_ps, r.t1_ps);
      se.have[r.cluster] = 1;
      break;
    }
    case Rec::Forget: {
      const auto r = read_rec<ForgetRec>(p);
      energy_[r.cluster]->forget_before_ps(r.horizon_ps);
      break;
    }
    case Rec::Hand: {
      SwitchLog::unpack(p + sizeof(HandRec), &handed_);
      const double e = switch_energy(handed_.requested_ns, handed_.end_ns);
      // Joined as they will stand in switches[] (SwitchLog::Ahead).
      if (!ahead_ends_.empty()) ahead_spool_.write(SwitchLog::kElementSeparator);
      ahead_spool_.write(SwitchLog::element_json(handed_, e, schema_));
      ahead_ends_.push_back(ahead_spool_.size());
      break;
    }
    case Rec::Prune: {
      const auto r = read_rec<PruneRec>(p);
      switch_energy_.erase(switch_energy_.begin(), switch_energy_.lower_bound({r.keep_from_ns, 0}));
      break;
    }
    case Rec::Vcd:
      vcd_->take(p + 1);
      break;
  }
}

// A change of cluster c's energy model, to its follower; with the waves
// on, through them, which read the follower's power after it.
template <typename C>
void StatsCollector::follow_change(uint32_t c, const C& change) {
  if (vcd_energy_) vcd_energy_->changed(c, *energy_[c], change);
  else energy_[c]->apply(change);
}

// On the simulation thread: a fault of the stats thread stops the run.
void StatsCollector::raise_failure() const {
  if (failed_.load(std::memory_order_acquire)) std::rethrow_exception(failure_);
}

// ---- switch energy -----------------------------------------------------------------

double StatsCollector::switch_energy(uint64_t t0, uint64_t t1) const {
  return switch_energy(switch_energy_.find({t0, t1}), t0, t1);
}

// it: switch_energy_'s entry for [t0, t1], or its end. On the stats thread,
// or after finish().
double StatsCollector::switch_energy(Taken it, uint64_t t0, uint64_t t1) const {
  double e = 0;
  for (size_t c = 0; c < energy_.size(); ++c) {
    if (it != switch_energy_.end() && it->second.have[c]) e += it->second.j[c];
    else e += energy_[c]->energy_between_ps(-1, ns_to_ps(t0), ns_to_ps(t1));
  }
  return e;
}

void StatsCollector::collect() {
  raise_failure();
  const std::deque<SwitchRecord>& done = switches_.done();
  const size_t n = p_.clusters().size();
  next_switch_.resize(n, 0);
  const uint64_t open_ns =
      (std::min<uint64_t>)(switches_.earliest_unfinished_ns(), sc_time_stamp().value() / 1000);
  for (size_t c = 0; c < n; ++c) {
    const ClusterModels& m = p_.clusters()[c];
    const uint64_t updated_ps = m.energy->updated().value();
    size_t& k = next_switch_[c];
    for (; k < done.size() && done[k].end_ns * 1000 <= updated_ps; ++k) {
      std::vector<char>& have = taken_[{done[k].requested_ns, done[k].end_ns}];
      have.resize(n, 0);
      have[c] = 1;
      TakeRec r{};
      r.kind = Rec::Take;
      r.cluster = static_cast<uint32_t>(c);
      r.t0_ns = done[k].requested_ns;
      r.t1_ns = done[k].end_ns;
      r.t0_ps = ns_to_ps(r.t0_ns);
      r.t1_ps = ns_to_ps(r.t1_ns);
      tell(r);
    }
    uint64_t horizon_ns = open_ns;
    for (size_t i = k; i < done.size(); ++i) horizon_ns = (std::min)(horizon_ns, done[i].requested_ns);
    // (A horizon no later than the last told forgets nothing.)
    if (horizon_ns > forgot_ns_[c]) {
      forgot_ns_[c] = horizon_ns;
      ForgetRec r{};
      r.kind = Rec::Forget;
      r.cluster = static_cast<uint32_t>(c);
      r.horizon_ps = ns_to_ps(horizon_ns);
      tell(r);
    }
  }
  hand_ahead();
}

// A switch goes to the rendering thread when it is settled, its energy is
// taken for every cluster (the number write_json() will print), and every
// switch before it in request order went: it is then where write_json()'s
// stable sort by request time will put it, since any switch finishing
// later was requested no earlier (earliest_unfinished_ns()) and, if at the
// same time, finishes after it.
void StatsCollector::hand_ahead() {
  if (!ahead_spool_.is_open()) return;
  const std::deque<SwitchRecord>& done = switches_.done();
  const auto by_request = [](const SwitchRecord* a, const SwitchRecord* b) {
    return a->requested_ns < b->requested_ns;
  };
  for (; done_seen_ < done.size(); ++done_seen_) {
    const SwitchRecord* s = &done[done_seen_];
    waiting_.insert(std::upper_bound(waiting_.begin(), waiting_.end(), s, by_request), s);
  }
  const uint64_t open_ns = switches_.earliest_unfinished_ns();
  size_t k = 0;
  for (; k < waiting_.size(); ++k) {
    const SwitchRecord& s = *waiting_[k];
    if (s.requested_ns > open_ns || !switches_.settled(s)) break;
    const auto it = taken_.find({s.requested_ns, s.end_ns});
    if (it == taken_.end() ||
        std::count(it->second.begin(), it->second.end(), 1) !=
            static_cast<std::ptrdiff_t>(p_.clusters().size()))
      break;
    // The thread renders it from its bytes; its steps go back to the log.
    const HandRec r = {Rec::Hand, static_cast<uint32_t>(SwitchLog::packed_size(s))};
    char* const at = ahead_thread_.claim(sizeof r + r.bytes);
    std::memcpy(at, &r, sizeof r);
    SwitchLog::pack(s, at + sizeof r);
    ahead_thread_.commit();
    switches_.drop_steps(s);
    ahead_.push_back(waiting_[k]);
  }
  waiting_.erase(waiting_.begin(), waiting_.begin() + static_cast<std::ptrdiff_t>(k));
  // The flags and energies of the switches handed over are not asked
  // again (kept, each map grew with the run, ~100 bytes a switch, and its
  // lookups with it).
  uint64_t keep_from;
  if (!kept_.advance(open_ns, waiting_.empty() ? UINT64_MAX : waiting_.front()->requested_ns,
                     sc_time_stamp().value() / 1000, &keep_from))
    return;
  taken_.erase(taken_.begin(), taken_.lower_bound({keep_from, 0}));
  tell(PruneRec{Rec::Prune, keep_from});
}

// Every switch not handed over yet was requested no earlier than the
// earliest unfinished one, the first one waiting, or now (one still to
// come: a request is stamped with its core's time, which is SystemC's
// between slices). Now matters when there is neither: the bound is then
// not "never", which, kept as the last bound, would stop every later
// pruning.
bool StatsCollector::KeepBound::advance(uint64_t open_ns, uint64_t first_waiting_ns,
                                        uint64_t now_ns, uint64_t* from) {
  const uint64_t bound = (std::min)({open_ns, first_waiting_ns, now_ns});
  if (bound <= kept_from_ns_) return false;
  kept_from_ns_ = *from = bound;
  return true;
}

void StatsCollector::finish() {
  if (finished_) return;
  ahead_thread_.finish();
  if (ahead_spool_.is_open()) ahead_file_ = ahead_spool_.rewind_body();
  finished_ = true;
  raise_failure();
}

namespace {

// Picosecond residencies to nanoseconds that still add up to the run: each
// part is truncated, and the parts' lost remainders go to the largest part.
std::vector<uint64_t> split_ns(const std::vector<uint64_t>& ps) {
  std::vector<uint64_t> ns;
  uint64_t total_ps = 0, sum_ns = 0;
  size_t largest = 0;
  for (size_t i = 0; i < ps.size(); ++i) {
    ns.push_back(ps[i] / 1000);
    total_ps += ps[i];
    sum_ns += ns.back();
    if (ps[i] > ps[largest]) largest = i;
  }
  if (!ns.empty()) ns[largest] += total_ps / 1000 - sum_ns;
  return ns;
}

void write_config(JsonWriter& j, const RunInfo& r) {
  auto str_or_null = [&](const char* k, const std::string& v) {
    j.key(k);
    if (v.empty()) j.null(); else j.value(v);
  };
  auto strings = [&](const char* k, const std::vector<std::string>& v) {
    j.key(k).begin_array();
    for (const std::string& s : v) j.value(s);
    j.end_array();
  };
  j.key("config").begin_object();
  j.field("version", r.version);
  j.field("dtb", r.dtb);
  str_or_null("workload", r.workload);
  str_or_null("switcher", r.switcher);
  str_or_null("sched", r.sched);
  str_or_null("cpufreq_governor", r.cpufreq_governor);
  str_or_null("cpuidle_governor", r.cpuidle_governor);
  j.field("seed", r.seed);
  j.field("duration_ns", r.duration_ns);
  strings("set", r.sets);
  strings("dt", r.dts);
  j.field("early_poke", r.early_poke);
  j.end_object();
}

void write_sim(JsonWriter& j, const RunInfo& r) {
  // Host figures vary from run to run; they are written only on request
  // (--host-stats) so that the same inputs give byte-identical stats.
  j.key("sim").begin_object();
  j.field("simulated_ns", r.simulated_ns);
  j.key("host_seconds");
  if (r.host_stats) j.value(r.host_seconds); else j.null();
  j.key("real_time_factor");
  if (r.host_stats && r.host_seconds > 0) j.value(r.simulated_ns / 1e9 / r.host_seconds);
  else j.null();
  j.end_object();
}

// The energy models' followers, in the order of Platform::clusters().
using Energies = std::vector<std::unique_ptr<ClusterEnergy>>;

// Energy of platform core i: its meter in its cluster's energy model.
double core_energy_j(Platform& p, const Energies& e, unsigned i) {
  for (size_t c = 0; c < p.clusters().size(); ++c) {
    const ClusterModels& m = p.clusters()[c];
    for (unsigned k = 0; k < m.cores.size(); ++k)
      if (m.cores[k] == i) return e[c]->core_j(k);
  }
  return 0;
}

void write_cores(JsonWriter& j, Platform& p, const Energies& e) {
  j.key("cores").begin_array();
  for (unsigned i = 0; i < p.nr_cores(); ++i) {
    Core& c = p.core(i);
    j.begin_object();
    j.field("index", i);
    j.field("mpidr", c.params().mpidr);
    j.field("cluster", (c.params().mpidr >> 8) & 0xff);
    j.field("type", c.params().type);
    std::vector<uint64_t> ps;
    for (unsigned s = 0; s < static_cast<unsigned>(Core::State::Count); ++s)
      ps.push_back(c.residency(static_cast<Core::State>(s)).value());
    const std::vector<uint64_t> ns = split_ns(ps);
    j.key("state_residency_ns").begin_object();
    for (unsigned s = 0; s < ns.size(); ++s)
      j.field(Core::state_name(static_cast<Core::State>(s)), ns[s]);
    j.end_object();
    j.field("final_state", Core::state_name(c.state()));
    j.field("energy_j", core_energy_j(p, e, i));
    j.end_object();
  }
  j.end_array();
}

void write_clusters(JsonWriter& j, Platform& p, const Energies& e,
                    const std::vector<std::unique_ptr<FreqResidency>>& freq) {
  j.key("clusters").begin_array();
  for (size_t i = 0; i < p.clusters().size(); ++i) {
    const ClusterModels& m = p.clusters()[i];
    j.begin_object();
    j.field("id", m.cluster->params().id);
    j.field("type", m.cluster->params().type);
    const auto by_khz = freq[i]->ps_by_khz();
    std::vector<uint64_t> ps;
    for (auto& kv : by_khz) ps.push_back(kv.second);
    const std::vector<uint64_t> ns = split_ns(ps);
    j.key("opp_residency_ns").begin_object();
    size_t k = 0;
    for (auto& kv : by_khz) j.field(std::to_string(kv.first), ns[k++]);
    j.end_object();
    // The cluster's operating points as the hardware holds them (the SPC's
    // tables on TC2, the DT's operating-points-v2 elsewhere), and its rail now.
    const ClusterConfig& cc = p.config().clusters[i];
    j.key("opps").begin_array();
    for (const OppConfig& o : cc.opps) {
      j.begin_object();
      j.field("khz", o.khz);
      j.field("uv", o.uv);
      j.end_object();
    }
    j.end_array();
    j.field("rail", cc.rail_name);
    j.field("voltage_uv", m.rail->voltage_uv());
    j.field("power_ups", m.power->power_ups());
    j.field("power_downs", m.power->power_downs());
    j.field("power_state", PowerDomain::name_of(m.power->state()));
    const unsigned port = static_cast<unsigned>(p.config().clusters[i].cci_slave_if);
    j.field("cci_snoops_enabled", p.cci().snoops_enabled(port));
    j.field("cci_port_enables", p.cci().port_stats(port).snoop_enables);
    j.field("cci_port_disables", p.cci().port_stats(port).snoop_disables);
    // The whole cluster (its cores and its uncore: L2, SCU, CCI port).
    j.field("energy_j", e[i]->rail_j());
    j.field("uncore_energy_j", e[i]->uncore_j());
    j.end_object();
  }
  j.end_array();
}

void write_time_in_state(JsonWriter& j, const kreport_cpufreq& s) {
  j.begin_object();
  for (unsigned k = 0; k < s.state_num; ++k) j.field(std::to_string(s.freq_khz[k]), s.time_in_state_ns[k]);
  j.end_object();
}

void write_trans_table(JsonWriter& j, const kreport_cpufreq& s) {
  j.key("trans_table").begin_array();
  for (unsigned a = 0; a < s.state_num; ++a) {
    j.begin_array();
    for (unsigned b = 0; b < s.state_num; ++b) j.value(s.trans_table[a][b]);
    j.end_array();
  }
  j.end_array();
}

// The cpufreq policies as Linux's cpufreq stats show them: time_in_state,
// total_trans, trans_table, plus each transition's latency.
void write_cpufreq(JsonWriter& j, uint64_t now_ns) {
  j.key("cpufreq").begin_array();
  for (unsigned i = 0; i < kreport_cpufreq_nr_policies(); ++i) {
    kreport_cpufreq s;
    if (kreport_read_cpufreq(i, now_ns, &s)) continue;
    j.begin_object();
    j.field("policy_cpu", s.policy_cpu);
    j.key("related_cpus").begin_array();
    for (unsigned c = 0; c < 32; ++c) if (s.related_cpus & (1u << c)) j.value(c);
    j.end_array();
    j.field("cur_khz", s.cur_khz);
    j.field("start_ns", s.start_ns);  // policy created: time_in_state counts from here
    j.key("time_in_state_ns");
    write_time_in_state(j, s);
    j.field("total_trans", s.total_trans);
    j.field("failed_trans", s.failed_trans);
    write_trans_table(j, s);
    j.key("transition_latency_ns").begin_object();
    j.field("count", s.latency_count);
    if (s.latency_count) {
      j.field("min", s.latency_min_ns);
      j.field("avg", s.latency_sum_ns / s.latency_count);
      j.field("max", s.latency_max_ns);
    }
    j.end_object();
    j.end_object();
  }
  j.end_array();
}

// IPIs by type, sent to a logical CPU and received by it: they must match,
// whatever core the CPU was on when each arrived.
void write_ipis(JsonWriter& j, unsigned cpu) {
  j.key("ipis_sent").begin_object();
  for (unsigned t = 0; t < KREPORT_NR_IPI_TYPES; ++t) j.field(kreport_ipi_name(t), kreport_ipis_sent(cpu, t));
  j.end_object();
  j.key("ipis_received").begin_object();
  for (unsigned t = 0; t < KREPORT_NR_IPI_TYPES; ++t)
    j.field(kreport_ipi_name(t), kreport_ipis_received(cpu, t));
  j.end_object();
}

// What the kernel's cpuidle accounting says (the sysfs view): driver, and
// time and usage per state. The state a CPU is in at the end counts up to
// now (it has not left it).
void write_cpuidle(JsonWriter& j, unsigned cpu, uint64_t now_ns) {
  kreport_cpuidle st;
  if (kreport_read_cpuidle(cpu, now_ns, &st) == 0) {
    j.field("cpuidle_driver", st.driver);
    j.key("idle_state_residency_ns").begin_object();
    for (int s = 0; s < st.state_count; ++s) j.field(st.states[s].name, st.states[s].time_ns);
    j.end_object();
    j.key("idle_state_usage").begin_object();
    for (int s = 0; s < st.state_count; ++s) j.field(st.states[s].name, st.states[s].usage);
    j.end_object();
  } else {
    j.key("cpuidle_driver").null();
    j.key("idle_state_residency_ns").begin_object().end_object();
  }
}

void write_cpus(JsonWriter& j, uint64_t now_ns) {
  j.key("cpus").begin_array();
  for (unsigned cpu = 0; cpu < kreport_nr_cpus(); ++cpu) {
    kreport_cpufreq fs;
    const int pol = kreport_cpufreq_policy_of(cpu);
    j.begin_object();
    j.field("logical", cpu);
    // The kernel's idle time (tick-sched's idle_sleeptime, as
    // get_cpu_idle_time_us reports it), including an idle period still
    // open at the end and idle before cpuidle registered.
    j.field("idle_ns", kreport_idle_ns(cpu, now_ns));
    write_ipis(j, cpu);
    j.key("freq_residency_ns");
    if (pol >= 0 && kreport_read_cpufreq(static_cast<unsigned>(pol), now_ns, &fs) == 0)
      write_time_in_state(j, fs);
    else
      j.begin_object().end_object();
    write_cpuidle(j, cpu, now_ns);
    j.end_object();
  }
  j.end_array();
}

void write_boot(JsonWriter& j) {
  j.key("boot").begin_array();
  for (const GlueMark& m : glue_marks()) {
    j.begin_object();
    j.field("ns", m.ns);
    j.field("core", m.core);
    j.field("event", m.event);
    j.end_object();
  }
  j.end_array();
}

}  // namespace

// A statistic of samples: its value, or null when there were none (the key
// is always there for scripts that read it).
template <typename T>
static void sample_field(JsonWriter& j, const char* key, bool any, T v) {
  if (any) j.field(key, v);
  else j.key(key).null();
}

// {min, avg, max} of n samples, nulls when there are none.
static void min_avg_max(JsonWriter& j, const char* key, uint64_t n, uint64_t min, uint64_t sum, uint64_t max) {
  j.key(key).begin_object();
  sample_field(j, "min", n != 0, min);
  sample_field(j, "avg", n != 0, n ? sum / n : 0);
  sample_field(j, "max", n != 0, max);
  j.end_object();
}

// The nearest-rank percentile p of n sorted samples (as numpy's "inverted_cdf").
static uint64_t percentile(const std::vector<uint64_t>& sorted, unsigned p) {
  const size_t rank = (sorted.size() * p + 99) / 100;  // ceil(n * p / 100), at least 1
  return sorted[rank ? rank - 1 : 0];
}

// tasks[].wakeup_latency_p50_ns and _p99_ns: the same samples as
// wakeup_latency_ns, nulls when there are none.
static void wakeup_percentiles(JsonWriter& j, const uint64_t* samples, uint64_t n) {
  std::vector<uint64_t> v(samples, samples + (samples ? n : 0));
  std::sort(v.begin(), v.end());
  sample_field(j, "wakeup_latency_p50_ns", !v.empty(), v.empty() ? 0 : percentile(v, 50));
  sample_field(j, "wakeup_latency_p99_ns", !v.empty(), v.empty() ? 0 : percentile(v, 99));
}

// tasks[]: rt-app's per-thread results (its log columns, summed over the
// run) with the scheduler's counters and the energy of the task's cores.
void StatsCollector::write_tasks(JsonWriter& j) const {
  j.key("tasks").begin_array();
  wl_thread_stats s;
  for (int i = 0; rtapp_thread_stats(i, &s) == 0; ++i) {
    j.begin_object();
    j.field("name", std::string(s.name));
    j.field("pid", static_cast<int64_t>(s.pid));
    j.field("activations", s.activations);
    j.field("run_ns", s.run_ns);
    j.field("run_events", s.run_events);
    j.field("cpu_ns", s.cpu_ns);
    min_avg_max(j, "period_ns", s.period_n, s.period_min_ns, s.period_sum_ns, s.period_max_ns);
    j.key("slack_ns").begin_object();
    sample_field(j, "min", s.timer_n != 0, static_cast<int64_t>(s.slack_min_ns));
    sample_field(j, "avg", s.timer_n != 0,
                 s.timer_n ? static_cast<int64_t>(s.slack_sum_ns / static_cast<int64_t>(s.timer_n)) : 0);
    j.end_object();
    j.field("missed", s.missed);
    j.key("timer_latency_ns").begin_object();
    sample_field(j, "avg", s.wu_lat_n != 0, s.wu_lat_n ? s.wu_lat_sum_ns / s.wu_lat_n : 0);
    sample_field(j, "max", s.wu_lat_n != 0, s.wu_lat_max_ns);
    j.end_object();
    j.field("wakeups", s.wakeups);
    min_avg_max(j, "wakeup_latency_ns", s.wakeup_lat_n, s.wakeup_lat_min_ns, s.wakeup_lat_sum_ns,
                s.wakeup_lat_max_ns);
    wakeup_percentiles(j, s.wakeup_lat_ns, s.wakeup_lat_kept);
    j.field("voluntary_switches", s.nvcsw);
    j.field("involuntary_switches", s.nivcsw);
    j.field("migrations", s.migrations);
    j.field("up_migrations", s.up_migrations);
    j.field("down_migrations", s.down_migrations);
    // Where its wake-ups (and its creation) placed it: one count per
    // clusters[] entry, in the same order.
    j.key("placements").begin_array();
    for (auto& m : p_.clusters()) j.value(s.placements[m.cluster->params().id & 3]);
    j.end_array();
    j.field("finished", s.finished != 0);
    j.key("energy_j");
    if (report_task_j_) j.value(task_energy_->pid_j(static_cast<uint32_t>(s.pid), sc_time_stamp().value()));
    else j.null();
    j.end_object();
  }
  j.end_array();
}

bool StatsCollector::write_json(FILE* out, const RunInfo& r) const {
  {
    JsonWriter j(out);  // all written when it goes
    if (!write(j, r)) {
      errno = EIO;
      return false;
    }
  }
  fputc('\n', out);
  return true;
}

bool StatsCollector::write(JsonWriter& j, const RunInfo& r) const {
  if (!finished_) return false;  // the followers are the stats thread's until finish()
  j.begin_object();
  j.field("schema", r.stats_schema == 1 ? "blsim-stats/1" : "blsim-stats/2");
  write_config(j, r);
  write_sim(j, r);
  for (auto& e : energy_) e->sync_at(sc_time_stamp().value());  // every meter up to now
  write_cores(j, p_, energy_);
  write_clusters(j, p_, energy_, freq_);
  j.key("rails").begin_array();
  for (size_t c = 0; c < p_.clusters().size(); ++c) {
    const ClusterModels& m = p_.clusters()[c];
    j.begin_object();
    j.field("name", std::string(m.rail->basename()));
    j.field("voltage_uv", m.rail->voltage_uv());
    // TC2 has one Vcore rail per cluster: the rail's meter is the cluster's.
    const double rail_j = energy_[c]->rail_j();
    j.field("energy_j", rail_j);
    j.key("avg_power_w");
    if (r.simulated_ns > 0) j.value(rail_j / (r.simulated_ns / 1e9)); else j.null();
    j.end_object();
  }
  j.end_array();
  write_cpus(j, sc_time_stamp().value() / 1000);
  write_cpufreq(j, sc_time_stamp().value() / 1000);
  // The switches rendered during the run, copied from their spool (from
  // its start: a second write copies them again) by the kernel: read back
  // and written by hand, their ~8 MB per simulated minute of mp3-short
  // were the longest step after the simulation.
  SwitchLog::Ahead ahead{ahead_, nullptr};
  ahead.first = [this](JsonWriter& j, size_t n, bool* wrote) {
    *wrote = true;
    return j.raw_value_from(fileno(ahead_file_), 0, ahead_ends_[n - 1]);
  };
  const bool use = ahead_file_ && r.stats_schema == schema_ && ahead_ends_.size() == ahead_.size();
  if (!switches_.write_json(j, [this](uint64_t t0, uint64_t t1) { return switch_energy(t0, t1); },
                            r.stats_schema, use ? &ahead : nullptr))
    return false;
  write_tasks(j);
  double total_j = 0;  // the sum of the rails
  for (auto& e : energy_) total_j += e->rail_j();
  j.field("energy_j", total_j);
  write_boot(j);
  // Interrupts handled, by GIC INTID (kstat_irqs), all CPUs together.
  j.key("irq_counts").begin_object();
  for (unsigned irq = 0; irq < 1020; ++irq)
    if (kreport_irq_count(irq)) j.field(std::to_string(irq), kreport_irq_count(irq));
  j.end_object();
  j.key("events").begin_array();
  for (const EventDevice::Outcome& o : p_.events().outcomes()) {
    j.begin_object();
    j.field("event", o.event.text);
    j.field("at_ns", o.event.at_ns);
    j.field("posted_ns", o.posted_ns);
    j.key("done_ns");
    if (o.done) j.value(o.done_ns); else j.null();
    j.key("result");
    if (o.done) j.value(static_cast<int64_t>(o.result)); else j.null();
    j.end_object();
  }
  j.end_array();
  j.key("warnings").begin_array();
  for (auto& w : model_warnings()) j.value(w);
  j.end_array();
  j.end_object();
  return true;
}
