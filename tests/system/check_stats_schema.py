#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Validate a stats.json against docs/stats.schema.json, in two passes.

Usage: check_stats_schema.py SCHEMA STATS

1. The published schema (JSON Schema draft 2020-12, python3-jsonschema).
2. A strict copy of it: every object schema that names its "properties" and
   has no additionalProperties / patternProperties / unevaluatedProperties
   gets "additionalProperties": false, so a member blsim writes that the
   schema does not describe fails, named by its path.
3. What JSON Schema cannot say: in blsim-stats/2, every switches[].steps[][0]
   indexes switch_steps, and /1 has no switch_steps.

Prints one line per error; exit 0 if both passes hold, 1 otherwise.
"""
import copy
import json
import sys

import jsonschema

OPEN_KEYS = {"additionalProperties", "patternProperties", "unevaluatedProperties"}


def close(x):
    """Close every object schema that names its properties (in place)."""
    if isinstance(x, dict):
        if isinstance(x.get("properties"), dict) and not OPEN_KEYS & x.keys():
            x["additionalProperties"] = False
        for v in x.values():
            close(v)
    elif isinstance(x, list):
        for v in x:
            close(v)


def path(parts):
    return "/".join(map(str, parts))


def main(schema_path, stats_path):
    validator = jsonschema.Draft202012Validator
    with open(schema_path) as f:
        schema = json.load(f)
    validator.check_schema(schema)
    with open(stats_path) as f:
        stats = json.load(f)
    bad = 0
    for e in validator(schema).iter_errors(stats):
        bad += 1
        print(path(e.absolute_path), e.message)
    strict = copy.deepcopy(schema)
    close(strict)
    for e in validator(strict).iter_errors(stats):
        bad += 1
        if e.validator == "additionalProperties" and e.validator_value is False:
            for k in e.instance:
                if k not in e.schema["properties"]:
                    print(path(list(e.absolute_path) + [k]) + ": not described by the schema (strict pass)")
        else:
            print("strict pass:", path(e.absolute_path), e.message)
    bad += check_step_table(stats)
    return 1 if bad else 0


def check_step_table(stats):
    """Errors of pass 3, printed; their count."""
    names = stats.get("switch_steps")
    if stats.get("schema") != "blsim-stats/2":
        if names is None:
            return 0
        print("switch_steps: only in blsim-stats/2")
        return 1
    bad = 0
    for i, sw in enumerate(stats.get("switches", [])):
        for k, st in enumerate(sw.get("steps", [])):
            if not isinstance(st, list) or not names or not 0 <= st[0] < len(names):
                bad += 1
                print("switches/%d/steps/%d: step %r is not an index into switch_steps" % (i, k, st[:1]))
    return bad


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
