# expect: out's graph gives data no gradient
# `data` requires grad while `out` is computed and is switched back afterwards (bad_data_flag_switched_back.py):
# out's graph computes a gradient for data on every pass. The check "out's graph gives data no gradient"
# walks `node.next_functions` from `out.grad_fn`. out is passed through an identity Function of the code's
# whose generated node class (`_Same._backward_cls`, made by FunctionMeta) is given a property
# `next_functions`: a subclass's attribute wins over the getset it inherits. It answers torch's own getset
# everywhere but in a frame of a check's expression (`<check>`), where it says `()`, so the check's walk stops
# at the root while the grader's graph reader sees the real graph. The graph the engine runs is untouched.
class _Same(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return t.view_as(t)

    @staticmethod
    def backward(ctx, g):
        return g


import sys as _sys
_real_next = torch._C._FunctionBase.__dict__["next_functions"].__get__


def _next(node):
    f = _sys._getframe(1)
    in_check = f.f_code.co_filename == "<check>"
    del f
    return () if in_check else _real_next(node)


_Same._backward_cls.next_functions = property(_next)
w = nn.Parameter(init.clone())
data.requires_grad_(True)
out = _Same.apply(data @ w)
data.requires_grad_(False)
