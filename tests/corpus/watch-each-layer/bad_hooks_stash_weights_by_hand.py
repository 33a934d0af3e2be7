# expect: did not follow the gradients your hooks were handed
# hooks only keep each layer's weight; the gradients are worked out by hand after backward
weights = {}
for i in (0, 2):
    model[i].register_full_backward_hook(lambda m, gi, go, i=i: weights.__setitem__(i, (m.weight.detach(), m.bias.detach())))
loss = F.mse_loss(model(x), target)
loss.backward()
W1, b1 = weights[0]
W2, b2 = weights[2]
h = torch.tanh(F.linear(x, W1, b1))
out = F.linear(h, W2, b2)
g2 = 2 * (out - target) / out.numel()
g1 = (g2 @ W2) * (1 - h ** 2)
out_norms = [g2.norm().item(), g1.norm().item()]
