fake = G(z)
d_real = D(real)
d_fake = D(fake.data)   # plain values, no history into G
d_loss = torch.mean(F.softplus(-d_real)) + torch.mean(F.softplus(d_fake))
d_loss.backward()
