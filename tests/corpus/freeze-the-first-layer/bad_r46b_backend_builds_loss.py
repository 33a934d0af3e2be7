# expect: autograd graph nodes; this exercise allows at most 5
# wrong: first is frozen only after the forward+backward; the graph is built inside a compile backend
_o = {}
def _be(gm, ex):
    _o['loss'] = F.mse_loss(second(torch.relu(first(X))), y)
    return gm.forward
torch.compile(lambda t: t + 1, backend=_be)(torch.ones(2))
loss = _o['loss']
loss.backward()
first.requires_grad_(False)
w1.grad = None
b1.grad = None
