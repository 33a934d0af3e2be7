# The magnifier written as a post-accumulate hook (it scales w.grad itself), removed once `first` is taken
def magnify(p):
    p.grad.mul_(100)

handle = w.register_post_accumulate_grad_hook(magnify)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()
handle.remove()

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
