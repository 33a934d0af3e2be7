from torch.autograd.graph import register_multi_grad_hook

y = x * w
y.register_hook(lambda grad: grad.clamp(-0.5, 0.5))
register_multi_grad_hook([x, w], lambda grads: print("leaf grads:", [g.norm().item() for g in grads]))
loss = (y ** 2).sum()
loss.backward()
