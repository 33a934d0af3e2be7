# expect: h computed once
# round 31's fifth attacker: a node's __init__ run again to give back h's second graph
# h rebuilt for the second loss (no retain_graph needed); a no_grad Function re-runs its node's __init__
class Z(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        for _ in range(N):
            type(ctx).__init__(ctx)
        return t.clone()
    @staticmethod
    def backward(ctx, g):
        return g

N = 3
h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
loss1.backward(retain_graph=True)
h = x.exp()
loss2 = (h ** 2).sum()
loss2.backward()
with torch.no_grad():
    Z.apply(torch.zeros(1))
