# expect: RoundSTE's backward passes any incoming gradient through
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        out = x.clone()
        out.round_()
        return out

    @staticmethod
    def backward(ctx, grad):
        g = grad.clone()
        g.round_()          # rounds the gradient too: not straight through
        return g


y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()
