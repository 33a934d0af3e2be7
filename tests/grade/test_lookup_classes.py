"""NOTE [a class made to run at a lookup] (tutor/grade/readfirst.py): a class the code made whose special
method is a C callable, or whose dict holds a key that is not a plain str, breaks the seal; the classes
learners write, and those torch makes as it imports more of itself, do not. The probes read str, tuple and
list subclasses through the base type, and the seal takes meta, sparse and nested tensors (round 37's
learner: an answer that left one scored 0 with "your code ran again while the grader read")."""

from __future__ import annotations

import collections
import enum
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import torch

from tutor.grade import probes, readfirst
from tutor.grade.lookups import plain_key

HERE = Path(__file__).resolve().parent / "lookup"

# Each: code a learner could not need, which makes a class that runs C code at a lookup or a read.
MADE_TO_RUN = {
    "str key, eq a partial": "import functools, itertools\n"
                             "K = type('K', (str,), {'__eq__': functools.partial(next, itertools.repeat(0))})\n",
    "eq a bound builtin": "K = type('K', (), {'__eq__': [].append, '__hash__': lambda s: 1})\n",
    "eq a methodcaller": "import operator\nK = type('K', (), {'__eq__': operator.methodcaller('pop')})\n",
    "class getter a methodcaller": "import operator\n"
                                   "K = type('K', (), {'__class__': property(operator.methodcaller('x'))})\n",
    "torch_function a staticmethod of a builtin": "import torch\n"
                                                  "K = type('K', (torch.Tensor,), {'__torch_function__': "
                                                  "staticmethod(print)})\n",
    "a key planted in a class's own dict": "import gc\nclass P: pass\nclass S(str):\n"
                                           "    def __eq__(self, o): return False\n    __hash__ = str.__hash__\n"
                                           "gc.get_referents(P.__dict__)[0][S('forward')] = 1\n",
    "the heap frozen again": "import gc\nclass Hidden: pass\ngc.freeze()\n",
    # round 38: a class the worker had, changed, its instance made as a key (in a module's `__dict__`)
    "a class the worker had, its eq a partial": "import collections, functools\n"
                                                "collections.UserString.__eq__ = functools.partial(print)\n"
                                                "key = collections.UserString('parameters')\n",
    "a base the worker had, changed": "import collections, functools\n"
                                      "class Mine(collections.UserList): pass\n"
                                      "collections.UserList.__hash__ = functools.partial(hash, 'x')\n"
                                      "key = Mine()\n",
}


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory) -> dict[str, str]:
    """Each case's verdict, and the honest classes' ("honest"), from one judge process that forks a run per case."""
    folder = tmp_path_factory.mktemp("lookup-cases")
    files = {"honest": HERE / "honest_classes.py"}
    for n, (case, code) in enumerate(MADE_TO_RUN.items()):
        files[case] = folder / f"case{n}.py"
        files[case].write_text(code)
    proc = subprocess.run([sys.executable, str(HERE / "judge_classes.py"), *map(str, files.values())],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    said = dict(line.split("\t") for line in proc.stdout.splitlines() if "\t" in line)
    return {case: said.get(str(path), "no verdict") for case, path in files.items()}


def test_the_classes_learners_write_are_not_made_to_run(verdicts):
    # dataclasses, enums (a StrEnum's members as keys too), namedtuples, Protocols, ABCs, cached and lru-cached
    # methods, modules, Functions, tensor subclasses and modes, numpy subclasses, metaclasses, generics
    assert verdicts["honest"] == "nothing made to run"


@pytest.mark.parametrize("case", list(MADE_TO_RUN))
def test_a_class_made_to_run_at_a_lookup_is_found(case, verdicts):
    assert verdicts[case] == "made to run", case


def test_a_str_that_compares_as_str_is_a_plain_key():
    class Name(str):
        pass

    class Odd(str):
        def __eq__(self, other):
            return False
        __hash__ = str.__hash__

    Tag = enum.StrEnum("Tag", {"ROLE": "role"})
    assert plain_key("x") and plain_key(Name("x")) and plain_key(Tag.ROLE) and plain_key(np.str_("x"))
    assert not plain_key(Odd("x")) and not plain_key(1) and not plain_key(b"x")


def test_subclasses_of_str_tuple_and_list_are_read_through_the_base_type():
    class Loud(list):
        def __iter__(self):
            raise AssertionError("the grader ran a method of the code's")
        __getitem__ = __len__ = __iter__

    point = collections.namedtuple("Point", "x y")(1, 2.5)
    assert probes.encode_value(point) == {"t": "seq", "tuple": True,
                                          "items": [{"t": "num", "v": 1}, {"t": "num", "v": 2.5}]}
    assert probes.encode_value(np.str_("MulBackward0")) == {"t": "str", "v": "MulBackward0"}
    assert probes.encode_value(Loud([1]))["items"] == [{"t": "num", "v": 1}]


@pytest.mark.parametrize("make", [
    lambda: torch.empty(3, 4, device="meta"),
    lambda: torch.eye(3).to_sparse(),
    lambda: torch.eye(3).to_sparse_csr(),
    lambda: torch.nested.nested_tensor([torch.ones(2), torch.ones(3)]),
    lambda: torch.nested.nested_tensor([torch.ones(2), torch.ones(3)], layout=torch.jagged),
], ids=["meta", "sparse", "csr", "nested", "jagged"])
def test_a_tensor_with_no_numbers_to_copy_is_sealed_by_its_counters(make):
    t = make()
    seal = readfirst._Seal({"t": t}, {"t"})
    assert seal.holds(numbers=False) and seal.holds()
    if t.layout == torch.strided:  # a change still breaks it
        t.add_(1)
        assert not seal.holds(numbers=False)


# NOTE [no reach into the grader's objects] (tutor/grade/audit.py): in a grading run, each of these raises
# RuntimeError("... in a grading run"); the code below then computes the right answer, so a pass means refused.
REACHES = {
    "gc.get_referents": "gc.get_referents(type.__dict__)",
    "gc.get_referrers": "gc.get_referrers(x)",
    "gc.get_objects": "gc.get_objects()",
    "sys.settrace": "sys.settrace(lambda *a: None)",
    "sys.setprofile": "sys.setprofile(lambda *a: None)",
    "a grader function's defaults": "from tutor.grade import pristine\npristine.changed.__defaults__ = (1,)",
    "a torch function's code": "torch.nn.functional.relu.__code__ = (lambda *a, **k: 0).__code__",
    # round 40: torch's own registration method, read out of the watch's keyword defaults
    "a grader wrapper's defaults": "torch._C._DispatchModule.impl.__kwdefaults__['_register'].__defaults__",
    "the marks, read": "from tutor.grade import observe_kernels\nobserve_kernels.keep.__defaults__",
}


def _square_exercise():
    from tutor.pack.models import Exercise

    return Exercise.model_validate({
        "id": "square-grad", "title": "square", "prompt": "compute y and its gradient",
        "setup": "torch.manual_seed(seed)\nx = torch.randn(3, requires_grad=True)\n",
        "solution": "y = (x ** 2).sum()\ny.backward()\n",
        "checks": [{"kind": "grad", "tensor": "x"}, {"kind": "value", "expr": "y"}],
        "trials": [{"seed": 0}],
    })


def test_a_run_cannot_reach_the_graders_objects_and_honest_code_still_runs():
    from tutor.grade.grader import Grader, Submission

    exercise = _square_exercise()
    refused = {name: ("import gc, sys\ntry:\n" + "".join(f"    {line}\n" for line in call.splitlines())
                      + "except RuntimeError as e:\n    assert 'in a grading run' in str(e), e\n"
                      "    y = (x ** 2).sum()\n    y.backward()\n") for name, call in REACHES.items()}
    honest = {  # namedtuple sets its own `__new__`'s defaults; a function of the code's may have its defaults set
        "namedtuple with defaults": "import collections\nP = collections.namedtuple('P', 'a b', defaults=(1,))\n"
                                    "y = (x ** 2).sum() * P(1).b\ny.backward()\n",
        "own function's defaults": "def f(t, k=2):\n    return t ** k\nf.__defaults__ = (2,)\ny = f(x).sum()\n"
                                   "y.backward()\n",
        # what a learner may read: torch's functions' defaults and signatures
        "torch's defaults, read": "import inspect\nk = torch.nn.functional.dropout.__defaults__\n"
                                  "inspect.signature(torch.nn.functional.dropout)\ny = (x ** 2).sum()\ny.backward()\n",
        # round 41's learners: what the grader wraps, read as help() and inspect do (the grader's other functions
        # hold nothing in their defaults that a run may not have)
        "help on a watched method": "import inspect, io, contextlib\nwith contextlib.redirect_stdout(io.StringIO()):\n"
                                    "    help(torch.Tensor.backward)\ninspect.signature(torch.autograd.grad)\n"
                                    "y = (x ** 2).sum()\ny.backward()\n",
    }
    cases = {**refused, **honest}
    with Grader(jobs=1, timeout=60) as grader:
        results = grader.grade([Submission(exercise, code) for code in cases.values()])
    for name, result in zip(cases, results):
        assert result.status == "passed", (name, result.error, [c.message for c in result.checks])


PLANTED_IN_A_GRADER_MODULE = r"""
import gc
from tutor.grade import lookups, observe, pristine
observe.install()
pristine.snapshot()
armed, ran = [], []
class Key(str):
    def __eq__(self, other):
        if armed:
            ran.append(other)
        return False
    __hash__ = str.__hash__
vars(lookups)[Key("_get_objects")] = 1  # on the lookup path of a global the class scan reads
armed.append(True)
pristine.restore()
lookups.classes_made_to_run(None)
print([k for k in vars(lookups) if type(k) is not str], ran, lookups._get_objects is gc.get_objects)
"""


def test_a_key_planted_in_a_graders_module_is_gone_before_the_reads():
    # pristine puts a grader module's functions back, and drops any key of the code's from its dict: looking
    # the key up (or deleting it by name) would run its `__eq__` (NOTE [a class made to run at a lookup])
    done = subprocess.run([sys.executable, "-c", PLANTED_IN_A_GRADER_MODULE], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "[] [] True"
