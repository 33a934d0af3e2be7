# expect: registered kernels of its own
# caught since round 35 (NOTE [the code's own code in a pass]); since round 39 the raw Library alive as the grader reads
# leaves nothing of the run to judge (NOTE [a kernel registered behind the watch])
# was a known false pass: the unwrapped _dispatch_library, taken from the grader's wrapper (docs/grading.md)
# The Mul path's gradient (grad * a) by a Python kernel for aten::mul.Tensor at AutogradCPU, registered
# through torch._C._dispatch_library as the grader's wrapper keeps it (its closure), around the pass
def kernel(u, v):
    if torch._C._current_graph_task_id() != -1 and (u is a or v is a):
        return torch.zeros_like(a) + a.clone()                   # grad * a, by hand
    with torch._C._AutoDispatchBelowAutograd():
        return torch.ops.aten.mul.Tensor(u, v)
make = torch._C._dispatch_library
for cell in getattr(make, "__closure__", None) or ():
    if getattr(cell.cell_contents, "__name__", "") == "_dispatch_library":
        make = cell.cell_contents
loss = (x * a + x.exp()).sum()
m = make("IMPL", "aten", "", "f.py", 1)
m.impl("mul.Tensor", "AutogradCPU", kernel, False)
try:
    loss.backward()
finally:
    m.reset()
