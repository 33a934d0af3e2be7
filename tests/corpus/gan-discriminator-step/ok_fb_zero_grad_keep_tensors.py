# ok: zero_grad(set_to_none=False) on both nets first, detached fakes
G.zero_grad(set_to_none=False)
D.zero_grad(set_to_none=False)
fake = G(z)
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake.detach())).mean()
d_loss.backward()
