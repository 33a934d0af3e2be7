# Magnify on w's gradient accumulator (a node pre-hook), and take it off with its handle after the first pass
acc = w.view_as(w).grad_fn.next_functions[0][0]
handle = acc.register_prehook(lambda grads: (grads[0] * 100,))
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()
handle.remove()

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
