p = torch.randn(2, requires_grad=True)
q = p * 2
q.retain_grad()
r = q.exp()
s = torch.ones(2)
(r * s).sum().backward()
a_none, b_none, c_none, d_none = (bool(t.grad is None) for t in (p, q, r, s))
