def derivatives(f, at):
    (d1,) = torch.autograd.grad(f, at, create_graph=True)
    (d2,) = torch.autograd.grad(d1, at)
    return d1, d2

if __name__ == "__main__":
    g1, g2 = derivatives(y, x)
    print("g1 =", g1.item(), "g2 =", g2.item())
