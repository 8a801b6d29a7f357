// SPDX-License-Identifier: GPL-2.0-only
// sc_limit.cc - the SystemC floor under blsim's speed (bench/limit.sh).
//
//   sc_limit loop N          two threads hand control to each other N times
//                            through timed notifications: host ns per process
//                            switch of the bare SystemC kernel, the limit.
//   sc_limit blsim ARGS...   runs blsim with ARGS (sim/main.cc, built into
//                            this program), then prints how many process
//                            switches it made (see count_blsim_switches()).
//
// Each mode prints one "key value" line per figure for limit.sh to read.
#include <systemc>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "models/common/initiator.h"

// sim/main.cc's sc_main, renamed (SystemC declares sc_main extern "C")
extern "C" int blsim_sc_main(int argc, char** argv);

namespace {

// Two threads, each waiting for the other's event and notifying its own one
// nanosecond later: every step is a timed notification, a time step and a
// coroutine switch, what a blsim core does when it cannot run ahead.
struct PingPong : sc_core::sc_module {
  sc_core::sc_event to_a, to_b;
  uint64_t n;
  SC_HAS_PROCESS(PingPong);
  PingPong(sc_core::sc_module_name name, uint64_t rounds) : sc_module(name), n(rounds) {
    SC_THREAD(a);
    SC_THREAD(b);
  }
  void a() {
    for (uint64_t i = 0; i < n; ++i) {
      to_b.notify(sc_core::sc_time(1, sc_core::SC_NS));
      wait(to_a);
    }
    // b's wait that follows is never notified: sc_start() returns, starved.
  }
  void b() {
    for (;;) {
      wait(to_b);
      to_a.notify(sc_core::sc_time(1, sc_core::SC_NS));
    }
  }
};

int run_loop(uint64_t rounds) {
  PingPong pp("pingpong", rounds);
  const auto t0 = std::chrono::steady_clock::now();
  sc_core::sc_start();
  const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
  const uint64_t switches = 2 * rounds;
  printf("loop_switches %llu\nloop_deltas %llu\nloop_ns_per_switch %.1f\n",
         (unsigned long long)switches, (unsigned long long)sc_core::sc_delta_count(),
         ns / static_cast<double>(switches));
  return 0;
}

// Process switches of a blsim run. SystemC 2.3.4 counts none, so: every wait
// of a core thread is counted where it happens (Core::block and catch_up(),
// the waits a target makes on the core's thread), exactly. The other
// processes (the SPC's threads, the timers', PLLs', regulators' and power
// domains' methods, the event device) are counted as the delta cycles in
// which no core thread resumed: each ran at least one of them. Two of them
// in one delta count as one, so the total is a slight undercount.
void count_blsim_switches() {
  const uint64_t core = core_wait_count.waits;
  const uint64_t deltas = sc_core::sc_delta_count();
  const uint64_t other = deltas > core_wait_count.deltas ? deltas - core_wait_count.deltas : 0;
  printf("core_waits %llu\ndeltas %llu\nother_switches %llu\nswitches %llu\n",
         (unsigned long long)core, (unsigned long long)deltas, (unsigned long long)other,
         (unsigned long long)(core + other));
  fflush(stdout);
}

}  // namespace

int sc_main(int argc, char** argv) {
  if (argc == 3 && !strcmp(argv[1], "loop")) return run_loop(std::strtoull(argv[2], nullptr, 10));
  if (argc >= 2 && !strcmp(argv[1], "blsim")) {
    argv[1] = argv[0];
    const int rc = blsim_sc_main(argc - 1, argv + 1);
    count_blsim_switches();
    return rc;
  }
  fprintf(stderr, "usage: sc_limit loop N | sc_limit blsim BLSIM-ARGS...\n");
  return 2;
}

int main(int argc, char** argv) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  return sc_core::sc_elab_and_sim(argc, argv);
}
