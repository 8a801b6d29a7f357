// SPDX-License-Identifier: GPL-2.0-only
#include "sim/task_energy.h"

#include "models/power/energy_model.h"
#include "sim/platform.h"

TaskEnergy::TaskEnergy(const Platform& p, const std::vector<ClusterEnergy*>& models)
    : meter_(p.nr_cores()), pid_(p.nr_cores(), 0), since_j_(p.nr_cores(), 0.0) {
  for (size_t c = 0; c < p.clusters().size(); ++c) {
    const ClusterModels& m = p.clusters()[c];
    for (unsigned k = 0; k < m.cores.size(); ++k) meter_.at(m.cores[k]) = {models.at(c), k};
  }
}

double TaskEnergy::core_j(unsigned core, uint64_t at_ps) {
  const Meter& m = meter_[core];
  if (!m.model) return 0;
  m.model->sync_at(at_ps);
  return m.model->core_j(m.index);
}

void TaskEnergy::settle(unsigned core, uint64_t at_ps) {
  const double now = core_j(core, at_ps);
  j_[pid_[core]] += now - since_j_[core];
  since_j_[core] = now;
}

void TaskEnergy::switch_to(unsigned core, uint32_t pid, uint64_t at_ps) {
  if (core >= pid_.size() || pid_[core] == pid) return;
  settle(core, at_ps);
  pid_[core] = pid;
}

double TaskEnergy::pid_j(uint32_t pid, uint64_t at_ps) {
  for (unsigned c = 0; c < pid_.size(); ++c) settle(c, at_ps);
  auto it = j_.find(pid);
  return it == j_.end() ? 0.0 : it->second;
}
