// SPDX-License-Identifier: GPL-2.0-only
// wakeup_test.cc - the platform in-process, with a test program in place of
// the kernel: a core in WFI is woken by its generic timer and by an SGI,
// through the real GIC, timer and core models.
#include <gtest/gtest.h>
#include <systemc>

#include "sim/dt.h"
#include "sim/dt_config.h"
#include "sim/hw_glue.h"
#include "sim/platform.h"

extern "C" {
#include "hw.h"
}

namespace {

constexpr phys_addr_t kGicd = 0x2c001000, kGicc = 0x2c002000;
uint64_t g_timer_woke_ns, g_sgi_woke_ns, g_sgi_sent_ns;
uint32_t g_sgi_iar;

// Runs on the boot core instead of start_kernel.
void wake_program(void) {
  // Timer: due 1 ms after now; WFI completes on the pending interrupt even
  // with IRQs masked (they are, out of reset).
  writel_relaxed(1, kGicd + 0x000);                 // GICD_CTLR
  writel_relaxed(1u << 30, kGicd + 0x100);          // ISENABLER0: PPI 30
  writel_relaxed(0xf0, kGicc + 0x004);              // PMR
  writel_relaxed(1, kGicc + 0x000);                 // GICC_CTLR
  const uint64_t due = read_cntpct() + read_cntfrq() / 1000;
  write_cntp_cval(due);
  write_cntp_ctl(CNTP_CTL_ENABLE);
  wfi();
  g_timer_woke_ns = hw_now_ns();
  write_cntp_ctl(0);                                // quiet the timer
  (void)readl_relaxed(kGicc + 0x00c);               // ack it
  writel_relaxed(30, kGicc + 0x010);                // EOI
  // SGI 5 to itself (target filter 2), then WFI until it arrives.
  g_sgi_sent_ns = hw_now_ns();
  writel_relaxed((2u << 24) | 5, kGicd + 0xf00);
  wfi();
  g_sgi_woke_ns = hw_now_ns();
  g_sgi_iar = readl_relaxed(kGicc + 0x00c);
  writel_relaxed(g_sgi_iar, kGicc + 0x010);
  for (;;) wfi();
}

}  // namespace

TEST(Wakeup, TimerAndSgiWakeACoreFromWfi) {
  Fdt fdt = Fdt::load(std::string(BLSIM_BUILD_DIR) + "/configs/tc2.dtb");
  Platform p(read_platform_config(fdt));
  GlueSetup gs = p.glue_setup(fdt.blob());
  gs.kernel_entry = wake_program;
  glue_init(gs);
  sc_core::sc_start(sc_core::sc_time(5, sc_core::SC_MS));
  ASSERT_FALSE(glue_failure());
  // The timer fires 1 ms after it was armed (arming took a few register
  // accesses of 40-100 ns each), and not before.
  EXPECT_GE(g_timer_woke_ns, 1000000u);
  EXPECT_LT(g_timer_woke_ns, 1005000u);
  // The SGI arrives within the GIC access latency of the SGIR write.
  ASSERT_GT(g_sgi_woke_ns, 0u);
  EXPECT_LT(g_sgi_woke_ns - g_sgi_sent_ns, 1000u);
  EXPECT_EQ(g_sgi_iar & 0x3ff, 5u);         // the SGI's ID
  EXPECT_EQ((g_sgi_iar >> 10) & 7, 0u);     // from CPU interface 0
  // The other cores never left reset (nobody released them).
  for (unsigned i = 1; i < p.nr_cores(); ++i) EXPECT_EQ(p.core(i).state(), Core::State::Reset);
}
