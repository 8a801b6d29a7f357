/* SPDX-License-Identifier: GPL-2.0-only */
// s2mps11.h - the Samsung S2MPS11 PMIC's buck converters, the Vcore rails
// of the ODROID-XU3 ("samsung,s2mps11-pmic" at I2C address 0x66 on the
// Exynos HSI2C bus 4): BUCK2 "vdd_arm" feeds the A15 cluster, BUCK6
// "vdd_kfc" the A7 cluster.
//
// The I2C link is not modelled: the PMIC's 8-bit registers are reached
// through a 32-bit MMIO window (the HSI2C controller's), one register per
// word at offset 4 * reg; one access stands for one I2C register transfer
// and costs access_latency. Registers (models/regs/s2mps11.h):
//   ID      0x00  reads 0x00 (read-only)
//   B1CTRL2 0x26, B2CTRL2 0x28, B3CTRL2 0x2a, B4CTRL2 0x2c, B6CTRL2 0x34:
//           the buck's voltage selector, V = 600000 + 6250 * sel uV (8 bits)
// A selector write starts the rail's ramp (Regulator::set_voltage_uv; a
// voltage outside the rail's range is a model_error). The PMIC gives no
// "ramp done" status: the regulator framework waits the ramp time itself.
// Other registers are plain storage (warned once). Accesses must be single
// aligned 32-bit words; bits 31:8 of a write are ignored.
#pragma once

#include "models/common/register_bank.h"
#include "models/power/regulator.h"
#include "models/regs/s2mps11.h"

#include <systemc>
#include <tlm>

#include <array>
#include <cstdint>
#include <set>

struct S2mps11Params {
  // One register transfer: 3 bytes of 9 bits on a 1 MHz I2C bus (the DT default).
  sc_core::sc_time access_latency = sc_core::sc_time(27, sc_core::SC_US);
};

class S2mps11 : public sc_core::sc_module {
 public:
  // The MMIO window: register r (models/regs/s2mps11.h) is word r.
  static constexpr uint32_t kWindowSize = S2MPS11_REG_STRIDE * S2MPS11_NR_REGS;

  RegisterBank regs;

  S2mps11(sc_core::sc_module_name name, const S2mps11Params& p);

  // The voltage-selector register of BUCKn (1-4, 6), or 0 if there is none.
  static uint32_t vsel_reg(unsigned buck);
  // The selector for uv: -1 if uv is not 600000 + 6250 * (0..255).
  static int selector_for(uint32_t uv);

  // Platform builder, before sc_start: the rail behind BUCKn. The selector's
  // reset value is the rail's voltage (the boot loader's), which must be a
  // selector step.
  void connect_buck(unsigned buck, Regulator* rail);

  // Register access without the bus (tests, debug): reg is the register number.
  uint32_t read(uint32_t reg);
  void write(uint32_t reg, uint32_t v);

 private:
  S2mps11Params p_;
  std::array<Regulator*, S2MPS11_NR_REGS> rail_of_reg_{};
  std::set<uint32_t> warned_;
};
