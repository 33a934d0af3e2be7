from torch.func import vjp

def y_of(inputs):
    t = inputs["x"]
    return torch.tanh(t) * t.cumsum(0)

_, pullback = vjp(y_of, {"x": x.detach()})
(cot,) = pullback(v)
x.grad = cot["x"]
