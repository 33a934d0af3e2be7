"""NOTE [a kernel of the code's in python] (tutor/grade/pykernels.py) and NOTE [an attribute that hides torch's]
(tutor/grade/lookups.py), read in a process of their own as a worker reads them: a Python kernel of the code's for
one of torch's operators is found wherever the python dispatcher would find it (what `py_impl` registers, a
dispatch cache written by hand, an overload made after the seal), and one taken off again leaves torch's as
they were; a callable that hides a tensor's or a node's method is found, a learner's typo that hides one with a
value is not. Each case in a forked child, so that one's kernel cannot reach the next."""

from __future__ import annotations

import subprocess
import sys
import textwrap

CASES = textwrap.dedent('''
    import os, sys, torch
    from torch._C import DispatchKey
    from tutor.grade import lookups, pykernels
    import tutor.grade.child  # noqa: F401  (everything a worker has loaded)

    pykernels.seal()
    op = torch.ops.aten.full_like.default

    def case(name, body):
        pid = os.fork()
        if pid == 0:
            try:
                print(name, body(), flush=True)
            finally:
                os._exit(0)
        os.waitpid(pid, 0)

    def registered():
        op.py_impl(DispatchKey.AutogradCPU)(lambda *a, **k: torch.zeros(1))
        return pykernels.kernels_as_sealed()

    def taken_off():
        op.py_impl(DispatchKey.AutogradCPU)(lambda *a, **k: torch.zeros(1))
        del op.py_kernels[DispatchKey.AutogradCPU]
        op._dispatch_cache.clear()
        return pykernels.kernels_as_sealed()

    def cache_written():
        op._dispatch_cache[DispatchKey.AutogradCPU] = lambda *a, **k: torch.zeros(1)
        return pykernels.kernels_as_sealed()

    def torchs_other_function():  # a function of torch's own, as torch registers lazily (the profiler's)
        op.py_impl(DispatchKey.AutogradCPU)(torch.functional.broadcast_tensors)
        return pykernels.kernels_as_sealed()

    def a_new_overload():  # an op the zygote never touched, its overload made now with a kernel of the code's
        names = (n[len("aten::"):].split(".")[0] for n in torch._C._dispatch_get_all_op_names()
                 if n.startswith("aten::"))
        packet = getattr(torch.ops.aten, next(n for n in names if n and n not in vars(torch.ops.aten)))
        packet.default.py_impl(DispatchKey.AutogradCPU)(lambda *a, **k: torch.zeros(1))
        return pykernels.kernels_as_sealed()

    def a_file_of_torchs_forged():  # the code's kernel, its code filed under a file of torch's
        kernel = lambda *a, **k: torch.zeros(1)  # noqa: E731
        kernel.__code__ = kernel.__code__.replace(co_filename=torch.functional.__file__)
        op.py_impl(DispatchKey.AutogradCPU)(kernel)
        return pykernels.kernels_as_sealed()

    def nothing():
        torch.ones(3) @ torch.ones(3)
        return pykernels.kernels_as_sealed()

    for name, body in [("registered", registered), ("taken_off", taken_off), ("cache_written", cache_written),
                       ("torchs_other_function", torchs_other_function), ("a_new_overload", a_new_overload),
                       ("a_file_of_torchs_forged", a_file_of_torchs_forged),
                       ("nothing", nothing)]:
        case(name, body)

    class Same(torch.autograd.Function):
        @staticmethod
        def forward(ctx, t):
            ctx.scale = 2  # a learner's own attribute of ctx
            return t * 1

        @staticmethod
        def backward(ctx, g):
            return g

    x = torch.ones(2, requires_grad=True)
    plain = Same.apply(x)
    print("plain", lookups.hides_torchs(plain), lookups._node_class_as_made(Same._backward_cls))
    typo = torch.ones(2, requires_grad=True)
    typo.requires_grad_ = False
    print("typo", lookups.hides_torchs(typo))
    shadowed = torch.ones(2)
    shadowed.detach = lambda: torch.zeros(2)
    print("detach", lookups.hides_torchs(shadowed))
    y = Same.apply(x)
    y.grad_fn._forward_cls = Same
    print("forward_cls", lookups.hides_torchs(y))
    class Other(torch.autograd.Function):
        @staticmethod
        def forward(ctx, t):
            return t * 1

        @staticmethod
        def backward(ctx, g):
            return g

    print("other_as_made", lookups._node_class_as_made(Other._backward_cls))
    Other._backward_cls._forward_cls = Same  # a replay through Other's node now runs Same's backward
    print("forward_cls_rebound", lookups._node_class_as_made(Other._backward_cls))
    Same._backward_cls.next_functions = property(lambda node: ())
    print("node_class", lookups._node_class_as_made(Same._backward_cls))
''')


def test_kernels_and_hidden_attributes_as_a_worker_reads_them():
    done = subprocess.run([sys.executable, "-c", CASES], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = dict(line.split(" ", 1) for line in done.stdout.splitlines())
    assert seen == {
        "registered": "False", "taken_off": "True", "cache_written": "False", "torchs_other_function": "True",
        "a_new_overload": "False", "a_file_of_torchs_forged": "False", "nothing": "True",
        "other_as_made": "True", "forward_cls_rebound": "False",
        "plain": "False True", "typo": "False", "detach": "True", "forward_cls": "True", "node_class": "False",
    }, done.stdout + done.stderr[-2000:]
