// SPDX-License-Identifier: GPL-2.0-only
#include "models/clock/exynos5420_cmu.h"

#include "models/common/initiator.h"
#include "models/common/mmio32.h"
#include "models/common/report.h"

using namespace sc_core;

Exynos5420Cmu::Exynos5420Cmu(sc_module_name name, const Exynos5420CmuParams& p)
    : sc_module(name), socket("socket"), p_(p) {
  socket.register_b_transport(this, &Exynos5420Cmu::b_transport);
}

uint64_t Exynos5420Cmu::rate_of(uint64_t fin_hz, uint32_t con0) {
  const uint64_t m = (con0 >> kMdivShift) & kMdivMask, p = (con0 >> kPdivShift) & kPdivMask,
                 s = con0 & kSdivMask;
  if (!m || !p) return 0;
  return m * fin_hz / (p << s);
}

uint32_t Exynos5420Cmu::con0_for(uint64_t fin_hz, uint64_t hz) {
  if (!fin_hz || !hz) return 0;
  for (uint32_t p = 1; p <= kPdivMask; ++p)
    for (uint32_t s = 0; s <= 5; ++s) {
      const uint64_t num = hz * (uint64_t(p) << s);
      if (num % fin_hz) continue;
      const uint64_t m = num / fin_hz;
      if (m >= 64 && m <= kMdivMask)
        return kEnable | uint32_t(m) << kMdivShift | p << kPdivShift | s;
    }
  return 0;
}

void Exynos5420Cmu::connect_pll(Index i, Pll* pll) {
  if (i >= kPlls || !pll) model_error(name(), "connect_pll: no PLL %u", unsigned(i));
  pll_[i].pll = pll;
  pll_[i].con0 = con0_for(pll->params().ref_hz, pll->rate_hz());
  if (!pll_[i].con0)
    model_error(name(), "%s: no PLL35xx setting gives %llu Hz from %llu Hz", i == APLL ? "APLL" : "KPLL",
                (unsigned long long)pll->rate_hz(), (unsigned long long)pll->params().ref_hz);
}

void Exynos5420Cmu::b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
  catch_up(gp, delay);  // works at SystemC's time (models/common/initiator.h)
  delay += p_.access_latency;
  // The window is 0x30000 bytes: decode the offset within 256 KiB.
  mmio32_transport(gp, 0x3ffff, [this](uint32_t off) { return read(off); },
                   [this](uint32_t off, uint32_t v) { write(off, v); });
}

uint32_t Exynos5420Cmu::read(uint32_t off) {
  for (unsigned i = 0; i < kPlls; ++i) {
    const uint32_t lock = i == APLL ? Reg::APLL_LOCK : Reg::KPLL_LOCK;
    const uint32_t con0 = i == APLL ? Reg::APLL_CON0 : Reg::KPLL_CON0;
    if (off == lock) return pll_[i].lock;
    if (off == con0) {
      const Pll* pll = pll_[i].pll;
      return (pll_[i].con0 & ~kLocked) | (pll && pll->locked() ? kLocked : 0);
    }
  }
  if (warned_.insert(off).second)
    model_warning(name(), "read of unmodelled register at offset 0x%05x reads as zero", off);
  return 0;
}

void Exynos5420Cmu::write(uint32_t off, uint32_t v) {
  for (unsigned i = 0; i < kPlls; ++i) {
    const uint32_t lock = i == APLL ? Reg::APLL_LOCK : Reg::KPLL_LOCK;
    const uint32_t con0 = i == APLL ? Reg::APLL_CON0 : Reg::KPLL_CON0;
    if (off == lock) {
      pll_[i].lock = v;
      return;
    }
    if (off == con0) {
      write_con0(static_cast<Index>(i), v);
      return;
    }
  }
  if (warned_.insert(off | 0x80000000u).second)
    model_warning(name(), "write of 0x%08x to unmodelled offset 0x%05x ignored", v, off);
}

void Exynos5420Cmu::write_con0(Index i, uint32_t v) {
  const char* which = i == APLL ? "APLL" : "KPLL";
  Pll* pll = pll_[i].pll;
  v &= ~kLocked;  // read-only
  if (!(v & kEnable))
    model_error(name(), "%s_CON0 = 0x%08x: ENABLE cleared, the CPU cluster's clock would stop",
                which, v);
  if (!pll) {
    pll_[i].con0 = v;
    return;
  }
  const uint64_t hz = rate_of(pll->params().ref_hz, v);
  if (!hz)
    model_error(name(), "%s_CON0 = 0x%08x: MDIV and PDIV must be non-zero", which, v);
  pll_[i].con0 = v;
  pll->set_rate(hz);  // range checked by the PLL; the same rate: no relock
}
