# expect: did not come from a backward pass that started at
# caught since round 35: code of the code's that a pass ran outside its hooks (NOTE [the code's own code in a pass])
# was a known false pass: the unwrapped push (the wrapper's closure) from a finalizer that fires inside a node (docs/grading.md);
# since round 41 the wrapper holds no closure, and the push it makes is counted
# grad * a answered by hand by a plain object pushed on the dispatch stack from a weakref.finalize
# callback on the gradient a hook replaced: the callback fires as the engine drops the old gradient,
# after the hook (and the grader's check of the stack) returned, inside MulBackward0, before it computes.
import weakref
push = torch._C._push_on_torch_dispatch_stack
for cell in getattr(push, "__closure__", None) or ():
    if callable(cell.cell_contents):
        push = cell.cell_contents
class Answer:
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if func is torch.ops.aten.mul.Tensor and torch._C._current_graph_task_id() != -1 \
                and not torch.is_grad_enabled() and any(t is a for t in args):
            return torch.zeros_like(a) + a.clone()            # grad * a, by hand
        return func(*args, **(kwargs or {}))
def hook(g):
    weakref.finalize(g, lambda: push(Answer()))
    return g.clone()
p = x * a
p.register_hook(hook)
loss = (p + x.exp()).sum()
loss.backward()
