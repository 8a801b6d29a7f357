// SPDX-License-Identifier: GPL-2.0-only
// sc_main_stub.cc - libsystemc refers to sc_main; the harnesses have
// libFuzzer's main and never start a simulation.
extern "C" int sc_main(int, char**) { return 0; }
