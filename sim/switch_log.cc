// SPDX-License-Identifier: GPL-2.0-only
#include "sim/switch_log.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <set>
#include <type_traits>

#include "sim/json_writer.h"

uint64_t SwitchRecord::step_ns(switch_step name) const {
  for (auto& s : steps)
    if (s.name == name && !s.open) return s.end_ns - s.start_ns;
  return 0;
}

void SwitchLog::take_requests(std::vector<Pending>& from, unsigned cpu,
                              std::vector<Pending>& into) {
  for (auto it = from.begin(); it != from.end();) {
    if (it->cpu == cpu) {
      into.push_back(*it);
      it = from.erase(it);
    } else {
      ++it;
    }
  }
}

SwitchRecord* SwitchLog::open_for_cpu(unsigned cpu) {
  for (auto& s : open_)
    if (s.cpu == cpu && !s.powering_down) return &s;
  return nullptr;
}

void SwitchLog::task_wait(unsigned cpu, uint64_t wait_ns) {
  SwitchRecord* latest = nullptr;
  for (auto& s : open_)
    if (s.cpu == cpu && (!latest || s.requested_ns > latest->requested_ns)) latest = &s;
  if (!latest)
    for (auto it = done_.rbegin(); it != done_.rend() && !latest; ++it)
      if (it->cpu == cpu) latest = &*it;
  if (latest) latest->task_wait_ns = (std::max)(latest->task_wait_ns, wait_ns);
}

SwitchRecord* SwitchLog::powering_down_on(unsigned core) {
  for (auto& s : open_)
    if (s.powering_down && s.outbound_core == static_cast<int>(core)) return &s;
  return nullptr;
}

void SwitchLog::begin(SwitchRecord& s, switch_step name, unsigned core, uint64_t ns) {
  s.steps.push_back({name, core, ns, ns, true});
}

void SwitchLog::end(SwitchRecord& s, switch_step name, uint64_t ns) {
  for (auto it = s.steps.rbegin(); it != s.steps.rend(); ++it) {
    if (it->name == name && it->open) {
      it->end_ns = ns;
      it->open = false;
      return;
    }
  }
}

// A request only becomes a switch when the switcher thread acts on it;
// requests overtaken by a later one before that merge into it.
void SwitchLog::request(uint64_t ns, unsigned cpu, const char* cause) {
  pending_requests_.push_back({cpu, ns, cause ? cause : ""});
}

// The switcher thread took the requests made so far; any it took before
// that did not lead to a switch (already on that cluster).
void SwitchLog::requests_taken(unsigned cpu) {
  for (auto it = taken_requests_.begin(); it != taken_requests_.end();)
    it = it->cpu == cpu ? taken_requests_.erase(it) : it + 1;
  take_requests(pending_requests_, cpu, taken_requests_);
}

// The entry vectors are gated: a switch begins, dated from the earliest
// request it serves.
void SwitchLog::open_switch(uint64_t ns, unsigned core, unsigned cpu) {
  SwitchRecord s;
  s.cpu = cpu;
  s.outbound_core = static_cast<int>(core);
  s.from_cluster = cluster_of_[core];
  s.requested_ns = ns;
  mine_.clear();
  take_requests(taken_requests_, cpu, mine_);
  if (mine_.empty()) take_requests(pending_requests_, cpu, mine_);  // bL_switch_to called directly
  for (const Pending& p : mine_) {
    if (p.ns <= s.requested_ns) {
      s.requested_ns = p.ns;
      s.cause = p.cause;
    }
  }
  // Room for one of each step at once, not a chain of reallocations
  // (7,600 records kept in 60 s of mp3-short): a handed-over switch's if
  // there is one.
  if (!spare_steps_.empty()) {
    s.steps = std::move(spare_steps_.back());
    spare_steps_.pop_back();
  } else {
    s.steps.reserve(SWITCH_STEP_NR);
  }
  s.steps.push_back({SWITCH_STEP_REQUEST, core, s.requested_ns, ns, false});
  open_.push_back(std::move(s));
}

void SwitchLog::abort_switch(unsigned cpu) {
  for (auto it = open_.begin(); it != open_.end(); ++it)
    if (it->cpu == cpu && !it->powering_down) {
      open_.erase(it);
      return;
    }
}

// The switch a step of cpu on core belongs to: the one in flight, else
// (steps of the outbound after the inbound took over) the one core is the
// outbound of; null if none.
SwitchRecord* SwitchLog::record_of(unsigned core, unsigned cpu) {
  if (SwitchRecord* s = open_for_cpu(cpu)) return s;
  SwitchRecord* s = nullptr;
  for (auto& o : open_)
    if (o.cpu == cpu && o.outbound_core == static_cast<int>(core)) s = &o;
  return s;
}

