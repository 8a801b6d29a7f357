// SPDX-License-Identifier: GPL-2.0-only
// blsim's command line inside sc_limit (bench/sc_limit.cc): the same file,
// its sc_main and main renamed so that sc_limit's own take their place.
#define sc_main blsim_sc_main
#define main blsim_unused_main
#include "sim/main.cc"
