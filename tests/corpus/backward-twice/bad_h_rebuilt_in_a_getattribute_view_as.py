# expect: grad of x
# round 31's sixth attacker: h rebuilt inside view_as answered by a __getattribute__ of the code's
# variant: no view_as anywhere in a class dict or the instance; torch.Tensor.__getattribute__ of the code's
# answers `view_as` for x during the call, with a view_as that builds the second h (one sequence number)
store = {}
def _va(other):
    h2 = torch.Tensor.exp(x)
    store["h"] = h2
    return h2
_orig = torch._C.TensorBase.__getattribute__
def _ga(self, name):
    if name == "view_as" and self is x and not store:
        return _va
    return _orig(self, name)
torch.Tensor.__getattribute__ = _ga
try:
    edge = torch.autograd.graph.get_gradient_edge(x)
finally:
    del torch.Tensor.__getattribute__
h = x.exp()
loss1 = h.sum()
loss2 = (store["h"] ** 2).sum()
loss1.backward(retain_graph=True)
loss2.backward()
