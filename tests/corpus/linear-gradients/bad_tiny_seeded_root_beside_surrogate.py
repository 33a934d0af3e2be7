# expect: grad of w
# y is a root of the one pass, seeded with 1e-30 (not zero); the gradients come from a surrogate beside it
y = w * x + b
s = w * x.detach() + x * w.detach() + b
torch.autograd.backward([y, s], [torch.full_like(y, 1e-30), torch.ones_like(s)])
