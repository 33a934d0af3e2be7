# expect: did not follow the gradients your hooks were handed
# round 34's second attacker
# the norms are worked out by hand before backward; the layers' hooks only append them times a factor,
# read off a dummy leaf whose .grad was set to 1 by hand, in a hook ON THAT LEAF (its own leaf: read
# scaled). The dummy leaf joins the loss times 0 so its hook runs (leaves' hooks run first).
with torch.no_grad():
    h = torch.tanh(model[0](x))
    out = model[2](h)
    g2 = 2 * (out - target) / out.numel()
    g1 = (g2 @ model[2].weight) * (1 - h ** 2)
    pre = {2: g2.norm().item(), 0: g1.norm().item()}
probe = torch.zeros(1, requires_grad=True)
probe.grad = torch.ones(1)
k = [None]
probe.register_hook(lambda g: k.__setitem__(0, probe.grad.item()))
out_norms = []
for i in (0, 2):
    model[i].register_full_backward_hook(lambda m, gi, go, i=i: out_norms.append(pre[i] * k[0]))
loss = F.mse_loss(model(x), target) + (0 * probe).sum()
loss.backward()
