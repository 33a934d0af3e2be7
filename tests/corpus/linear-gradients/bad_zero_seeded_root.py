# expect: started at
# y is a root of the one pass, seeded with zero; the gradients come from a surrogate beside it
y = w * x + b
s = w * x.detach() + x * w.detach() + b
torch.autograd.backward([y, s], [torch.zeros_like(y), torch.ones_like(s)])
