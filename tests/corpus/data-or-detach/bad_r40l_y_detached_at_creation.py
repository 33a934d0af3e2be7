# expect: does not have a grad_fn
y = torch.exp(x).detach()
half = y * 0.5
logged = half.sum().item()
loss = y.sum()
loss.backward()
