"""Plants keys that run C code at a lookup in module dicts, after a snapshot, and drops them as a run
does when its code has ended (NOTE [a key planted in a module], pristine.py). Prints what it found."""

import collections
import enum
import functools
import json
import sys

import numpy

import tutor.grade.child  # noqa: F401  (the grader's modules, as a worker has them)
from tutor.grade import pristine, readfirst

pristine.snapshot()
ran = []


class Name(enum.StrEnum):
    DUMPS = "dumps_alias"


Key = collections.UserString  # a class the worker already had, made to run at a lookup
Key.__eq__ = functools.partial(ran.append)  # ran.append(other): True-ish never; the call is what counts
Key.__hash__ = functools.partial(hash, "dumps")  # the hash of the name it sits on
targets = {"json": vars(json), "readfirst": vars(readfirst), "numpy": vars(numpy)}
for name, space in targets.items():
    space[Key("x")] = "planted"
vars(json)[Name.DUMPS] = json.dumps  # a str subclass key, as code may leave one
before = {name: sum(type(k) is not str for k in space) for name, space in targets.items()}
ran.clear()  # planting it beside "dumps" compared it once
pristine.drop_planted(pristine.module_dicts())
after = {name: sum(type(k) is not str for k in space) for name, space in targets.items()}
json.dumps({"a": 1})  # a lookup of the name the key sat on
print(json.dumps({"before": before, "after": after, "ran": len(ran),
                  "kept": all(callable(vars(json)[n]) for n in ("dumps", "loads")) and "equal_bits" in vars(readfirst),
                  "modules": len(pristine.module_dicts()[0])}))
