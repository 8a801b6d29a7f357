/* SPDX-License-Identifier: GPL-2.0-only */
// tc2_scc.h - the TC2 (V2P-CA15_CA7) Serial Configuration Controller and
// the Serial Power Controller (SPC) inside it: the power controller of the
// board. 4 KiB at 0x7fff0000 ("arm,vexpress-scc,v2p-ca15_a7").
//
// Register interface (models/regs/tc2_scc.h, shared with tc2_pm.c and spc.c):
//   SCC  RESET_CTRL 0x018  nCORERESET, 1 = out of reset: A15 cpu n bit 2+n,
//                          A7 cpu n bit 16+n (read-only here: the SPC owns it)
//        A15_CONF   0x400  bits 3:0 A15 cluster id      (read-only)
//        A7_CONF    0x500  bits 3:0 A7 cluster id       (read-only)
//        SYS_INFO   0x700  bits 19:16 A15 cpus, 23:20 A7 cpus (read-only)
//   SPC at 0xb00 (offsets below are from there):
//        PERF_LVL_A15 0x00 / PERF_LVL_A7 0x08  write: start DVFS to OPP index;
//                          read: the level in force (the last completed one)
//        PERF_REQ_A15 0x04 / PERF_REQ_A7 0x0c  read: 1 while a DVFS operation
//                          on that cluster is queued or running (blsim's
//                          reading; spc.c never uses them)
//        COMMS 0x10        write SYSCFG_START | func | offset>>2: a system
//                          config read (only SYSCFG_SCC of the OPP words at
//                          0xC10 (A15) / 0xC30 (A7) + 4*i is answered)
//        COMMS_REQ 0x14    read: 1 while a COMMS operation is running
//        PWC_STATUS 0x18   completions: STAT_COMPLETE(t) = 1 << 4t, STAT_ERR(t)
//                          = 2 << 4t, t = 0 A15 DVFS, 1 A7 DVFS, 2 SYSCFG.
//                          Clear on read; reading it also lowers irq.
//        PWC_FLAG 0x1c     plain read/write
//        WAKE_INT_MASK 0x24  A15 cpu n bit n, A7 cpu n bit 4+n; bits 11:10
//                          GBL_WAKEUP_INT_MSK (bit 10 A15 cluster, bit 11 A7
//                          cluster: blsim's reading, the kernel sets both)
//        WAKE_INT_RAW 0x28 wake requests now (per-cpu bits as in the mask)
//        WAKE_INT_STAT 0x2c RAW & MASK
//        A15_PWRDN_EN 0x30 / A7_PWRDN_EN 0x34  bit 0: cluster may power off
//        STANDBYWFI_STAT 0x3c  A15 cpu n bit n, A7 cpu n bit 3+n (read-only)
//        A15_BX_ADDR0 0x68 + 4n / A7_BX_ADDR0 0x78 + 4n  resume mailboxes
//        SYSCFG_WDATA 0x70, SYSCFG_RDATA 0x74 (RDATA: result of COMMS)
// Other offsets read as zero and ignore writes (warned once per offset).
// Accesses must be single aligned 32-bit words (else TLM_ADDRESS_ERROR /
// TLM_BURST_ERROR). Register effects take place at the time of the call; the
// access costs access_latency, added to the annotated delay.
//
// Behaviour. TC2 has no per-core power switch: a core "off" is a core held in
// reset in a powered cluster; the cluster is the power-gated unit.
//  - A core entering WFI (cpu_standbywfi high) whose WAKE_INT_MASK bit is set
//    is put in reset (core_reset high, its nCORERESET bit clears).
//  - When every core of a cluster is in reset and its PWRDN_EN is 1, the
//    cluster's PowerDomain is switched off (after the resets).
//  - A wake request (cpu_wake_request high) for a core in reset whose mask
//    bit is set, or, with the cluster's global wake-up bit set, for any core
//    of a cluster that is off or powering down, powers the cluster on if
//    needed (waiting until PowerDomain::is_on) and releases that core.
//  - PERF_LVL write: after the firmware's time (perf_firmware), going up
//    (faster), regulator to the OPP voltage, wait
//    settled, then PLL to the OPP frequency, wait locked; going down, PLL
//    first, then the regulator. Then STAT_COMPLETE and irq. An index past the
//    table: STAT_ERR and irq. Requests on one cluster arriving while one is
//    in flight are QUEUED and run in order, each completing with its own
//    status (the kernel serialises them with a semaphore anyway).
//  - COMMS: answered after comms_latency with STAT_COMPLETE or STAT_ERR(2).
//    A COMMS write while one is running is rejected with STAT_ERR(2).
//
// All per-cluster arrays are indexed by cluster id (MPIDR Aff1).
#pragma once

