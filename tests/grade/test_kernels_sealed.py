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
        _S.libraries_base, _S.libraries_made = kernels.library_refs(), 0
        print(kernels.as_sealed())
        import torch.export.custom_ops
        before = kernels.library_refs()
        torch.export.custom_ops.lib.m = None
        print(kernels.library_refs() == before)
        watched = torch.library.Library("agt_test", "DEF")
        print(kernels.as_sealed(), _S.libraries_made)
        f = torch._C._dispatch_library
        while getattr(f, "__closure__", None):
            f = next(c.cell_contents for c in f.__closure__ if callable(c.cell_contents))
        raw = f("IMPL", "aten", "", "", 0)
        raw.impl("equal", "CPU", operator.is_not, False)
        print(kernels.as_sealed(), torch.equal(torch.zeros(1), torch.ones(1)))
        del raw
        print(kernels.as_sealed(), torch.equal(torch.zeros(1), torch.ones(1)))
        name = torch._C._DispatchModule
        del torch._C._DispatchModule
        print(kernels.as_sealed())
        torch._C._DispatchModule = name
        del name
        print(kernels.as_sealed())
    """)
    assert steps == ["True", "True", "True", "1", "False", "True", "True", "False", "False", "True"], steps
