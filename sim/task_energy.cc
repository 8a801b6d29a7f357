// SPDX-License-Identifier: GPL-2.0-only
#include "sim/task_energy.h"

#include "models/power/energy_model.h"
#include "sim/platform.h"

TaskEnergy::TaskEnergy(Platform& p)
    : p_(p), pid_(p.nr_cores(), 0), since_j_(p.nr_cores(), 0.0) {}

double TaskEnergy::core_j(unsigned core) {
  for (const ClusterModels& m : p_.clusters())
    for (unsigned k = 0; k < m.cores.size(); ++k)
      if (m.cores[k] == core) {
        m.energy->sync();
        return m.energy->core_j(k);
      }
  return 0;
}

void TaskEnergy::settle(unsigned core) {
  const double now = core_j(core);
  j_[pid_[core]] += now - since_j_[core];
  since_j_[core] = now;
}

void TaskEnergy::switch_to(unsigned core, uint32_t pid) {
  if (core >= pid_.size() || pid_[core] == pid) return;
  settle(core);
  pid_[core] = pid;
}

double TaskEnergy::pid_j(uint32_t pid) {
  for (unsigned c = 0; c < pid_.size(); ++c) settle(c);
  auto it = j_.find(pid);
  return it == j_.end() ? 0.0 : it->second;
}
