# expect: graph of d_loss
fake = G(z)
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake)).mean()
G.requires_grad_(False)     # "freeze G for the backward"
d_loss.backward()
G.requires_grad_(True)
