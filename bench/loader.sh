#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Load time of the rt-app loader per MB, on generated workloads of 1, 10 and
# 100 MB: one task with run/sleep pairs (repeated keys, the case that was
# quadratic; issue #19). Each is run for 1 ms of simulated time, before boot
# ends, so the host time is reading, parsing and checking the file (the
# same run on a 100-byte workload is printed as the floor). Best of 2 runs.
# Prints seconds per MB and the 100 MB / 10 MB time ratio: linear is 10,
# the target is at most 10 (100 MB within 10x the time of 10 MB).
# Usage: bench/loader.sh [BUILD_DIR]   (the 100 MB case needs ~4 GB of RAM)
set -e
build=${1:-build}
blsim="$build/blsim"
dtb="$build/configs/tc2.dtb"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

gen() {  # $1 = MB -> $tmp/w$1.json
  python3 - "$1" "$tmp/w$1.json" <<'PY'
import sys
size = int(float(sys.argv[1]) * 1024 * 1024)
head = '{"tasks": {"t": {"loop": 1, '
tail = '"run": 10}}, "global": {"duration": 1}}'
pair = '"run": 1000, "sleep": 1000, '
n = max(0, (size - len(head) - len(tail)) // len(pair))
with open(sys.argv[2], "w") as f:
    f.write(head + pair * n + tail)
PY
}

secs() {  # $1 = workload -> best host seconds of 2 runs
  for i in 1 2; do
    /usr/bin/time -f "%e" -o "$tmp/t" "$blsim" --dtb "$dtb" --duration 1ms --quiet \
      --workload "$1" >/dev/null 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
    cat "$tmp/t"
  done | sort -n | head -n 1
}

printf '{"tasks": {"t": {"run": 1000, "sleep": 1000}}}' > "$tmp/floor.json"
printf 'floor (100-byte workload): %s s\n' "$(secs "$tmp/floor.json")"
for mb in 1 10 100; do
  gen $mb
  s=$(secs "$tmp/w$mb.json")
  eval "s$mb=$s"
  awk -v mb=$mb -v s="$s" 'BEGIN { printf "%4s MB: %7.2f s  %6.3f s/MB\n", mb, s, s / mb }'
  rm -f "$tmp/w$mb.json"
done
awk -v a="$s100" -v b="$s10" 'BEGIN { printf "100 MB / 10 MB time: %.1fx (linear: 10x; target: <= 10x)\n", a / b }'
