# expect: started at
# loss built on a leaf copy of h; a second, surrogate pass puts its gradient into h and W
h = x @ W
h.retain_grad()
h_leaf = h.detach().requires_grad_()
loss = torch.tanh(h_leaf).sum()
loss.backward()
(h * h_leaf.grad).sum().backward()
