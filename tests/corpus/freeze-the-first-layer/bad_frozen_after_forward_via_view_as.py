# expect: w1.requires_grad
# round 31's sixth attacker: first frozen after the forward, its nodes hidden in view_as calls
# first's work is recorded (w1, b1 still require grad during the forward); first is frozen only after.
# The two extra nodes (t, addmm) are made inside an instance-level view_as of a leaf of the code's,
# which torch's _get_grad_fn_or_grad_acc calls: each number is given back
steps = [lambda s: w1.t(), lambda s: torch.addmm(b1, X, s[0])]
state = []
leaf = torch.zeros(1, requires_grad=True)
def _va(other):
    r = steps[len(state)](state)
    state.append(r)
    return r
leaf.view_as = _va
for _ in steps:
    torch.autograd.graph.get_gradient_edge(leaf)
del leaf.view_as
loss = F.mse_loss(second(torch.relu(state[1])), y)
first.requires_grad_(False)
loss.backward()
