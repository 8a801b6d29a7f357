#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Runs every fuzz harness (tests/fuzz) for SECONDS each, from its committed
# corpus, and prints per harness the runs done and whether it found a crash
# (the input is kept under BUILD_DIR/fuzz-long/NAME/artifacts: add it to
# tests/fuzz/corpus/NAME once fixed). Asserts nothing; exits 1 if any found.
# Usage: bench/fuzz.sh SECONDS [BUILD_DIR]
set -e
secs=${1:?usage: bench/fuzz.sh SECONDS [BUILD_DIR]}
build=${2:-build}
src=$(cd "$(dirname "$0")/.." && pwd)
found=0
for h in rtapp dt dt_override event compare; do
  bin="$build/fuzz/fuzz_$h"
  [ -x "$bin" ] || { echo "$bin missing: build with clang present (tools/setup)" >&2; exit 2; }
  log="$build/fuzz-long-$h.log"
  if sh "$src/tests/fuzz/run.sh" "$bin" "$src/tests/fuzz/corpus/$h" "$build/fuzz-long/$h" \
      -max_total_time="$secs" -print_final_stats=1 >"$log" 2>&1; then
    verdict="no crash"
  else
    verdict="FOUND: see $build/fuzz-long/$h/artifacts and $log"
    found=1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  printf '%-12s %8s runs in %ss: %s\n' "$h" "${runs:-?}" "$secs" "$verdict"
done
exit $found
