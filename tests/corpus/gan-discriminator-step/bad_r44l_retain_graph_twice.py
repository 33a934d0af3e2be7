# expect: d_weight
fake = G(z)
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake.detach())).mean()
d_loss.backward(retain_graph=True)
d_loss.backward()   # second time to be sure the grads are there
