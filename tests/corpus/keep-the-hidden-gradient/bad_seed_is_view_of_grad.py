# expect: grad of h
# rule 1: the seed tensor is later overwritten through a view (seed read at the end, by value)
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
buf = torch.tensor([1e-30, 1.0])
loss.backward(buf[0], retain_graph=True)
s = (h * (1 / torch.cosh(h.detach()) ** 2)).sum()
s.backward()
buf[0] = buf[1]
