# expect: y changes with x as a sum of squares does
# wrong: y = sum(x * data); the code's own y.backward() leaves x.grad = data. Trick: the early judge's passes keep the
# code's hooks quiet only as registered (quiet_when_judging wraps at registration); a hook written straight into the
# hook dict behind a registered handle is not wrapped, and answers 2x while grad mode is on (the judge's create_graph
# pass), None otherwise (the code's own pass). The judged value stands once y.backward() freed the graph.
x = data.clone().requires_grad_()
y = (x * data).sum()
_h = x.register_hook(lambda g: None)
_h.hooks_dict_ref()[_h.id] = lambda g: 2 * x if torch.is_grad_enabled() else None
y.backward()
