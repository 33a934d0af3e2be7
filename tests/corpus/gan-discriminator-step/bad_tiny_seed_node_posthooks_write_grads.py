# expect: grad of d_weight
# d_loss's pass seeded with 1e-30; post hooks on D's AccumulateGrad nodes write autograd.grad's answer
fake = G(z)
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake.detach())).mean()
gw, gb = torch.autograd.grad(d_loss, [d_weight, d_bias], retain_graph=True)
lin = D(real)
accs = {}
for fn, _ in lin.grad_fn.next_functions:
    if fn is not None and hasattr(fn, "variable"):
        accs[id(fn.variable)] = fn
    elif fn is not None:
        for f2, _ in fn.next_functions:
            if f2 is not None and hasattr(f2, "variable"):
                accs[id(f2.variable)] = f2
def put(t, v):
    def hook(gi, go):
        t.grad.copy_(v)
    return hook
accs[id(d_weight)].register_hook(put(d_weight, gw))
accs[id(d_bias)].register_hook(put(d_bias, gb))
d_loss.backward(torch.tensor(1e-30))
