def discriminator_loss(D, real, fake):
    real_term = F.softplus(-D(real)).mean()      # -log sigmoid(D(real))
    fake_term = F.softplus(D(fake)).mean()       # -log(1 - sigmoid(D(fake)))
    return real_term + fake_term

fake = G(z)
d_loss = discriminator_loss(D, real, fake.detach())
d_loss.backward()
