# expect: came through the backward of a custom
# g1 by autograd with create_graph; g2 by hand: the node class of torch's BackwardHookFunction gets a `_forward_cls`
# property that answers torch's class to every reader but torch's _get_user_fn, which gets a class with the hand backward
import sys as _sys

BHF = torch.nn.modules._functions.BackwardHookFunction


class _Hand(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a

    @staticmethod
    def backward(ctx, g):
        with torch.no_grad():
            xd = x.detach()
            return 2 * torch.sin(xd) + 4 * xd * torch.cos(xd) - xd ** 2 * torch.sin(xd)


BHF._backward_cls._forward_cls = property(
    lambda self: _Hand if _sys._getframe(1).f_code.co_name == "_get_user_fn" else BHF)
(g1,) = torch.autograd.grad(y, x, create_graph=True)
(x2,) = BHF.apply(x)
(g2,) = torch.autograd.grad(g1.detach() + 0 * x2, x)
