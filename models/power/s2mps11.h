/* SPDX-License-Identifier: GPL-2.0-only */
// s2mps11.h - the Samsung S2MPS11 PMIC's buck converters, the Vcore rails
// of the ODROID-XU3 ("samsung,s2mps11-pmic" at I2C address 0x66 on the
// Exynos HSI2C bus 4): BUCK2 "vdd_arm" feeds the A15 cluster, BUCK6
// "vdd_kfc" the A7 cluster.
//
// The I2C link is not modelled: the PMIC's 8-bit registers are reached
// through a 32-bit MMIO window (the HSI2C controller's), one register per
// word at offset 4 * reg; one access stands for one I2C register transfer
// and costs access_latency. Registers (s2mps11.h's order):
//   ID      0x00  reads 0x00 (read-only)
//   B1CTRL2 0x26, B2CTRL2 0x28, B3CTRL2 0x2a, B4CTRL2 0x2c, B6CTRL2 0x34:
//           the buck's voltage selector, V = 600000 + 6250 * sel uV (8 bits)
// A selector write starts the rail's ramp (Regulator::set_voltage_uv; a
// voltage outside the rail's range is a model_error). The PMIC gives no
// "ramp done" status: the regulator framework waits the ramp time itself.
// Other registers are plain storage (warned once). Accesses must be single
// aligned 32-bit words; bits 31:8 of a write are ignored.
#pragma once

#include "models/power/regulator.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <array>
#include <cstdint>
#include <set>

struct S2mps11Params {
  sc_core::sc_time access_latency = sc_core::SC_ZERO_TIME;  // one register transfer
};

class S2mps11 : public sc_core::sc_module {
 public:
  struct Reg {
    static constexpr uint32_t ID = 0x00, B1CTRL2 = 0x26, B2CTRL2 = 0x28, B3CTRL2 = 0x2a,
                              B4CTRL2 = 0x2c, B6CTRL2 = 0x34;
    static constexpr uint32_t COUNT = 0x100;       // 8-bit register addresses
    static constexpr uint32_t SIZE = 4 * COUNT;    // the MMIO window
  };
  static constexpr uint32_t kBuckMinUv = 600000, kBuckStepUv = 6250;

  tlm_utils::simple_target_socket<S2mps11> socket;

  S2mps11(sc_core::sc_module_name name, const S2mps11Params& p);

  // The voltage-selector register of BUCKn (1-4, 6), or 0 if there is none.
  static uint32_t vsel_reg(unsigned buck);
  // The selector for uv: -1 if uv is not 600000 + 6250 * (0..255).
  static int selector_for(uint32_t uv);

  // Platform builder, before sc_start: the rail behind BUCKn. The selector's
  // reset value is the rail's voltage (the boot loader's), which must be a
  // selector step.
  void connect_buck(unsigned buck, Regulator* rail);

  uint32_t read(uint32_t reg);
  void write(uint32_t reg, uint32_t v);

 private:
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);

  S2mps11Params p_;
  std::array<uint8_t, Reg::COUNT> regs_{};
  std::array<Regulator*, Reg::COUNT> rail_of_reg_{};
  std::set<uint32_t> warned_;
};
