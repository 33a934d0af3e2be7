def discriminator_loss(real_batch, fake_batch):
    fake_batch = fake_batch.detach()
    return F.softplus(-D(real_batch)).mean() + F.softplus(D(fake_batch)).mean()

fake = G(z)
d_loss = discriminator_loss(real, fake)
d_loss.backward()