#include "models/clock/pll.h"
#include "models/common/irq_wire.h"
#include "models/common/model_event.h"
#include "models/common/register_bank.h"
#include "models/power/dvfs_guard.h"
#include "models/power/power_domain.h"
#include "models/power/regulator.h"

#include <systemc>
#include <tlm>

#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

struct Tc2SccParams {
  struct Opp {
    uint32_t khz;  // multiple of 20 (the SPC's word holds kHz / 20)
    uint32_t uv;   // multiple of 1000 (the word holds mV)
  };
  unsigned a15_cluster_id = 0, a7_cluster_id = 1;
  unsigned cpus[2] = {2, 3};        // per cluster id, at most 4 (A15) / 3 (A7)
  std::vector<Opp> opps[2];         // per cluster id, slowest first, at most 8
  // SYSCFG read and each register access; the same defaults as the DT's
  // blsim,comms-latency-ns and blsim,access-latency-ns (docs/dt-properties.md).
  sc_core::sc_time comms_latency = sc_core::sc_time(50, sc_core::SC_US);
  sc_core::sc_time access_latency = sc_core::sc_time(100, sc_core::SC_NS);
  // The SPC firmware's own time per PERF_LVL operation (taking the request,
  // looking up the OPP, driving the regulator and PLL interfaces), before
  // the voltage and clock move; the cluster runs at its old OPP meanwhile.
  // The DT default (blsim,perf-firmware-ns), calibrated to the 1 ms transition
  // latency vexpress-spc-cpufreq declares (docs/dt-properties.md).
  sc_core::sc_time perf_firmware = sc_core::sc_time(900, sc_core::SC_US);
  unsigned initial_perf[2] = {0, 0};  // PERF_LVL at reset, per cluster id
  // Which cores run at start (not held in reset), per cluster id. Empty: the
  // TC2 boot state, only cpu 0 of the A15 cluster runs.
  std::vector<bool> initially_running[2];
  // Build a DvfsGuard per connected cluster from its OPP table.
  bool check_dvfs_order = true;
};

class Tc2Scc : public sc_core::sc_module {
 public:
  // One PERF_LVL operation, for transition-latency statistics.
  struct DvfsRecord {
    unsigned cluster;
    unsigned from_level, to_level;
    uint32_t khz, uv;                  // the target OPP
    sc_core::sc_time requested;        // PERF_LVL written
    sc_core::sc_time voltage_settled;  // rail at the OPP voltage and settled
    sc_core::sc_time clock_locked;     // PLL locked at the OPP frequency
    sc_core::sc_time completed;        // STAT_COMPLETE set (== the later of the two)
    bool error;                        // index out of range (other fields: request only)
  };

  RegisterBank regs;  // the 4 KiB SCC block, from the bus
  IrqWire irq;  // SPC interrupt, level: high while a completion is unread

  SC_HAS_PROCESS(Tc2Scc);
  Tc2Scc(sc_core::sc_module_name name, const Tc2SccParams& p);

  // Platform builder, before sc_start. The rail and PLL may be null (then
  // DVFS on that cluster completes without changing anything, with a warning).
  void connect_cluster(unsigned cluster, PowerDomain* cluster_pd, Regulator* rail, Pll* pll);

  // Outputs: high = the core is held in reset. The initial level is set at
  // construction (before anything binds): sinks read level() at start-up.
  IrqWire& core_reset(unsigned cluster, unsigned cpu);
  // Inputs.
  void cpu_standbywfi(unsigned cluster, unsigned cpu, bool level);
  void cpu_wake_request(unsigned cluster, unsigned cpu, bool level);

