# my own a, b, c as the prompt describes them
a = torch.randn(3, requires_grad=True)
c = torch.randn(3, requires_grad=True)
b = torch.randn(3)
def count(fn):
    n = []
    with torch.autograd.graph.saved_tensors_hooks(lambda t: n.append(1) or t, lambda t: t):
        fn()
    return len(n)
n_ab = count(lambda: a * b)
n_ac = count(lambda: a * c)
n_a2 = count(lambda: a * 2)
with torch.no_grad():
    n_nograd = count(lambda: (a * c).exp())
