def first_then_second(out, inp):
    (d1,) = torch.autograd.grad(out, inp, create_graph=True)
    (d2,) = torch.autograd.grad(d1, inp)
    return d1, d2

g1, g2 = torch.compile(first_then_second, backend="eager")(y, x)
