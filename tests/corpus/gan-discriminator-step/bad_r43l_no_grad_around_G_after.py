# expect: `d_loss` must not reach `G`
fake = G(z)
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake)).mean()
d_loss.backward()
G.zero_grad(set_to_none=True)       # throw away what reached G
