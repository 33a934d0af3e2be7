opt_D = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.5, 0.999))
opt_D.zero_grad(set_to_none=False)
fake = G(z)
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake.detach())).mean()
d_loss.backward()
print(f"D loss: {d_loss.item():.4f}")
# opt_D.step()  # not asked for
