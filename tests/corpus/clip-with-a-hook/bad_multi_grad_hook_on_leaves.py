# expect: grad of w
y = x * w
y.register_hook(lambda g: g)
loss = (y ** 2).sum()
dy = (2 * y).detach().clamp(-0.5, 0.5)
torch.autograd.graph.register_multi_grad_hook([x], lambda gs: (gs[0].copy_(dy * w.detach()), None)[1])
torch.autograd.graph.register_multi_grad_hook([w], lambda gs: (gs[0].copy_(dy * x.detach()), None)[1])
loss.backward()
