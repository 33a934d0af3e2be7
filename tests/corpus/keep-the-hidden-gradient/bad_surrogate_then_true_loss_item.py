# expect: grad of h
# loss bound to a surrogate (hand d(loss)/dh) for the pass, then to the true loss's number
h = x @ W
h.retain_grad()
loss = (h * (1 / torch.cosh(h.detach()) ** 2)).sum()
loss.backward()
loss = torch.tanh(h).sum().item()
