#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""A point that fails is a row with its exit status and blsim's last stderr
line; the others go on; the sweep exits 3. After the fix, --resume runs
only the failed point."""
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sweeplib import *  # noqa: E402,F403

d = scratch("failures")
later = os.path.join(d, "later.json")   # missing on the first run
good = os.path.join(WL, "periodic-light.json")
BASE = ["--dtb", TC2, "--duration", "200ms"]
out = os.path.join(d, "sweep")
cmd = [SWEEP, "--workload", good, later, "--switcher", "none", "iks", "--out", out, "--no-plots", "--"] + BASE
r = run(cmd)
check(r.returncode == 3, "a failed point makes the sweep exit 3 (%d)\n%s" % (r.returncode, r.stderr))
res = rows(os.path.join(out, "results.csv"))
check(len(res) == 4, "4 rows, failed ones included")
hand = run([BLSIM, "--workload", later] + BASE + ["--quiet"])
check(hand.returncode == 2, "blsim by hand: a missing workload is exit 2")
last = [l for l in hand.stderr.splitlines() if l.strip()][-1]
for row in res:
    if row["workload"] == later:
        check(row["status"] == "failed" and row["exit_status"] == "2" and row["energy_j"] == "",
              "%s: failed, exit 2, no numbers" % row["point"])
        check(row["error"] == last, "%s: the error is blsim's last stderr line: %s" % (row["point"], row["error"]))
        check(row["point"] in r.stderr, "the sweep names the failed point on stderr")
    else:
        check(row["status"] == "ok" and row["energy_j"] != "", "%s: ok despite the failures" % row["point"])

ok_runs = {x["point"]: os.stat(os.path.join(out, "points", x["point"], "run.json")).st_mtime_ns
           for x in res if x["status"] == "ok"}
shutil.copy(good, later)   # the fix
r = run(cmd[:-len(BASE) - 1] + ["--resume", "--"] + BASE)
check(r.returncode == 0, "after the fix, --resume exits 0\n" + r.stdout + r.stderr)
check("2 of 4 points complete, 2 to run" in r.stdout, "--resume runs the 2 failed points only: " + r.stdout)
with open(os.path.join(out, "joblog.txt")) as f:
    check(len(f.readlines()) == 3, "the job log of the re-run has 2 jobs")
check(all(os.stat(os.path.join(out, "points", p, "run.json")).st_mtime_ns == t for p, t in ok_runs.items()),
      "the points that were ok were not run again")
res = rows(os.path.join(out, "results.csv"))
check(all(x["status"] == "ok" for x in res), "all 4 rows ok now")

# A changed command line makes a complete point stale: --resume runs it.
r = run(cmd[:-len(BASE) - 1] + ["--resume", "--"] + BASE[:-1] + ["150ms"])
check(r.returncode == 0 and "0 of 4 points complete" in r.stdout,
      "--resume with other BLSIM_ARGS runs every point again\n" + r.stdout + r.stderr)

# A point whose blsim is killed by a signal is failed with the shell's
# status (128+N); one without a result (its run.json gone, as when Slurm
# kills a task) is missing; both are named, and the sweep exits 3.
fake = os.path.join(d, "blsim-killed")
with open(fake, "w") as f:
    f.write("#!/bin/sh\ncase \" $* \" in *\" --seed 2 \"*) kill -KILL $$;; esac\nexec '%s' \"$@\"\n" % BLSIM)
os.chmod(fake, 0o755)
out2 = os.path.join(d, "killed")
r = run([SWEEP, "--seed", "1", "2", "3", "--blsim", fake, "--out", out2, "--no-plots", "--"] + BASE)
check(r.returncode == 3, "a killed point: exit 3")
os.remove(os.path.join(out2, "points", "seed=3", "run.json"))
r = run([SWEEP, "--merge", out2, "--no-plots"])
res = {x["point"]: x for x in rows(os.path.join(out2, "results.csv"))}
check(res["seed=1"]["status"] == "ok", "seed=1 ok")
check(res["seed=2"]["status"] == "failed" and res["seed=2"]["exit_status"] == "137" and
      res["seed=2"]["error"] == "killed by signal 9", "seed=2: failed, exit 137, killed by signal 9")
check(res["seed=3"]["status"] == "missing" and res["seed=3"]["exit_status"] == "" and res["seed=3"]["error"],
      "seed=3 without run.json: missing, with a reason: " + res["seed=3"]["error"])
check(r.returncode == 3 and "seed=2" in r.stderr and "seed=3" in r.stderr, "--merge exits 3 naming both")
