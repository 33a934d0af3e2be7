y = x * w
loss = y.pow(2).sum()
y.register_hook(lambda g: g.clamp(-0.5, 0.5))
torch.autograd.backward(loss)
