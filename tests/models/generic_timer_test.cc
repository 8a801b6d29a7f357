// SPDX-License-Identifier: GPL-2.0-only
// GenericTimer: the counter a core reads, against the plain 128-bit
// formula cntpct = floor(t_ps * CNTFRQ / 1e12).
#include <gtest/gtest.h>
#include <systemc>

#include <cstdint>

#include "models/timer/generic_timer.h"

using namespace sc_core;

namespace {
uint64_t reference(uint64_t ps, uint64_t hz) {
  return static_cast<uint64_t>(static_cast<unsigned __int128>(ps) * hz / 1000000000000ull);
}
}  // namespace

// cntpct_at() divides in two steps where the product fits in 76 bits and
// falls back to a 128-bit division past that: the same count either way,
// at the edges of every step and of the fallback.
TEST(GenericTimer, CounterAtAnyTimeIsTheExactFloor) {
  for (uint64_t hz : {24000000ull, 1000000000ull, 19200000ull, 3ull}) {
    GenericTimerParams p;
    p.cntfrq_hz = hz;
    GenericTimer t(("timer" + std::to_string(hz)).c_str(), p);
    const unsigned __int128 edge = (static_cast<unsigned __int128>(1) << 76) / hz;
    const uint64_t times[] = {0,
                              1,
                              999999999999ull,
                              1000000000000ull,
                              41666ull,
                              41667ull,
                              60000000000000ull,
                              static_cast<uint64_t>(edge > UINT64_MAX ? UINT64_MAX : edge) - 1,
                              static_cast<uint64_t>(edge > UINT64_MAX ? UINT64_MAX : edge),
                              static_cast<uint64_t>(edge > UINT64_MAX - 1 ? UINT64_MAX : edge + 1),
                              UINT64_MAX};
    for (uint64_t ps : times)
      EXPECT_EQ(t.cntpct_at(sc_time::from_value(ps)), reference(ps, hz)) << hz << " Hz, " << ps << " ps";
    // A multiple of 1e12 ps minus one is where a floor that rounded would
    // be off by one.
    for (uint64_t s = 1; s < 100000; s *= 7) {
      const uint64_t ps = s * 1000000000000ull;
      EXPECT_EQ(t.cntpct_at(sc_time::from_value(ps - 1)), reference(ps - 1, hz)) << hz << " Hz, " << s << " s";
      EXPECT_EQ(t.cntpct_at(sc_time::from_value(ps)), reference(ps, hz)) << hz << " Hz, " << s << " s";
    }
  }
}
