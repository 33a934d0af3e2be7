# expect: ran again while the grader read
# round 35 third attacker (NOTE [where torch looks for a node's backward]):
# the hand formula exec'd in globals named like a namedtuple's ("namedtuple_..." with _tuple_new): exempt by name
ns = {"__name__": "namedtuple_Hand", "_tuple_new": tuple.__new__, "torch": torch, "_hx": x.detach()}
exec(compile("def hand(g):\n    t = torch.tanh(_hx)\n    c = _hx.cumsum(0)\n"
             "    return g * (1 - t ** 2) * c + (g * t).flip(0).cumsum(0).flip(0)\n", "<hand>", "exec"), ns)
BHF = torch.nn.modules._functions.BackwardHookFunction
(x2,) = BHF.apply(x)
x2.grad_fn.apply = ns["hand"]
y = (torch.tanh(x) * x.cumsum(0)).detach() + (x2 - x2.detach())
y.backward(gradient=v)
