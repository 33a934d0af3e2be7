y = x * w
y.retain_grad()
y.register_hook(lambda g: torch.clamp(g, min=-0.5, max=0.5))
loss = (y ** 2).sum()
loss.backward()
print(y.grad)
