a = torch.randn(2, requires_grad=True)
b = a * 2
b.retain_grad()
c = b.exp()
d = torch.ones(2)
loss = (c * d).sum()
loss.backward()
a_none, b_none, c_none, d_none = (t.grad is None for t in (a, b, c, d))
