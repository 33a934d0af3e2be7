y = x * w
handle = y.register_hook(lambda grad: torch.clamp(grad, min=-0.5, max=0.5))
loss = (y ** 2).sum()
loss.backward()
handle.remove()
print(x.grad, w.grad)
