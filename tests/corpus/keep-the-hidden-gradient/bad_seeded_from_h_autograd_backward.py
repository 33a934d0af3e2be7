# expect: started at
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
torch.autograd.backward([h], grad_tensors=[1 / torch.cosh(h.detach()) ** 2])
