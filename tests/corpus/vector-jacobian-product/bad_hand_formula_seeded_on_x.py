# expect: set by your code
# v @ J by a hand formula, put in x.grad by backward on the leaf x itself
with torch.no_grad():
    t = torch.tanh(x); c = x.cumsum(0)
    vjp = v * (1 - t ** 2) * c + (v * t).flip(0).cumsum(0).flip(0)
x.backward(gradient=vjp)
