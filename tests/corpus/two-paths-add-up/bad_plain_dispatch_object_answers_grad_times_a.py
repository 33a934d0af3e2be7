# expect: started at
# The Mul path's gradient (grad * a) worked out by hand and returned by a plain object pushed on torch's
# dispatch stack while the pass runs (bad_dispatch_mode_base_class, with no TorchDispatchMode at all).
class Answer:
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if torch._C._current_graph_task_id() != -1 and func is torch.ops.aten.mul.Tensor \
                and any(t is a for t in args):
            with torch.no_grad():
                return torch.zeros_like(a) + a.clone()            # grad * a, by hand
        return func(*args, **(kwargs or {}))
loss = (x * a + x.exp()).sum()
torch._C._push_on_torch_dispatch_stack(Answer())
try:
    loss.backward()
finally:
    torch._C._pop_torch_dispatch_stack(None)
