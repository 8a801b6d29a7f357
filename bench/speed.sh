#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Speed of blsim: real-time factor (simulated seconds per host second) of a
# busy TC2 scenario, host time for 10 s vs 60 s simulated (linearity), and
# peak RSS. Prints ratios; asserts nothing (targets are for people to read).
#
# A scripted scenario beside bench/mp3.sh's workload: IKS with
# ondemand and menu, a CPU hog on each logical CPU for 40% of every 100 ms,
# and a switch request each way every 50 ms. Run without outputs, then once
# more for 60 s with --out (what writing stats.json, trace.txt and waves.vcd
# costs). Host time is wall time, the best of three runs: on a loaded or
# virtual machine single runs vary by tens of percent.
# Usage: bench/speed.sh [BUILD_DIR]
set -e
build=${1:-build}
blsim="$build/blsim"
dtb="$build/configs/tc2.dtb"
events() {  # $1 = seconds
  i=0
  n=$(( $1 * 10 ))
  while [ $i -lt $n ]; do
    t=$(( i * 100 + 50 ))
    printf -- "--event %dms:busy:0:40 --event %dms:busy:1:40 " $t $t
    printf -- "--event %dms:switch:0:1 " $((t + 10))
    # The last period's way back would fall after the end (blsim refuses it).
    [ $((t + 60)) -lt $(( $1 * 1000 )) ] && printf -- "--event %dms:switch:0:0 " $((t + 60))
    i=$((i + 1))
  done
}
# With --out, each run starts from an empty folder (bench/mp3-lib.sh says why).
run() {  # $1 = seconds, then more blsim options; prints "host_s rss_kb", best of 3
  s=$1
  shift
  out=
  prev=
  for a in "$@"; do [ "$prev" = --out ] && out=$a; prev=$a; done
  for i in 1 2 3; do
    [ -z "$out" ] || rm -rf "$out"
    /usr/bin/time -f "%e %M" -o /tmp/blsim-bench.$$ \
      "$blsim" --dtb "$dtb" --duration "${s}s" --switcher iks --cpufreq-governor ondemand \
      --cpuidle-governor menu --quiet $(events "$s") "$@" >/dev/null || exit 1
    cat /tmp/blsim-bench.$$
  done | sort -n | head -n 1
  rm -f /tmp/blsim-bench.$$
}
set -- $(run 10); h10=$1; rss10=$2
set -- $(run 60); h60=$1; rss60=$2
[ -n "$h10" ] && [ -n "$h60" ] || { echo "speed.sh: a blsim run failed" >&2; exit 1; }
# The same 60 s writing every output (stats.json, trace.txt, waves.vcd).
out=$(mktemp -d /tmp/blsim-bench-out.XXXXXX)
set -- $(run 60 --out "$out"); h60o=$1; rss60o=$2
rm -rf "$out"
awk -v h10="$h10" -v h60="$h60" -v r10="$rss10" -v r60="$rss60" -v h60o="$h60o" -v r60o="$rss60o" 'BEGIN {
  printf "blsim speed (IKS + ondemand + menu, scripted hogs and switches)\n"
  printf "  10 s simulated: %6.2f s host, real-time factor %6.1fx, peak RSS %d MiB\n", h10, 10 / h10, r10 / 1024
  printf "  60 s simulated: %6.2f s host, real-time factor %6.1fx, peak RSS %d MiB\n", h60, 60 / h60, r60 / 1024
  printf "  60 s with --out: %5.2f s host, real-time factor %6.1fx, peak RSS %d MiB\n", h60o, 60 / h60o, r60o / 1024
  printf "  linearity: host(60 s) / host(10 s) = %.2f (6.00 is linear)\n", h60 / h10
}'
