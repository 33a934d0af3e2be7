# expect: no hook is left on w
# the magnifier as a post-accumulate hook switched off by a flag: it stays on w and runs on the second pass
on = [True]
def magnify(p):
    if on[0]:
        p.grad.mul_(100)
handle = w.register_post_accumulate_grad_hook(magnify)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()
on[0] = False

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
