#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Runs one libFuzzer harness over a fresh work corpus seeded from the
# committed one (new inputs go to WORK, never into the source tree); crash
# files go to WORK/artifacts. Exit status: the harness's (0 = nothing found).
# Usage: tests/fuzz/run.sh HARNESS CORPUS WORK [libFuzzer flags...]
set -e
harness=$1 corpus=$2 work=$3
shift 3
rm -rf "$work"
mkdir -p "$work/corpus" "$work/artifacts"
exec "$harness" -artifact_prefix="$work/artifacts/" -max_len=65536 "$@" "$work/corpus" "$corpus"
