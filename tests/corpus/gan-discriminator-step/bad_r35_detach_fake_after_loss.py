# expect: where the fake samples enter
fake = G(z)
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake)).mean()
fake = fake.detach()
d_loss.backward()
