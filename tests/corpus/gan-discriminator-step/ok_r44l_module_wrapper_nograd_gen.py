import torch.nn as nn

class GAN(nn.Module):
    def __init__(self, G, D):
        super().__init__()
        self.G = G
        self.D = D

    def d_loss(self, z, real):
        with torch.no_grad():
            fake = self.G(z)
        loss = F.softplus(-self.D(real)).mean() + F.softplus(self.D(fake)).mean()
        return fake, loss

gan = GAN(G, D)
fake, d_loss = gan.d_loss(z, real)
d_loss.backward()
