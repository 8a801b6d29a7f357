// vcd_writer.h - waves.vcd: the hardware's clocks, voltages and power states
// as an IEEE 1364 value change dump, for GTKWave.
//
// VcdWriter is a generic recorder: declare integer signals (scope, name,
// width), record changes at picosecond times ($timescale 1 ps), get the file.
// attach_platform_vcd() declares and hooks the platform's signals:
//   tc2.clusterN.freq_khz      cluster clock, kHz (0: stopped, PLL relock)
//   tc2.clusterN.voltage_uv    Vcore rail, uV, at each ramp start and end
//                              (linear in between; the dump steps)
//   tc2.clusterN.power_state   power domain: 0 off, 1 powering-up, 2 on,
//                              3 powering-down
//   tc2.clusterN.cci_snoop     1 while the cluster's CCI slave interface
//                              has snoops enabled
//   tc2.coreI.state            core: 0 off, 1 reset, 2 run, 3 wfi, 4 wfe
// Other models (the energy model) may add signals, e.g. clusterN.power_uw,
// with add_signal()/change() before the simulation ends.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

class Platform;

class VcdWriter {
 public:
  // Declares a signal; returns its handle. Declare before the first change.
  int add_signal(const std::string& scope, const std::string& name, unsigned width,
                 uint64_t initial);
  // Records that signal id takes value v at time ps (non-decreasing per signal
  // is not required: changes are sorted, stable, when the file is made).
  void change(int id, uint64_t ps, uint64_t v);
  // Records at the current SystemC time.
  void change_now(int id, uint64_t v);

  // The whole file; end_ps is the time of the final timestamp (run's end).
  std::string text(uint64_t end_ps) const;

 private:
  struct Signal {
    std::string scope, name, code;
    unsigned width;
    uint64_t initial;
  };
  struct Change {
    uint64_t ps;
    int id;
    uint64_t v;
  };
  std::vector<Signal> signals_;
  std::vector<Change> changes_;
};

void attach_platform_vcd(VcdWriter& w, Platform& p);
