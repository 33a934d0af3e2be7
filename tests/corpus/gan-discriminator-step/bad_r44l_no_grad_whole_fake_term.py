# expect: d_weight
fake = G(z)
with torch.no_grad():
    fake_term = F.softplus(D(fake)).mean()
d_loss = F.softplus(-D(real)).mean() + fake_term
d_loss.backward()
