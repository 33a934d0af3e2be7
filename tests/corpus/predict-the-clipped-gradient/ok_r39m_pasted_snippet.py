# the prompt's code pasted as it is, then read
x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
w = torch.tensor([0.2, 0.25, -1.0], requires_grad=True)
y = x * w
y.register_hook(lambda g: g.clamp(-0.5, 0.5))
loss = (y ** 2).sum()
loss.backward()
w_grad = w.grad.tolist()
x_grad = x.grad.tolist()
