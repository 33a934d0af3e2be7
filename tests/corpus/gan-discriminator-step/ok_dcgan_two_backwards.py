# ok: the PyTorch DCGAN example's way: backward on each half, d_loss is their sum
fake = G(z)
loss_real = F.softplus(-D(real)).mean()
loss_real.backward()
loss_fake = F.softplus(D(fake.detach())).mean()
loss_fake.backward()
d_loss = loss_real + loss_fake
