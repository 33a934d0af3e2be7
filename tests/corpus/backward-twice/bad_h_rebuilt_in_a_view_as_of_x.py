# expect: grad of x
# round 31's sixth attacker: h rebuilt inside a view_as set on x itself, which get_gradient_edge read (NOTE [a view to reach an accumulator])
# h is built twice (5 nodes); the second exp is made inside an instance-level view_as of x,
# which torch's _get_grad_fn_or_grad_acc calls; its one sequence number is given back.
store = {}
def _va(other):
    h2 = torch.Tensor.exp(x)
    store["h"] = h2
    return h2  # h2.grad_fn.next_functions[0][0] is x's accumulator
x.view_as = _va
edge = torch.autograd.graph.get_gradient_edge(x)
del x.view_as
h = x.exp()
loss1 = h.sum()
loss2 = (store["h"] ** 2).sum()
loss1.backward(retain_graph=True)
loss2.backward()
