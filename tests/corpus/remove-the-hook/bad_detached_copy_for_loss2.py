# expect: set by your code
# the hook is left on w through loss2; loss2 is taken on a detached copy so the hook never sees it; removed at the end
handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()

w.grad = None
w_ = w.detach().requires_grad_()
loss2 = (w_ ** 3).sum()
second, = torch.autograd.grad(loss2, w_)
w.grad = second
second = second.clone()
handle.remove()
