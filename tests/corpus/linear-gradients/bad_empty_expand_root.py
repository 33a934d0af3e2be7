# expect: grad of w
# rule 1 / pass-through chain: y.expand(0).sum() is a "view+sum of y" with an implicit unit seed, but carries nothing
y = w * x + b
s = w * x.detach() + x * w.detach() + b
torch.autograd.backward([y.expand(0).sum(), s])
