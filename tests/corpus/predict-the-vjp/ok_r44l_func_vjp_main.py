from torch.func import jacrev, vjp

def f(t):
    return torch.stack([t[0] * t[1], t[0] + t[1], t[1] ** 2])

def main():
    xd = x.detach()
    J = jacrev(f)(xd)
    _, pullback = vjp(f, xd)
    (g,) = pullback(torch.tensor([1.0, 2.0, -1.0]))
    return J.tolist(), g.tolist()

if __name__ == "__main__":
    J, grad_x = main()
