/* SPDX-License-Identifier: GPL-2.0-only */
// exynos5420_cmu.h - the CPU PLLs of the Exynos 5420/5422/5800 clock
// controller (CMU, "samsung,exynos5420-clock" / "samsung,exynos5800-clock",
// 0x10010000 on the SoC): APLL, which clocks the Cortex-A15 cluster
// (CLK_ARM_CLK), and KPLL, which clocks the Cortex-A7 ("KFC") cluster
// (CLK_KFC_CLK). Both are Samsung PLL35xx PLLs.
//
// Register interface (models/regs/exynos5420_cmu.h and samsung_pll35xx.h,
// shared with clk-exynos5420.c and clk-pll.c):
//   APLL_LOCK 0x00000   lock time, in reference-clock cycles (stored only)
//   APLL_CON0 0x00100   bit 31 ENABLE, bit 29 LOCKED (read-only), 25:16
//                       MDIV, 13:8 PDIV, 2:0 SDIV
//   KPLL_LOCK 0x28000, KPLL_CON0 0x28100: the same for KPLL
// Fout = MDIV * Fin / (PDIV << SDIV), Fin = the PLL's reference (24 MHz).
// A CON0 write with ENABLE set and a changed M/P/S makes the PLL relock
// (Pll::set_rate: the output stops for the relock time, LOCKED reads 0
// until it has locked). A rate outside the PLL's range, MDIV or PDIV of 0,
// or ENABLE cleared on a running CPU PLL is a model_error (the CPU clock
// would stop for good). Other offsets read as zero and ignore writes
// (warned once per offset). Accesses are single aligned 32-bit words.
//
// Not modelled: the CPU clock muxes and dividers (upstream's exynos cpuclk
// parks the core on MPLL while APLL relocks; here the core clock stops),
// every other PLL and clock of the CMU.
#pragma once

#include "models/clock/pll.h"
#include "models/common/register_bank.h"
#include "models/regs/exynos5420_cmu.h"

#include <systemc>
#include <tlm>

#include <cstdint>

struct Exynos5420CmuParams {
  // Each register access; the DT default (blsim,access-latency-ns), assumed.
  sc_core::sc_time access_latency = sc_core::sc_time(40, sc_core::SC_NS);
};

class Exynos5420Cmu : public sc_core::sc_module {
 public:
  enum Index : unsigned { APLL = 0, KPLL = 1, kPlls = 2 };
  RegisterBank regs;  // the CMU window (models/regs/exynos5420_cmu.h), from the bus

  Exynos5420Cmu(sc_core::sc_module_name name, const Exynos5420CmuParams& p);

  // Platform builder, before sc_start: the PLL behind APLL or KPLL. The CON0
  // reset value is made from the PLL's running rate (what the boot loader
  // programmed): the lowest PDIV, then SDIV, that give it exactly.
  void connect_pll(Index i, Pll* pll);

  // The CON0 word for rate hz from reference fin: 0 if no M/P/S gives it
  // exactly (PDIV 1..63, SDIV 0..5, MDIV 64..1023).
  static uint32_t con0_for(uint64_t fin_hz, uint64_t hz);
  static uint64_t rate_of(uint64_t fin_hz, uint32_t con0);

  // Register access without the bus (tests, debug).
  uint32_t read(uint32_t off);
  void write(uint32_t off, uint32_t v);
  const Exynos5420CmuParams& params() const { return p_; }

 private:
  void write_con0(Index i, uint32_t v);

  Exynos5420CmuParams p_;
  Pll* pll_[kPlls] = {};
};
