/* SPDX-License-Identifier: GPL-2.0-only */
/* cpufreq_fake_spc.h - the SPC's DVFS and COMMS side for cpufreq tests.
 * fake_hw's SPC keeps PERF_LVL/COMMS writes as plain registers and never
 * answers them; this responder runs on a spare fake core and does what the
 * TC2 SPC does: after a latency it writes SYSCFG_RDATA (COMMS: the OPP
 * word), PWC_STATUS (STAT_COMPLETE / STAT_ERR of the operation) and raises
 * the SPC interrupt. It sees the kernel's writes through the fake_hw
 * observer (it takes the observer slot). */
#ifndef BLSIM_CPUFREQ_FAKE_SPC_H
#define BLSIM_CPUFREQ_FAKE_SPC_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* TC2's OPPs (configs/tc2.dts blsim,a15-opps / a7-opps): kHz, uV. */
extern const uint32_t cpufreq_fake_spc_tc2_opps[2][8][2];

/* Start the responder on core `core` (call from the host, before
 * fake_hw_run); each operation completes latency_us after its request. */
void cpufreq_fake_spc_install(unsigned int core, uint32_t latency_us);
/* While mute, requests are swallowed (the driver must time out). */
void cpufreq_fake_spc_set_mute(bool mute);
unsigned int cpufreq_fake_spc_perf_requests(unsigned int cluster);
unsigned int cpufreq_fake_spc_comms_requests(void);
/* Enable the fake GIC and route the timer PPI and SPC SPI to core 0, with a
 * small IRQ vector (see the .c for why not the GIC driver). On core 0. */
void cpufreq_test_irq_init(void);

#ifdef __cplusplus
}
#endif

#endif
