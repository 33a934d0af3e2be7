# expect: hidden trials only
y = x * w
loss = (y ** 2).sum()
loss.backward()
y.register_hook(lambda g: g.clamp(-0.5, 0.5))   # too late: the pass already ran
w_grad = w.grad.tolist()
x_grad = x.grad.tolist()
