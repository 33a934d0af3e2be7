# ok: a lazy layer made for later and never run: its parameters have no shape yet (round 44 left this false fail)
x = data.clone().requires_grad_()
y = (x ** 2).sum()
head = nn.LazyLinear(2)  # for later
