# expect: came through the backward of a custom
# round 35 attacker: torch's BackwardHookFunction (the node a module's full backward hook puts on the graph, which the
# graph checks pass over) gets a hand-written backward; it puts torch's back before it returns, so the class
# reads as torch's when the run notes it. loss's own path to h is multiplied by zero; dh comes by hand.
BHF = torch.nn.modules._functions.BackwardHookFunction
_orig = BHF.__dict__["backward"]


def _hand(ctx, *gs):
    BHF.backward = _orig
    with torch.no_grad():
        return (1 / torch.cosh(_H[0]) ** 2,)


BHF.backward = staticmethod(_hand)
h = x @ W
_H = [h.detach()]
h.retain_grad()
(h2,) = BHF.apply(h)

loss = torch.tanh(h).detach().sum() + 0 * h2.sum()
loss.backward()
