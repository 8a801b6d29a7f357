/* SPDX-License-Identifier: GPL-2.0-only */
// boot_dt.h - what blsim, as the boot loader, changes in the DT it hands the
// kernel: nodes for devices the user's DT lacks, /chosen/bootargs, and the
// checks an option needs from the DT before anything is built.
#pragma once

class Fdt;
struct EventMailboxConfig;
struct Sp804Config;
struct RunOptions;

// The event mailbox, when the user's DT has none.
void add_event_mailbox_node(Fdt& fdt, const EventMailboxConfig& ev);
// The SP804 broadcast timer at the DT root, when the user's DT has none there.
void add_sp804_node(Fdt& fdt, const Sp804Config& t);
// The run's kernel options as /chosen/bootargs.
void set_bootargs(Fdt& fdt, const RunOptions& o);
// --sched eas: every cpu node must carry the energy model's inputs.
void check_eas_dt(Fdt& fdt);
