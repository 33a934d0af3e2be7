"""NOTE [the record sealed] (pristine.py), NOTE [a mark no run can reach] and NOTE [torch's modes, as the
zygote sealed them] (modecount.py): round 42's attackers wrote their trick into the grader's record of what to
put back, recounted the count of pushed modes through a module global, and had their mode classes taken for
torch's. In a process of its own that does what a zygote does (observers, snapshot, audit hook) and forks a
"run": the run cannot seal a record, set the holder's defaults or read the mark's holders, and a rebinding of
the module's names changes nothing `restore` puts back; the zygote itself seals again (a later warm-up).
The attack files in tests/corpus (`bad_r42a_`, `bad_r42b_`) hold the same through the real grader."""

import subprocess
import sys

SCRIPT = r"""
import os, sys, types
import torch
from torch.overrides import TorchFunctionMode
from torch.utils._device import DeviceContext
from tutor.grade import audit, modecount, observe, pristine

observe.install()
pristine.snapshot()
audit.install()
record = pristine.sealed()
device_mode = DeviceContext("cpu")


class Mine(TorchFunctionMode):  # made after the seal, where a run makes it
    pass


def attempt(how):
    try:
        how()
        return "done"
    except Exception:
        return "refused"


r, w = os.pipe()
pid = os.fork()
if pid == 0:  # the run
    forged = (record[0][:1],) + record[1:]
    out = [attempt(lambda: pristine._seal(forged)),
           attempt(lambda: setattr(pristine.sealed, "__defaults__", (forged,))),
           attempt(lambda: modecount.note_push.__defaults__),
           attempt(lambda: modecount.count_pushes.__defaults__),
           attempt(lambda: record[7][1].__setitem__(id(Mine), (Mine, None))),
           str(pristine.sealed() is record)]
    real = torch.Tensor.mean
    pristine.sealed = lambda *a: forged  # what restore reads is its own default
    torch.Tensor.mean = torch.Tensor.sum
    pristine.restore()
    out.append(str(torch.Tensor.mean is real))
    count = modecount.count_pushes()
    torch._C._push_on_torch_function_stack(Mine())
    torch._C._pop_torch_function_stack()
    out.append(str(modecount.count_pushes() - count))
    count = modecount.count_pushes()
    with device_mode:
        pass
    out.append(str(modecount.count_pushes() - count))
    os.write(w, " ".join(out).encode())
    os._exit(0)
os.waitpid(pid, 0)
print(os.read(r, 4096).decode())
print(modecount.torchs(device_mode, 1), modecount.torchs(Mine(), 1))
pristine.snapshot()  # the zygote seals again (a later warm-up), as the one process the hook lets
print(pristine.sealed() is not record)
"""


def test_a_run_cannot_rewrite_the_record_the_mark_or_torchs_modes():
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    run, classes, resealed = done.stdout.strip().splitlines()[-3:]
    assert run == "refused refused refused refused refused True True 1 0", run
    assert classes == "True False", classes
    assert resealed == "True", resealed