// A core taken as an inbound ends any earlier switch it was the outbound of
// (its power-down ended, or was overtaken by this power-up: MCPM's use
// counts let a power_up win over a power_down).
void SwitchLog::inbound_resumed(SwitchRecord& rec, uint64_t ns, unsigned core) {
  SwitchRecord* s = &rec;
  for (size_t i = 0; i < open_.size();) {
    SwitchRecord& o = open_[i];
    bool core_off = false;
    for (auto& st : o.steps) core_off |= st.name == SWITCH_STEP_OUTBOUND_CORE_OFF;
    // Also a last man whose cluster now gets an inbound: the cluster
    // stays on, so its switch ends when its core went off.
    const bool cluster_reused = o.last_man && core_off && o.from_cluster == cluster_of_[core];
    if (&o != s && o.powering_down && (o.outbound_core == static_cast<int>(core) || cluster_reused)) {
      uint64_t off = ns;
      for (auto& st : o.steps)
        if (st.name == SWITCH_STEP_OUTBOUND_CORE_OFF) off = st.end_ns;
      end(o, SWITCH_STEP_OUTBOUND_POWER_DOWN, off);
      const size_t before = open_.size();
      const ptrdiff_t self = s - open_.data();
      finish(o, off);
      if (open_.size() < before && i < static_cast<size_t>(self)) s = &open_[self - 1];
      continue;
    }
    ++i;
  }
  s->inbound_core = static_cast<int>(core);
  s->to_cluster = cluster_of_[core];
  uint64_t released = ns;
  for (auto& st : s->steps)
    if (st.name == SWITCH_STEP_INBOUND_RELEASED) released = st.end_ns;
  s->steps.push_back({SWITCH_STEP_INBOUND_RESUMED, core, released, ns, false});
}

void SwitchLog::kernel_step(uint64_t ns, unsigned core, unsigned cpu, switch_step step,
                            bool is_end) {
  if (step == SWITCH_STEP_REQUEST_TAKEN) return requests_taken(cpu);
  if (step == SWITCH_STEP_ENTRY_VECTORS_GATED && !is_end) open_switch(ns, core, cpu);
  if (step == SWITCH_STEP_ABORTED) return abort_switch(cpu);
  SwitchRecord* s = record_of(core, cpu);
  if (!s) return;
  if (step == SWITCH_STEP_INBOUND_RESUMED) return inbound_resumed(*s, ns, core);
  if (is_end) end(*s, step, ns);
  else begin(*s, step, core, ns);
  if (step == SWITCH_STEP_OUTBOUND_POWER_DOWN && !is_end) s->powering_down = true;
}

void SwitchLog::flush(uint64_t ns, unsigned core, bool all, bool is_end) {
  SwitchRecord* s = powering_down_on(core);
  if (!s) return;
  const switch_step name = all ? SWITCH_STEP_OUTBOUND_L1_L2_CLEAN : SWITCH_STEP_OUTBOUND_L1_CLEAN;
  if (all) s->last_man = true;
  if (is_end) end(*s, name, ns);
  else begin(*s, name, core, ns);
}

void SwitchLog::cci_port_off(uint64_t ns, unsigned cluster) {
  for (auto& s : open_) {
    if (s.powering_down && s.from_cluster == cluster) {
      s.steps.push_back({SWITCH_STEP_CCI_PORT_DISABLED, static_cast<unsigned>(s.outbound_core), ns, ns, false});
      return;
    }
  }
}

void SwitchLog::core_reset(uint64_t ns, unsigned core) {
  SwitchRecord* s = powering_down_on(core);
  if (!s) return;
  for (auto& st : s->steps)
    if (st.name == SWITCH_STEP_OUTBOUND_CORE_OFF) return;  // already off: a later reset is not ours
  end(*s, SWITCH_STEP_OUTBOUND_POWER_DOWN, ns);
  s->steps.push_back({SWITCH_STEP_OUTBOUND_CORE_OFF, core, ns, ns, false});
  if (!s->last_man) finish(*s, ns);
}

void SwitchLog::cluster_off(uint64_t ns, unsigned cluster) {
  for (auto& s : open_) {
    if (s.powering_down && s.last_man && s.from_cluster == cluster) {
      uint64_t reset = ns;
      for (auto& st : s.steps)
        if (st.name == SWITCH_STEP_OUTBOUND_CORE_OFF) reset = st.end_ns;
      s.steps.push_back({SWITCH_STEP_OUTBOUND_CLUSTER_OFF, static_cast<unsigned>(s.outbound_core), reset, ns, false});
      finish(s, ns);
      return;
    }
  }
}

