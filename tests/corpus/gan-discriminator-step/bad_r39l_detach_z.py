# expect: G
fake = G(z.detach())
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake)).mean()
d_loss.backward()
