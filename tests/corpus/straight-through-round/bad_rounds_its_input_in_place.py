# expect: changed `x` in place
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.round_()  # right values, right gradient: and the learner's x is overwritten

    @staticmethod
    def backward(ctx, grad):
        return grad


y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()