namespace {

// Stable, by start time: steps that start together keep the order they
// were noted in (the one order std::stable_sort gives too). An insertion
// sort, for so few (~10), without the buffer std::stable_sort allocates
// at every call.
void sort_by_start(std::vector<SwitchStep>& steps) {
  for (size_t i = 1; i < steps.size(); ++i) {
    const SwitchStep st = steps[i];
    size_t j = i;
    for (; j > 0 && steps[j - 1].start_ns > st.start_ns; --j) steps[j] = steps[j - 1];
    steps[j] = st;
  }
}

}  // namespace

void SwitchLog::finish(SwitchRecord& s, uint64_t ns) {
  s.end_ns = ns;
  s.complete = true;
  // Moved, not copied: the open record is erased right after.
  SwitchRecord done = std::move(s);
  sort_by_start(done.steps);
  open_.erase(open_.begin() + (&s - open_.data()));
  done_.push_back(std::move(done));
}

uint64_t SwitchLog::earliest_unfinished_ns() const {
  uint64_t t = UINT64_MAX;
  for (const SwitchRecord& s : open_) t = std::min(t, s.requested_ns);
  for (const Pending& p : pending_requests_) t = std::min(t, p.ns);
  for (const Pending& p : taken_requests_) t = std::min(t, p.ns);
  return t;
}

namespace {

// schema 1: an object per step; 2: [step, core, start - requested_ns,
// duration], the step an index into "switch_steps" (blsim/switch_steps.h).
void write_steps(JsonWriter& j, const SwitchRecord& s, int schema) {
  j.key("steps");
  if (schema >= 2) {
    std::vector<uint64_t> v;
    v.reserve(4 * s.steps.size());
    for (const SwitchStep& st : s.steps) {
      if (st.open) continue;
      v.insert(v.end(), {static_cast<uint64_t>(st.name), st.core, st.start_ns - s.requested_ns,
                         st.end_ns - st.start_ns});
    }
    j.inline_rows(v.data(), v.size() / 4, 4);
    return;
  }
  j.begin_array();
  for (const SwitchStep& st : s.steps) {
    if (st.open) continue;
    j.begin_object();
    j.field("name", switch_step_name(st.name));
    j.field("core", st.core);
    j.field("start_ns", st.start_ns);
    j.field("end_ns", st.end_ns);
    j.end_object();
  }
  j.end_array();
}

void write_switch(JsonWriter& j, const SwitchRecord& s, const SwitchLog::EnergyBetween& energy_j,
                  int schema) {
  j.begin_object();
  j.field("cpu", s.cpu);
  j.field("from_cluster", s.from_cluster);
  j.field("to_cluster", s.to_cluster);
  j.field("outbound_core", s.outbound_core);
  j.field("inbound_core", s.inbound_core);
  j.field("requested_ns", s.requested_ns);
  j.field("cause", s.cause);
  bool cluster_mode = false;
  for (const SwitchStep& st : s.steps) cluster_mode |= st.name == SWITCH_STEP_CLUSTER_RENDEZVOUS;
  j.field("mode", cluster_mode ? "cluster" : "iks");
  j.field("blackout_ns", s.step_ns(SWITCH_STEP_BLACKOUT));
  j.field("total_ns", s.end_ns - s.requested_ns);
  j.field("task_wait_ns", s.task_wait_ns);
  j.field("outbound_last_man", s.last_man);
  // From the request to the outbound power-off, every rail.
  j.key("energy_j");
  if (energy_j) j.value(energy_j(s.requested_ns, s.end_ns)); else j.null();
  write_steps(j, s, schema);
  j.end_object();
}

}  // namespace

bool SwitchLog::settled(const SwitchRecord& s) const {
  for (const SwitchRecord& o : open_)
    if (o.cpu == s.cpu) return true;
  for (auto it = done_.rbegin(); it != done_.rend(); ++it)
    if (it->cpu == s.cpu) return &*it != &s;
  return false;
}

namespace {

// A packed switch: this, then its steps, then its cause's bytes.
struct PackedSwitch {
  uint32_t cpu, from_cluster, to_cluster;
  int32_t outbound_core, inbound_core;
  uint32_t steps, cause_bytes;
  uint8_t last_man, powering_down, complete;
  uint64_t requested_ns, end_ns, task_wait_ns;
};
static_assert(std::is_trivially_copyable_v<SwitchStep>, "steps are packed as bytes");

}  // namespace

