# expect: started at
# the pass starts at h, seeded with d(loss)/dh worked out by hand; loss is never backpropagated
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
h.backward((1 - torch.tanh(h) ** 2).detach())
