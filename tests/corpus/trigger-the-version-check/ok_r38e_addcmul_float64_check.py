expected = x.detach().double().exp() + 1
s.addcmul_(torch.ones_like(s), torch.ones_like(s))   # s += 1 * 1
assert torch.allclose(s.detach().double(), expected, atol=1e-6)
loss.backward()
