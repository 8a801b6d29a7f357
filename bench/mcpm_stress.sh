#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# bench/mcpm_stress.sh [build-dir] [cycles] [seed]: MCPM race stress on the
# fake machine, 100,000 randomized power-down/up cycles by default.
# Prints the cycle count, violations and host/simulated time.
set -e
build=${1:-build}
BLSIM_STRESS_CYCLES=${2:-100000} BLSIM_STRESS_SEED=${3:-1} \
	"$build/tests/stress_tests" --gtest_filter='McpmStress.RandomizedCyclesWithZeroViolations'
