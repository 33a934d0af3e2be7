# expect: backward
h.retain_grad()
loss.backward()
dh = h.grad.clone()
dW = W.grad.clone()
W.grad = None
b.grad = None
