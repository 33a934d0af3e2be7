# expect: grad of x
# RoundSTE, y and loss built, x.grad from (x * scale).sum().backward(): no pass through loss; backward_from cannot say so where a custom Function is on loss's graph (its roots are not trusted there), and RoundSTE's own backward is still probed (round 32's seventh attacker)
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad

y = RoundSTE.apply(x)
loss = (y * scale).sum()
(x * scale).sum().backward()
