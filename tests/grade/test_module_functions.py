"""NOTE [a function rebound in a library module] (pristine_modules.py): round 40's attacker rebound functions in
torch modules that are no target of pristine's (`torch.autograd.gradcheck._allclose_with_type_promotion`,
`torch._functorch`'s `grad_impl` and `vmap_impl`), and the probes' own gradcheck and `torch.func` calls ran
them; its second attacker changed gradcheck's keyword defaults in place. The probe process puts every library
module's functions and their keyword defaults back, and takes off a name added that shadows
a builtin; what a module holds that is not callable, and a module's new names, stay. Its own process: the
snapshot and the put-back are those of a run's, which would change this one's modules."""

import subprocess
import sys

SCRIPT = r"""
import torch
import sys
import torch.autograd.gradcheck
gradcheck_module = sys.modules["torch.autograd.gradcheck"]
import torch._functorch.apis as apis
from tutor.grade import pristine, pristine_modules

pristine.snapshot()
real_allclose, real_vmap_impl = gradcheck_module._allclose_with_type_promotion, apis.vmap_impl
gradcheck_module._allclose_with_type_promotion = "ok".format
apis.vmap_impl = lambda *a, **k: "the code's"
gradcheck_module.isinstance = lambda *a: True  # a global that shadows a builtin
gradcheck_module.mine = lambda: 1  # a new name of the code's, no builtin's
counter = gradcheck_module.__dict__.setdefault("_calls_seen", 0)  # not callable: state, stays
torch.autograd.gradcheck.__kwdefaults__["atol"] = 1e9  # round 40's second attacker: in place, the same function
torch.autograd.gradgradcheck.__kwdefaults__["atol"] = 1e9
pristine_modules.put_back(pristine.module_dicts())
print(gradcheck_module._allclose_with_type_promotion is real_allclose, apis.vmap_impl is real_vmap_impl,
      "isinstance" in vars(gradcheck_module), gradcheck_module.mine(), "_calls_seen" in vars(gradcheck_module))
x = torch.randn(3, dtype=torch.float64, requires_grad=True)
wrong = type("Wrong", (torch.autograd.Function,), {
    "forward": staticmethod(lambda ctx, t: t * 2), "backward": staticmethod(lambda ctx, g: g * 3)})
try:
    torch.autograd.gradcheck(wrong.apply, (x,))
    print("gradcheck passed a wrong backward")
except Exception as exc:
    print("gradcheck failed it:", type(exc).__name__)
"""


def test_functions_rebound_in_torch_modules_are_put_back_for_the_probes():
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.strip().splitlines()
    assert lines[-2] == "True True False 1 True", lines
    assert lines[-1] == "gradcheck failed it: GradcheckError", lines


WATCH = r"""
import sys
import torch
import torch.autograd.gradcheck
gradcheck_module = sys.modules["torch.autograd.gradcheck"]
from tutor.grade import pristine

pristine.snapshot()
state = pristine.read_state()
cases = {}

def case(name, act):
    seen = pristine.versions_now(state)
    act()
    cases[name] = pristine.moved_since(state, seen)

def set_and_undo():  # round 41's attacker: a trick set by forward and taken off by backward, in one probe
    real = gradcheck_module._allclose_with_type_promotion
    gradcheck_module._allclose_with_type_promotion = "ok".format
    gradcheck_module._allclose_with_type_promotion = real

def mean_is_sum_undone():
    torch.Tensor.mean = torch.Tensor.sum
    del torch.Tensor.mean

def engine_undone():
    real = torch.autograd.variable.Variable._execution_engine
    torch.autograd.variable.Variable._execution_engine = None
    torch.autograd.variable.Variable._execution_engine = real

def defaults_undone():
    torch.autograd.gradcheck.__kwdefaults__["atol"] = 1e9
    torch.autograd.gradcheck.__kwdefaults__["atol"] = 1e-5

def honest():  # what a correct answer's probe does: a pass, a warning, the code's own globals
    import warnings
    x = torch.randn(3, requires_grad=True)
    (x ** 2).sum().backward()
    warnings.warn_explicit("a first warning", UserWarning, "torch/autograd/gradcheck.py", 1,
                           module="torch.autograd.gradcheck", registry=None,
                           module_globals=vars(gradcheck_module))
    globals()["counter"] = 1

def imports_a_submodule():  # torch imports lazily, in a path the warm-up did not take
    import torch.utils.bundled_inputs  # noqa: F401

def forged_submodule():  # round 41's second attacker: a "submodule" of its own beside a change set and undone
    import types
    import torch.utils
    real = torch.utils.set_module  # a package no target of pristine's is (a target's dict is never excused)
    torch.utils.set_module = lambda *a, **k: "the code's"
    torch.utils.set_module = real
    sys.modules["torch.utils._forged"] = vars(torch.utils)["_forged"] = types.ModuleType("torch.utils._forged")

honest()  # what it loads lazily the first time, loaded (a zygote's warm-up does)
case("set and undone", set_and_undo)
case("mean undone", mean_is_sum_undone)
case("engine undone", engine_undone)
case("defaults undone", defaults_undone)
case("honest", honest)
case("imports", imports_a_submodule)
case("forged", forged_submodule)
print(sorted(cases.items()))
"""


def test_a_change_set_and_taken_off_within_a_probe_is_seen():
    """NOTE [set and put back within a check] (pristine_modules.py): between the grader's two reads, a library
    function rebound and bound back, a class's attribute set and deleted (a target's, and the engine every pass
    runs: round 41), keyword defaults changed and changed back are all seen; a backward, a library module's
    first warning and the code's own globals are not; a submodule loaded (or forged beside a change) is told
    apart, and readfirst reads that probe again, where any change counts."""
    done = subprocess.run([sys.executable, "-c", WATCH], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    moved, imported = 2, 1  # pristine_modules.MOVED, IMPORTED: a probe that only loaded submodules is read again
    assert done.stdout.strip().splitlines()[-1] == str(sorted({
        "set and undone": moved, "mean undone": moved, "engine undone": moved, "defaults undone": moved,
        "honest": 0, "imports": imported, "forged": imported}.items())), done.stdout
