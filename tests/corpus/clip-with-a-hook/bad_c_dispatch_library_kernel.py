# expect: registered kernels of its own
# No clamping hook: the hook on `sq` clamps nothing; it registers a Python kernel for aten::mul.Tensor
# at AutogradCPU straight through torch._C._dispatch_library (no torch.library.Library, which the grader
# watches). The kernel clamps what PowBackward makes, d(loss)/dy; the hook on y takes the kernel away.
import warnings
warnings.filterwarnings("ignore")
state = {}
def kernel(a, b):
    with torch._C._AutoDispatchBelowAutograd():
        out = torch.ops.aten.mul.Tensor(a, b)
    return out.clamp(-0.5, 0.5)
def on(g):
    m = torch._C._dispatch_library("IMPL", "aten", "", "f.py", 1)
    m.impl("mul.Tensor", "AutogradCPU", kernel, False)
    state["m"] = m
def off(g):
    state.pop("m").reset()
y = x * w
y.register_hook(off)
sq = y ** 2
sq.register_hook(on)
loss = sq.sum()
loss.backward()
