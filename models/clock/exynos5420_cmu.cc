// SPDX-License-Identifier: GPL-2.0-only
#include "models/clock/exynos5420_cmu.h"

#include "models/common/report.h"
#include "models/regs/samsung_pll35xx.h"

using namespace sc_core;

namespace {
constexpr uint32_t kEnable = 1u << PLL35XX_ENABLE_SHIFT, kLocked = 1u << PLL35XX_LOCK_STAT_SHIFT;
constexpr uint32_t kLockReset = 0x00000fff;
constexpr uint32_t kLock[] = {APLL_LOCK, KPLL_LOCK}, kCon0[] = {APLL_CON0, KPLL_CON0};
const char* const kName[] = {"APLL", "KPLL"};
}  // namespace

// Works at SystemC's time (models/common/initiator.h). The window is
// 0x30000 bytes: decode the offset within 256 KiB.
Exynos5420Cmu::Exynos5420Cmu(sc_module_name name, const Exynos5420CmuParams& p)
    : sc_module(name),
      regs("regs", {0x3ffff, p.access_latency, false, RegisterBank::Unmapped::Warn, 5}),
      p_(p) {
  for (unsigned i = 0; i < kPlls; ++i) {
    regs.add(kName[i], kLock[i]).stored(kLockReset);
    // LOCKED is the PLL's; CON0's reset value is set by connect_pll.
    regs.add(kName[i], kCon0[i])
        .stored(0, ~kLocked)
        .reads([this, i](unsigned) {
          const uint32_t v = regs.value(kCon0[i]);
          return pll_[i] && pll_[i]->locked() ? v | kLocked : v;
        })
        .writes([this, i](unsigned, uint32_t v) { write_con0(static_cast<Index>(i), v); });
  }
}

uint32_t Exynos5420Cmu::read(uint32_t off) { return regs.read(off); }
void Exynos5420Cmu::write(uint32_t off, uint32_t v) { regs.write(off, v); }

uint64_t Exynos5420Cmu::rate_of(uint64_t fin_hz, uint32_t con0) {
  const uint64_t m = (con0 >> PLL35XX_MDIV_SHIFT) & PLL35XX_MDIV_MASK,
                 p = (con0 >> PLL35XX_PDIV_SHIFT) & PLL35XX_PDIV_MASK,
                 s = (con0 >> PLL35XX_SDIV_SHIFT) & PLL35XX_SDIV_MASK;
  if (!m || !p) return 0;
  return m * fin_hz / (p << s);
}

uint32_t Exynos5420Cmu::con0_for(uint64_t fin_hz, uint64_t hz) {
  if (!fin_hz || !hz) return 0;
  for (uint32_t p = 1; p <= PLL35XX_PDIV_MASK; ++p)
    for (uint32_t s = 0; s <= 5; ++s) {
      const uint64_t num = hz * (uint64_t(p) << s);
      if (num % fin_hz) continue;
      const uint64_t m = num / fin_hz;
      if (m >= 64 && m <= PLL35XX_MDIV_MASK)
        return kEnable | uint32_t(m) << PLL35XX_MDIV_SHIFT | p << PLL35XX_PDIV_SHIFT |
               s << PLL35XX_SDIV_SHIFT;
    }
  return 0;
}

void Exynos5420Cmu::connect_pll(Index i, Pll* pll) {
  if (i >= kPlls || !pll) model_error(name(), "connect_pll: no PLL %u", unsigned(i));
  pll_[i] = pll;
  const uint32_t con0 = con0_for(pll->params().ref_hz, pll->rate_hz());
  if (!con0)
    model_error(name(), "%s: no PLL35xx setting gives %llu Hz from %llu Hz", kName[i],
                (unsigned long long)pll->rate_hz(), (unsigned long long)pll->params().ref_hz);
  regs.set_reset_value(kCon0[i], con0);
}

// v: the value stored, LOCKED (read-only) cleared.
void Exynos5420Cmu::write_con0(Index i, uint32_t v) {
  Pll* pll = pll_[i];
  if (!(v & kEnable))
    model_error(name(), "%s_CON0 = 0x%08x: ENABLE cleared, the CPU cluster's clock would stop",
                kName[i], v);
  if (!pll) return;
  const uint64_t hz = rate_of(pll->params().ref_hz, v);
  if (!hz)
    model_error(name(), "%s_CON0 = 0x%08x: MDIV and PDIV must be non-zero", kName[i], v);
  pll->set_rate(hz);  // range checked by the PLL; the same rate: no relock
}
