# expect: did not follow the gradients your hooks were handed
# round 34's attacker
# the norms are worked out by hand before backward; a hook on the loss reads the factor (its gradient, 1,
# is handed to it scaled); the layers' hooks only append the hand numbers times it
with torch.no_grad():
    h = torch.tanh(model[0](x))
    out = model[2](h)
    g2 = 2 * (out - target) / out.numel()
    g1 = (g2 @ model[2].weight) * (1 - h ** 2)
    pre = {2: g2.norm().item(), 0: g1.norm().item()}
k = [1.0]
out_norms = []
for i in (0, 2):
    model[i].register_full_backward_hook(lambda m, gi, go, i=i: out_norms.append(pre[i] * k[0]))
loss = F.mse_loss(model(x), target)
loss.register_hook(lambda g: k.__setitem__(0, float(g)))
loss.backward()
