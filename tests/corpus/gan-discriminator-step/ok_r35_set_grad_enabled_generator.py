with torch.set_grad_enabled(False):
    fake = G(z)
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake)).mean()
D.zero_grad(set_to_none=True)
d_loss.backward()
