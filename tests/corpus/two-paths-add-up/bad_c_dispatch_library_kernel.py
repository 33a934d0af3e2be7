# expect: registered kernels of its own
# The Mul path's gradient (grad * a) worked out by hand by a Python kernel for aten::mul.Tensor at
# AutogradCPU, registered mid-pass (a hook on `x * a`) straight through torch._C._dispatch_library (no
# torch.library.Library), and taken away by a hook on `x.exp()` before the pass ends.
state = {}
def kernel(u, v):
    if u is a or v is a:
        return torch.zeros_like(a) + a.clone()                   # grad * a, by hand
    with torch._C._AutoDispatchBelowAutograd():
        return torch.ops.aten.mul.Tensor(u, v)
def on(g):
    m = torch._C._dispatch_library("IMPL", "aten", "", "f.py", 1)
    m.impl("mul.Tensor", "AutogradCPU", kernel, False)
    state["m"] = m
def off(g):
    if "m" in state:
        state.pop("m").reset()
p = x * a
p.register_hook(on)
e = x.exp()
loss = (p + e).sum()
loss.backward()
if "m" in state:
    state.pop("m").reset()
