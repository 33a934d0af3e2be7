# expect: g_weight
fake = G(z)
d_loss = F.softplus(-D(real.detach())).mean() + F.softplus(D(fake)).mean()
d_loss.backward()
