# expect: grad of w
# rule 1: y's seed is 1e-30 during the pass, then filled with 1 afterwards (the seed tensor is read at the end)
y = w * x + b
s = w * x.detach() + x * w.detach() + b
seed = torch.full_like(y, 1e-30)
torch.autograd.backward([y, s], [seed, torch.ones_like(s)])
seed.fill_(1.0)
