# expect: only the way back into `G` is cut
fake = G(z)
with torch.no_grad():
    fake_score = D(fake)
d_loss = F.softplus(-D(real)).mean() + F.softplus(fake_score).mean()
d_loss.backward()
