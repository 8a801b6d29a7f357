// SPDX-License-Identifier: GPL-2.0-only
#include "sim/boot_dt.h"

#include <cstdio>
#include <string>
#include <vector>

#include "sim/dt.h"
#include "sim/platform_config.h"
#include "sim/run.h"

extern "C" {
#include <libfdt.h>
}

namespace {

// A device node at the DT root with reg (root cells) and one level SPI: what
// the simulator adds to the DT it hands the kernel when the user's DT lacks
// one of its devices (as a boot loader adds /chosen). Returns the node.
int add_root_device(Fdt& fdt, const char* name, const char* compatible, uint64_t base,
                    uint64_t size, unsigned irq, const char* what) {
  void* blob = fdt.bytes().data();
  const int node = fdt_add_subnode(blob, 0, name);
  const int ac = fdt_address_cells(blob, 0), sc = fdt_size_cells(blob, 0);
  std::vector<fdt32_t> reg;
  if (ac == 2) reg.push_back(cpu_to_fdt32(static_cast<uint32_t>(base >> 32)));
  reg.push_back(cpu_to_fdt32(static_cast<uint32_t>(base)));
  if (sc == 2) reg.push_back(cpu_to_fdt32(0));
  reg.push_back(cpu_to_fdt32(static_cast<uint32_t>(size)));
  const fdt32_t spi[3] = {cpu_to_fdt32(0), cpu_to_fdt32(irq - 32), cpu_to_fdt32(4)};
  if (node < 0 || fdt_setprop_string(blob, node, "compatible", compatible) ||
      fdt_setprop(blob, node, "reg", reg.data(), static_cast<int>(reg.size() * 4)) ||
      fdt_setprop(blob, node, "interrupts", spi, sizeof spi))
    throw DtError(fdt.file() + ": cannot add the " + what + " node to the DT");
  return node;
}

}  // namespace

// The event mailbox, when the user's DT has none.
void add_event_mailbox_node(Fdt& fdt, const EventMailboxConfig& ev) {
  if (ev.in_dt) return;
  char name[40];  // named for its address, as DT nodes are
  snprintf(name, sizeof name, "event-mailbox@%llx", static_cast<unsigned long long>(ev.base));
  add_root_device(fdt, name, "blsim,event-mailbox", ev.base, ev.size, ev.irq, "event mailbox");
}

// Likewise the SP804 broadcast timer at the DT root, when the user's DT has
// none there (the upstream TC2 DT has it under the motherboard's buses).
void add_sp804_node(Fdt& fdt, const Sp804Config& t) {
  if (t.in_dt || !t.present) return;
  char name[32];
  snprintf(name, sizeof name, "timer@%llx", static_cast<unsigned long long>(t.base));
  const int node = add_root_device(fdt, name, "arm,sp804", t.base, t.size, t.irq, "SP804");
  if (fdt_setprop_u32(fdt.bytes().data(), node, "clock-frequency",
                      static_cast<uint32_t>(t.params.timclk_hz)))
    throw DtError(fdt.file() + ": cannot add the SP804 node to the DT");
}

// --sched eas: the energy model needs every cpu node's
// dynamic-power-coefficient (and capacity-dmips-mhz for the capacities);
// upstream would silently run without EAS, here the user asked for it.
void check_eas_dt(Fdt& fdt) {
  const void* blob = fdt.bytes().data();
  const int cpus = fdt_path_offset(blob, "/cpus");
  int node;
  fdt_for_each_subnode(node, blob, cpus) {
    const char* type = static_cast<const char*>(fdt_getprop(blob, node, "device_type", nullptr));
    if (!type || std::string(type) != "cpu") continue;
    for (const char* prop : {"dynamic-power-coefficient", "capacity-dmips-mhz"}) {
      int len = 0;
      const fdt32_t* v = static_cast<const fdt32_t*>(fdt_getprop(blob, node, prop, &len));
      if (!v || len != 4 || fdt32_to_cpu(*v) == 0)
        throw DtError(fdt.file() + ": /cpus/" + fdt_get_name(blob, node, nullptr) + ": " + prop +
                      (v ? " is not one non-zero cell" : " is missing") +
                      ": --sched eas builds the energy model from it");
    }
  }
}

// The kernel command line (/chosen/bootargs) carries the run's kernel
// options, as a boot loader passes them: the switcher's upstream
// no_bL_switcher switch, and blsim's early-poke knob.
void set_bootargs(Fdt& fdt, const RunOptions& o) {
  std::string args;
  if (o.switcher == "none") args += "no_bL_switcher ";
  if (o.switcher == "cluster") args += "bL_switcher.mode=cluster ";
  if (o.sched == "eas") args += "blsim.sched=eas ";
  if (!o.early_poke) args += "bL_switcher.early_poke=0 ";
  if (o.cpuidle_governor == "none") args += "cpuidle.off=1 ";
  else args += "cpuidle.governor=" + o.cpuidle_governor + " ";
  void* blob = fdt.bytes().data();
  int chosen = fdt_path_offset(blob, "/chosen");
  if (chosen < 0) chosen = fdt_add_subnode(blob, 0, "chosen");
  if (chosen < 0 || fdt_setprop_string(blob, chosen, "bootargs", args.c_str()))
    throw DtError(fdt.file() + ": cannot set /chosen/bootargs");
}
