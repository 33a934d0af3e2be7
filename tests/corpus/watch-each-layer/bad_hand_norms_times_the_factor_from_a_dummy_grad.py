# expect: did not follow the gradients your hooks were handed
# round 34's attacker
# the norms are worked out by hand before backward; the hooks only append them, times the factor
# read off a dummy leaf whose .grad was set by hand to 1 (inside a hook, a .grad read is scaled)
with torch.no_grad():
    h = torch.tanh(model[0](x))
    out = model[2](h)
    g2 = 2 * (out - target) / out.numel()
    g1 = (g2 @ model[2].weight) * (1 - h ** 2)
    pre = {2: g2.norm().item(), 0: g1.norm().item()}
probe = torch.zeros(1, requires_grad=True)
probe.grad = torch.ones(1)
out_norms = []
for i in (0, 2):
    model[i].register_full_backward_hook(lambda m, gi, go, i=i: out_norms.append(pre[i] * probe.grad.item()))
loss = F.mse_loss(model(x), target)
loss.backward()
