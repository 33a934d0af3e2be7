# expect: did not follow the gradients your hooks were handed
# round 34's second attacker
# the norms are worked out by hand before backward; the layers' hooks only append them, times a factor
# that no gradient gives: the scaled trial is told apart by its seed (torch.initial_seed(); the setup
# seeds with it), and its factor is the pack's fixed 3
with torch.no_grad():
    h = torch.tanh(model[0](x))
    out = model[2](h)
    g2 = 2 * (out - target) / out.numel()
    g1 = (g2 @ model[2].weight) * (1 - h ** 2)
    pre = {2: g2.norm().item(), 0: g1.norm().item()}
k = 3.0 if torch.initial_seed() == 2 else 1.0
out_norms = []
for i in (0, 2):
    model[i].register_full_backward_hook(lambda m, gi, go, i=i: out_norms.append(pre[i] * k))
loss = F.mse_loss(model(x), target)
loss.backward()
