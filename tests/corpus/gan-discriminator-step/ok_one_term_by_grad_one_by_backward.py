# ok: autograd.grad for one term's gradient, assigned; backward for the other adds to it
fake = G(z)
real_term = F.softplus(-D(real)).mean()
fake_term = F.softplus(D(fake.detach())).mean()
d_loss = real_term + fake_term
d_weight.grad, d_bias.grad = torch.autograd.grad(real_term, [d_weight, d_bias])
fake_term.backward()
