# expect: autograd graph nodes; this exercise allows at most 5
# wrong: the first layer is frozen only after the forward and backward (its work was recorded,
# and w1/b1 got gradients, cleared by hand); nested compile steps offset the node count.
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.backward()
first.requires_grad_(False)
w1.grad = None
b1.grad = None

_junk = torch.ones(2, requires_grad=True)

def _inner(gm, ex):
    for _ in range(30):
        (_junk * 2).sum()
    return gm.forward

def _outer(gm, ex):
    torch.compile(lambda t: t + 1, backend=_inner)(torch.ones(2))
    return gm.forward

torch.compile(lambda t: t * 3, backend=_outer)(torch.ones(2))
