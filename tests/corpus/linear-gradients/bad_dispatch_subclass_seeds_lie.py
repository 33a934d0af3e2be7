# expect: grad of w
# bad_lying_seed_subclass.py with __torch_dispatch__ instead of __torch_function__: y is seeded 1e-30 (read as 1 through
# aten.detach), the surrogate s (hand-made gradients) is seeded 1 (read as all-zero through aten.any, so dropped as "no pass")
y = w * x + b
s = w * x.detach() + x * w.detach() + b

class Lie(torch.Tensor):
    @staticmethod
    def __new__(cls, real, reads, nonzero):
        t = torch.Tensor._make_wrapper_subclass(cls, real.shape, dtype=real.dtype, device=real.device)
        t.real_, t.reads_, t.nonzero_ = real, reads, nonzero
        return t
    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func in (torch.ops.aten.detach.default, torch.ops.aten.alias.default):
            return torch.full_like(args[0].real_, args[0].reads_)
        if func is torch.ops.aten.any.default:
            return torch.tensor(args[0].nonzero_)
        un = lambda a: a.real_ if isinstance(a, Lie) else a
        return func(*[un(a) for a in args], **{k: un(v) for k, v in kwargs.items()})

torch.autograd.backward([y, s], [Lie(torch.full_like(y, 1e-30), 1.0, True), Lie(torch.ones_like(s), 0.0, False)])
