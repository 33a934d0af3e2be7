handle = w.register_hook(lambda g: g * 100)
loss1 = w.pow(2).sum()
torch.autograd.backward(loss1, inputs=[w])
first = w.grad.clone()
handle.remove()

w.grad = None
loss2 = w.pow(3).sum()
torch.autograd.backward(loss2, inputs=[w])
second = w.grad.clone()
