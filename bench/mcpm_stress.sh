#!/bin/sh
# MCPM race stress at bench scale: 100,000 randomised power-down/up cycles on
# the fake machine (tests/stress/mcpm_stress.cc), with every invariant checked
# at each hardware state change. Prints the cycle count, the violations
# (expected 0) and the host time. `make test` runs 10,000 of the same.
# Usage: bench/mcpm_stress.sh [BUILD_DIR] [CYCLES]
set -e
build=${1:-build}
cycles=${2:-100000}
start=$(date +%s.%N)
BLSIM_STRESS_CYCLES=$cycles "$build/tests/stress_tests" \
  --gtest_filter='McpmStress.RandomizedCyclesWithZeroViolations'
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" -v c="$cycles" 'BEGIN { printf "mcpm-stress: %d cycles in %.2f s host\n", c, e - s }'
