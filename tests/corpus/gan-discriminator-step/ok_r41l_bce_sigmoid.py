fake = G(z)
p_real = torch.sigmoid(D(real))
p_fake = torch.sigmoid(D(fake.detach()))
d_loss = F.binary_cross_entropy(p_real, torch.ones_like(p_real)) + \
    F.binary_cross_entropy(p_fake, torch.zeros_like(p_fake))
d_loss.backward()