  uint32_t resume_address(unsigned cluster, unsigned cpu) const;
  bool in_reset(unsigned cluster, unsigned cpu) const;
  unsigned perf_level(unsigned cluster) const { return perf_[cluster]; }
  // The last kKeptDvfsRecords operations, oldest first. Bounded: a run's
  // ~230 a simulated second (mp3-short, ondemand) would otherwise grow
  // with the run, each new page a first touch (~12 us in a VM).
  static constexpr size_t kKeptDvfsRecords = 256;
  const std::deque<DvfsRecord>& dvfs_records() const { return records_; }
  DvfsGuard* dvfs_guard(unsigned cluster) const { return guard_[cluster].get(); }
  const Tc2SccParams& params() const { return p_; }
  // Developers' self-check (BLSIM_CHECK_RUN_AHEAD=1, sim/run.cc): the power
  // sequencer wakes at every change of its inputs, as if none were idle,
  // and stops the run if one it would have skipped had work (poke_pm()).
  static void set_check_pm_wakes(bool on) { check_pm_wakes_ = on; }

  // The SPC's OPP word for (cluster, index): bits 31:20 mV, 19:0 kHz / 20.
  uint32_t opp_word(unsigned cluster, unsigned index) const;

 private:
  static constexpr unsigned kMaxCpus = 4;

  struct Cluster {
    PowerDomain* pd = nullptr;
    Regulator* rail = nullptr;
    Pll* pll = nullptr;
    bool wfi[kMaxCpus] = {};        // STANDBYWFI input level
    bool wfi_armed[kMaxCpus] = {};  // entered WFI since last out of reset
    bool wake[kMaxCpus] = {};
    bool reset[kMaxCpus] = {};
    uint32_t bx_addr[kMaxCpus] = {};
    bool pwrdn_en = false;
    std::deque<std::pair<unsigned, sc_core::sc_time>> dvfs_queue;  // level, request time
    bool dvfs_busy = false;
    ModelEvent dvfs_ev;
    ModelEvent pm_ev;    // pm_thread has work (poke_pm())
    ModelEvent idle_ev;  // an input changed, no work: waited on by no one
    bool pm_told = false;  // work was poked since pm_thread last woke
    uint64_t told_in_delta = 0;  // the delta cycle of that poke
  };

  void declare_scc_regs();
  void declare_spc_regs();
  void perf_request(unsigned c, uint32_t level);
  void comms_write(uint32_t v);

  void dvfs_thread(unsigned c);
  void pm_thread(unsigned c);
  void comms_thread();
  bool pm_step(unsigned c);  // one pass of the power sequencer; true if it acted
  // What pm_step() acts on, each on the state now.
  bool commits(unsigned c, unsigned cpu) const;   // hold a core in WFI in reset
  bool wakes(unsigned c, unsigned cpu) const;     // release a core in reset
  bool powers_off(unsigned c) const;              // switch the cluster off
  bool pm_due(unsigned c) const;                  // pm_step() would act
  void poke_pm(unsigned c);  // an input of pm_step() changed
  void set_reset(unsigned c, unsigned cpu, bool held);
  void complete(uint32_t status_bits);

  unsigned cluster_of_a15() const { return p_.a15_cluster_id; }
  uint32_t mask_bit(unsigned c, unsigned cpu) const;
  uint32_t global_bit(unsigned c) const;
  uint32_t wake_raw() const;
  void check_cluster_cpu(const char* what, unsigned c, unsigned cpu) const;
  unsigned dvfs_type(unsigned c) const;

  Tc2SccParams p_;
  Cluster cl_[2];
  IrqWire reset_wire_[2][kMaxCpus];
  std::unique_ptr<DvfsGuard> guard_[2];
  unsigned perf_[2];
  uint32_t pwc_status_ = 0, wake_mask_ = 0;
  uint32_t syscfg_rdata_ = 0;
  bool comms_busy_ = false;
  uint32_t comms_cmd_ = 0;
  ModelEvent comms_ev_;
  std::deque<DvfsRecord> records_;  // dvfs_records()
  void keep(const DvfsRecord& r);
  static bool check_pm_wakes_;
};
