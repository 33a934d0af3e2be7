# expect: grad of h
# an honest-looking loss.backward(), then a second pass from `s - loss`: loss's part cancels, s carries the hand formula
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
loss.backward(retain_graph=True)
s = (h * (1 / torch.cosh(h.detach()) ** 2)).sum()
(s - loss).backward()
