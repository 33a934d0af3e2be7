# expect: autograd did not compute
# hvp is a formula worked out by hand; it is the primal output of torch.func.vjp (f's *value*, no
# derivative of anything is ever taken, the pullback is never called)
def hand_hvp(t):
    return (-torch.sin(t) * t.roll(1) + 6 * t) * v + torch.cos(t) * v.roll(1) + torch.cos(t.roll(-1)) * v.roll(-1)

hvp, _pullback = torch.func.vjp(hand_hvp, x.detach())
