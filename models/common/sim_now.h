/* SPDX-License-Identifier: GPL-2.0-only */
// sim_now.h - SystemC's time without a call into the library.
//
// sc_time_stamp() is an out-of-line function of libsystemc; the models on
// a core's hot paths (DRAM at every access, the energy model, the trace
// and VCD listeners at every core state change) ask for the time some
// 0.5 M times in 5 s of mp3-short. The simulation context's accessor is
// inline and answers the same. (Core::now() is the same read without the
// test for a context yet to be made: a core exists, so it is made; here,
// a model's tests may ask before any module exists.)
#pragma once

#include <systemc>

inline const sc_core::sc_time& sim_now() {
  return sc_core::sc_get_curr_simcontext()->time_stamp();
}
