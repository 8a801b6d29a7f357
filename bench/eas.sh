#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Speed of EAS against HMP on TC2 + rt-app's mp3-short (all cores visible,
# schedutil, menu): host time of 60 s simulated (default) with --sched eas over the
# same with --sched hmp. EAS evaluates the energy model at every wake-up
# (two candidates per performance domain, each a pass over the domain's
# CPUs), so the ratio is that cost; the target is at most 1.5.
# Each time is the host CPU time (user + system) of a run, the best of
# three: on a shared host elapsed time depends on the other jobs, CPU time
# much less. Prints the ratio; asserts nothing.
# Usage: bench/eas.sh [BUILD_DIR] [SECONDS]
set -e
build=${1:-build}
secs=${2:-60}
src=/usr/share/doc/rt-app/examples/mp3-short.json   # Debian's rt-app package
[ -r "$src" ] || { echo "eas.sh: no $src: run tools/setup (it installs rt-app)" >&2; exit 1; }
tmp=$(mktemp -d /tmp/blsim-eas.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
sed "s/\"duration\" : 6,/\"duration\" : $secs,/" "$src" > "$tmp/mp3.json"
grep -q "\"duration\" : $secs," "$tmp/mp3.json" || { echo "eas.sh: cannot set the duration" >&2; exit 1; }
run() {  # $1 = hmp | eas; prints the best CPU seconds of three
  for i in 1 2 3; do
    /usr/bin/time -f "%U %S" -o "$tmp/time" "$build/blsim" --dtb "$build/configs/tc2.dtb" \
      --workload "$tmp/mp3.json" --switcher none --sched "$1" --cpufreq-governor schedutil \
      --cpuidle-governor menu --quiet 2>/dev/null || { echo "eas.sh: the $1 run failed" >&2; exit 1; }
    awk '{ print $1 + $2 }' "$tmp/time"
  done | sort -n | head -n 1
}
hmp=$(run hmp)
eas=$(run eas)
[ -n "$hmp" ] && [ -n "$eas" ] || exit 1
awk -v h="$hmp" -v e="$eas" -v s="$secs" 'BEGIN {
  printf "blsim speed, TC2 + mp3-short, %d s simulated (all cores visible, schedutil, menu)\n", s
  printf "  --sched hmp: %6.2f s host CPU, real-time factor %6.1fx\n", h, s / h
  printf "  --sched eas: %6.2f s host CPU, real-time factor %6.1fx\n", e, s / e
  printf "  host(eas) / host(hmp) = %.2f (target <= 1.50)\n", (h > 0 ? e / h : 0)
}'
