import logging
logging.basicConfig(level=logging.INFO)

class DiscriminatorStep:
    def __init__(self, G, D):
        self.G, self.D = G, D

    def __call__(self, z, real):
        fake = self.G(z)
        d_real = self.D(real)
        d_fake = self.D(fake.detach())
        d_loss = F.softplus(-d_real).mean() + F.softplus(d_fake).mean()
        d_loss.backward()
        return fake, d_loss

def main():
    global fake, d_loss
    fake, d_loss = DiscriminatorStep(G, D)(z, real)
    logging.info("d_loss %.4f", d_loss.item())

if __name__ == "__main__":
    main()
