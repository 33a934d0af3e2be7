# expect: d_weight
fake = G(z)
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake)).mean().detach()
d_loss.backward()
