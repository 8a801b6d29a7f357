// SPDX-License-Identifier: GPL-2.0-only
#include "models/power/s2mps11.h"

#include "models/common/report.h"

using namespace sc_core;

// Works at SystemC's time (models/common/initiator.h).
S2mps11::S2mps11(sc_module_name name, const S2mps11Params& p)
    : sc_module(name), regs("regs", {kWindowSize - 1, p.access_latency}), p_(p) {
  regs.add("ID", S2MPS11_REG_ID)
      .reads([](unsigned) { return 0u; })
      .writes([](unsigned, uint32_t) {});  // read-only, silently
  // Every other register is a byte of storage; a voltage selector with a
  // rail behind it moves the rail, the rest are stored only (warned once).
  regs.add("REG", S2MPS11_REG_STRIDE, S2MPS11_NR_REGS - 1, S2MPS11_REG_STRIDE)
      .stored(0, 0xff)
      .reads([this](unsigned i) {
        const uint32_t reg = i + 1;
        if (!rail_of_reg_[reg] && warned_.insert(reg).second)
          model_warning(this->name(), "read of unmodelled register 0x%02x", reg);
        return regs.value(S2MPS11_REG_STRIDE * reg);
      })
      .writes([this](unsigned i, uint32_t sel) {
        const uint32_t reg = i + 1;
        if (Regulator* rail = rail_of_reg_[reg]) {
          rail->set_voltage_uv(S2MPS11_BUCK_MIN1 + S2MPS11_BUCK_STEP1 * sel);
          return;
        }
        if (warned_.insert(reg | 0x100).second)
          model_warning(this->name(), "write of 0x%02x to unmodelled register 0x%02x stored only",
                        sel, reg);
      });
}

uint32_t S2mps11::vsel_reg(unsigned buck) {
  switch (buck) {
    case 1: return S2MPS11_REG_B1CTRL2;
    case 2: return S2MPS11_REG_B2CTRL2;
    case 3: return S2MPS11_REG_B3CTRL2;
    case 4: return S2MPS11_REG_B4CTRL2;
    case 6: return S2MPS11_REG_B6CTRL2;
  }
  return 0;
}

int S2mps11::selector_for(uint32_t uv) {
  if (uv < S2MPS11_BUCK_MIN1 || (uv - S2MPS11_BUCK_MIN1) % S2MPS11_BUCK_STEP1) return -1;
  const uint32_t sel = (uv - S2MPS11_BUCK_MIN1) / S2MPS11_BUCK_STEP1;
  return sel >= S2MPS11_BUCK_N_VOLTAGES ? -1 : static_cast<int>(sel);
}

void S2mps11::connect_buck(unsigned buck, Regulator* rail) {
  const uint32_t reg = vsel_reg(buck);
  if (!reg || !rail) model_error(name(), "connect_buck: no BUCK%u voltage selector", buck);
  const int sel = selector_for(rail->voltage_uv());
  if (sel < 0)
    model_error(name(), "BUCK%u: the rail starts at %u uV, not 600000 + n * 6250 uV", buck,
                rail->voltage_uv());
  regs.set_reset_value(S2MPS11_REG_STRIDE * reg, static_cast<uint32_t>(sel));
  rail_of_reg_[reg] = rail;
}

uint32_t S2mps11::read(uint32_t reg) { return regs.read(S2MPS11_REG_STRIDE * reg); }
void S2mps11::write(uint32_t reg, uint32_t v) { regs.write(S2MPS11_REG_STRIDE * reg, v); }
