// SPDX-License-Identifier: GPL-2.0-only
// irq_migrate_all_off_this_cpu (kernel_model/kernel/irq/cpuhotplug.c): which
// interrupts leave a CPU going offline, and what the chip is asked for.
#include <gtest/gtest.h>

extern "C" {
#include "fake_hw.h"
#include "fake_kernel.h"
#include "linux/interrupt.h"
#include "linux/smp.h"
}

namespace {

// A chip that delivers to the first online CPU of the mask, as
// gic_set_affinity does, and keeps each mask it was asked for.
u32 asked[NR_IRQS];
int first_online(irq_data *d, u32 mask, bool) {
  const u32 on = mask & cpu_online_bits;
  if (!on) return -EINVAL;
  asked[d->irq] = mask;
  irq_data_update_effective_affinity(d, on & (~on + 1));
  return 0;
}
irq_chip chip = {"first-online", nullptr, nullptr, nullptr, first_online};

irq_data *spi(unsigned irq, u32 affinity, u32 delivered_to) {
  irq_set_chip_and_data(irq, &chip, nullptr);
  irq_data *d = irq_get_irq_data(irq);
  d->affinity = affinity;
  d->effective_affinity = delivered_to;
  return d;
}

}  // namespace

// CPU1 goes offline (CPUs 0-2 online before). An SPI whose affinity is CPU1
// alone (the broadcast timer's, which follows the next event) breaks its
// affinity and goes to CPU0; one affine to CPUs 1 and 2 goes to CPU2 and
// keeps CPU1 in its affinity for when it comes back; one on CPU0 and a
// per-CPU interrupt are not touched.
TEST(IrqHotplug, SpisLeaveTheDyingCpu) {
  fake_hw_config cfg;
  fake_hw_default_config(&cfg);
  fake_hw_create(&cfg);
  fake_kernel_init_identity();
  cpu_online_bits = BIT(0) | BIT(1) | BIT(2);
  irq_data *only1 = spi(40, BIT(1), BIT(1));
  irq_data *one_two = spi(41, BIT(1) | BIT(2), BIT(1));
  irq_data *on0 = spi(42, BIT(0) | BIT(1), BIT(0));
  irq_data *ppi = spi(29, BIT(1), BIT(1));
  irq_set_percpu_devid(29);
  fake_hw_start_core(1, [](void *) {
    set_cpu_online(1, false);
    irq_migrate_all_off_this_cpu();
  }, nullptr, true);
  fake_hw_run(1000000);
  ASSERT_EQ(fake_hw_panic_message(), nullptr) << fake_hw_panic_message();

  EXPECT_EQ(only1->effective_affinity, BIT(0));
  EXPECT_EQ(only1->affinity, BIT(0) | BIT(2));  // broken: the online CPUs
  EXPECT_EQ(one_two->effective_affinity, BIT(2));
  EXPECT_EQ(asked[41], BIT(1) | BIT(2));  // the whole affinity went to the chip
  EXPECT_EQ(one_two->affinity, BIT(1) | BIT(2));
  EXPECT_EQ(asked[42], 0u);
  EXPECT_EQ(on0->effective_affinity, BIT(0));
  EXPECT_EQ(asked[29], 0u);
  EXPECT_EQ(ppi->effective_affinity, BIT(1));
  fake_hw_destroy();
}
