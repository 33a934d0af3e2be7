# expect: retain_grad()
h = x @ W
def keep(g):
    h.grad = g
h.register_hook(keep)
loss = torch.tanh(h).sum()
loss.backward()
