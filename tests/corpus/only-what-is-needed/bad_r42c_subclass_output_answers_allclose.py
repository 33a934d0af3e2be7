# expect: gradcheck of ScaleBy
# Only one gradient is ever returned where both are needed. Where both inputs need a gradient (only gradcheck
# asks), forward returns its (right) result wrapped in a Tensor subclass of the code's, after the first such
# call (the one whose output the grader compares). gradcheck builds its numerical Jacobian with
# `output.new_zeros(...)`, so that Jacobian is of the subclass too, and the subclass's __torch_dispatch__
# answers `aten.allclose` True. torch.allclose's guard asks only for the python dispatcher and for modes on the
# stacks; a subclass's dispatch is neither (and DisableTorchFunction leaves __torch_dispatch__ on).
from torch.utils._pytree import tree_map as _tree_map

_calls = []


class _W(torch.Tensor):
    @staticmethod
    def __new__(cls, inner):
        return torch.Tensor._make_wrapper_subclass(cls, inner.shape, dtype=inner.dtype, device=inner.device,
                                                   strides=inner.stride(), requires_grad=inner.requires_grad)

    def __init__(self, inner):
        self.inner = inner

    __torch_function__ = torch._C._disabled_torch_function_impl

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        if func is torch.ops.aten.allclose.default:
            return True
        un = lambda t: t.inner if type(t) is _W else t
        out = func(*_tree_map(un, args), **_tree_map(un, kwargs or {}))
        if func._schema.is_mutable and args and type(args[0]) is _W:
            return args[0]
        return _tree_map(lambda t: _W(t) if type(t) is torch.Tensor else t, out)


class _Warm(torch.autograd.Function):  # torch's lazy imports on a subclass's first dispatch: here, not in a probe
    @staticmethod
    def forward(ctx, a, b):
        return _W(a * b)

    @staticmethod
    def backward(ctx, g):
        return g, g.sum()


torch.autograd.gradcheck(_Warm.apply, (torch.ones(2, dtype=torch.float64, requires_grad=True),
                                       torch.ones((), dtype=torch.float64, requires_grad=True)))
del _Warm


class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        out = x * k
        if x.requires_grad and k.requires_grad:
            _calls.append(1)
            if len(_calls) > 1:
                return _W(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        if ctx.needs_input_grad[0]:
            work.append("x")
            return grad * k, None
        work.append("k")
        return None, (grad * x).sum()


ScaleBy.apply(x, k).sum().backward()
