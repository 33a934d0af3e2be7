# expect: grad of h
# loss (seed ones) beside `s - loss`: loss cancels, the surrogate carries the hand formula into h.grad and W.grad
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
s = (h * (1 / torch.cosh(h.detach()) ** 2)).sum()
torch.autograd.backward([loss, s - loss])
