# expect: grad of h
h = x @ W
a = torch.tanh(h)
a.retain_grad()
h.retain_grad()
loss = a.sum()
loss.backward()
h.grad = a.grad
