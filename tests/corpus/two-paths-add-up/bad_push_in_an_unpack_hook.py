# expect: started at
# grad * a answered by hand by a plain object pushed on the dispatch stack (the push function taken from
# the grader's wrapper's closure) inside a saved-tensor unpack hook: on the stack only while its node runs
class Answer:
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if func is torch.ops.aten.mul.Tensor and any(t is a for t in args):
            return torch.zeros_like(a) + a.clone()
        return func(*args, **(kwargs or {}))
push = torch._C._push_on_torch_dispatch_stack
for cell in getattr(push, "__closure__", None) or ():
    if callable(cell.cell_contents):
        push = cell.cell_contents
def pack(t):
    return t
def unpack(t):
    if t is a and torch._C._current_graph_task_id() != -1:
        push(Answer())
    return t
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    loss = (x * a + x.exp()).sum()
loss.backward()
