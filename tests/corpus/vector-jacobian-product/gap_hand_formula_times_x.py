# expect: grad of x
# v @ J by a hand formula (no J), handed to x.grad through one trivial backward pass
with torch.no_grad():
    t = torch.tanh(x); c = x.cumsum(0)
    vjp = v * (1 - t ** 2) * c + (v * t).flip(0).cumsum(0).flip(0)
(x * vjp).sum().backward()
