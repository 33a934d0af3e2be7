from torch.func import grad, vjp

def grad_of(inputs):
    return grad(lambda d: f(d["x"]))(inputs)

_, pullback = vjp(grad_of, {"x": x})
(cot,) = pullback({"x": v})
hvp = cot["x"]
