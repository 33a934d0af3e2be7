# expect: did not follow the gradients your hooks were handed
# round 34's second attacker
# the norms are worked out by hand before backward; the factor comes from no gradient a hook reads: a tensor
# hook on a dummy branch RETURNS ones, which the scaled trial hands on as ones/k, so the dummy leaf's .grad,
# read after backward (unscaled), is 1/k. The layers' full backward hooks do nothing.
with torch.no_grad():
    h = torch.tanh(model[0](x))
    out = model[2](h)
    g2 = 2 * (out - target) / out.numel()
    g1 = (g2 @ model[2].weight) * (1 - h ** 2)
    pre = [g2.norm(), g1.norm()]
probe = torch.zeros(1, requires_grad=True)
u = probe * 1
one = []

def ret(g):
    one.append(torch.ones(1))  # made in a hook: marked
    return torch.ones_like(g)

u.register_hook(ret)
for i in (0, 2):
    model[i].register_full_backward_hook(lambda m, gi, go: None)
loss = F.mse_loss(model(x), target) + (0 * u).sum()
loss.backward()
out_norms = [(one[0][0] * n / probe.grad[0]).item() for n in pre]
