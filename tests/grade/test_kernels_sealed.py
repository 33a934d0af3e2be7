"""NOTE [a kernel registered behind the watch] (tutor/grade/observe_kernels.py): the count of Library
objects that tells a kernel the watch did not see, in a process of its own set up as the zygote sets up
(the observers installed, then the seal). The grader's verdicts on such code are in the learner corpus
(tests/corpus/*/bad_r39a_*.py)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from support import REPO

ZYGOTE = """
import gc, operator, sys, warnings
warnings.simplefilter("ignore")
import torch
from tutor.grade import child, observe, observe_kernels as kernels
import tutor.graph.capture
from tutor.grade.observe_state import _S
observe.install()
"""


def _run(body: str) -> list[str]:
    code = ZYGOTE + textwrap.dedent(body)
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.split()


def test_the_seal_finds_every_library_object_alive():
    # holders() reads the referrers of torch's two classes that hold one; a scan of every object's
    # referents finds the same (a new holder in a later torch would fail here, not let a kernel through)
    found, scanned, library = _run("""
        held = {id(m) for m in kernels.holders()}
        every = {id(x) for o in gc.get_objects() for x in gc.get_referents(o) if type(x) is kernels._CLASS}
        print(len(held), len(every), held == every)
    """)
    assert int(found) > 50 and found == scanned and library == "True"


def test_a_raw_library_is_counted_and_one_made_through_the_watch_is_not():
    # the original found as the attacker found it (the closures of the watch), after freeing torch's own
    # Library objects (kept for good by the seal: the count stays) and deleting the class's name
    steps = _run("""
        kernels.seal()
        kernels.begin()
        print(kernels.kernels_are_torchs())
        import torch.export.custom_ops
        before = kernels.library_refs()
        torch.export.custom_ops.lib.m = None
        print(kernels.library_refs() == before)
        watched = torch.library.Library("agt_test", "DEF")
        print(kernels.kernels_are_torchs(), _S.libraries_made)
        f = torch._C._dispatch_library
        while getattr(f, "__closure__", None):
            f = next(c.cell_contents for c in f.__closure__ if callable(c.cell_contents))
        raw = f("IMPL", "aten", "", "", 0)
        raw.impl("equal", "CPU", operator.is_not, False)
        print(kernels.kernels_are_torchs(), torch.equal(torch.zeros(1), torch.ones(1)))
        del raw
        print(kernels.kernels_are_torchs(), torch.equal(torch.zeros(1), torch.ones(1)))
        name = torch._C._DispatchModule
        del torch._C._DispatchModule
        print(kernels.kernels_are_torchs())
        torch._C._DispatchModule = name
        del name
        print(kernels.kernels_are_torchs())
    """)
    assert steps == ["True", "True", "True", "1", "False", "True", "True", "False", "False", "True"], steps


def test_a_library_of_the_codes_for_torchs_ops_counts_and_a_table_of_torchs_classes_does_not():
    # round 39's second attacker: `torch.library.Library("aten", "IMPL")`, made openly by the code (here
    # `-c`'s "<string>", a file neither torch's nor the grader's), and torch's python dispatcher left on;
    # and an honest table of torch._C's classes (a young dict holding the Library class)
    steps = _run("""
        import inspect
        kernels.seal()
        kernels.begin()
        _S.on = True
        classes = dict(inspect.getmembers(torch._C, inspect.isclass))
        ours = torch.library.Library("agt_own", "DEF")
        print(kernels.kernels_are_torchs())
        guard = torch._C._EnablePythonDispatcher()
        print(kernels.kernels_are_torchs())
        del guard
        print(kernels.kernels_are_torchs())
        aten = torch.library.Library("aten", "IMPL")
        print(kernels.kernels_are_torchs(), _S.own_dispatch)
    """)
    assert steps == ["True", "False", "True", "False", "True"], steps
