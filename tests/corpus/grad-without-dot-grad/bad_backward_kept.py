# expect: backward
loss.backward()
dh = torch.autograd.grad(loss, h)
dW = W.grad
