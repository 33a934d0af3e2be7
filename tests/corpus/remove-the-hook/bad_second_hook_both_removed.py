# expect: no second hook on w
# cancels the hook with a second one for the second pass, tidies both away afterwards:
# the magnifying hook still runs on the second backward pass
handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()
undo = w.register_hook(lambda g: g / 100)

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
undo.remove()
handle.remove()
