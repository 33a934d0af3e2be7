# expect: graph nodes
# h rebuilt for the second loss through a Function whose one real output sits past the 256 items looked at
class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        y = t.exp()
        ctx.save_for_backward(y)
        return (None,) * 256 + (y,)
    @staticmethod
    def backward(ctx, *gs):
        (y,) = ctx.saved_tensors
        return gs[-1] * y

h = x.exp()
loss1 = h.sum()
loss1.backward(retain_graph=True)
h = Exp.apply(x)[-1]
loss2 = (h ** 2).sum()
loss2.backward()
