y = w * x + b
torch.autograd.backward([y], [torch.ones(())])
