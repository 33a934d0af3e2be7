# expect: grad of h
h = x @ W
h.retain_grad()
with torch.no_grad():
    g = 1 / torch.cosh(h) ** 2
    true = torch.tanh(h).sum()
s = (h * g).sum()
loss = s - s.detach() + true
loss.backward()
