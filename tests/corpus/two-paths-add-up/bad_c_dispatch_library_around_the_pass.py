# expect: registered kernels of its own
# The Mul path's gradient (grad * a) worked out by hand by a Python kernel for aten::mul.Tensor at
# AutogradCPU, registered around loss.backward() straight through torch._C._dispatch_library (no
# torch.library.Library, so nothing notes it), and reset after the pass. No hooks at all.
def kernel(u, v):
    if torch._C._current_graph_task_id() != -1 and (u is a or v is a):
        return torch.zeros_like(a) + a.clone()                   # grad * a, by hand
    with torch._C._AutoDispatchBelowAutograd():
        return torch.ops.aten.mul.Tensor(u, v)
loss = (x * a + x.exp()).sum()
m = torch._C._dispatch_library("IMPL", "aten", "", "f.py", 1)
m.impl("mul.Tensor", "AutogradCPU", kernel, False)
try:
    loss.backward()
finally:
    m.reset()
