# expect: It has the opposite sign everywhere
y = torch.tanh(x) * x.cumsum(0)
y.backward(-v)
