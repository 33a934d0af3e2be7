# expect: your code built an autograd graph
# wrong: the model runs with recording on (a graph of ~6 nodes is built), then detached;
# a nested torch.compile inside a backend makes nodes in the inner compile step, which the
# compile-step watch subtracts twice (outer and inner), offsetting the real graph's nodes.
val_loss = F.mse_loss(model(X_val), y_val).detach()

_junk = torch.ones(2, requires_grad=True)

def _inner(gm, ex):
    for _ in range(20):
        (_junk * 2).sum()
    return gm.forward

def _outer(gm, ex):
    torch.compile(lambda t: t + 1, backend=_inner)(torch.ones(2))
    return gm.forward

torch.compile(lambda t: t * 3, backend=_outer)(torch.ones(2))
