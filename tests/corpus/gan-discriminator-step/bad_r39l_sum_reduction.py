# expect: d_loss
fake = G(z)
d_loss = F.softplus(-D(real)).sum() + F.softplus(D(fake.detach())).sum()
d_loss.backward()
