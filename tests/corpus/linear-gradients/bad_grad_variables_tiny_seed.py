# expect: grad of w
# rule 1: seeds given through the deprecated keyword grad_variables (not read): y seeded 1e-30 beside a surrogate
y = w * x + b
s = w * x.detach() + x * w.detach() + b
torch.autograd.backward([y, s], grad_variables=[torch.full_like(y, 1e-30), torch.ones_like(s)])
