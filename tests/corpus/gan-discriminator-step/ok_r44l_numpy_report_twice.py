import numpy as np
history = []
fake = G(z)
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake.detach())).mean()
d_loss.backward()
history.append(np.array(d_loss.detach().cpu().numpy()))
print("fake mean", fake.detach().numpy().mean(), "loss", float(history[-1]))
