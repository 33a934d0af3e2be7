fake = G(z)
d_real = F.softplus(-D(real)).mean()
d_fake = F.softplus(D(fake.detach())).mean()
d_loss = d_real + d_fake
(d_real + d_fake).backward()
