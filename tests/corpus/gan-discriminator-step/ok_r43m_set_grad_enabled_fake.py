with torch.autograd.set_grad_enabled(False):
    fake = G(z)
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake)).mean()
d_loss.backward()
