# expect: reverse mode only
# round 35 attacker: forward-over-reverse (the route the exercise forbids) through torch.autograd.functional.jvp,
# which the "reverse mode only" check does not list
def gradf(t):
    (gt,) = torch.autograd.grad(f(t), t, create_graph=True)
    return gt


_, hvp = torch.autograd.functional.jvp(gradf, x.detach(), v)
