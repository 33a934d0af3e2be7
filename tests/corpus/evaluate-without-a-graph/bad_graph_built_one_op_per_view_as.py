# expect: value of val_loss
# round 31's sixth attacker: the forward built one op per view_as call on a leaf of the code's, each given back
# the model's forward is recorded (a full graph, then detached), one op per call of an instance-level
# view_as on a leaf of the code's, which torch's _get_grad_fn_or_grad_acc calls: each number is given back
lin1, lin2 = model[0], model[2]
steps = [
    lambda s: lin1.weight.t(),
    lambda s: torch.addmm(lin1.bias, X_val, s["w1t"]),
    lambda s: torch.tanh(s["a1"]),
    lambda s: lin2.weight.t(),
    lambda s: torch.addmm(lin2.bias, s["h1"], s["w2t"]),
    lambda s: F.mse_loss(s["out"], y_val),
]
names = ["w1t", "a1", "h1", "w2t", "out", "loss"]
state = {}
leaf = torch.zeros(1, requires_grad=True)
def _va(other):
    i = len(state)
    r = steps[i](state)
    state[names[i]] = r
    return r
leaf.view_as = _va
for _ in steps:
    torch.autograd.graph.get_gradient_edge(leaf)
del leaf.view_as
recorded = state["loss"]
val_loss = recorded.detach()
