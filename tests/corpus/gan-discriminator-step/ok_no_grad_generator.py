with torch.no_grad():
    fake = G(z)
real_term = F.softplus(-D(real)).mean()
fake_term = F.softplus(D(fake)).mean()
d_loss = real_term + fake_term
d_loss.backward()
