# expect: calls backward, autograd.grad, autograd.functional.vjp, func.vjp or func.grad (at most 1)
# why wrong: five backward passes (one per element of y, each seeded with v[i]) instead of a single one; four of them run as a Module's forward (a method-wrapper), called from Module._call_impl, which names "_backward_hooks"
y = torch.tanh(x) * x.cumsum(0)
_m = torch.nn.Module()
for i in range(4):
    _m.forward = y[i].backward.__call__
    _m(v[i], retain_graph=True)
y[4].backward(v[4])
