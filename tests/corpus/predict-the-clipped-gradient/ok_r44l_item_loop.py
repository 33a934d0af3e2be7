y = x * w
y.register_hook(lambda g: g.clamp(-0.5, 0.5))
loss = (y ** 2).sum()
loss.backward()
w_grad, x_grad = [], []
for i in range(3):
    w_grad.append(w.grad[i].item())
    x_grad.append(x.grad[i].item())
