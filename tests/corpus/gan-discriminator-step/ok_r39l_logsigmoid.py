fake = G(z)
d_loss = -F.logsigmoid(D(real)).mean() - F.logsigmoid(-D(fake.detach())).mean()
d_loss.backward()
