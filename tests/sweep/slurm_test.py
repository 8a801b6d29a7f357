#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""A real one-node Slurm (munged, slurmctld, slurmd started by
tools/slurm-local in a temporary folder, as root) runs a 4-point sweep as
one sbatch job array; its results.csv is byte-identical to the local
engine's. tools/slurm-local stops the daemons when the sweep is done, also
when it fails; this test checks that none is left."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sweeplib import *  # noqa: E402,F403

d = scratch("slurm")
AXES = ["--switcher", "iks", "cluster", "--governor", "ondemand", "schedutil"]
BASE = ["--", "--dtb", TC2, "--workload", os.path.join(WL, "periodic-light.json"), "--duration", "300ms"]
local, slurm = os.path.join(d, "local"), os.path.join(d, "slurm")


def daemons():
    """PIDs of munged/slurmctld/slurmd whose config is one of tools/slurm-local's."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                cmd = f.read().split(b"\0")
        except OSError:
            continue
        if os.path.basename(cmd[0]) in (b"munged", b"slurmctld", b"slurmd") and any(b"blsim-slurm-" in a for a in cmd):
            found.append(int(pid))
    return found


before = set(daemons())
r = run([SWEEP] + AXES + ["--out", local, "--no-plots"] + BASE)
check(r.returncode == 0, "the local engine's sweep exits 0\n" + r.stderr)

try:
    r = run([os.path.join(SRC, "tools", "slurm-local"), "--logs", os.path.join(d, "slurm-logs"), "--",
             SWEEP] + AXES + ["--engine", "slurm", "--throttle", "2", "--out", slurm, "--no-plots"] + BASE,
            timeout=240)
except subprocess.TimeoutExpired:
    fail("the Slurm sweep did not end within 240 s (logs in %s)" % os.path.join(d, "slurm-logs"))
if r.returncode == 2 and "cannot start Slurm" in r.stderr:
    fail("Slurm's daemons cannot run on this machine, so the Slurm engine is untested:\n" + r.stderr)
check(r.returncode == 0, "the Slurm engine's sweep exits 0\n" + r.stdout + r.stderr)
script = open(os.path.join(slurm, "slurm", "sweep-0.sbatch")).read()
check("#SBATCH --array=0-3%2" in script, "one job array of 4 tasks, at most 2 at once")
logs = sorted(f for f in os.listdir(os.path.join(slurm, "slurm")) if f.endswith(".out"))
check(len(logs) == 4, "4 array tasks ran: %s" % logs)
a = open(os.path.join(local, "results.csv")).read()
b = open(os.path.join(slurm, "results.csv")).read()
check(a == b, "results.csv is the same through Slurm and GNU parallel")
check(len(rows(os.path.join(slurm, "results.csv"))) == 4 and all(
    x["status"] == "ok" for x in rows(os.path.join(slurm, "results.csv"))), "4 rows, all ok")
r = run([os.path.join(SRC, "tools", "slurm-local"), "--", "sh", "-c", "sinfo -h -o %T; exit 7"], timeout=120)
check(r.returncode == 7 and r.stdout.strip() == "idle", "slurm-local gives the command's failure back")
left = [p for p in daemons() if p not in before]
check(not left, "no Slurm or munge daemon left running (%s)" % left)
