# expect: started at
# A Tensor subclass with __torch_dispatch__ made while Tensor.__init_subclass__ is a no-op (put back after),
# wrapping `a`: grad * a answered by hand in the pass
saved = torch.Tensor.__dict__.get("__init_subclass__")
torch.Tensor.__init_subclass__ = classmethod(lambda cls, **kw: None)
class A(torch.Tensor):
    @staticmethod
    def __new__(cls, t):
        return torch.Tensor._make_wrapper_subclass(cls, t.shape, dtype=t.dtype, device=t.device)
    def __init__(self, t):
        self.t = t
    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        un = lambda v: v.t if isinstance(v, A) else v
        args = [un(v) for v in args]
        if torch._C._current_graph_task_id() != -1 and func is torch.ops.aten.mul.Tensor:
            with torch.no_grad():
                return torch.zeros_like(a) + a.clone()
        out = func(*args, **{k: un(v) for k, v in (kwargs or {}).items()})
        return out
if saved is not None:
    torch.Tensor.__init_subclass__ = saved
else:
    del torch.Tensor.__init_subclass__
loss = (x * A(a) + x.exp()).sum()
loss.backward()
