# A correct answer (one pass seeded by v) whose code then tags x.grad with a Parameter subclass of its own
# with no override (read as plain): honest, if odd.
class Tagged(nn.Parameter):
    pass


y = torch.tanh(x) * x.cumsum(0)
y.backward(gradient=v)
x.grad.__class__ = Tagged
