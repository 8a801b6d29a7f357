#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Speed on TC2 + rt-app's mp3-short (IKS, ondemand, menu): real-time factor,
# host time for 10 s vs 60 s simulated (the example of Debian's rt-app
# package, which tools/setup installs, with its global.duration rewritten in
# a temporary copy), peak RSS, and what cores
# running ahead of SystemC's time gain over --lockstep (docs/fidelity.md),
# and the 60 s run once more writing every output (--out: ~80 MB of
# stats.json, trace.txt and waves.vcd).
# Each time is the best of three runs: on a shared or virtual machine the
# host steals tens of percent from single runs. Prints ratios; asserts
# nothing.
# Usage: bench/mp3.sh [BUILD_DIR]
set -e
build=${1:-build}
src=/usr/share/doc/rt-app/examples/mp3-short.json
[ -r "$src" ] || { echo "mp3.sh: $src is missing: run tools/setup (Debian's rt-app package)" >&2; exit 1; }
tmp=$(mktemp -d /tmp/blsim-mp3.XXXXXX)
run() {  # $1 = seconds, then more blsim options; prints "host_s rss_kb", best of 3
  s=$1
  shift
  sed "s/\"duration\" : 6,/\"duration\" : $s,/" "$src" > "$tmp/mp3-$s.json"
  for i in 1 2 3; do
    /usr/bin/time -f "%e %M" -o "$tmp/time" "$build/blsim" --dtb "$build/configs/tc2.dtb" \
      --workload "$tmp/mp3-$s.json" --switcher iks --cpufreq-governor ondemand \
      --cpuidle-governor menu --quiet "$@" 2>/dev/null || exit 1
    cat "$tmp/time"
  done | sort -n | head -n 1
}
set -- $(run 10); h10=$1; r10=$2
set -- $(run 60); h60=$1; r60=$2
[ -n "$h10" ] && [ -n "$h60" ] || { echo "mp3.sh: a blsim run failed" >&2; exit 1; }
set -- $(run 10 --lockstep); hl=$1
set -- $(run 60 --out "$tmp/out"); h60o=$1; r60o=$2
rm -rf "$tmp"
awk -v h10="$h10" -v h60="$h60" -v r10="$r10" -v r60="$r60" -v hl="$hl" -v h60o="$h60o" \
    -v r60o="$r60o" 'BEGIN {
  printf "blsim speed, TC2 + mp3-short (IKS, ondemand, menu)\n"
  printf "  10 s simulated: %6.2f s host, real-time factor %6.1fx, peak RSS %d MiB\n", h10, 10 / h10, r10 / 1024
  printf "  60 s simulated: %6.2f s host, real-time factor %6.1fx, peak RSS %d MiB\n", h60, 60 / h60, r60 / 1024
  printf "  60 s with --out: %5.2f s host, real-time factor %6.1fx, peak RSS %d MiB\n", h60o, 60 / h60o, r60o / 1024
  printf "  linearity: host(60 s) / host(10 s) = %.2f (6.00 is linear)\n", h60 / h10
  printf "  running ahead: host(10 s, --lockstep) / host(10 s) = %.2f\n", hl / h10
}'
