# expect: grad of x
with torch.no_grad():
    t = torch.tanh(x); c = x.cumsum(0)
    hand = v * (1 - t ** 2) * c + (v * t).flip(0).cumsum(0).flip(0)
_, pb = torch.func.vjp(lambda t: t * 1, x.detach()); x.grad = pb(hand)[0]
