# expect: leaf
fake = G(z)
fake.requires_grad_(False)
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake)).mean()
d_loss.backward()
