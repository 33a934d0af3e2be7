# expect: backward through loss works
# `torch.tanh(...).sub_(target)`: the drawing's graph and value, but the in-place `sub_` changes what tanh
# saved, so backward through `loss` fails (the case the check "backward through loss works" is there for).
# That check has an `if_freed` form, so the grader evaluates `list(torch.autograd.grad(loss, [w, b]))`
# *inside the code's run*, just before the code's own backward pass (NOTE [a graph judged before a pass freed
# it], observe_kept.py), and keeps the value where the graph is freed at the end. The code's monkeypatches are
# live then: `torch.autograd.grad` is rebound, for that one evaluation, to differentiate a right loss built
# beside the broken one. The code's own pass then fails (caught) after freeing the graph's first nodes, so
# the probe's own evaluation reads "backward through the graph a second time" and the judged value stands.
loss = ((torch.tanh(w * x + b).sub_(target)) ** 2).mean()
_right = ((torch.tanh(w * x + b) - target) ** 2).mean()
_grad = torch.autograd.grad
torch.autograd.grad = lambda outputs, inputs, *a, **k: _grad(_right, inputs, retain_graph=True)
try:
    loss.backward()
except RuntimeError:
    pass
torch.autograd.grad = _grad
