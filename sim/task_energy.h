/* SPDX-License-Identifier: GPL-2.0-only */
// task_energy.h - energy per task, from the CONTEXTIDR writes of the kernel.
//
// Linux with CONFIG_PID_IN_CONTEXTIDR writes the PID of the task it switches
// to into CONTEXTIDR; trace tools attribute what a core does by it, and so do
// these meters: the core's own energy (dynamic and leakage, from the cluster's
// energy model) between two writes goes to the PID of the first. Cluster
// (uncore) energy is not split between tasks; pid 0 collects the idle time.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

class Platform;

class TaskEnergy {
 public:
  explicit TaskEnergy(Platform& p);
  // Core `core` now runs `pid` (0: idle).
  void switch_to(unsigned core, uint32_t pid);
  // Energy of pid up to now (integrates the running cores' share first).
  double pid_j(uint32_t pid);

 private:
  double core_j(unsigned core);
  void settle(unsigned core);
  Platform& p_;
  std::vector<uint32_t> pid_;     // per core
  std::vector<double> since_j_;   // core meter at the last write
  std::map<uint32_t, double> j_;
};
