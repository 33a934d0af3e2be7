# expect: grad of w
# y seeded by a tensor subclass whose tolist/any lie (reads as 1 / as 0); the real seeds are 1e-30 for y and 1 for a surrogate
y = w * x + b
s = w * x.detach() + x * w.detach() + b

class Liar(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        name = getattr(func, "__name__", "")
        if name == "tolist":
            return [self_val for self_val in args[0]._lie]
        if name == "any":
            return torch.tensor(args[0]._lie_any)
        with torch._C.DisableTorchFunctionSubclass():
            out = func(*args, **kwargs)
        if isinstance(out, torch.Tensor) and name in ("detach", "reshape"):
            out = out.as_subclass(Liar)
            out._lie, out._lie_any = args[0]._lie, args[0]._lie_any
        return out

def liar(real, lie, lie_any):
    t = torch.tensor(real, device=y.device).as_subclass(Liar)
    t._lie, t._lie_any = lie, lie_any
    return t

torch.autograd.backward([y, s], [liar(1e-30, [1.0], True), liar(1.0, [0.0], False)])
