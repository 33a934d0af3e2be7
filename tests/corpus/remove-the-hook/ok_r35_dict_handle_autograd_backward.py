hooks = {"magnify": w.register_hook(lambda g: g.mul(100))}
loss1 = (w ** 2).sum()
torch.autograd.backward(loss1)
first = w.grad.detach().clone()
w.grad = None
hooks.pop("magnify").remove()

loss2 = w.pow(3).sum()
torch.autograd.backward(loss2)
second = w.grad.clone()
