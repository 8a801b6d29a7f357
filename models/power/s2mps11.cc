// SPDX-License-Identifier: GPL-2.0-only
#include "models/power/s2mps11.h"

#include "models/common/initiator.h"
#include "models/common/mmio32.h"
#include "models/common/report.h"

using namespace sc_core;

S2mps11::S2mps11(sc_module_name name, const S2mps11Params& p)
    : sc_module(name), socket("socket"), p_(p) {
  socket.register_b_transport(this, &S2mps11::b_transport);
}

uint32_t S2mps11::vsel_reg(unsigned buck) {
  switch (buck) {
    case 1: return Reg::B1CTRL2;
    case 2: return Reg::B2CTRL2;
    case 3: return Reg::B3CTRL2;
    case 4: return Reg::B4CTRL2;
    case 6: return Reg::B6CTRL2;
  }
  return 0;
}

int S2mps11::selector_for(uint32_t uv) {
  if (uv < kBuckMinUv || (uv - kBuckMinUv) % kBuckStepUv) return -1;
  const uint32_t sel = (uv - kBuckMinUv) / kBuckStepUv;
  return sel > 0xff ? -1 : static_cast<int>(sel);
}

void S2mps11::connect_buck(unsigned buck, Regulator* rail) {
  const uint32_t reg = vsel_reg(buck);
  if (!reg || !rail) model_error(name(), "connect_buck: no BUCK%u voltage selector", buck);
  const int sel = selector_for(rail->voltage_uv());
  if (sel < 0)
    model_error(name(), "BUCK%u: the rail starts at %u uV, not 600000 + n * 6250 uV", buck,
                rail->voltage_uv());
  regs_[reg] = static_cast<uint8_t>(sel);
  rail_of_reg_[reg] = rail;
}

void S2mps11::b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
  catch_up(gp, delay);  // works at SystemC's time (models/common/initiator.h)
  delay += p_.access_latency;
  mmio32_transport(gp, Reg::SIZE - 1, [this](uint32_t off) { return read(off / 4); },
                   [this](uint32_t off, uint32_t v) { write(off / 4, v); });
}

uint32_t S2mps11::read(uint32_t reg) {
  reg &= Reg::COUNT - 1;
  if (reg != Reg::ID && !rail_of_reg_[reg] && warned_.insert(reg).second)
    model_warning(name(), "read of unmodelled register 0x%02x", reg);
  return regs_[reg];
}

void S2mps11::write(uint32_t reg, uint32_t v) {
  reg &= Reg::COUNT - 1;
  if (reg == Reg::ID) return;  // read-only
  const uint8_t sel = static_cast<uint8_t>(v);
  regs_[reg] = sel;
  if (Regulator* rail = rail_of_reg_[reg]) {
    rail->set_voltage_uv(kBuckMinUv + kBuckStepUv * sel);
    return;
  }
  if (warned_.insert(reg | 0x100).second)
    model_warning(name(), "write of 0x%02x to unmodelled register 0x%02x stored only", sel, reg);
}
