fake = G(z)
fake_for_d = fake.detach()          # the discriminator's step must not reach G
real_term = F.softplus(-D(real)).mean()
fake_term = F.softplus(D(fake_for_d)).mean()
d_loss = real_term + fake_term
d_loss.backward()
print("G grad:", G.weight.grad)      # None now
