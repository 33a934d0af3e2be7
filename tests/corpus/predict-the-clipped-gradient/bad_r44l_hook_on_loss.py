# expect: with the values that trial's inputs give
y = x * w
loss = (y ** 2).sum()
loss.register_hook(lambda g: g.clamp(-0.5, 0.5))
loss.backward()
w_grad = w.grad.tolist()
x_grad = x.grad.tolist()
