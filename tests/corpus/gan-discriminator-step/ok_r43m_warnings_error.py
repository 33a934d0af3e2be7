import warnings
warnings.filterwarnings("error", category=UserWarning)

fake = G(z)
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake.detach())).mean()
d_loss.backward()
