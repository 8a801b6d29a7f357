/* SPDX-License-Identifier: GPL-2.0-only */
// task_energy.h - energy per task, from the CONTEXTIDR writes of the kernel.
//
// Linux with CONFIG_PID_IN_CONTEXTIDR writes the PID of the task it switches
// to into CONTEXTIDR; trace tools attribute what a core does by it, and so do
// these meters: the core's own energy (dynamic and leakage, from the cluster's
// energy model) between two writes goes to the PID of the first. Cluster
// (uncore) energy is not split between tasks; pid 0 collects the idle time.
//
// The meters read energy models that follow the platform's on another
// thread (ClusterEnergy::follower_copy(), sim/stats.cc), so each reading
// says when it is taken: the time of the write it follows.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

class ClusterEnergy;
class Platform;

class TaskEnergy {
 public:
  // models: each cluster's energy model, in the order of p.clusters().
  TaskEnergy(const Platform& p, const std::vector<ClusterEnergy*>& models);
  // Core `core` runs `pid` (0: idle) from at_ps on.
  void switch_to(unsigned core, uint32_t pid, uint64_t at_ps);
  // Energy of pid up to at_ps (integrates the running cores' share first).
  double pid_j(uint32_t pid, uint64_t at_ps);

 private:
  struct Meter {
    ClusterEnergy* model = nullptr;  // null: a core of no cluster
    unsigned index = 0;              // the core's meter in it
  };
  double core_j(unsigned core, uint64_t at_ps);
  void settle(unsigned core, uint64_t at_ps);
  std::vector<Meter> meter_;      // per core
  std::vector<uint32_t> pid_;     // per core
  std::vector<double> since_j_;   // core meter at the last write
  std::map<uint32_t, double> j_;
};
