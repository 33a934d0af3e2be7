# expect: backward
(dW,) = torch.autograd.grad(loss, W, retain_graph=True)
torch.autograd.backward(loss, inputs=[h])   # stores into h.grad
dh = h.grad
