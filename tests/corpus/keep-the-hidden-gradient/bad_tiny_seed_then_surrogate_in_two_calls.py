# expect: grad of h
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
loss.backward(torch.tensor(1e-30), retain_graph=True)
s = (h * (1 / torch.cosh(h.detach()) ** 2)).sum()
s.backward()
