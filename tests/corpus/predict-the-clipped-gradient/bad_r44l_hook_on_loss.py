# expect: and the right one: an answer of that type fails where its value is wrong
y = x * w
loss = (y ** 2).sum()
loss.register_hook(lambda g: g.clamp(-0.5, 0.5))
loss.backward()
w_grad = w.grad.tolist()
x_grad = x.grad.tolist()