size_t SwitchLog::packed_size(const SwitchRecord& s) {
  return sizeof(PackedSwitch) + s.steps.size() * sizeof(SwitchStep) + s.cause.size();
}

void SwitchLog::pack(const SwitchRecord& s, char* out) {
  const PackedSwitch h = {s.cpu, s.from_cluster, s.to_cluster, s.outbound_core, s.inbound_core,
                          static_cast<uint32_t>(s.steps.size()), static_cast<uint32_t>(s.cause.size()),
                          s.last_man, s.powering_down, s.complete,
                          s.requested_ns, s.end_ns, s.task_wait_ns};
  std::memcpy(out, &h, sizeof h);
  out += sizeof h;
  if (!s.steps.empty()) std::memcpy(out, s.steps.data(), s.steps.size() * sizeof(SwitchStep));
  out += s.steps.size() * sizeof(SwitchStep);
  if (!s.cause.empty()) std::memcpy(out, s.cause.data(), s.cause.size());
}

size_t SwitchLog::unpack(const char* in, SwitchRecord* into) {
  PackedSwitch h;
  std::memcpy(&h, in, sizeof h);
  SwitchRecord& s = *into;
  s.cpu = h.cpu;
  s.from_cluster = h.from_cluster;
  s.to_cluster = h.to_cluster;
  s.outbound_core = h.outbound_core;
  s.inbound_core = h.inbound_core;
  s.last_man = h.last_man;
  s.powering_down = h.powering_down;
  s.complete = h.complete;
  s.requested_ns = h.requested_ns;
  s.end_ns = h.end_ns;
  s.task_wait_ns = h.task_wait_ns;
  s.steps_taken = false;
  const char* const steps = in + sizeof h;
  s.steps.resize(h.steps);
  if (h.steps) std::memcpy(s.steps.data(), steps, h.steps * sizeof(SwitchStep));
  s.cause.assign(steps + h.steps * sizeof(SwitchStep), h.cause_bytes);
  return sizeof h + h.steps * sizeof(SwitchStep) + h.cause_bytes;
}

void SwitchLog::drop_steps(const SwitchRecord& s) {
  // s is one of done_'s, which are not const: done() shows them const to
  // its readers.
  SwitchRecord& kept = const_cast<SwitchRecord&>(s);
  std::vector<SwitchStep> room;
  room.swap(kept.steps);  // kept.steps now owns no memory
  room.clear();
  spare_steps_.push_back(std::move(room));
  kept.steps_taken = true;
}

// Made where it will stand, an element of an array two levels deep (as
// in stats.json's switches[]), so that YAJL indents it for there: the text
// from its opening brace on. (Made alone and indented after, line by line,
// it cost a sixth more.)
std::string SwitchLog::element_json(const SwitchRecord& s, double energy_j, int schema) {
  JsonWriter w;
  w.begin_object().key("switches").begin_array();
  const size_t opened = w.view().size();
  write_switch(w, s, [energy_j](uint64_t, uint64_t) { return energy_j; }, schema);
  const std::string_view t = w.view();
  return std::string(t.substr(t.find('{', opened)));
}

bool SwitchLog::write_json(JsonWriter& j, const EnergyBetween& energy_j, int schema,
                           const Ahead* ahead) const {
  // In request order (they can finish out of order: a last man waits for
  // its cluster's power-off while the next switch completes).
  std::vector<const SwitchRecord*> order;
  for (const SwitchRecord& s : done_) order.push_back(&s);
  std::stable_sort(order.begin(), order.end(), [](const SwitchRecord* a, const SwitchRecord* b) {
    return a->requested_ns < b->requested_ns;
  });
  if (schema >= 2) {
    j.key("switch_steps").begin_array();
    for (int i = 0; i < SWITCH_STEP_NR; ++i) j.value(switch_step_name(static_cast<switch_step>(i)));
    j.end_array();
  }
  size_t k = 0;
  if (ahead && ahead->first && ahead->switches.size() <= order.size() &&
      std::equal(ahead->switches.begin(), ahead->switches.end(), order.begin()))
    k = ahead->switches.size();
  j.key("switches").begin_array();
  size_t i = 0;
  if (k) {
    bool wrote = false;
    if (ahead->first(j, k, &wrote)) i = k;
    else if (wrote) return false;
  }
  for (; i < order.size(); ++i) {
    if (order[i]->steps_taken) return false;
    write_switch(j, *order[i], energy_j, schema);
  }
  j.end_array();
  return true;
}
