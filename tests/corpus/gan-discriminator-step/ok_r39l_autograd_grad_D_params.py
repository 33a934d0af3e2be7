fake = G(z)
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake.detach())).mean()
grads = torch.autograd.grad(d_loss, list(D.parameters()))
for p, g in zip(D.parameters(), grads):
    p.grad = g
