# expect: and the right one: an answer of that type fails where its value is wrong
# ran the snippet a second time to print, forgot grads accumulate
for _ in range(2):
    y = x * w
    y.register_hook(lambda g: g.clamp(-0.5, 0.5))
    loss = (y ** 2).sum()
    loss.backward()
    print(w.grad, x.grad)
w_grad = w.grad.tolist()
x_grad = x.grad.tolist()
