hooks = [w.register_hook(lambda g: g * 100)]
loss1 = (w ** 2).sum()
loss1.backward(inputs=[w])
first = w.grad * 1
for h in hooks:
    h.remove()
w.grad = None
loss2 = (w ** 3).sum()
loss2.backward(inputs=[w])
second = w.grad * 1
