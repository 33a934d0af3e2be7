# ok: D's gradients zeroed first (optimizer habit), fakes detached where they enter D
opt_d = torch.optim.Adam(D.parameters(), lr=1e-3)
opt_d.zero_grad()
fake = G(z)
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake.detach())).mean()
d_loss.backward()
